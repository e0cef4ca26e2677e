/**
 * @module core/privacy/private-keys
 * PEM private key blocks, found with indexOf (no regex runs over the body), replaced whole.
 */
import { placeholder } from './placeholder.ts';

const KEY_BEGIN = '-----BEGIN ';
const KEY_HEADER_RE = /-----BEGIN ((?:[A-Z0-9]+ ){0,4})PRIVATE KEY(?: BLOCK)?-----/y;
const KEY_END = '-----END ';
/** After the header: a line break (real or JSON-escaped), then base64 or PEM headers. */
const KEY_BODY_RE = /(?:\r?\n|(?:\\r)?\\n|\s)+(?:[A-Za-z0-9+/=]{16}|Proc-Type:|Comment:)/y;
/** How far an unterminated block is assumed to extend (a 4096-bit RSA key is ~3.3 KB). */
const KEY_MAX_BODY = 8192;

/** Every `-----BEGIN … PRIVATE KEY-----` block with a key body after it, header to end marker. */
export function redactPrivateKeys(text: string): string {
  let at = text.indexOf(KEY_BEGIN);
  if (at < 0) return text;
  let out = '';
  let last = 0;
  while (at >= 0) {
    KEY_HEADER_RE.lastIndex = at;
    if (!KEY_HEADER_RE.test(text)) {
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
      const close = text.indexOf('-----', endAt + KEY_END.length);
      stop = close >= 0 && close - endAt < 80 ? close + 5 : endAt + KEY_END.length;
    } else {
      // No end marker (a truncated output): hide everything that still looks like the key body.
      stop = Math.min(text.length, bodyStart + KEY_MAX_BODY);
      const blank = text.indexOf('\n\n', bodyStart);
      if (blank >= 0 && blank < stop) stop = blank;
    }
    out += text.slice(last, at) + placeholder('private_key', text.slice(bodyStart, stop));
    last = stop;
    at = text.indexOf(KEY_BEGIN, stop);
  }
  return out + text.slice(last);
}
