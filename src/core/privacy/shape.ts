/**
 * @module core/privacy/shape
 * Whether a string looks machine-generated (a credential) rather than a word or an identifier.
 */
import { isPlaceholderValue } from './placeholder.ts';

export const DIGIT_RE = /[0-9]/;
const ALNUM_RUN_RE = /[A-Za-z0-9]{16,}/;

/** Letters and digits both present: enough for a value behind a distinctive prefix. By code: hooks pay a regex's compilation. */
export function mixedAlnum(s: string): boolean {
  let digit = false;
  let letter = false;
  for (let i = 0; i < s.length && !(digit && letter); i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) digit = true;
    else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) letter = true;
  }
  return digit && letter;
}

/**
 * True when a token looks machine-generated: letters and digits mixed, with a long unbroken run.
 * It separates `sk-proj-9fK2…` from `sk-learn-is-a-library` and `Bearer authentication`.
 */
export function randomish(s: string): boolean {
  return mixedAlnum(s) && ALNUM_RUN_RE.test(s);
}

/** 0 lower-case letter, 1 upper-case letter, 2 digit, -1 anything else. */
function classOf(c: number): number {
  if (c >= 97 && c <= 122) return 0;
  if (c >= 65 && c <= 90) return 1;
  return c >= 48 && c <= 57 ? 2 : -1;
}

/**
 * Whether a string reads as generated rather than written: letters and digits both, digits in two
 * places at least, and frequent switches between lower case, upper case and digits (other characters
 * skipped). A random alphanumeric string switches at ~64 % of its characters, lower-case letters and
 * digits at ~40 %, upper-case base32 at ~30 %; names with a number in them do not (`base64EncodedString`,
 * `tokenResponse2024Value`: one run of digits), nor do versions and dates (few letters, few switches).
 * Letters alone never count: camel-case names switch case as often as random letters do.
 * `minAlnum`: how many letters and digits it needs at least.
 */
export function looksGenerated(s: string, minAlnum = 16): boolean {
  let n = 0;
  let switches = 0;
  let prev = -1;
  let classes = 0;
  let digitRuns = 0;
  const seen = new Set<number>();
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const k = classOf(c);
    if (k < 0) continue;
    n++;
    seen.add(c);
    classes |= 1 << k;
    if (k === 2 && prev !== 2) digitRuns++;
    if (prev >= 0 && k !== prev) switches++;
    prev = k;
  }
  if (n < minAlnum || seen.size < Math.min(12, n / 2.5)) return false;
  return (classes & 4) !== 0 && (classes & 3) !== 0 && digitRuns >= 2 && switches / n >= 0.2;
}

const CREDENTIAL_CHARS_RE = /^[A-Za-z0-9+/=._~:-]{8,}$/;

/** What follows `Bearer `/`Basic `/`token `: a generated credential, not a word ("Token inesperado"). */
export function isCredential(v: string): boolean {
  return CREDENTIAL_CHARS_RE.test(v) && !isPlaceholderValue(v) && (randomish(v) || v.length >= 20);
}

/** Scheme words of an Authorization-style value; the credential is what follows them. */
export const AUTH_SCHEME_RE = /^(Bearer|Basic|Token|token|Digest|Bot|Negotiate|ApiKey|SSWS|OAuth|AWS4-HMAC-SHA256)\s+/;
