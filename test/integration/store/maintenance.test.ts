/**
 * Deferred maintenance (store/sqlite/maintenance): opening a v4 store the way a hook does migrates it
 * to v5 without touching every row; the two indexes and the observation_files backfill wait, pending,
 * for a non-hook process, which runs them in chunks that survive interruption and concurrent writers.
 * Search filters answer the same rows before, during and after.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';
import { planFilters, type FilterPlan } from '../../../src/store/sqlite/filters.ts';
import { pendingSteps, stepDone } from '../../../src/store/sqlite/maintenance.ts';
import { HalfAppliedMigration, LATEST_VERSION, redoHalfApplied } from '../../../src/store/sqlite/migrations.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import type { SearchFilters } from '../../../src/store/store.ts';
import { obs } from '../search/helpers.ts';
import { cliJson, runCli, runHook, tempDir, validPayload } from '../hooks/helpers.ts';
import { downgradeToV4 } from './v4-store.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'mnemo-maint-'));
const types = ['error', 'change', 'discovery', 'command'] as const;

function filesOf(i: number): string[] {
  if (i % 6 === 0) return ['/p/src/db/pool.ts', '/p/README.md'];
  if (i % 6 === 1) return ['/q/lib/pool.ts'];
  if (i % 6 === 2) return [`/p/src/mod${i}.ts`];
  return [];
}

/** Ingest `n` observations (the real path: triggers, full-text index) into `path`, with events on every 7th. */
async function fill(path: string, n: number, from = 0): Promise<void> {
  const store = SqliteStore.open({ path, busyTimeoutMs: 1000 });
  try {
    await store.ingest(
      Array.from({ length: n }, (_, k) => {
        const i = from + k;
        return obs({ title: `${i % 3 ? 'pool' : 'cache'} step ${i}`, body: 'connection pool checkout', type: types[i % 4]!, files: filesOf(i) }, { externalSessionId: `s-${Math.floor(i / 60)}` });
      }),
    );
  } finally {
    await store.close();
  }
  const db = openSqlite(path);
  db.prepare("INSERT INTO events (obs_id, session_id, type, category, priority, data, created_at) SELECT id, session_id, 'error_resolved', 'error', 2, '{}', created_at FROM observations WHERE id % 7 = 0 AND id > ?").run(from);
  db.close();
}

async function v4Store(n: number): Promise<string> {
  const path = join(tmp(), 'm.db');
  await fill(path, n);
  downgradeToV4(path);
  return path;
}

/** observation_files as it should be: every string path of every row, keyed by its last component. */
function expectedFiles(db: SqliteDb): string[] {
  const rows = db.prepare('SELECT id, files FROM observations ORDER BY id').all() as { id: number; files: string }[];
  const out = new Set<string>();
  for (const r of rows) for (const f of JSON.parse(r.files) as string[]) out.add(`${f.slice(f.lastIndexOf('/') + 1)}|${r.id}|${f}`);
  return [...out].sort();
}
const actualFiles = (db: SqliteDb): string[] =>
  (db.prepare("SELECT name || '|' || obs_id || '|' || path FROM observation_files").pluck().all() as string[]).sort();
const count = (db: SqliteDb, sql: string): number => db.prepare(sql).pluck().get() as number;
const hasIndexAt = (path: string, name: string): boolean => {
  const db = openSqlite(path, { readonly: true });
  try {
    return hasIndex(db, name);
  } finally {
    db.close();
  }
};
const hasIndex = (db: SqliteDb, name: string): boolean => !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?").get(name);

interface Row {
  id: number;
  type: string;
  files: string;
}
type Case = [SearchFilters, (r: Row, evented: Set<number>) => boolean];
const touches = (r: Row, suffix: string) => (JSON.parse(r.files) as string[]).some((f) => f.toLowerCase().endsWith(suffix.toLowerCase()));
const CASES: Case[] = [
  [{ types: ['error', 'command'] }, (r) => r.type === 'error' || r.type === 'command'],
  [{ eventTypes: ['error_resolved'] }, (r, ev) => ev.has(r.id)],
  [{ file: 'src/db/pool.ts' }, (r) => touches(r, '/src/db/pool.ts')],
  [{ file: 'POOL.ts' }, (r) => touches(r, '/pool.ts')],
  [{ file: '/q/lib/pool.ts', types: ['change'] }, (r) => touches(r, '/q/lib/pool.ts') && r.type === 'change'],
];

