/**
 * @module core/privacy/char-class
 * Sets of ASCII characters (`A-Za-z0-9_-`) tested by code: the token table's bodies are walked with
 * these instead of regexes, which a hook process would have to compile.
 */

export class CharClass {
  /** 128 bits, built on first use: most classes are never needed in a given process. */
  private bits: Uint32Array | undefined;

  /** `spec`: characters and ranges as in a regex class, without brackets (`A-Za-z0-9+/`). */
  constructor(readonly spec: string) {}

  has(code: number): boolean {
    if (code > 127 || code !== code) return false;
    const bits = (this.bits ??= build(this.spec));
    return ((bits[code >> 5]! >>> (code & 31)) & 1) === 1;
  }

  /** How many characters of the class run from `at`, up to `max`. */
  run(text: string, at: number, max: number): number {
    let n = 0;
    while (n < max && at + n < text.length && this.has(text.charCodeAt(at + n))) n++;
    return n;
  }
}

function build(spec: string): Uint32Array {
  const bits = new Uint32Array(4);
  const set = (c: number) => (bits[c >> 5]! |= 1 << (c & 31));
  for (let i = 0; i < spec.length; i++) {
    const c = spec.charCodeAt(i);
    if (spec[i + 1] === '-' && i + 2 < spec.length) {
      const to = spec.charCodeAt(i + 2);
      for (let k = c; k <= to; k++) set(k);
      i += 2;
    } else set(c);
  }
  return bits;
}

/** Letters and digits. */
export const ALNUM = new CharClass('A-Za-z0-9');
/** Lower-case hexadecimal. */
export const HEX = new CharClass('0-9a-f');
/** Hexadecimal in either case. */
export const HEX_ANY = new CharClass('0-9A-Fa-f');
/** Upper-case hexadecimal. */
export const HEX_UPPER = new CharClass('0-9A-F');
/** Digits. */
export const DIGITS = new CharClass('0-9');
/** URL-safe base64 (`A-Za-z0-9_-`). */
export const URLSAFE = new CharClass('A-Za-z0-9_-');
/** Standard base64 without padding (`A-Za-z0-9+/`). */
export const BASE64 = new CharClass('A-Za-z0-9+/');
/** Base64 padding. */
export const PAD = new CharClass('=');
/** `\w`: letters, digits and `_`. */
export const WORD = new CharClass('A-Za-z0-9_');
/** Upper-case letters and digits. */
export const UPPER_ALNUM = new CharClass('A-Z0-9');
/** Lower-case letters and digits. */
export const LOWER_ALNUM = new CharClass('a-z0-9');
/** RFC 4648 base32 (`A-Z2-7`), as AWS key ids use. */
export const BASE32 = new CharClass('A-Z2-7');
/** The bech32 alphabet in upper case (age keys). */
export const BECH32_UPPER = new CharClass('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L');

/** `[A-Za-z0-9_]`, by code. */
export function isWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}
