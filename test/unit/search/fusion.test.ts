import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fuse, kindWeight, RRF_K, withPriors } from '../../../src/core/search/fusion.ts';

const DAY = 24 * 3600 * 1000;

test('reciprocal rank fusion: sums 1/(K + rank) over lists, weights scale a list', () => {
  const f = fuse([
    { name: 'a', ids: [1, 2, 3] },
    { name: 'b', ids: [3, 4] },
  ]);
  assert.deepEqual(f.map((x) => x.id), [3, 1, 4, 2], 'found by both lists beats first of one; equal scores: newer id first');
  assert.equal(f[0]!.score, 1 / (RRF_K + 3) + 1 / (RRF_K + 1));
  assert.deepEqual(f[0]!.via, ['a#3', 'b#1']);
  const weighted = fuse([
    { name: 'a', ids: [1] },
    { name: 'b', ids: [2], weight: 0.5 },
  ]);
  assert.deepEqual(weighted.map((x) => x.id), [1, 2]);
  assert.deepEqual(fuse([]), []);
});

test('priors reorder near-ties only: never a list’s second result over its first', () => {
  const now = Date.now();
  const f = fuse([{ name: 'a', ids: [1, 2] }]);
  // 1 is a year old and routine, 2 brand new and most important: 1 still wins.
  const ranked = withPriors(f, { now, createdAt: (id) => (id === 1 ? now - 365 * DAY : now), priority: (id) => (id === 1 ? 5 : 1) });
  assert.deepEqual(ranked.map((x) => x.id), [1, 2]);
  // Exact ties (the same rank in two lists) go to the newer, more important one.
  const tie = fuse([
    { name: 'a', ids: [1] },
    { name: 'b', ids: [2] },
  ]);
  const broken = withPriors(tie, { now, createdAt: (id) => (id === 1 ? now - 90 * DAY : now), priority: () => 5 });
  assert.deepEqual(broken.map((x) => x.id), [2, 1]);
});

test('kind: a file read ranks just below an act the lists rank level with it, never below a clearly weaker match', () => {
  assert.ok(kindWeight('discovery', 'Read src/db/pool.ts (120 lines)') < 1);
  assert.equal(kindWeight('discovery', 'Searched for "pool"'), 1);
  assert.equal(kindWeight('change', 'Edited src/db/pool.ts (+2 −1)'), 1);
  const now = Date.now();
  // Level fused scores put the newer id first: the read is the newer one here.
  const titles = new Map([[2, ['discovery', 'Read src/db/pool.ts (120 lines)']], [1, ['change', 'Edited src/db/pool.ts']], [3, ['command', 'Ran `ls`']]]);
  const kind = (id: number) => kindWeight(titles.get(id)![0]!, titles.get(id)![1]!);
  const level = fuse([{ name: 'a', ids: [1, 2] }, { name: 'b', ids: [2, 1] }, { name: 'c', ids: [3] }]);
  assert.deepEqual(level.map((f) => f.id), [2, 1, 3]);
  assert.deepEqual(withPriors(level, { now, createdAt: () => now, priority: () => 5, kind }).map((f) => f.id), [1, 2, 3]);
  const clear = fuse([{ name: 'a', ids: [2] }, { name: 'b', ids: [2] }, { name: 'c', ids: [1] }]);
  assert.deepEqual(withPriors(clear, { now, createdAt: () => now, priority: () => 5, kind }).map((f) => f.id), [2, 1]);
});