/**
 * Every case planned on `db` (sets allowed up to any size) returns exactly the matching rows; and
 * whether a filter became an id set follows whether its step is done. Returns how many filters were sets.
 */
function checkFilters(db: SqliteDb): number {
  const rows = db.prepare('SELECT id, type, files FROM observations').all() as Row[];
  const evented = new Set(db.prepare("SELECT obs_id FROM events WHERE type = 'error_resolved'").pluck().all() as number[]);
  const matching = new Set(db.prepare(`SELECT rowid FROM observations_fts WHERE observations_fts MATCH '"pool"'`).pluck().all() as number[]);
  let sets = 0;
  for (const [filters, keep] of CASES) {
    const expected = rows.filter((r) => matching.has(r.id) && keep(r, evented)).map((r) => r.id).sort((a, b) => a - b);
    assert.ok(expected.length > 0, `${JSON.stringify(filters)} selects something`);
    const plan: FilterPlan = planFilters(db as never, filters, () => rows.length, 600, 1e9);
    const conditions = [...plan.rowid, ...plan.join].map((c) => ` AND ${c}`).join('');
    const joined = plan.join.length ? ' JOIN observations o ON o.id = observations_fts.rowid' : '';
    const got = db.prepare(`SELECT observations_fts.rowid FROM observations_fts${joined} WHERE observations_fts MATCH @match${conditions} ORDER BY 1`).pluck().all({ ...plan.params, match: '"pool"' });
    assert.deepEqual(got, expected, JSON.stringify(filters));
    const setSql = plan.rowid.join(' ');
    assert.equal(setSql.includes('observation_files'), !!filters.file && stepDone(db as never, 'observation_files'), `${JSON.stringify(filters)}: file set only once backfilled`);
    assert.equal(/FROM observations WHERE type/.test(setSql), !!filters.types && stepDone(db as never, 'observations_type'), `${JSON.stringify(filters)}: type set only once indexed`);
    assert.equal(setSql.includes('FROM events'), !!filters.eventTypes && stepDone(db as never, 'events_type_obs'), `${JSON.stringify(filters)}: event set only once indexed`);
    sets += plan.rowid.length ? 1 : 0;
  }
  return sets;
}

test('a new store gets everything at once; a v4 store without observations too', async () => {
  const fresh = join(tmp(), 'm.db');
  await SqliteStore.open({ path: fresh, busyTimeoutMs: 1000 }).close();
  const emptyV4 = join(tmp(), 'm.db');
  await SqliteStore.open({ path: emptyV4, busyTimeoutMs: 1000 }).close();
  downgradeToV4(emptyV4);
  assert.equal(hasIndexAt(emptyV4, 'observations_type'), false);
  await SqliteStore.open({ path: emptyV4, busyTimeoutMs: 1000 }).close();
  for (const path of [fresh, emptyV4]) {
    const db = openSqlite(path);
    assert.equal(db.pragma('user_version', { simple: true }), LATEST_VERSION);
    assert.deepEqual(pendingSteps(db as never), []);
    assert.ok(hasIndex(db, 'observations_type') && hasIndex(db, 'events_type_obs'));
    db.close();
  }
});

test('a hook-style open migrates a v4 store to v5 without O(n) work: the steps are pending, nothing is backfilled, new rows are kept', async () => {
  const path = await v4Store(300);
  const before = openSqlite(path);
  const maxId = count(before, 'SELECT max(id) FROM observations');
  before.close();

  const store = SqliteStore.open({ path, busyTimeoutMs: 1000 }); // as hooks/with-store does
  const db = openSqlite(path);
  try {
    assert.equal(db.pragma('user_version', { simple: true }), LATEST_VERSION);
    assert.deepEqual(
      pendingSteps(db as never).map((p) => [p.step, p.cursor, p.target]),
      [['observations_type', 0, maxId], ['events_type_obs', 0, maxId], ['observation_files', 0, maxId], ['observations_team', 0, maxId], ['fts_narration', 0, maxId]],
    );
    assert.equal(count(db, 'SELECT count(*) FROM observation_files'), 0, 'no backfill on open');
    assert.equal(hasIndex(db, 'observations_type'), false);
    assert.equal(hasIndex(db, 'events_type_obs'), false);
    assert.equal(checkFilters(db), 0, 'no filter of these three is a set before maintenance');

    // A hook writing through the migrated store: the trigger keeps the new row's files.
    await store.ingest([obs({ title: 'pool new', body: 'x', files: ['/n/a.ts', '/n/b/c.ts'] }, { externalSessionId: 'new' })]);
    assert.deepEqual(actualFiles(db), [`a.ts|${maxId + 1}|/n/a.ts`, `c.ts|${maxId + 1}|/n/b/c.ts`]);
  } finally {
    db.close();
    await store.close();
  }
});

