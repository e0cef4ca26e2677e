// `mnemo import claude-code` with capture threads: the store they leave is the one a single-thread
// import leaves (sessions stored before included, where the extraction worked out ahead does not
// apply), a worker that cannot start or dies mid-group loses nothing it did not say it lost, and the
// built CLI runs its bundled worker.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { importClaudeCode, type ImportReport } from '../../../src/import/claude-code-import.ts';
import { captureGroups, type CaptureItem } from '../../../src/import/claude-code/capture-pool.ts';
import { findTranscripts } from '../../../src/import/claude-code/transcript-files.ts';
import { cleanup, cliProcess, FIXTURES, tempDir } from './helpers.ts';

after(cleanup);

const LIMITS = { maxInputChars: 2000, maxOutputChars: 4000 };

async function importInto(dir: string, root: string, workers: number): Promise<ImportReport> {
  const store = SqliteStore.open({ path: join(dir, 'mnemo.db'), busyTimeoutMs: 5000 });
  try {
    return await importClaudeCode(store, { root, limits: LIMITS, openWithinMs: 2 * 3600_000, workers });
  } finally {
    await store.close();
  }
}

/** Everything an import decides, independent of row ids and of the order threads finished in. */
function storeContent(dir: string): { observations: unknown[]; sessions: unknown[]; summaries: unknown[] } {
  const db = openSqlite(join(dir, 'mnemo.db'), { readonly: true });
  try {
    const observations = db
      .prepare(
        `SELECT o.uid, s.external_id AS session, o.kind, o.type, o.title, o.body, o.tags, o.priority, o.files, o.created_at,
           (SELECT group_concat(e.type || ':' || e.priority || ':' || e.data, '|') FROM (SELECT * FROM events WHERE obs_id = o.id ORDER BY id) e) AS events
         FROM observations o JOIN sessions s ON s.id = o.session_id ORDER BY o.uid`,
      )
      .all();
    const sessions = db.prepare('SELECT external_id, project, branch, state, started_at, ended_at, end_reason FROM sessions ORDER BY external_id').all();
    const summaries = db
      .prepare('SELECT s.external_id, m.brief, m.detailed, m.language, m.observation_count FROM summaries m JOIN sessions s ON s.id = m.session_id ORDER BY s.external_id')
      .all();
    return { observations, sessions, summaries };
  } finally {
    db.close();
  }
}

const counts = (r: ImportReport) => ({ files: r.files, sessions: r.sessions, events: r.events, toolCalls: r.toolCalls, observations: r.observations, duplicates: r.duplicates, summaries: r.summaries, failures: r.failures });

test('capture threads leave the store a single-thread import leaves', async () => {
  const one = tempDir('one-thread');
  const two = tempDir('two-workers');
  const a = await importInto(one, FIXTURES, 0);
  const b = await importInto(two, FIXTURES, 2);
  assert.ok(a.observations > 100, `the fixtures hold observations (${a.observations})`);
  assert.deepEqual(counts(b), counts(a));
  assert.deepEqual(storeContent(two), storeContent(one));
  // And re-importing through workers adds nothing.
  const again = await importInto(two, FIXTURES, 2);
  assert.equal(again.observations, 0);
  assert.equal(again.duplicates, a.observations);
});

