/**
 * A session whose host died without SessionEnd: the next SessionStart closes it at once and leaves
 * the summary to a detached `mnemo summarize`, so SessionStart does not grow with the dead session's
 * size; the summary still arrives, from the session's latest observations.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';
import { join } from 'node:path';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { resolvePlace } from '../../../src/hooks/place.ts';
import type { CapturedEvent } from '../../../src/core/types.ts';
import { hookContractProblems, runHook, tempDir, validPayload } from '../hooks/helpers.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('SessionStart closes an abandoned session and a background process summarizes it', async () => {
  const dataDir = tempDir();
  const cwd = tempDir('mnemo-abandoned-cwd-');
  const place = resolvePlace(cwd);
  const dbPath = join(dataDir, 'mnemo.db');
  const store = SqliteStore.open({ path: dbPath, busyTimeoutMs: 2000 });
  const longAgo = Date.now() - 3 * 24 * 3600 * 1000;
  const events: CapturedEvent[] = [];
  for (let i = 0; i < 300; i++) {
    // Captured out of id order on purpose: the summary window follows capture time.
    const at = longAgo + (i % 2 ? i : 600 - i) * 1000;
    events.push({
      uid: `dead-${i}`,
      at,
      event: 'PostToolUse',
      platform: 'claude-code',
      externalSessionId: 'dead-session',
      place,
      observation: { kind: 'tool', type: 'command', title: `Ran \`make step${i}\``, body: `Output: step ${i} done`, files: [], toolName: 'Bash', private: false },
    });
  }
  await store.ingest(events);
  await store.close();

  const start = await runHook('SessionStart', validPayload('SessionStart', 'next-session', cwd), { dataDir, cwd, env: { MNEMO_ABANDON_AFTER_MS: '60000' } });
  assert.deepEqual(hookContractProblems('SessionStart', start, 15_000), []);
  const db = openSqlite(dbPath, { readonly: true });
  try {
    const row = () =>
      db.prepare("SELECT s.end_reason AS reason, m.brief AS brief, m.observation_count AS n FROM sessions s LEFT JOIN summaries m ON m.session_id = s.id WHERE s.external_id = 'dead-session'").get() as
        | { reason: string | null; brief: string | null; n: number | null }
        | undefined;
    assert.equal(row()?.reason, 'abandoned', 'closed by SessionStart itself');
    let summary = row();
    for (let waited = 0; !summary?.brief && waited < 30_000; waited += 100) {
      await sleep(100);
      summary = row();
    }
    assert.ok(summary?.brief, 'the background summarizer wrote a summary');
    assert.equal(summary.n, 300);
  } finally {
    db.close();
  }
});
