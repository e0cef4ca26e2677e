/**
 * The payload is decoded as the WHATWG decoder decodes it (byte order mark dropped, invalid bytes
 * replaced and reported), whichever way the hook gets there.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { readStdin } from '../../../src/hooks/stdin.ts';

function whatwg(bytes: Uint8Array): { text: string; invalidUtf8: boolean } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), invalidUtf8: false };
  } catch {
    return { text: new TextDecoder('utf-8').decode(bytes), invalidUtf8: true };
  }
}

const read = async (pieces: readonly Uint8Array[]) => readStdin(1 << 20, Readable.from(pieces.map((p) => Buffer.from(p))));

test('any bytes decode as the WHATWG decoder decodes them, and invalid UTF-8 is reported', async () => {
  const text = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.string({ unit: 'grapheme' }).map((s) => `\ufeff${s}`),
    fc.constantFrom('\ufffd', 'a\ufffdb', '\ufeff\ufeffx', '{"prompt":"连接池"}'),
  );
  const bytes = fc.oneof(
    text.map((s) => new Uint8Array(Buffer.from(s, 'utf8'))),
    fc.uint8Array({ maxLength: 64 }),
    fc.tuple(text, fc.uint8Array({ maxLength: 4 })).map(([s, b]) => new Uint8Array(Buffer.concat([Buffer.from(s, 'utf8'), b]))),
  );
  await fc.assert(
    fc.asyncProperty(bytes, fc.nat(), async (b, cut) => {
      const at = b.length ? cut % b.length : 0;
      const r = await read([b.subarray(0, at), b.subarray(at)]);
      const want = whatwg(b);
      assert.equal(r.text, want.text);
      assert.equal(r.invalidUtf8, want.invalidUtf8);
      assert.equal(r.bytes, b.length);
    }),
    { numRuns: 2000 },
  );
});

test('a byte order mark is dropped once; a replacement character in valid input is kept and not reported', async () => {
  const bom = await read([Buffer.from('\ufeff\ufeff{"a":1}', 'utf8')]);
  assert.equal(bom.text, '\ufeff{"a":1}');
  const kept = await read([Buffer.from('{"a":"\ufffd"}', 'utf8')]);
  assert.deepEqual([kept.text, kept.invalidUtf8], ['{"a":"\ufffd"}', false]);
  const bad = await read([Buffer.from([0x7b, 0xff, 0x7d])]);
  assert.deepEqual([bad.text, bad.invalidUtf8], ['{\ufffd}', true]);
});