test('maintenance in chunks: resumes after a reopen, is idempotent, loses nothing written meanwhile, and filters stay right throughout', async () => {
  const path = await v4Store(300);
  await SqliteStore.open({ path, busyTimeoutMs: 1000 }).close();
  const reader = openSqlite(path); // another connection: sees the steps finish through data_version
  reader.pragma('foreign_keys = ON');
  try {
    assert.equal(checkFilters(reader), 0);
    // Both indexes, then one backfill chunk of 40 rows; then the process "stops".
    let store = SqliteStore.open({ path, busyTimeoutMs: 1000 });
    const first = store.maintain({ maxChunks: 3, chunkRows: 40 });
    await store.close();
    assert.deepEqual(first.completed, ['observations_type', 'events_type_obs']);
    const [fill1] = pendingSteps(reader as never);
    assert.equal(fill1?.step, 'observation_files');
    assert.ok(fill1!.cursor > 0 && fill1!.cursor < fill1!.target, `cursor ${fill1?.cursor} part-way`);
    assert.ok(hasIndex(reader, 'observations_type') && hasIndex(reader, 'events_type_obs'));
    assert.equal(checkFilters(reader), 3, 'filters with types or event types are sets now, files alone still rows');
    const doneSoFar = count(reader, `SELECT count(DISTINCT obs_id) FROM observation_files`);
    assert.ok(doneSoFar > 0 && doneSoFar < count(reader, 'SELECT count(*) FROM observations WHERE files <> \'[]\''));

    // Writers meanwhile: new rows (kept by the trigger), a deleted row behind the cursor and one ahead.
    await fill(path, 50, 300);
    for (const id of [1, fill1!.target - 1]) {
      reader.prepare('DELETE FROM observations WHERE id = ?').run(id);
      reader.prepare('DELETE FROM observations_fts WHERE rowid = ?').run(id);
    }

    store = SqliteStore.open({ path, busyTimeoutMs: 1000 });
    let chunks = 0;
    while (store.maintain({ maxChunks: 1, chunkRows: 40 }).chunks) {
      chunks++;
      assert.equal(checkFilters(reader), pendingSteps(reader as never).some((p) => p.step === 'observation_files') ? 3 : CASES.length); // right between chunks too
    }
    assert.ok(chunks >= 5, `${chunks} chunks of 40 rows for the rest of 300`);
    assert.deepEqual(pendingSteps(reader as never), []);
    assert.deepEqual(actualFiles(reader), expectedFiles(reader));
    assert.equal(checkFilters(reader), CASES.length, 'every filter is a set once the steps are done');

    // Idempotent: nothing left to do, and a backfill run again over every row changes nothing.
    assert.equal(store.maintain().chunks, 0);
    const rowsBefore = actualFiles(reader);
    reader.prepare("INSERT INTO maintenance (step, cursor, target) VALUES ('observation_files', 0, ?)").run(count(reader, 'SELECT max(id) FROM observations'));
    assert.ok(store.maintain({ chunkRows: 100 }).completed.includes('observation_files'));
    assert.deepEqual(actualFiles(reader), rowsBefore);
    await store.close();
  } finally {
    reader.close();
  }
});