test('sessions stored before the import get the extraction their stored state calls for, not the one worked out ahead', async () => {
  // A transcript whose first half was already imported (or recorded by live hooks): its session has
  // an extraction state, so the threads' extraction from an empty state must not be used.
  const file = join(FIXTURES, 'DRMacIver-claude-reliability', 'python-to-rust-port', 'transcript.jsonl');
  const lines = readFileSync(file, 'utf8').split('\n');
  const half = tempDir('half');
  writeFileSync(join(half, 'transcript.jsonl'), lines.slice(0, Math.floor(lines.length / 2)).join('\n') + '\n');
  const whole = tempDir('whole');
  cpSync(FIXTURES, whole, { recursive: true });

  const one = tempDir('seq-one-thread');
  const two = tempDir('seq-workers');
  await importInto(one, half, 0);
  await importInto(two, half, 0);
  // As if live hooks had seen calls the transcript does not hold: the stored state is not the one
  // the threads reach by replaying the transcript.
  for (const dir of [one, two]) {
    const db = openSqlite(join(dir, 'mnemo.db'));
    const changed = db.prepare("UPDATE sessions SET state = json_set(state, '$.n', json_extract(state, '$.n') + 1000) WHERE state IS NOT NULL").run().changes;
    db.close();
    assert.equal(changed, 1, 'the half session has an extraction state');
  }
  const a = await importInto(one, whole, 0);
  const b = await importInto(two, whole, 2);
  assert.ok(a.observations > 0 && a.duplicates > 0);
  assert.deepEqual(counts(b), counts(a));
  assert.deepEqual(storeContent(two), storeContent(one));
});

async function collect(items: AsyncGenerator<CaptureItem>): Promise<{ events: number; done: number; failures: string[] }> {
  let events = 0;
  let done = 0;
  const failures: string[] = [];
  for await (const it of items) {
    if (it.kind === 'events') events += it.events.length;
    else {
      done++;
      if (it.failure !== undefined) failures.push(it.failure);
    }
  }
  return { events, done, failures };
}

test('workers that cannot start hand every group back to the importing thread', async () => {
  const groups = findTranscripts(FIXTURES);
  const inThread = await collect(captureGroups(groups, { limits: LIMITS, workers: 0 }));
  const dir = tempDir('no-worker');
  const missing = pathToFileURL(join(dir, 'no-such-worker.mjs'));
  const r = await collect(captureGroups(groups, { limits: LIMITS, workers: 2, entry: missing }));
  assert.deepEqual(r, inThread);
  assert.equal(r.done, groups.length);
});

test('a worker that dies mid-group fails that group only; the rest is captured', async () => {
  const groups = findTranscripts(FIXTURES);
  const dir = tempDir('dying-worker');
  const entry = join(dir, 'dying-worker.mjs');
  // Posts one event of the first group it is given, then dies.
  writeFileSync(
    entry,
    `import { parentPort } from 'node:worker_threads';
     parentPort.on('message', (m) => {
       if (m.type !== 'group') return;
       parentPort.postMessage({ type: 'events', index: m.index, events: [{ hook: 'UserPromptSubmit', sessionId: 'x', at: 1 }], bytes: 10 });
       setTimeout(() => process.exit(3), 20);
     });`,
  );
  const inThread = await collect(captureGroups(groups, { limits: LIMITS, workers: 0 }));
  const r = await collect(captureGroups(groups, { limits: LIMITS, workers: 1, entry: pathToFileURL(entry) }));
  assert.equal(r.done, groups.length, 'every group is accounted for');
  assert.equal(r.failures.length, 1);
  assert.match(r.failures[0]!, /capture worker failed: exited with code 3/);
  // The failed group's one event arrived; every other group was captured whole in this thread.
  assert.ok(r.events > 1 && r.events < inThread.events + 1, `${r.events} of ${inThread.events}`);
});

test('the built CLI imports through its bundled worker, and rejects a bad --workers', async () => {
  const one = tempDir('cli-one');
  const two = tempDir('cli-workers');
  const a = await cliProcess(['import', 'claude-code', FIXTURES, '--workers', '0', '--json'], one);
  const b = await cliProcess(['import', 'claude-code', FIXTURES, '--workers', '2', '--json'], two);
  assert.equal(a.code, 0, a.err);
  assert.equal(b.code, 0, b.err);
  const ra = JSON.parse(a.out) as ImportReport;
  const rb = JSON.parse(b.out) as ImportReport;
  assert.deepEqual(counts(rb), counts(ra));
  assert.deepEqual(storeContent(two), storeContent(one));

  const bad = await cliProcess(['import', 'claude-code', FIXTURES, '--workers', 'many'], tempDir('cli-bad'));
  assert.equal(bad.code, 2);
  assert.match(bad.err, /--workers takes a number of threads/);
});
