/**
 * The WebAssembly Hamming scan against a plain JavaScript popcount, and the counting selection against
 * a sort, on random codes of several widths (a whole number of 64-bit words, and not).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SignCodes } from '../../../src/store/sqlite/sign-codes.ts';
import { rng } from '../../../bench/lib/stats.ts';

const popcount = (x: number) => {
  let c = 0;
  for (; x; x >>= 1) c += x & 1;
  return c;
};
const hamming = (a: Uint8Array, b: Uint8Array) => a.reduce((s, x, i) => s + popcount(x ^ b[i]!), 0);

function randomCodes(rows: number, bytes: number, seed: number): Uint8Array {
  const r = rng(seed);
  return Uint8Array.from({ length: rows * bytes }, () => Math.floor(r() * 256));
}

for (const dims of [1024, 384, 72]) {
  test(`scan and nearest at ${dims} bits: the k smallest distances, ties at the cut in row order`, () => {
    const bytes = dims / 8;
    const rows = 3000;
    const codes = randomCodes(rows, bytes, dims);
    const ids = Array.from({ length: rows }, (_, i) => 10 * i + 7);
    const sc = new SignCodes(dims);
    // Appended in uneven batches, scanned between them, so the memory grows and the codes take over
    // where the distances of an earlier scan were.
    const query = randomCodes(1, bytes, dims + 1);
    for (let at = 0; at < rows; ) {
      const n = Math.min(rows - at, 1 + ((at * 7) % 1300));
      sc.append(ids.slice(at, at + n), codes.subarray(at * bytes, (at + n) * bytes));
      sc.scan(query.map((x) => 255 - x));
      at += n;
    }
    assert.equal(sc.size, rows);
    const want = ids.map((id, i) => ({ id, d: hamming(codes.subarray(i * bytes, (i + 1) * bytes), query), i }));
    want.sort((a, b) => a.d - b.d || a.i - b.i);
    sc.scan(query);
    for (const k of [1, 17, 250, rows, rows + 5]) {
      const got = sc.nearest(k);
      assert.equal(got.length, Math.min(k, rows));
      // The same rows as the k first of the sort (ties broken by row order), returned in row order.
      const expected = want.slice(0, k).sort((a, b) => a.i - b.i).map((x) => x.id);
      assert.deepEqual(got, expected, `k=${k}`);
    }
    // A row's own code is at distance 0: it comes first for k = 1 unless another row shares it.
    sc.scan(codes.subarray(5 * bytes, 6 * bytes));
    assert.deepEqual(sc.nearest(1), [ids[5]]);
  });
}

test('skipped slots, truncation and a scan required before nearest', () => {
  const sc = new SignCodes(128);
  const codes = randomCodes(6, 16, 3);
  assert.throws(() => sc.nearest(1), /before scan/);
  sc.append([1, 2, 3, 4, 5, 6], codes, (i) => i % 2 === 0);
  assert.equal(sc.size, 3);
  sc.scan(codes.subarray(16, 32)); // the code of id 2, which was skipped
  assert.deepEqual(new Set(sc.nearest(3)), new Set([1, 3, 5]));
  sc.scan(codes.subarray(32, 48));
  assert.deepEqual(sc.nearest(1), [3]);
  sc.truncate(1);
  sc.scan(codes.subarray(32, 48));
  assert.deepEqual(sc.nearest(5), [1]);
});

test('nearestAmong: the k nearest among some ids only, with the rows in id order or not', () => {
  const bytes = 32;
  const rows = 2000;
  const codes = randomCodes(rows, bytes, 9);
  const query = randomCodes(1, bytes, 10);
  for (const order of ['ascending', 'shuffled'] as const) {
    const r = rng(11);
    const ids = Array.from({ length: rows }, (_, i) => 3 * i + 1);
    if (order === 'shuffled') ids.sort(() => r() - 0.5);
    const sc = new SignCodes(bytes * 8);
    sc.append(ids, codes);
    sc.scan(query);
    const subset = ids.filter((id) => id % 7 === 1);
    const wanted = new Set(subset);
    const ref = ids.map((id, i) => ({ id, i, d: hamming(codes.subarray(i * bytes, (i + 1) * bytes), query) })).filter((x) => wanted.has(x.id));
    ref.sort((a, b) => a.d - b.d || a.i - b.i);
    const cutDistance = ref[29]!.d;
    const got = sc.nearestAmong([...subset, 999_999], 30); // an id without a row is ignored
    assert.equal(got.length, 30, order);
    assert.ok(got.every((id) => wanted.has(id)), order);
    // The 30 nearest of the subset: all nearer than the cut, and the rest at it.
    const dOf = new Map(ref.map((x) => [x.id, x.d]));
    assert.deepEqual(got.filter((id) => dOf.get(id)! < cutDistance).sort(), ref.filter((x) => x.d < cutDistance).map((x) => x.id).sort(), order);
    assert.ok(got.every((id) => dOf.get(id)! <= cutDistance), order);
    assert.deepEqual(new Set(sc.nearestAmong(subset, 10_000)), wanted, order);
  }
});
