// A batch is written differently from a single event (rows queued and written 50 a statement, the
// full-text rows after them, session state kept in memory), but must store exactly what the same
// events store one at a time: the same rows with the same ids, events, session state and index.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import type { CapturedCall, CapturedEvent, ObservationDraft } from '../../../src/core/types.ts';

const T0 = 1_700_000_000_000;

function base(i: number, session: string, at: number): Pick<CapturedEvent, 'uid' | 'at' | 'platform' | 'externalSessionId' | 'place'> {
  return { uid: `u-${i}`, at, platform: 'claude-code', externalSessionId: session, place: { project: `/proj/${session}`, branch: 'main' } };
}

function obs(title: string, body: string, extra: Partial<ObservationDraft> = {}): ObservationDraft {
  return { kind: 'tool', type: 'command', title, body, files: [], private: false, ...extra };
}

/** A history with everything ingest decides per event: retries and resolutions, pending notes, re-deliveries. */
function history(): CapturedEvent[] {
  const out: CapturedEvent[] = [];
  const sessions = ['s1', 's2', 's3'];
  for (const s of sessions) out.push({ ...base(out.length, s, T0), event: 'SessionStart', session: { source: 'startup' } });
  for (let i = 0; i < 140; i++) {
    const s = sessions[i % 3]!;
    const at = T0 + 1000 * (i + 1);
    const id = `t${i}`;
    const fails = i % 5 === 1;
    const call: CapturedCall = {
      toolName: 'Bash',
      input: { command: i % 7 === 0 ? 'npm test' : `node step${i % 4}.js` },
      response: fails ? { stdout: '', stderr: `TypeError: cannot read acquireConnection of undefined (${i})`, exit_code: 1 } : { stdout: `ok ${i}`, stderr: '', exit_code: 0 },
      phase: 'post',
    };
    if (i % 9 === 4) {
      // An "about to run" note, its outcome later in the batch.
      out.push({ ...base(out.length, s, at - 500), event: 'PreToolUse', dedupeKey: `pre:${id}`, observation: obs(`About to run: step ${i}`, 'pending body', { kind: 'note', type: 'pending', toolUseId: id, toolName: 'Bash' }), call: { ...call, phase: 'pre' } });
    }
    out.push({ ...base(out.length, s, at), event: 'PostToolUse', dedupeKey: `post:${id}`, observation: obs(`Ran step ${i}${fails ? ' → exit 1' : ''}`, `Input: ${i}\nOutput: connection pool ${i}`, { toolUseId: id, toolName: 'Bash' }), call });
    if (i % 11 === 3) out.push({ ...out[out.length - 1]!, uid: `redelivered-${i}` }); // same natural key, new uid
    if (i % 13 === 5) out.push(out[out.length - 1]!); // same uid twice in one batch
    if (i % 10 === 6) {
      const prompt = obs('continue', 'continue', { kind: 'user', type: 'prompt' });
      out.push({ ...base(out.length, s, at + 100), event: 'UserPromptSubmit', contentKey: `UserPromptSubmit::${i % 3}`, observation: prompt });
      out.push({ ...base(out.length, s, at + 200), event: 'UserPromptSubmit', contentKey: `UserPromptSubmit::${i % 3}`, observation: prompt }); // re-delivery within 10 s
    }
    if (i % 17 === 8) out.push({ ...base(out.length, s, at + 300), event: 'Stop', observation: obs('[private]', '[private]', { kind: 'note', type: 'conclusion', private: true }) });
  }
  for (const s of sessions) out.push({ ...base(out.length, s, T0 + 200_000), event: 'SessionEnd', session: { endReason: 'other' } });
  return out;
}

async function ingestInto(batchSize: number, events: readonly CapturedEvent[]) {
  const path = join(mkdtempSync(join(tmpdir(), 'mnemo-batch-')), 'm.db');
  const store = SqliteStore.open({ path, busyTimeoutMs: 1000, maxEventsPerSession: 12 });
  const totals = { applied: 0, duplicates: 0, ids: [] as number[] };
  for (let i = 0; i < events.length; i += batchSize) {
    const r = await store.ingest(events.slice(i, i + batchSize));
    totals.applied += r.applied;
    totals.duplicates += r.duplicates;
    totals.ids.push(...r.ids);
  }
  const found = (await store.search({ query: 'connection pool', limit: 500 })).map((h) => h.observation.id).sort((a, b) => a - b);
  const problems = await store.check();
  await store.close();
  const db = openSqlite(path, { readonly: true });
  const tables = {
    sessions: db.prepare('SELECT * FROM sessions ORDER BY id').all(),
    observations: db.prepare('SELECT * FROM observations ORDER BY id').all(),
    events: db.prepare('SELECT * FROM events ORDER BY id').all(),
    volume: db.prepare('SELECT * FROM project_volume ORDER BY project').all(),
  };
  db.close();
  return { totals, found, problems, tables };
}

test('one batch stores exactly what the same events store one at a time', async () => {
  const events = history();
  const one = await ingestInto(1, events);
  const all = await ingestInto(events.length, events);
  const odd = await ingestInto(37, events);
  // The history exercises what it means to: duplicates, pending notes replaced, events evicted.
  assert.ok(one.totals.duplicates >= 20, `duplicates: ${one.totals.duplicates}`);
  assert.ok((one.tables.observations as { type: string }[]).every((o) => o.type !== 'pending'), 'every pending note was replaced');
  assert.ok(one.tables.events.length > 0 && one.tables.events.length <= 3 * 12);
  assert.ok(one.totals.ids.length > 100);
  assert.ok(one.found.length > 50);
  for (const [name, r] of [['one batch', all], ['batches of 37', odd]] as const) {
    assert.deepEqual(r.totals, one.totals, `${name}: ingest results`);
    assert.deepEqual(r.tables, one.tables, `${name}: stored rows`);
    assert.deepEqual(r.found, one.found, `${name}: full-text matches`);
    assert.deepEqual(r.problems, [], `${name}: check`);
  }
  // Re-ingesting everything adds nothing.
  const again = await (async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'mnemo-batch-')), 'm.db');
    const store = SqliteStore.open({ path, busyTimeoutMs: 1000 });
    await store.ingest(events);
    const r = await store.ingest(events);
    await store.close();
    return r;
  })();
  assert.deepEqual(again.ids, []);
});
