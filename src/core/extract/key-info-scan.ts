/**
 * @module core/extract/key-info-scan
 * One pass over a key-info window that notes everything the tag patterns need: the error codes,
 * error classes and compound identifiers among its tokens, the cues (words and characters) each
 * costlier pattern needs before it can match, where declaration keywords start, and the runs of
 * path characters holding a `/` or a `.`. Each later pattern then runs only where it can match.
 */

/** camelCase (`^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$`) is told from a token's character classes alone. */
const PASCAL_RE = /^(?:[A-Z][a-z0-9]+){2,}$|^[A-Z]+[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*$/;
const SNAKE_RE = /^_?[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
const SCREAMING_RE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
/** POSIX/Node errno names (a closed list: `EDIT`, `ERROR`, `EXAMPLE` are not codes) and rustc codes. */
const ERRNO_RE = /^E(?:CONN[A-Z]+|NOENT|ACCES|PERM|ADDRINUSE|ADDRNOTAVAIL|TIMEDOUT|PIPE|EXIST|ISDIR|NOTDIR|MFILE|NFILE|NOTFOUND|HOSTUNREACH|NETUNREACH|NETDOWN|AI_AGAIN|NOSPC|NOMEM|ROFS|INVAL|BUSY|NOTEMPTY|AGAIN|NOTSUP|NOSYS|SRCH|CHILD|DEADLK|LOOP|NAMETOOLONG|OVERFLOW|PROTO|BADF|FAULT|IO|XDEV|SPIPE|CANCELED|INTEGRITY|NOTCONN|ALREADY|INPROGRESS|BADMSG|\d{4})$/;
/** First letters `CODE_RE` can match. */
const CODE_FIRST: ReadonlySet<number> = new Set([...'TCEPSOH'].map((c) => c.charCodeAt(0)));
const CODE_RE = /^(?:TS\d{4,5}|CS\d{4}|ERR_[A-Z_]+|E_[A-Z_]+|PGRST\d+|SQLSTATE|ORA|HTTP)$/;
const ERROR_CLASS_RE = /^[A-Z][A-Za-z0-9]*(?:Error|Exception|Warning|Panic|Fault|Failure)$/;
/** At most this many identifier candidates are kept (4 per ranked identifier). */
const MAX_CANDIDATES = 320;

/**
 * Cues: words or characters without which a pattern cannot match, noted while the text is
 * tokenized once, so a pattern is run only over the texts that hold its cue. A word cue stands
 * for the pattern's keyword standing alone between non-word characters, which is what its `\b`
 * or `\s` around the keyword demand. `$` is a token character but not a word character (`$from`
 * holds the word `from`), so a text with a `$` gets every cue.
 */
export const CUE = {
  errorWord: 1 << 0, decl: 1 << 1, from: 1 << 2, import: 1 << 3, require: 1 << 4, npm: 1 << 5, install: 1 << 6,
  at: 1 << 7, http: 1 << 8, tracker: 1 << 9, hashDigit: 1 << 10,
} as const;
const ALL_CUES = (1 << 11) - 1;
/** Lower-case keywords (all of them plain tokens) of the patterns in key-info.ts, and the cue each gives. */
const WORD_CUES: readonly (readonly [number, readonly string[]])[] = [
  [CUE.errorWord, ['error', 'exception', 'fatal', 'panic', 'failed', 'cannot', 'undefined', 'not']],
  [CUE.decl, ['function', 'def', 'class', 'fn', 'func', 'interface', 'type', 'struct', 'enum', 'trait', 'impl', 'module', 'defmodule', 'defp', 'const', 'let', 'var', 'val', 'method']],
  [CUE.from, ['from']],
  [CUE.import, ['import']],
  [CUE.require, ['require']],
  [CUE.npm, ['npm', 'pnpm', 'yarn', 'bun']],
  [CUE.install, ['install', 'add', 'get']],
  [CUE.http, ['http', 'https']],
];
const MAX_CUE_WORD = 9;
/** `WORD_CUES` by first letter and length (index: (char code - 97) * 10 + length), for plain tokens. */
const WORD_CUE_TABLE: readonly (readonly (readonly [string, number])[] | undefined)[] = (() => {
  const table: (readonly [string, number])[][] = [];
  for (const [cue, words] of WORD_CUES) {
    for (const w of words) (table[(w.charCodeAt(0) - 97) * 10 + w.length] ??= []).push([w, cue]);
  }
  return table;
})();
/** The error words of `ERROR_WORD_RE` that are not plain tokens. */
const CAPITAL_ERROR_WORDS: ReadonlySet<string> = new Set(['Error', 'ERROR', 'Exception', 'FATAL', 'FAIL', 'Cannot']);

export interface TextScan {
  readonly codes: string[];
  readonly classes: string[];
  readonly idents: string[];
  /** The `CUE` bits of the text. */
  readonly cues: number;
  /** Where declaration keywords start, in order; null when a `$` hides where words start. */
  readonly declAt: readonly number[] | null;
  /** The runs of path characters holding a `/` or a `.`, as start, end pairs; null when a `$` split them. */
  readonly pathRuns: readonly number[] | null;
}

/** Token character classes, as bits: a token's OR of them tells which patterns it can match. */
const LOWER = 1;
const UPPER = 2;
const DIGIT = 4;
const UNDERSCORE = 8;
const DOLLAR = 16;
const CHAR_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  CHAR_CLASS[c] = c >= 97 && c <= 122 ? LOWER : c >= 65 && c <= 90 ? UPPER : c >= 48 && c <= 57 ? DIGIT : c === 95 ? UNDERSCORE : c === 36 ? DOLLAR : 0;
}

/**
 * Error codes, error classes and compound identifiers among the tokens (`[A-Za-z_$][\w$]*`,
 * 3–80 characters), in order, and the text's cues. Tokens that start with a lower-case letter and
 * hold no upper-case letter and no underscore (`return`, `value2`) can match none of the patterns;
 * they are most of any text and are passed over without being cut out of it (a keyword among
 * them is recognized in place). Which character classes a token holds decides which patterns can
 * match it at all: none of them allows `$`; codes and screaming snake case hold no lower-case
 * letter, error classes no underscore; camelCase is exactly a lower-case start, no underscore and
 * an upper-case letter.
 */
export function scanText(t: string): TextScan {
  const codes: string[] = [];
  const classes: string[] = [];
  const idents: string[] = [];
  let cues = 0;
  let dollar = false;
  const declAt: number[] = [];
  const pathRuns: number[] = [];
  // The path run around the scan (-1: none), and whether it holds a `/` or a `.` yet.
  let pathFrom = -1;
  let pathMark = false;
  const n = t.length;
  let i = 0;
  while (i < n) {
    const first = t.charCodeAt(i);
    const k0 = first < 128 ? CHAR_CLASS[first]! : 0;
    if (k0 === 0 || k0 === DIGIT) {
      if (k0 === DIGIT || isPathPunct(first)) {
        if (pathFrom < 0) pathFrom = i;
        if (first === 46 /* . */ || first === 47 /* / */) pathMark = true;
        if (first === 64 /* @ */) cues |= CUE.at;
      } else {
        if (pathMark) pathRuns.push(pathFrom, i);
        pathFrom = -1;
        pathMark = false;
        if (first === 35 /* # */ && isDigit(t.charCodeAt(i + 1))) cues |= CUE.hashDigit;
      }
      i++;
      continue;
    }
    if (pathFrom < 0) pathFrom = i;
    let mask = 0;
    let j = i + 1;
    for (; j < n; j++) {
      const c = t.charCodeAt(j);
      const k = c < 128 ? CHAR_CLASS[c]! : 0;
      if (k === 0) break;
      mask |= k;
    }
    const len = j - i;
    if (mask & DOLLAR || k0 === DOLLAR) dollar = true;
    if (k0 === LOWER && !(mask & (UPPER | UNDERSCORE))) {
      const cue = len <= MAX_CUE_WORD ? wordCue(t, i, len, first) : 0;
      if (cue === CUE.decl) declAt.push(i);
      cues |= cue;
    } else if (k0 === UPPER) {
      if (t.charCodeAt(j) === 45 /* - */ && isDigit(t.charCodeAt(j + 1))) cues |= CUE.tracker;
      if (len >= 3 && len <= 80 && !(mask & DOLLAR)) {
        const w = t.slice(i, j);
        if (mask & LOWER) {
          // Error classes and Pascal case hold lower-case letters and no underscore.
          if (!(mask & UNDERSCORE)) {
            if (ERROR_CLASS_RE.test(w)) classes.push(w);
            else if (PASCAL_RE.test(w) && idents.length < MAX_CANDIDATES) idents.push(w);
          }
          if (CAPITAL_ERROR_WORDS.has(w)) cues |= CUE.errorWord;
        } else {
          // Codes and screaming snake case hold none.
          if ((first === 69 && ERRNO_RE.test(w)) || (CODE_FIRST.has(first) && CODE_RE.test(w))) codes.push(w);
          else if ((mask & UNDERSCORE ? SCREAMING_RE : PASCAL_RE).test(w) && idents.length < MAX_CANDIDATES) idents.push(w);
          if (CAPITAL_ERROR_WORDS.has(w)) cues |= CUE.errorWord;
        }
      }
    } else if (len >= 3 && len <= 80 && !(mask & DOLLAR) && k0 !== DOLLAR) {
      // camelCase: a lower-case start, an upper-case letter, no underscore; else snake_case.
      const w = t.slice(i, j);
      const camel = k0 === LOWER && (mask & UPPER) !== 0 && !(mask & UNDERSCORE);
      if ((camel || (!(mask & UPPER) && SNAKE_RE.test(w))) && idents.length < MAX_CANDIDATES) idents.push(w);
    }
    i = j;
  }
  if (pathMark) pathRuns.push(pathFrom, n);
  return dollar ? { codes, classes, idents, cues: ALL_CUES, declAt: null, pathRuns: null } : { codes, classes, idents, cues, declAt, pathRuns };
}

/** The cue of the plain token `t.slice(i, i + len)`, if it is a cue word. */
function wordCue(t: string, i: number, len: number, first: number): number {
  const words = WORD_CUE_TABLE[(first - 97) * 10 + len];
  if (words) for (const [word, cue] of words) if (t.startsWith(word, i)) return cue;
  return 0;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Characters a path can hold: `[\w.@+~/-]`. Every path match is made of them alone. */
function isPathChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || isPathPunct(c);
}

/** The path characters that are not token characters: `.`, `/`, `-`, `@`, `+`, `~`. */
function isPathPunct(c: number): boolean {
  return c === 46 || c === 47 || c === 45 || c === 64 || c === 43 || c === 126;
}

/** The runs of path characters holding a `/` or a `.`, as start, end pairs (what the token scan finds too). */
export function markedPathRuns(t: string): number[] {
  const runs: number[] = [];
  const n = t.length;
  let from = 0;
  let dot = t.indexOf('.');
  let slash = t.indexOf('/');
  while (dot >= 0 || slash >= 0) {
    const at = dot < 0 ? slash : slash < 0 ? dot : Math.min(dot, slash);
    let start = at;
    while (start > from && isPathChar(t.charCodeAt(start - 1))) start--;
    let end = at + 1;
    while (end < n && isPathChar(t.charCodeAt(end))) end++;
    runs.push(start, end);
    from = end;
    if (dot >= 0 && dot < end) dot = t.indexOf('.', end);
    if (slash >= 0 && slash < end) slash = t.indexOf('/', end);
  }
  return runs;
}

