/**
 * @module core/extract/shell/split
 * Just enough shell parsing to see the simple commands inside one command line: split on
 * unquoted `&&`, `||`, `;`, `|`, `&` and newlines, skip here-document bodies (their lines are
 * data, not commands), and tokenize words with quotes removed. Not a shell; never throws.
 */
import { withoutWrappers } from './wrappers.ts';

/** Upper bounds that keep parsing linear and cheap on pathological inputs. */
const MAX_COMMAND_CHARS = 20_000;
const MAX_SEGMENTS = 64;
const MAX_WORDS = 64;

const HEREDOC_RE = /^<<-?\s*(['"]?)([A-Za-z_][\w-]*)\1/;

/**
 * The last command line split, and the program words of its segments. One call's command is
 * split by several extractors (shell events, references, resolution keys); the results are
 * immutable, so they are computed once per distinct command.
 */
let lastCommand: string | undefined;
let lastSegments: readonly string[] = [];
const segmentWords = new Map<string, readonly string[]>();
const MAX_CACHED_SEGMENTS = 256;

/** Split a command line into simple commands. */
export function splitCommands(command: string): readonly string[] {
  if (command !== lastCommand) {
    lastSegments = split(command);
    lastCommand = command;
    segmentWords.clear();
  }
  return lastSegments;
}

const BACKSLASH = 92;
const NEWLINE = 10;
const SPACE = 32;
const TAB = 9;
const SINGLE_QUOTE = 39;
const DOUBLE_QUOTE = 34;
const BACKTICK = 96;

/**
 * The splitter proper. A segment is the text between delimiters minus any backslash-newline
 * (a line continuation), so it is kept as `cur` (the text before the last continuation) plus
 * the run `s.slice(from, i)`, not built a character at a time.
 */
function split(command: string): string[] {
  const s = command.length > MAX_COMMAND_CHARS ? command.slice(0, MAX_COMMAND_CHARS) : command;
  const n = s.length;
  const out: string[] = [];
  const heredocs: string[] = [];
  let cur = '';
  let from = 0;
  let quote = 0;
  let depth = 0;
  const push = (end: number): void => {
    const t = (cur + s.slice(from, end)).trim();
    if (t) out.push(t);
    cur = '';
  };
  let i = 0;
  for (; i < n && out.length < MAX_SEGMENTS; i++) {
    const c = s.charCodeAt(i);
    if (quote) {
      if (c === BACKSLASH && quote === DOUBLE_QUOTE && i + 1 < n) i++;
      else if (c === quote) quote = 0;
      continue;
    }
    if (c === BACKSLASH && i + 1 < n) {
      if (s.charCodeAt(i + 1) === NEWLINE) {
        cur += s.slice(from, i);
        from = i + 2;
      }
      i++;
      continue;
    }
    if (c === SINGLE_QUOTE || c === DOUBLE_QUOTE || c === BACKTICK) {
      quote = c;
      continue;
    }
    const ch = s[i]!;
    if (ch === '(') depth++;
    if (ch === ')' && depth > 0) depth--;
    if (ch === '<' && s[i + 1] === '<' && s[i + 2] !== '<') {
      const m = HEREDOC_RE.exec(s.slice(i, i + 80));
      if (m) heredocs.push(m[2]!);
    }
    if (c === NEWLINE) {
      push(i);
      // Skip here-document bodies opened on the line just finished.
      while (heredocs.length > 0) {
        const delim = heredocs.shift()!;
        let j = i + 1;
        while (j < n) {
          const nl = s.indexOf('\n', j);
          const line = s.slice(j, nl < 0 ? n : nl).trim();
          j = nl < 0 ? n : nl + 1;
          if (line === delim) break;
        }
        i = j - 1;
      }
      from = i + 1;
      continue;
    }
    if (depth === 0 && (ch === ';' || ch === '|' || ch === '&')) {
      if (ch === '&' && (s[i - 1] === '>' || s[i + 1] === '>')) continue; // 2>&1, &>file
      push(i);
      if ((ch === '|' || ch === '&') && s[i + 1] === ch) i++;
      from = i + 1;
      continue;
    }
  }
  push(Math.min(i, n));
  return out;
}

/** Tokenize one simple command into words, quotes removed. */
export function words(segment: string): string[] {
  const out: string[] = [];
  const n = segment.length;
  let cur = '';
  let has = false;
  let i = 0;
  while (i < n && out.length < MAX_WORDS) {
    const c = segment.charCodeAt(i);
    if (c === SPACE || c === TAB || c === NEWLINE) {
      if (has || cur) out.push(cur);
      cur = '';
      has = false;
      i++;
      continue;
    }
    if (c === SINGLE_QUOTE || c === DOUBLE_QUOTE) {
      // A quoted run: to the closing quote (or the end); `\x` inside double quotes is `x`.
      has = true;
      let j = i + 1;
      let from = j;
      for (; j < n; j++) {
        const d = segment.charCodeAt(j);
        if (d === c) break;
        if (d === BACKSLASH && c === DOUBLE_QUOTE && j + 1 < n) {
          cur += segment.slice(from, j);
          from = ++j;
        }
      }
      cur += segment.slice(from, j);
      i = j + 1;
      continue;
    }
    if (c === BACKSLASH && i + 1 < n) {
      cur += segment[i + 1];
      i += 2;
      continue;
    }
    // A plain run: to the next blank, quote or backslash.
    let j = i + 1;
    for (; j < n; j++) {
      const d = segment.charCodeAt(j);
      if (d === SPACE || d === TAB || d === NEWLINE || d === SINGLE_QUOTE || d === DOUBLE_QUOTE || d === BACKSLASH) break;
    }
    cur += segment.slice(i, j);
    i = j;
  }
  if ((has || cur) && out.length < MAX_WORDS) out.push(cur);
  return out;
}

/**
 * The words that name the program and its arguments: leading `VAR=value` assignments and
 * wrappers such as `sudo`, `timeout`, `xargs` are dropped (`FOO=1 sudo -u deploy npm i` → `npm i`).
 */
export function programWords(segment: string): readonly string[] {
  let w = segmentWords.get(segment);
  if (w === undefined) {
    w = withoutWrappers(words(segment));
    if (segmentWords.size >= MAX_CACHED_SEGMENTS) segmentWords.clear();
    segmentWords.set(segment, w);
  }
  return w;
}

/** A program name without its directory: `/usr/bin/git` → `git`, `./node_modules/.bin/tsc` → `tsc`. */
export function programName(word: string | undefined): string {
  if (!word) return '';
  const i = word.lastIndexOf('/');
  return i >= 0 ? word.slice(i + 1) : word;
}
