import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evict } from '../../../src/core/extract/index.ts';

const ev = (id: number, priority: number) => ({ id, priority });

test('evicts the least important first (highest priority number, then oldest)', () => {
  const events = [ev(1, 1), ev(2, 4), ev(3, 2), ev(4, 4), ev(5, 5), ev(6, 1), ev(7, 3)];
  assert.deepEqual(evict(events, 5).map((e) => e.id), [1, 3, 4, 6, 7]);
  assert.deepEqual(evict(events, 3).map((e) => e.id), [1, 3, 6]);
  assert.deepEqual(evict(events, 2).map((e) => e.id), [1, 6]);
  assert.deepEqual(evict(events, 1).map((e) => e.id), [6], 'among equals the oldest goes first');
  assert.deepEqual(evict(events, 0), []);
  assert.deepEqual(evict(events, 100).map((e) => e.id), [1, 2, 3, 4, 5, 6, 7]);
  assert.deepEqual(evict(events, Number.NaN), []);
});

test('rules and decisions survive a flood of low-priority events', () => {
  const events = [ev(0, 1), ...Array.from({ length: 1000 }, (_, i) => ev(i + 1, 4)), ev(1001, 2)];
  const kept = evict(events, 10);
  assert.equal(kept.length, 10);
  assert.deepEqual(kept.slice(0, 1).map((e) => e.id), [0]);
  assert.equal(kept[kept.length - 1]!.id, 1001);
  assert.deepEqual(kept.slice(1, -1).map((e) => e.id), [993, 994, 995, 996, 997, 998, 999, 1000]);
});
