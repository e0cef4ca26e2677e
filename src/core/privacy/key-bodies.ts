/**
 * @module core/privacy/key-bodies
 * Private keys without their armour: the base64 body of an OpenSSH, PKCS#1, SEC1 or PKCS#8 key
 * pasted without its `-----BEGIN …-----` lines, and PuTTY's `.ppk` files. Each is recognised by the
 * fixed bytes every such key starts with (its DER or OpenSSH header, as base64), found with
 * indexOf; the body is then followed across line breaks (real or JSON-escaped) while it stays base64.
 * Public keys and certificates start differently and are left alone.
 */
import { BASE64 } from './char-class.ts';
import { placeholder } from './placeholder.ts';

interface KeyMarker {
  /** A literal inside the key's first few base64 characters. */
  readonly marker: string;
  /** How many characters after the body's start the marker sits, and what the body starts with. */
  readonly back: number;
  readonly lead: string;
}

const MARKERS: readonly KeyMarker[] = [
  // "openssh-key-v1\0"
  { marker: 'b3BlbnNzaC1rZXktdjE', back: 0, lead: 'b3Bl' },
  // PKCS#1 RSA / DSA: SEQUENCE, INTEGER 0, INTEGER (the modulus): `MIIEpAIBAAKCAQEA…`
  { marker: 'IBAAK', back: 6, lead: 'MII' },
  { marker: 'IBAAJ', back: 6, lead: 'MII' },
  // PKCS#8: SEQUENCE, INTEGER 0, SEQUENCE (the algorithm): `MIIEvQIBADANBgkqhkiG9w0BAQEFAASC…`
  { marker: 'IBADAN', back: 6, lead: 'MII' },
  { marker: 'AgEAMBMGByqGSM49', back: 4, lead: 'MI' },
  { marker: 'MC4CAQAwBQYDK2V', back: 0, lead: 'MC' },
  // Encrypted PKCS#8 (PBES2): `MIIFHDBOBgkqhkiG9w0BBQ0w…`
  { marker: 'BgkqhkiG9w0BBQ0w', back: 8, lead: 'MII' },
  // SEC1 EC keys (P-256, P-384, P-521)
  { marker: 'MHcCAQEEI', back: 0, lead: 'MH' },
  { marker: 'MIGkAgEBBDA', back: 0, lead: 'MI' },
  { marker: 'MIHcAgEBBEI', back: 0, lead: 'MI' },
];

/** A key body is long; a marker quoted on its own (in docs, in a parser's source) is not a key. */
const MIN_BODY = 64;
const MAX_BODY = 16384;

/** The length of a line break at `i` (`\n`, `\r\n`, or the JSON escapes `\n`, `\r\n`), else 0. */
function lineBreak(text: string, i: number): number {
  if (text.startsWith('\n', i)) return 1;
  if (text.startsWith('\r\n', i)) return 2;
  if (text.startsWith('\\n', i)) return 2;
  if (text.startsWith('\\r\\n', i)) return 4;
  return 0;
}

/** Where a base64 body starting at `start` ends: runs of base64, joined by line breaks and indentation. */
export function base64Extent(text: string, start: number): number {
  let i = start + BASE64.run(text, start, MAX_BODY);
  for (;;) {
    while (text.charCodeAt(i) === 61 /* = */) i++;
    const br = lineBreak(text, i);
    if (br === 0 || i - start > MAX_BODY) return i;
    let j = i + br;
    while (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9) j++;
    const n = BASE64.run(text, j, MAX_BODY);
    if (n < 16) return i;
    i = j + n;
  }
}

function isBase64Code(c: number): boolean {
  return BASE64.has(c);
}

/** Every armour-less private key body replaced by one placeholder. */
/** Every key starts with one of these (DER keys with `M`, OpenSSH with `b3Bl`): one search each, then the markers there. */
const STARTS = ['MI', 'MH', 'MC', 'b3Bl'];

export function redactKeyBodies(text: string): string {
  let spans: [number, number][] | undefined;
  for (const lead of STARTS) {
    for (let start = text.indexOf(lead); start >= 0; start = text.indexOf(lead, start + 2)) {
      if (start > 0 && isBase64Code(text.charCodeAt(start - 1))) continue;
      if (!MARKERS.some((m) => text.startsWith(m.lead, start) && text.startsWith(m.marker, start + m.back))) continue;
      const end = base64Extent(text, start);
      if (end - start >= MIN_BODY) (spans ??= []).push([start, end]);
      start = Math.max(start, end - 2);
    }
  }
  const ppk = puttyKeys(text);
  if (ppk) (spans ??= []).push(...ppk);
  if (!spans) return text;
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let out = '';
  let last = 0;
  for (const [s, e] of spans) {
    if (s < last) continue;
    out += text.slice(last, s) + placeholder('private_key', text.slice(s, e));
    last = e;
  }
  return out + text.slice(last);
}

const PPK_HEADER = 'PuTTY-User-Key-File-';
const PPK_PRIVATE = 'Private-Lines:';
const PPK_MAC = 'Private-MAC:';

/** PuTTY `.ppk` files: from the `Private-Lines:` header through the `Private-MAC:` line. */
function puttyKeys(text: string): [number, number][] | undefined {
  let spans: [number, number][] | undefined;
  for (let at = text.indexOf(PPK_HEADER); at >= 0; at = text.indexOf(PPK_HEADER, at + PPK_HEADER.length)) {
    const priv = text.indexOf(PPK_PRIVATE, at);
    if (priv < 0 || priv - at > MAX_BODY) continue;
    let bodyAt = priv + PPK_PRIVATE.length;
    while (bodyAt < text.length && !lineBreak(text, bodyAt)) bodyAt++;
    bodyAt += lineBreak(text, bodyAt);
    let end = base64Extent(text, bodyAt);
    const mac = text.indexOf(PPK_MAC, end);
    if (mac >= 0 && mac - end <= 8) {
      end = mac + PPK_MAC.length;
      while (end < text.length && !lineBreak(text, end)) end++;
    }
    if (end - bodyAt >= 16) (spans ??= []).push([priv + PPK_PRIVATE.length, end]);
    at = end;
  }
  return spans;
}
