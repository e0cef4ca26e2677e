/**
 * The filtered-search plan chooser: reading a filter's rows by rowid for a few rows scattered over the
 * history with common words, walking the matches otherwise. Inputs are the shapes measured at 1,000,000
 * rows (bench/RESULTS.md), so the choices are the ones the bench's figures come from.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filterPlan, IDS_MAX } from '../../../src/core/search/filter-plan.ts';

const base = { rows: 1_000_000, window: 600, spread: 25 };

test('a rare type or a file scattered over the history, with common words: read by rowid', () => {
  assert.equal(filterPlan({ ...base, ids: 1885, span: 990_000, frequencies: [718_000] }), 'ids');
  assert.equal(filterPlan({ ...base, ids: 1326, span: 950_000, frequencies: [300_000, 40_000] }), 'ids');
  assert.equal(filterPlan({ ...base, ids: 1885, span: 990_000, frequencies: [792_000, 68, 744_000] }), 'ids');
});

test('dense or large sets, and rare words, are walked', () => {
  // One session: its rows sit together, so a walk meets only their range.
  assert.equal(filterPlan({ ...base, ids: 300, span: 420, frequencies: [718_000] }), 'walk');
  // An event type on 1.4% of the rows: a window's worth of matches passes within a short walk.
  assert.equal(filterPlan({ ...base, ids: 13_876, span: 999_000, frequencies: [718_000, 744_000] }), 'walk');
  // Rare words: few matches to walk at all.
  assert.equal(filterPlan({ ...base, ids: 1885, span: 990_000, frequencies: [2000] }), 'walk');
  assert.equal(filterPlan({ ...base, ids: IDS_MAX + 1, span: 1_000_000, frequencies: [900_000] }), 'walk');
});

test('the choice follows the costs: more scattered rows, then the walk again', () => {
  const plans = [500, 2000, 8000, 20_000].map((ids) => filterPlan({ ...base, ids, span: 1_000_000, frequencies: [500_000, 500_000] }));
  assert.equal(plans[0], 'ids');
  assert.equal(plans[plans.length - 1], 'walk');
  // Once the walk wins it keeps winning as the set grows.
  assert.deepEqual(plans, [...plans].sort((a, b) => (a === b ? 0 : a === 'ids' ? -1 : 1)));
});
