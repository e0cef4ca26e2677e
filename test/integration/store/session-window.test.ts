/**
 * `sessionObservations(id, limit)`: the newest `limit` observations of a session by capture time,
 * returned oldest first, private rows left out (what summaries and PreCompact snapshots read).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CapturedEvent } from '../../../src/core/types.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';

test('the window is the newest rows by capture time, oldest first, without private rows', async () => {
  const store = SqliteStore.open({ path: join(mkdtempSync(join(tmpdir(), 'mnemo-window-')), 'm.db'), busyTimeoutMs: 1000 });
  try {
    const at = (i: number) => 1_700_000_000_000 + i * 1000;
    // Ingested in a scrambled order: ids do not follow capture time.
    const order = [5, 0, 9, 3, 7, 1, 8, 2, 6, 4];
    const events: CapturedEvent[] = order.map((i) => ({
      uid: `w-${i}`,
      at: at(i),
      event: 'PostToolUse',
      platform: 'claude-code',
      externalSessionId: 'win',
      place: { project: '/proj/w' },
      observation: { kind: 'tool', type: 'command', title: `step ${i}`, body: `b${i}`, files: [], private: i === 8 },
    }));
    await store.ingest(events);
    const session = (await store.listSessions({}))[0]!;
    const titles = async (limit?: number) => (await store.sessionObservations(session.id, limit)).map((o) => o.title);
    assert.deepEqual(await titles(4), ['step 5', 'step 6', 'step 7', 'step 9']);
    assert.deepEqual(await titles(), ['step 0', 'step 1', 'step 2', 'step 3', 'step 4', 'step 5', 'step 6', 'step 7', 'step 9']);
  } finally {
    await store.close();
  }
});
