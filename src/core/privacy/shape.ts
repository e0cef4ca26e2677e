/**
 * @module core/privacy/shape
 * Whether a string looks machine-generated (a credential) rather than a word or an identifier.
 */
import { isPlaceholderValue } from './placeholder.ts';

export const DIGIT_RE = /[0-9]/;
const LETTER_RE = /[A-Za-z]/;
const ALNUM_RUN_RE = /[A-Za-z0-9]{16,}/;

/** Letters and digits both present: enough for a value behind a distinctive prefix. */
export function mixedAlnum(s: string): boolean {
  return DIGIT_RE.test(s) && LETTER_RE.test(s);
}

/**
 * True when a token looks machine-generated: letters and digits mixed, with a long unbroken run.
 * It separates `sk-proj-9fK2…` from `sk-learn-is-a-library` and `Bearer authentication`.
 */
export function randomish(s: string): boolean {
  return DIGIT_RE.test(s) && LETTER_RE.test(s) && ALNUM_RUN_RE.test(s);
}

const CREDENTIAL_CHARS_RE = /^[A-Za-z0-9+/=._~:-]{8,}$/;

/** What follows `Bearer `/`Basic `/`token `: a generated credential, not a word ("Token inesperado"). */
export function isCredential(v: string): boolean {
  return CREDENTIAL_CHARS_RE.test(v) && !isPlaceholderValue(v) && (randomish(v) || v.length >= 20);
}

/** Scheme words of an Authorization-style value; the credential is what follows them. */
export const AUTH_SCHEME_RE = /^(Bearer|Basic|Token|token|Digest|Bot|Negotiate|ApiKey|SSWS|OAuth|AWS4-HMAC-SHA256)\s+/;
