import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isShareable, markedLocal, type ShareCandidate, type ShareRule } from '../../../src/core/team/share-rules.ts';
import { OBS_TYPES } from '../../../src/core/types.ts';

const rule: ShareRule = { project: '/work/shop', identity: 'github.com/acme/shop', prompts: true };
const ok: ShareCandidate = { type: 'change', private: false, localOnly: false, sessionLocalOnly: false, mirrored: false };

test('nothing of an unshared project, and nothing private, local, mirrored or bookkeeping, is shareable', () => {
  assert.equal(isShareable(ok, rule), true);
  assert.equal(isShareable(ok, undefined), false);
  for (const flag of ['private', 'localOnly', 'sessionLocalOnly', 'mirrored'] as const) assert.equal(isShareable({ ...ok, [flag]: true }, rule), false, flag);
  const shareable = OBS_TYPES.filter((type) => isShareable({ ...ok, type }, rule));
  assert.deepEqual(shareable.sort(), OBS_TYPES.filter((t) => t !== 'pending' && t !== 'marker').sort());
  assert.equal(isShareable({ ...ok, type: 'prompt' }, { ...rule, prompts: false }), false);
  assert.equal(isShareable({ ...ok, type: 'conclusion' }, { ...rule, prompts: false }), true);
});

test('a <local> marker counts in the user’s own words only, in any spelling', () => {
  for (const body of ['<local> keep this', 'note </local>', '<LOCAL/>', 'x <local /> y']) assert.equal(markedLocal({ type: 'prompt', title: 'p', body }), true, body);
  assert.equal(markedLocal({ type: 'note', title: '<local> title', body: '' }), true);
  assert.equal(markedLocal({ type: 'decision', title: 'd', body: 'see <local>' }), true);
  for (const type of ['change', 'discovery', 'command', 'error', 'conclusion', 'subagent'] as const) assert.equal(markedLocal({ type, title: 't', body: '<local>' }), false, type);
  assert.equal(markedLocal({ type: 'prompt', title: 'p', body: 'the locale settings, <locals> and localhost' }), false);
});
