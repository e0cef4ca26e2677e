/**
 * The evaluation's "narration removed" modes (eval/recall withoutNarration): a copy of a store with
 * the same observations under the same ids, no narration, and a word index that no longer finds a
 * word only the narration held — while the original store still does.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { searchIds, withoutNarration } from '../../../eval/recall.ts';
import { openDatabase } from '../../../src/store/sqlite/driver.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import type { CapturedEvent } from '../../../src/core/types.ts';

const SESSION = 'e0e0e0e0-0000-4000-8000-000000000014';

function call(i: number, title: string): CapturedEvent {
  return {
    uid: `uid-${i}`,
    at: 1_760_000_000_000 + i * 1000,
    event: 'PostToolUse',
    platform: 'claude-code',
    externalSessionId: SESSION,
    place: { project: '/proj/a' },
    dedupeKey: `post:toolu_${i}`,
    observation: { kind: 'tool', type: 'command', title, body: 'Output: ok', files: [], toolName: 'Bash', toolUseId: `toolu_${i}`, private: false, tags: 'Bash' },
  };
}

test('withoutNarration: same ids, no narration, the narration-only word no longer found', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mnemo-nonarr-'));
  const store = SqliteStore.open({ path: join(dataDir, 'mnemo.db'), busyTimeoutMs: 5000 });
  try {
    await store.ingest([call(1, 'Ran npm test'), call(2, 'Ran git status'), call(3, 'Edited src/retry.ts')]);
    store.saveNarration('claude-code', [{ session: SESSION, callId: 'toolu_3', why: 'the zorbflux client swallows the timeout, so surface it first' }]);
  } finally {
    await store.close();
  }
  const withIt = await searchIds(dataDir, 'zorbflux');
  assert.equal(withIt.length, 1, 'the original store finds the call by its narration');

  const bare = await withoutNarration(dataDir);
  assert.deepEqual(await searchIds(bare, 'zorbflux'), [], 'the copy has no narration to match');
  assert.deepEqual(await searchIds(bare, 'retry'), withIt, 'the same call, under the same id, by its own text');
  const db = openDatabase({ path: join(bare, 'mnemo.db'), busyTimeoutMs: 5000, readonly: true });
  try {
    assert.equal((db.prepare('SELECT count(*) AS n FROM narration').get() as { n: number }).n, 0);
    assert.equal((db.prepare('SELECT count(*) AS n FROM observations').get() as { n: number }).n, 3);
  } finally {
    db.close();
  }
  assert.equal(await withoutNarration(dataDir), bare, 'built once, then reused');
});
