/**
 * When a kept SessionStart index may be served (src/context/cache.ts `staleness`): every check that
 * fails sends SessionStart back to the store, and says which one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { staleness, type KeptIndex, type Present } from '../../../src/context/cache.ts';

const kept: KeptIndex = {
  format: 1,
  build: 'b1',
  project: '/code/app',
  budget: 10_000,
  window: 400,
  generation: 'g1',
  db: '2049:77',
  until: 2_000,
  text: '# Memory index',
};
const present: Present = { build: 'b1', project: '/code/app', budget: 10_000, window: 400, generation: 'g1', db: '2049:77', now: 1_000 };

test('a kept index matching the present is served', () => {
  assert.equal(staleness(kept, present), undefined);
  assert.equal(staleness({ ...kept, until: null }, { ...present, now: 9e15 }), undefined, 'no open session: no deadline');
});

test('each difference is a reason to go to the store', () => {
  const cases: [string, unknown, Partial<Present>][] = [
    ['unreadable', null, {}],
    ['unreadable', 'text', {}],
    ['unreadable', { ...kept, format: 2 }, {}],
    ['unreadable', { ...kept, text: 5 }, {}],
    ['another build', kept, { build: 'b2' }],
    ['another project', kept, { project: '/code/other' }],
    ['other settings', kept, { budget: 5000 }],
    ['other settings', kept, { window: 100 }],
    ['store changed', kept, { generation: 'g2' }],
    ['store changed', kept, { generation: undefined }],
    ['another database file', kept, { db: '2049:78' }],
    ['another database file', kept, { db: undefined }],
    ['a session became abandoned', kept, { now: 2_000 }],
    ['a session became abandoned', { ...kept, until: 'soon' }, {}],
  ];
  for (const [reason, k, change] of cases) assert.equal(staleness(k, { ...present, ...change }), reason, JSON.stringify(change));
});
