/**
 * @module core/privacy/cut-tail
 * A shaped token cut short at the end of a text: a title clipped to 150 characters, an export line
 * shortened elsewhere. Too short for its rule's regex, what is left is still the secret's first
 * characters, so it goes too. Only the last word is looked at: this costs a constant per text.
 */
import { placeholder } from './placeholder.ts';
import { mixedAlnum } from './shape.ts';
import { TOKEN_RULES } from './token-rules.ts';

/** Leading literals of the shaped-token rules, longest first, with their kind. */
const PREFIXES: readonly (readonly [string, string])[] = TOKEN_RULES.filter((r) => !r.anchor)
  .flatMap((r) => r.hints.map((h) => [h, r.kind] as const))
  .sort((a, b) => b[0].length - a[0].length);
/** The last run of token characters, before an optional cut mark (`…`, `...`). */
const LAST_WORD_RE = /(?<![A-Za-z0-9_./:+=~-])([A-Za-z0-9_./:+=~-]{8,})(?:…|\.\.\.)?\s*$/;
/** Where a token can start inside a word: its start, or after `=`, `:` or `/` (`_authToken=npm_…`, `https://hooks…`). */
const SEGMENT_START_RE = /(?:^|[=:/])(?=[A-Za-z0-9])/g;

const ALNUM_RE = /^[A-Za-z0-9]+$/;

/**
 * What a cut leaves after the prefix is generated: enough characters (more behind a two-letter
 * prefix), letters and digits mixed, or a long unbroken alphanumeric run (a run of letters happens).
 */
function restIsSecret(prefix: string, rest: string): boolean {
  if (rest.length < (prefix.length >= 3 ? 8 : 16)) return false;
  return mixedAlnum(rest) || (rest.length >= 16 && ALNUM_RE.test(rest));
}

export function redactCutTail(text: string): string {
  const m = LAST_WORD_RE.exec(text.length > 600 ? text.slice(-600) : text);
  if (!m) return text;
  const word = m[1]!;
  const wordAt = text.length - m[0].length;
  for (const s of word.matchAll(SEGMENT_START_RE)) {
    const tail = word.slice(s.index + s[0].length);
    const hit = PREFIXES.find(([p]) => tail.startsWith(p));
    if (!hit || !restIsSecret(hit[0], tail.slice(hit[0].length))) continue;
    const at = wordAt + word.length - tail.length;
    return text.slice(0, at) + placeholder(hit[1], tail) + text.slice(at + tail.length);
  }
  return text;
}