test('a process killed in the middle of maintenance leaves the store consistent; the next run finishes the job', async () => {
  const path = await v4Store(400);
  await SqliteStore.open({ path, busyTimeoutMs: 1000 }).close();
  const script = join(tmp(), 'maintain.ts');
  const src = resolve('src/store/sqlite/sqlite-store.ts');
  writeFileSync(
    script,
    `import { SqliteStore } from ${JSON.stringify(src)};
     const store = SqliteStore.open({ path: process.env.DB, busyTimeoutMs: 1000 });
     // One chunk per go-ahead, so the parent's kill lands within a chunk or two of where it means to.
     process.on('message', () => store.maintain({ maxChunks: 1, chunkRows: 5 }) && process.send('chunk'));
     process.send('ready');`,
  );
  const env: NodeJS.ProcessEnv = { ...process.env, DB: path };
  delete env.NODE_EXTRA_CA_CERTS;
  const child = fork(script, { env, execArgv: ['--import', 'tsx'] });
  let messages = 0;
  await new Promise<void>((res) => {
    child.on('message', () => {
      child.send('go');
      // Killed without warning while it runs the next chunk.
      if (++messages === 6) child.kill('SIGKILL');
    });
    child.on('exit', () => res());
  });
  assert.ok(messages >= 6);
  const db = openSqlite(path);
  try {
    const [left] = pendingSteps(db as never);
    assert.equal(left?.step, 'observation_files', 'killed with the backfill part-way');
    assert.deepEqual(db.pragma('integrity_check', { simple: true }), 'ok');
    // What the killed process committed is a prefix of the job, exactly.
    const prefix = expectedFiles(db).filter((k) => Number(k.split('|')[1]) <= left!.cursor);
    assert.deepEqual(actualFiles(db), prefix);
    const store = SqliteStore.open({ path, busyTimeoutMs: 1000 });
    assert.deepEqual(store.maintain().pending, []);
    await store.close();
    assert.deepEqual(actualFiles(db), expectedFiles(db));
  } finally {
    db.close();
  }
});

test('an index of a deferred step found on a v4 store is a half-applied migration, and doctor --repair redoes it', async () => {
  const path = await v4Store(30);
  const db = openSqlite(path);
  db.exec('CREATE INDEX observations_type ON observations(type)');
  assert.throws(() => SqliteStore.open({ path, busyTimeoutMs: 1000 }), (e: unknown) => e instanceof HalfAppliedMigration && e.present.includes('observations_type'));
  assert.ok(redoHalfApplied(db as never) instanceof HalfAppliedMigration);
  assert.equal(db.pragma('user_version', { simple: true }), LATEST_VERSION);
  assert.equal(hasIndex(db, 'observations_type'), false, 'dropped, then left to maintenance');
  assert.equal(pendingSteps(db as never).length, 5);
  db.close();
});

test('the real hooks leave the work pending; a CLI command runs it; doctor reports it as info', async () => {
  const dir = tempDir('mnemo-maint-hooks-');
  const cwd = tempDir('mnemo-maint-cwd-');
  const path = join(dir, 'mnemo.db');
  await fill(path, 120);
  // Ended sessions: an abandoned one would start a background `mnemo summarize`, whose store open
  // takes a slice of the maintenance this test expects doctor to find.
  const w = openSqlite(path);
  w.exec("UPDATE sessions SET ended_at = started_at, end_reason = 'other'");
  w.close();
  downgradeToV4(path);
  const start = await runHook('SessionStart', validPayload('SessionStart', 'after-upgrade', cwd), { dataDir: dir, cwd });
  assert.equal(start.code, 0, start.stderr);
  const db = openSqlite(path, { readonly: true });
  try {
    assert.equal(db.pragma('user_version', { simple: true }), LATEST_VERSION);
    assert.equal(pendingSteps(db as never).length, 5, 'SessionStart migrated but did not backfill');
    assert.equal(count(db, 'SELECT count(*) FROM observation_files'), 0);

    const doctor = await runCli(['doctor', '--json'], dir, cwd);
    const checks = (JSON.parse(doctor.stdout) as { checks: { name: string; ok: boolean; detail: string }[] }).checks;
    const m = checks.find((c) => c.name === 'maintenance');
    assert.ok(m?.ok && /observation_files/.test(m.detail), JSON.stringify(m));
    assert.deepEqual(pendingSteps(db as never), []);
    assert.deepEqual(actualFiles(db), expectedFiles(db));
    const again = JSON.parse((await runCli(['doctor', '--json'], dir, cwd)).stdout) as { checks: { name: string; detail: string }[] };
    assert.equal(again.checks.find((c) => c.name === 'maintenance')?.detail, 'nothing pending');
  } finally {
    db.close();
  }
});

test('a one-off CLI command takes a slice of the pending work', async () => {
  const dir = tempDir('mnemo-maint-cli-');
  const path = join(dir, 'mnemo.db');
  await fill(path, 60);
  downgradeToV4(path);
  await SqliteStore.open({ path, busyTimeoutMs: 1000 }).close();
  const hits = await cliJson<{ id: number }[]>(['search', 'pool', '--json'], dir);
  assert.ok(hits.length > 0);
  const db = openSqlite(path, { readonly: true });
  try {
    assert.deepEqual(pendingSteps(db as never), [], 'a small store is done within one command');
    assert.deepEqual(actualFiles(db), expectedFiles(db));
  } finally {
    db.close();
  }
});
