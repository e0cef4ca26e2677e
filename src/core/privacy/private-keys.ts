/**
 * @module core/privacy/private-keys
 * Private key blocks in their armour (PEM of every kind, encrypted ones and PGP blocks included, and
 * SSH2), found with indexOf (no regex runs over the body) and replaced whole; then key bodies whose
 * armour is missing (key-bodies).
 */
import { redactKeyBodies } from './key-bodies.ts';
import { placeholder } from './placeholder.ts';

const KEY_BEGIN = 'BEGIN ';
/** PEM (`-----BEGIN ENCRYPTED PRIVATE KEY-----`, `… PGP PRIVATE KEY BLOCK-----`) and SSH2 (`---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----`). */
const KEY_HEADER_RE = /-{4,5} ?BEGIN ((?:[A-Z0-9]+ ){0,4})PRIVATE KEY(?: BLOCK)? ?-{4,5}/y;
const KEY_END = 'END ';
/** After the header: a line break (real or JSON-escaped), then base64 or armour headers. */
const KEY_BODY_RE = /(?:\r?\n|(?:\\r)?\\n|\s)+(?:[A-Za-z0-9+/=]{16}|Proc-Type:|Comment:|Version:|Hash:|Charset:|Subject:)/y;
/** How far an unterminated block is assumed to extend (a 4096-bit RSA key is ~3.3 KB). */
const KEY_MAX_BODY = 8192;

/** Every `-----BEGIN … PRIVATE KEY-----` block with a key body after it, header to end marker; then armour-less bodies. */
export function redactPrivateKeys(text: string): string {
  return redactKeyBodies(redactArmoured(text));
}

function redactArmoured(text: string): string {
  let at = text.indexOf(KEY_BEGIN);
  if (at < 0) return text;
  let out = '';
  let last = 0;
  while (at >= 0) {
    // `-----BEGIN` (PEM) and `---- BEGIN` (SSH2) both put five characters before the word.
    const header = at - 5;
    KEY_HEADER_RE.lastIndex = header;
    if (header < last || !KEY_HEADER_RE.test(text)) {
      at = text.indexOf(KEY_BEGIN, at + KEY_BEGIN.length);
      continue;
    }
    const bodyStart = KEY_HEADER_RE.lastIndex;
    // A marker quoted in code (`indexOf("-----BEGIN PRIVATE KEY-----")`) has no key body after it.
    KEY_BODY_RE.lastIndex = bodyStart;
    if (!KEY_BODY_RE.test(text)) {
      at = text.indexOf(KEY_BEGIN, bodyStart);
      continue;
    }
    const endAt = text.indexOf(KEY_END, bodyStart);
    let stop: number;
    if (endAt >= 0 && endAt - bodyStart <= KEY_MAX_BODY) {
      const close = text.indexOf('----', endAt + KEY_END.length);
      stop = close >= 0 && close - endAt < 80 ? close + 4 : endAt + KEY_END.length;
      while (text.charCodeAt(stop) === 45 /* - */) stop++;
    } else {
      // No end marker (a truncated output): hide everything that still looks like the key body.
      stop = Math.min(text.length, bodyStart + KEY_MAX_BODY);
      const blank = text.indexOf('\n\n', bodyStart);
      if (blank >= 0 && blank < stop) stop = blank;
    }
    out += text.slice(last, header) + placeholder('private_key', text.slice(bodyStart, stop));
    last = stop;
    at = text.indexOf(KEY_BEGIN, stop);
  }
  return out + text.slice(last);
}
