/**
 * `forget` removes an observation's text from the database file and its WAL, not only from query
 * results: the word index's segments, free pages, derived rows (events, vectors) and a summary or
 * compaction snapshot that quotes it. The bytes of every file in the data directory are scanned.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import type { CapturedEvent, ObservationDraft } from '../../../src/core/types.ts';

let n = 0;
function ev(obs: Partial<ObservationDraft>, externalSessionId = 'ext-1'): CapturedEvent {
  n++;
  return {
    uid: `uid-${n}-${Math.random()}`,
    at: 1_700_000_000_000 + n * 1000,
    event: 'PostToolUse',
    platform: 'claude-code',
    externalSessionId,
    place: { project: '/proj/a' },
    observation: { kind: 'tool', type: 'change', title: 'Edited x', body: 'body', files: [], private: false, ...obs },
  } as CapturedEvent;
}

/** Files under the directory (at any depth) whose bytes contain `needle`. */
function filesHolding(dir: string, needle: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && readFileSync(join(e.parentPath, e.name)).includes(Buffer.from(needle)))
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

test('forgotten text is gone from the file, the WAL, the index and everything derived from it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-forget-'));
  const path = join(dir, 'm.db');
  const store = SqliteStore.open({ path, busyTimeoutMs: 1000 });
  const marker = 'qzforgottenmarker5512qz';
  const line = `the launch codes are kept with ${marker} in the vault`;
  // Many rows in several segments, so the forgotten one is not alone in its pages.
  for (let i = 0; i < 5; i++) await store.ingest(Array.from({ length: 40 }, (_, k) => ev({ title: `Edited module ${i}-${k}`, body: `ordinary change number ${k} keepword` })));
  const { ids } = await store.ingest([ev({ title: `Noted ${marker} location`, body: `${line}\nsecond line` }), ev({ title: 'Kept note', body: 'keepword stays searchable' })]);
  const [gone, kept] = [ids[0]!, ids[1]!];
  const session = (await store.getObservations([gone]))[0]!.sessionId;
  await store.saveSummary(session, { brief: `Noted ${marker} location`, detailed: `- ${line}`, language: 'en', provider: 'heuristic', inputTokens: 0, outputTokens: 0, observationCount: 201, createdAt: Date.now() });
  await store.saveSnapshot(session, `## Where we are\n- ${line}`);
  // Derived rows, written as the extractor and the embedder would.
  const raw = openSqlite(path);
  raw.pragma('foreign_keys = ON');
  raw.prepare("INSERT INTO events (obs_id, session_id, type, category, priority, data, created_at) VALUES (?, ?, 'note', 'note', 3, ?, 0)").run(gone, session, JSON.stringify({ text: marker }));
  raw.prepare("INSERT INTO obs_vectors (obs_id, model, q) VALUES (?, 'test', ?)").run(gone, Buffer.from(marker));
  raw.close();
  assert.ok(filesHolding(dir, marker).length > 0, 'the marker was written');

  assert.equal(await store.forget({ ids: [gone] }), 1);
  await store.close();

  assert.deepEqual(filesHolding(dir, marker), [], 'the forgotten text is still in these files');
  const db = openSqlite(path, { readonly: true });
  const count = (sql: string, ...args: unknown[]) => (db.prepare(sql).get(...args) as { n: number }).n;
  assert.equal(count('SELECT count(*) AS n FROM events WHERE obs_id = ?', gone), 0);
  assert.equal(count('SELECT count(*) AS n FROM obs_vectors WHERE obs_id = ?', gone), 0);
  assert.equal(count('SELECT count(*) AS n FROM summaries WHERE session_id = ?', session), 0, 'the summary quoting it is dropped');
  assert.equal(count('SELECT count(*) AS n FROM sessions WHERE id = ? AND snapshot IS NULL', session), 1, 'the snapshot quoting it is dropped');
  db.close();
  const again = SqliteStore.open({ path, busyTimeoutMs: 1000 });
  try {
    assert.deepEqual(await again.check(), []);
    assert.ok((await again.search({ query: 'keepword', limit: 300 })).some((h) => h.observation.id === kept), 'the rest stays searchable');
    assert.equal((await again.search({ query: marker })).length, 0);
  } finally {
    await again.close();
  }
});

