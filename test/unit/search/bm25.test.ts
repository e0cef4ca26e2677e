import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bm25, estimateDf, hexVarintSum, idf, readVarints } from '../../../src/core/search/bm25.ts';

test('varints as FTS5 stores them: one to nine bytes, big-endian', () => {
  assert.deepEqual(readVarints([134, 141, 32], 1), [100_000]);
  assert.deepEqual(readVarints([5, 0x81, 0x00, 127], 9), [5, 128, 127], 'stops at the end of the buffer');
  assert.deepEqual(readVarints([1, 2, 3, 4], 2), [1, 2], 'reads only what is asked');
  // Nine bytes: the last one contributes all eight bits.
  assert.deepEqual(readVarints([0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01], 1), [2 ** 57 + 1]);
  assert.equal(hexVarintSum('868D20', 1), 100_000);
  assert.equal(hexVarintSum('03810005', 3), 3 + 128 + 5, 'sums the first three (a fourth, FTS5\'s origin, is ignored)');
  assert.equal(hexVarintSum('', 3), 0);
});

test('idf: rarer is higher; terms in more than half the documents keep a tiny positive weight', () => {
  assert.ok(idf(100_000, 10) > idf(100_000, 1000));
  assert.equal(idf(100_000, 60_000), 1e-6);
  assert.ok(Math.abs(idf(1000, 9) - Math.log(991.5 / 9.5)) < 1e-12);
});

test('bm25: saturates with frequency, penalises long documents, sums terms, ignores absent ones', () => {
  const t = (freq: number, w = 2) => ({ idf: w, freq });
  assert.ok(bm25([t(8)], 10, 10) > bm25([t(1)], 10, 10), 'a title hit (weight 8) beats a body hit');
  assert.ok(bm25([t(8)], 10, 10) < 8 * bm25([t(1)], 10, 10), 'but far less than 8×');
  assert.ok(bm25([t(1)], 5, 10) > bm25([t(1)], 50, 10), 'shorter documents first');
  assert.equal(bm25([t(1), t(0, 99)], 10, 10), bm25([t(1)], 10, 10));
  // At average length the normalisation is k1: idf · f · 2.2 / (f + 1.2).
  assert.ok(Math.abs(bm25([t(1)], 10, 10) - (2 * 2.2) / 2.2) < 1e-12);
});

test('document frequency estimates scale the sample and respect what a count proved', () => {
  assert.equal(estimateDf(300, 600, 100_000, 1501), 50_000);
  assert.equal(estimateDf(2, 600, 100_000, 1501), 1501, 'never below the bound a count proved');
  assert.equal(estimateDf(900, 600, 100_000, 1501), 100_000, 'never above the collection');
  assert.equal(estimateDf(0, 0, 100_000, 1501), 1501);
});
