/**
 * @module core/privacy/cut-tail
 * A shaped token cut short at the end of a text: a title clipped to 150 characters, an export line
 * shortened elsewhere. Too short for its rule's regex, what is left is still the secret's first
 * characters, so it goes too. Only the last word is looked at: this costs a constant per text.
 */
import { tokenHintsAt } from './hints.ts';
import { placeholder } from './placeholder.ts';
import { mixedAlnum } from './shape.ts';
import type { CharClass } from './char-class.ts';
import { cutFormat } from './token-hints.ts';

/**
 * The longest leading literal of a shaped-token rule at `at` in `word`, with the kind of the first
 * format (in table order) it leads (token-hints). Looked up in
 * the hint scanner's table, which every process builds anyway, rather than in a table of its own.
 */
function prefixAt(word: string, at: number): readonly [string, string, CharClass] | undefined {
  for (const hint of tokenHintsAt(word, at)) {
    const f = cutFormat(hint);
    if (f) return [hint, f.kind, f.body];
  }
  return undefined;
}
/** How far back the last word is looked for. */
const TAIL_CHARS = 600;

/** `[A-Za-z0-9_./:+=~-]`: the characters a token (and so the last word) is made of. */
function isWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 47 && c <= 58) || c === 95 || c === 46 || c === 43 || c === 61 || c === 126 || c === 45;
}

/**
 * The last run of token characters (8 or more) within the last 600 characters, before an optional
 * `…` and trailing whitespace: [start, end), or undefined. (A `...` mark is made of word characters
 * and so belongs to the run.) Walked backwards, so a long run costs its length once.
 */
function lastWord(text: string): readonly [number, number] | undefined {
  const floor = Math.max(0, text.length - TAIL_CHARS);
  // trimEnd drops what a backwards `\s` test would (the same characters, one UTF-16 unit at a time).
  let end = floor + text.slice(floor).trimEnd().length;
  if (end > floor && text.charCodeAt(end - 1) === 0x2026) end--;
  let start = end;
  while (start > floor && isWordCode(text.charCodeAt(start - 1))) start--;
  return end - start >= 8 ? [start, end] : undefined;
}

const ALNUM_RE = /^[A-Za-z0-9]+$/;

const isAlnumCode = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);

/**
 * The first place at or after `from` where a token can start inside `word`, or -1: a letter or
 * digit at the word's start or after `=`, `:` or `/` (`_authToken=npm_…`, `https://hooks…`).
 */
function segmentStart(word: string, from: number): number {
  if (from === 0 && isAlnumCode(word.charCodeAt(0))) return 0;
  for (let i = Math.max(from, 1); i < word.length; i++) {
    const p = word.charCodeAt(i - 1);
    if ((p === 61 || p === 58 || p === 47) && isAlnumCode(word.charCodeAt(i))) return i;
  }
  return -1;
}

/**
 * What a cut leaves after the prefix is generated: enough characters (more behind a two-letter
 * prefix), letters and digits mixed, or a long unbroken alphanumeric run (a run of letters happens).
 */
function restIsSecret(prefix: string, rest: string, body: CharClass): boolean {
  if (rest.length < (prefix.length >= 3 ? 8 : 16)) return false;
  // A cut leaves the start of the body: characters of the body's first run (for `ghp_`, letters and digits).
  if (body.run(rest, 0, rest.length) < Math.min(rest.length, 8)) return false;
  return mixedAlnum(rest) || (rest.length >= 16 && ALNUM_RE.test(rest));
}

export function redactCutTail(text: string): string {
  const found = lastWord(text);
  if (!found) return text;
  const [wordAt, wordEnd] = found;
  const word = text.slice(wordAt, wordEnd);
  for (let from = segmentStart(word, 0); from >= 0; from = segmentStart(word, from + 1)) {
    const hit = prefixAt(word, from);
    if (!hit) continue;
    const tail = word.slice(from);
    if (!restIsSecret(hit[0], tail.slice(hit[0].length), hit[2])) continue;
    const at = wordAt + word.length - tail.length;
    return text.slice(0, at) + placeholder(hit[1], tail) + text.slice(at + tail.length);
  }
  return text;
}