test('a summary that does not quote the forgotten observation is kept', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-forget-'));
  const store = SqliteStore.open({ path: join(dir, 'm.db'), busyTimeoutMs: 1000 });
  try {
    const { ids } = await store.ingest([ev({ title: 'Ran the deployment script for staging', body: 'deployed' }), ev({ title: 'Edited the README introduction', body: 'docs' })]);
    const session = (await store.getObservations([ids[0]!]))[0]!.sessionId;
    await store.saveSummary(session, { brief: 'Edited the README introduction', detailed: '- Edited the README introduction', language: 'en', provider: 'heuristic', inputTokens: 0, outputTokens: 0, observationCount: 2, createdAt: Date.now() });
    await store.forget({ ids: [ids[0]!] });
    assert.equal((await store.getSession(session))?.summary?.brief, 'Edited the README introduction');
  } finally {
    await store.close();
  }
});

test('forgets in a row are each as thorough (the index is one merged segment after the first)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-forget-'));
  const store = SqliteStore.open({ path: join(dir, 'm.db'), busyTimeoutMs: 1000 });
  // Distinct first letters: the index stores a term after the prefix it shares with the previous one.
  const markers = ['aqfirstmark71', 'bqsecondmark82', 'cqthirdmark93'];
  const { ids } = await store.ingest([...markers.map((m) => ev({ title: `Note ${m}`, body: `${m} body` })), ...Array.from({ length: 50 }, (_, i) => ev({ title: `filler ${i}` }))]);
  try {
    for (let i = 0; i < markers.length; i++) {
      await store.forget({ ids: [ids[i]!] });
      assert.deepEqual(filesHolding(dir, markers[i]!.slice(1)), [], `forget #${i + 1} left its text`);
      for (const later of markers.slice(i + 1)) assert.ok(filesHolding(dir, later.slice(1)).length > 0, `${later} was lost early`);
    }
    assert.deepEqual(await store.check(), []);
  } finally {
    await store.close();
  }
});

test("a session's extraction state that may quote a forgotten observation is reset; other sessions keep theirs", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-forget-'));
  const path = join(dir, 'm.db');
  const store = SqliteStore.open({ path, busyTimeoutMs: 1000 });
  const marker = 'qzstatemarker7731qz';
  const { ids } = await store.ingest([
    ev({ title: `Ran deploy ${marker}`, body: `deploy failed: ${marker} unreachable` }, 'ext-state-1'),
    ev({ title: 'Edited other', body: 'other body' }, 'ext-state-2'),
  ]);
  const [gone, other] = await store.getObservations([ids[0]!, ids[1]!]);
  // The state as the extractor writes it: recent call signatures and pending error lines quote the call.
  const state = (quoted: string) =>
    JSON.stringify({ v: 1, n: 3, recent: [{ t: 'Bash', s: `deploy ${quoted}`, ok: false, n: 3 }], errors: [{ t: 'Bash', k: `cmd:deploy ${quoted}`, n: 3, d: `Bash deploy: ${quoted} unreachable` }] });
  const raw = openSqlite(path);
  raw.prepare('UPDATE sessions SET state = ? WHERE id = ?').run(state(marker), gone!.sessionId);
  raw.prepare('UPDATE sessions SET state = ? WHERE id = ?').run(state('keptcall'), other!.sessionId);
  raw.close();
  assert.ok(filesHolding(dir, marker).length > 0, 'the marker was written');

  assert.equal(await store.forget({ ids: [gone!.id] }), 1);
  try {
    assert.deepEqual(filesHolding(dir, marker), [], 'the forgotten text is still in these files');
    assert.equal(await store.sessionState(gone!.sessionId), undefined, 'the state is reset');
    assert.match(JSON.stringify(await store.sessionState(other!.sessionId)), /keptcall/, 'another session keeps its state');
    // The session goes on: the next call starts from a fresh state.
    await store.ingest([ev({ title: 'Edited after forget', body: 'later' }, 'ext-state-1')]);
    assert.deepEqual(await store.check(), []);
  } finally {
    await store.close();
  }
});
