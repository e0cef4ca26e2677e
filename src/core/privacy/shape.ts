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

const CREDENTIAL_CHARS_RE = /^[A-Za-z0-9+/=._~:-]{8,}$/;

/** What follows `Bearer `/`Basic `/`token `: a generated credential, not a word ("Token inesperado"). */
export function isCredential(v: string): boolean {
  return CREDENTIAL_CHARS_RE.test(v) && !isPlaceholderValue(v) && (randomish(v) || v.length >= 20);
}

/** Scheme words of an Authorization-style value; the credential is what follows them. */
export const AUTH_SCHEME_RE = /^(Bearer|Basic|Token|token|Digest|Bot|Negotiate|ApiKey|SSWS|OAuth|AWS4-HMAC-SHA256)\s+/;
