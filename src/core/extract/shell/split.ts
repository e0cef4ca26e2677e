/**
 * @module core/extract/shell/split
 * Just enough shell parsing to see the simple commands inside one command line: split on
 * unquoted `&&`, `||`, `;`, `|`, `&` and newlines, skip here-document bodies (their lines are
 * data, not commands), and tokenize words with quotes removed. Not a shell; never throws.
 */

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

function split(command: string): string[] {
  const s = command.length > MAX_COMMAND_CHARS ? command.slice(0, MAX_COMMAND_CHARS) : command;
  const out: string[] = [];
  const heredocs: string[] = [];
  let cur = '';
  let quote = '';
  let depth = 0;
  const push = (): void => {
    const t = cur.trim();
    if (t) out.push(t);
    cur = '';
  };
  for (let i = 0; i < s.length && out.length < MAX_SEGMENTS; i++) {
    const c = s[i]!;
    if (quote) {
      cur += c;
      if (c === '\\' && quote === '"' && i + 1 < s.length) cur += s[++i];
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '\\' && i + 1 < s.length) {
      const n = s[i + 1]!;
      i++;
      if (n !== '\n') cur += c + n;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      quote = c;
      cur += c;
      continue;
    }
    if (c === '(' ) depth++;
    if (c === ')' && depth > 0) depth--;
    if (c === '<' && s[i + 1] === '<' && s[i + 2] !== '<') {
      const m = HEREDOC_RE.exec(s.slice(i, i + 80));
      if (m) heredocs.push(m[2]!);
    }
    if (c === '\n') {
      push();
      // Skip here-document bodies opened on the line just finished.
      while (heredocs.length > 0) {
        const delim = heredocs.shift()!;
        let j = i + 1;
        while (j < s.length) {
          const nl = s.indexOf('\n', j);
          const line = s.slice(j, nl < 0 ? s.length : nl).trim();
          j = nl < 0 ? s.length : nl + 1;
          if (line === delim) break;
        }
        i = j - 1;
      }
      continue;
    }
    if (depth === 0 && (c === ';' || c === '|' || c === '&')) {
      if (c === '&' && (s[i - 1] === '>' || s[i + 1] === '>')) {
        cur += c; // 2>&1, &>file
        continue;
      }
      push();
      if ((c === '|' || c === '&') && s[i + 1] === c) i++;
      continue;
    }
    cur += c;
  }
  push();
  return out;
}

/** Tokenize one simple command into words, quotes removed. */
export function words(segment: string): string[] {
  const out: string[] = [];
  let cur = '';
  let has = false;
  let quote = '';
  for (let i = 0; i < segment.length && out.length < MAX_WORDS; i++) {
    const c = segment[i]!;
    if (quote) {
      if (c === quote) quote = '';
      else if (c === '\\' && quote === '"' && i + 1 < segment.length) cur += segment[++i];
      else cur += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      has = true;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\n') {
      if (has || cur) out.push(cur);
      cur = '';
      has = false;
      continue;
    }
    if (c === '\\' && i + 1 < segment.length) {
      cur += segment[++i];
      continue;
    }
    cur += c;
  }
  if ((has || cur) && out.length < MAX_WORDS) out.push(cur);
  return out;
}

const ASSIGNMENT_WORD_RE = /^[A-Za-z_][A-Za-z0-9_]*=/;
const PREFIX_COMMANDS: ReadonlySet<string> = new Set(['sudo', 'time', 'nohup', 'env', 'command', 'exec', 'builtin', 'nice', 'caffeinate', 'doas']);

/**
 * The words that name the program and its arguments: leading `VAR=value` assignments and
 * wrappers such as `sudo`, `time`, `env` are dropped (`FOO=1 sudo -E npm i` → `npm i`).
 */
export function programWords(segment: string): readonly string[] {
  let w = segmentWords.get(segment);
  if (w === undefined) {
    w = withoutPrefixes(words(segment));
    if (segmentWords.size >= MAX_CACHED_SEGMENTS) segmentWords.clear();
    segmentWords.set(segment, w);
  }
  return w;
}

function withoutPrefixes(w: string[]): string[] {
  let i = 0;
  while (i < w.length) {
    const word = w[i]!;
    if (ASSIGNMENT_WORD_RE.test(word)) {
      i++;
      continue;
    }
    if (PREFIX_COMMANDS.has(word)) {
      i++;
      while (i < w.length && w[i]!.startsWith('-')) i++;
      continue;
    }
    break;
  }
  return w.slice(i);
}

/** A program name without its directory: `/usr/bin/git` → `git`, `./node_modules/.bin/tsc` → `tsc`. */
export function programName(word: string | undefined): string {
  if (!word) return '';
  const i = word.lastIndexOf('/');
  return i >= 0 ? word.slice(i + 1) : word;
}
