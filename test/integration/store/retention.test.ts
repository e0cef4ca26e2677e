/**
 * Retention (store/sqlite/retention): the age limit and the size cap delete the oldest observations
 * with everything derived from them, nothing newer, no more than asked, in bounded runs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';
import { resolveConfig } from '../../../src/config/config.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { retentionPolicy, usedBytes } from '../../../src/store/sqlite/retention.ts';
import { pruneLockPath, RETAIN_TIMINGS, retainSlice } from '../../../src/store/retain.ts';
import { runCli, tempDir } from '../hooks/helpers.ts';
import type { CapturedEvent } from '../../../src/core/types.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 29);
let n = 0;

function ev(at: number, session: string, title: string, body: string): CapturedEvent {
  n++;
  return {
    uid: `uid-${n}-${Math.random()}`,
    at,
    event: 'PostToolUse',
    platform: 'claude-code',
    externalSessionId: session,
    place: { project: '/proj/a' },
    observation: { kind: 'tool', type: 'change', title, body, files: [], private: false },
  } as CapturedEvent;
}

const tmp = () => mkdtempSync(join(tmpdir(), 'mnemo-retention-'));
const count = (path: string, sql: string, ...args: unknown[]) => {
  const db = openSqlite(path, { readonly: true });
  try {
    return db.prepare(sql).pluck().get(...args) as number;
  } finally {
    db.close();
  }
};

test('the age limit deletes older observations with their events, vectors, index terms and empty sessions; newer ones stay', async () => {
  const dir = tmp();
  const path = join(dir, 'm.db');
  const store = SqliteStore.open({ path, busyTimeoutMs: 1000 });
  // Ten sessions, one every ten days back, each with 30 observations carrying its marker. Each
  // write holds one row of every session, so old and new rows share the index's segments (an old
  // segment dropped whole would hide a merge that does not happen).
  const startOf = (s: number) => NOW - s * 10 * DAY - DAY;
  // Distinct first letters: the index stores a term after the prefix it shares with the previous one.
  const marker = (s: number) => `${'abcdefghij'[s]}${'klmnopqrst'[s]}agemarker${s}zq`;
  for (let k = 0; k < 30; k++) {
    await store.ingest(Array.from({ length: 10 }, (_, s) => ev(startOf(s) + k, `s${s}`, `Edited file ${s}-${k}`, `change ${k} of session ${s} ${marker(s)}`)));
  }
  for (let s = 0; s < 10; s++) await store.endSession((await store.getSessionByExternalId('claude-code', `s${s}`))!.id, 'exit', startOf(s) + 100);
  const raw = openSqlite(path);
  raw.pragma('foreign_keys = ON');
  const ids = raw.prepare('SELECT id, session_id FROM observations').all() as { id: number; session_id: number }[];
  const addEvent = raw.prepare("INSERT INTO events (obs_id, session_id, type, category, priority, data, created_at) VALUES (?, ?, 'note', 'note', 3, '{}', 0)");
  const addVector = raw.prepare("INSERT INTO obs_vectors (obs_id, model, q) VALUES (?, 'test', x'00')");
  for (const r of ids) (addEvent.run(r.id, r.session_id), addVector.run(r.id));
  raw.close();

  assert.equal(store.retentionDue({ maxAgeMs: 200 * DAY }), false, 'nothing is that old');
  assert.equal(store.retentionDue({ maxAgeMs: 45 * DAY }), true);
  const report = store.prune({ maxAgeMs: 45 * DAY }, { now: NOW, batch: 64 });
  await store.close();

  // Sessions 0-4 started 1..41 days ago (kept); 5-9 started 51..91 days ago (gone).
  assert.equal(report.byAge, 5 * 30);
  assert.equal(report.sessions, 5);
  assert.equal(report.complete, true);
  assert.equal(count(path, 'SELECT count(*) FROM observations'), 5 * 30);
  assert.equal(count(path, 'SELECT count(*) FROM observations WHERE created_at < ?', NOW - 45 * DAY), 0);
  assert.equal(count(path, 'SELECT count(*) FROM events'), 5 * 30, 'events went with their observations');
  assert.equal(count(path, 'SELECT count(*) FROM obs_vectors'), 5 * 30, 'vectors went with their observations');
  assert.equal(count(path, 'SELECT count(*) FROM sessions'), 5);
  const files = readdirSync(dir).map((f) => readFileSync(join(dir, f)));
  for (let s = 0; s < 10; s++) {
    assert.equal(files.some((b) => b.includes(marker(s).slice(1))), s < 5, `session ${s}'s text ${s < 5 ? 'was lost' : 'lingers in the file'}`);
  }
  const again = SqliteStore.open({ path, busyTimeoutMs: 1000 });
  try {
    assert.deepEqual(await again.check(), []);
    assert.equal((await again.search({ query: marker(7) })).length, 0);
    assert.equal((await again.search({ query: marker(2), limit: 100 })).length, 30);
  } finally {
    await again.close();
  }
});

test('the size cap deletes the oldest observations until the database is under it, and not far past that', async () => {
  const path = join(tmp(), 'm.db');
  const store = SqliteStore.open({ path, busyTimeoutMs: 1000 });
  const words = 'pool connection retry backoff cache render layout schema migration index query token parser'.split(' ');
  for (let b = 0; b < 20; b++) {
    await store.ingest(
      Array.from({ length: 100 }, (_, k) => {
        const i = b * 100 + k;
        const body = Array.from({ length: 120 }, (_, w) => `${words[(i + w) % words.length]}${(i * 7 + w) % 97}`).join(' ');
        return ev(NOW - (2000 - i) * 60_000, `s${b}`, `Edited module ${i}`, body);
      }),
    );
  }
  const before = count(path, 'SELECT count(*) FROM observations');
  const db = openSqlite(path, { readonly: true });
  const used = usedBytes(db);
  db.close();
  const cap = Math.floor(used / 2);
  assert.equal(store.retentionDue({ maxBytes: used * 2 }), false);
  assert.equal(store.retentionDue({ maxBytes: cap }), true);
  const report = store.prune({ maxBytes: cap }, { now: NOW });
  await store.close();

  const left = count(path, 'SELECT count(*) FROM observations');
  const check = openSqlite(path, { readonly: true });
  const after = usedBytes(check);
  const newestGone = before - left;
  // The survivors are exactly the newest `left` rows: ids were given in time order.
  const oldestLeft = check.prepare('SELECT min(id) FROM observations').pluck().get() as number;
  const maxId = check.prepare('SELECT max(id) FROM observations').pluck().get() as number;
  check.close();
  assert.ok(after <= cap, `uses ${after} bytes, cap ${cap}`);
  assert.equal(report.bySize, newestGone);
  assert.equal(report.complete, true);
  assert.equal(maxId - oldestLeft + 1, left, 'only the oldest rows went');
  // Pruned to ~90 % of a cap at half the size: about half the rows stay. A third is a generous floor.
  assert.ok(left >= before / 3, `kept ${left} of ${before}: pruned far past the cap`);
  assert.ok(left < before, 'something was pruned');
});

test('a run stops after maxRows and says so; the next run continues', async () => {
  const path = join(tmp(), 'm.db');
  const store = SqliteStore.open({ path, busyTimeoutMs: 1000 });
  try {
    await store.ingest(Array.from({ length: 250 }, (_, i) => ev(NOW - 100 * DAY + i, 's', `old ${i}`, 'old body')));
    await store.ingest(Array.from({ length: 10 }, (_, i) => ev(NOW - DAY + i, 's', `new ${i}`, 'new body')));
    const first = store.prune({ maxAgeMs: 30 * DAY }, { now: NOW, maxRows: 100, batch: 30 });
    assert.deepEqual([first.byAge, first.complete], [100, false]);
    const second = store.prune({ maxAgeMs: 30 * DAY }, { now: NOW, maxRows: 1000 });
    assert.deepEqual([second.byAge, second.complete], [150, true]);
    assert.equal(store.retentionDue({ maxAgeMs: 30 * DAY }), false);
    assert.equal((await store.listSessions({}))[0]?.observationCount, 10);
  } finally {
    await store.close();
  }
});

test('a cap below what an empty store uses deletes every observation once, then is no longer due', async () => {
  const store = SqliteStore.open({ path: join(tmp(), 'm.db'), busyTimeoutMs: 1000 });
  try {
    await store.ingest(Array.from({ length: 30 }, (_, i) => ev(NOW - i, 's', `row ${i}`, 'body')));
    assert.equal(store.retentionDue({ maxBytes: 1 }), true);
    const r = store.prune({ maxBytes: 1 }, { now: NOW });
    assert.deepEqual([r.bySize, r.complete], [30, false]);
    assert.equal(store.retentionDue({ maxBytes: 1 }), false, 'nothing left to delete: SessionEnd starts no more runs');
  } finally {
    await store.close();
  }
});

test('settings: MNEMO_RETENTION_DAYS and MNEMO_MAX_DB_MB, config.json, defaults off, bad values ignored', () => {
  const dir = tmp();
  const off = resolveConfig({ MNEMO_DATA_DIR: dir });
  assert.deepEqual([off.retentionDays, off.maxDbMb], [0, 0]);
  assert.deepEqual(retentionPolicy(off), {});
  const env = resolveConfig({ MNEMO_DATA_DIR: dir, MNEMO_RETENTION_DAYS: '90', MNEMO_MAX_DB_MB: '512' });
  assert.deepEqual(retentionPolicy(env), { maxAgeMs: 90 * DAY, maxBytes: 512 * 1024 * 1024 });
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ retentionDays: 30, maxDbMb: 100 }));
  const file = resolveConfig({ MNEMO_DATA_DIR: dir });
  assert.deepEqual([file.retentionDays, file.maxDbMb], [30, 100]);
  assert.equal(resolveConfig({ MNEMO_DATA_DIR: dir, MNEMO_RETENTION_DAYS: '7' }).retentionDays, 7, 'the environment wins');
  assert.equal(resolveConfig({ MNEMO_DATA_DIR: dir, MNEMO_RETENTION_DAYS: 'soon' }).retentionDays, 30, 'a value that is not a number is skipped');
  assert.equal(resolveConfig({ MNEMO_DATA_DIR: dir, MNEMO_MAX_DB_MB: '-5' }).maxDbMb, 0, 'negative is clamped to off');
});

test('doctor reports retention as info: off, then the policy and whether a run is due', async () => {
  const dataDir = tempDir('mnemo-retention-doctor-');
  const store = SqliteStore.open({ path: join(dataDir, 'mnemo.db'), busyTimeoutMs: 1000 });
  const now = Date.now();
  await store.ingest([...Array.from({ length: 20 }, (_, i) => ev(now - 100 * DAY + i, 'old', `old ${i}`, 'old body')), ev(now - 1000, 'new', 'new', 'new body')]);
  await store.close();
  const doctor = async () => {
    const r = await runCli(['doctor', '--json'], dataDir);
    const out = JSON.parse(r.stdout) as { healthy: boolean; checks: { name: string; ok: boolean; detail: string }[] };
    const line = out.checks.find((c) => c.name === 'retention');
    assert.ok(line, `no retention line: ${r.stdout}`);
    assert.equal(line.ok, true, 'retention is never a failure');
    return { line, healthy: out.healthy, code: r.code };
  };
  assert.match((await doctor()).line.detail, /^off\b/);
  writeFileSync(join(dataDir, 'config.json'), JSON.stringify({ retentionDays: 30, maxDbMb: 200 }));
  const due = await doctor();
  assert.match(due.line.detail, /older than 30 day\(s\)/);
  assert.match(due.line.detail, /more than 200 MB/);
  assert.match(due.line.detail, /a run is due/);
  assert.deepEqual([due.healthy, due.code], [true, 0], 'a due run does not make the store unhealthy');
  assert.equal((await runCli(['prune'], dataDir)).code, 0);
  assert.match((await doctor()).line.detail, /nothing due$/);
});

test('the MCP server\'s slice: bounded, continues while work is left, gives way to a running prune, logs a failure instead of throwing', async () => {
  const dataDir = tmp();
  const cfg = { ...resolveConfig({ MNEMO_DATA_DIR: dataDir }), retentionDays: 30 };
  const store = SqliteStore.open({ path: join(dataDir, 'm.db'), busyTimeoutMs: 1000 });
  const now = Date.now();
  await store.ingest([...Array.from({ length: 25 }, (_, i) => ev(now - 100 * DAY + i, 'old', `old ${i}`, 'old body')), ev(now - 1000, 'new', 'new', 'new body')]);
  const t = { ...RETAIN_TIMINGS, maxRows: 10, batch: 4 };
  const rows = () => count(join(dataDir, 'm.db'), 'SELECT count(*) FROM observations');

  // Another prune of this data directory holds the lock: nothing is done, the lock stays theirs.
  writeFileSync(pruneLockPath(dataDir), String(process.pid)); // a live process holds it
  assert.equal(await retainSlice(store, cfg, t), false);
  assert.equal(rows(), 26);
  assert.ok(existsSync(pruneLockPath(dataDir)));
  rmSync(pruneLockPath(dataDir));

  // Another writer holds the store past the slice's wait: it gives way, asks to be run again soon, logs nothing.
  const writer = openSqlite(join(dataDir, 'm.db'));
  writer.exec('BEGIN IMMEDIATE');
  try {
    assert.equal(await retainSlice(store, cfg, { ...t, waitMs: 20 }), true, 'try again soon');
  } finally {
    writer.exec('ROLLBACK');
    writer.close();
  }
  assert.equal(rows(), 26);
  assert.ok(!existsSync(pruneLockPath(dataDir)), 'the lock is released after giving way');
  assert.doesNotMatch(existsSync(cfg.logFile) ? readFileSync(cfg.logFile, 'utf8') : '', /could not prune now/, 'a busy store is routine');

  assert.equal(await retainSlice(store, cfg, t), true, 'work left after the first slice');
  assert.equal(rows(), 16);
  assert.equal(await retainSlice(store, cfg, t), true);
  assert.equal(await retainSlice(store, cfg, t), false, 'the last slice finishes the run');
  assert.equal(rows(), 1);
  assert.equal(await retainSlice(store, cfg, t), false, 'nothing due');
  assert.ok(!existsSync(pruneLockPath(dataDir)), 'the lock is released');
  assert.match(readFileSync(cfg.logFile, 'utf8'), /retention: pruned 10 observation/);
  assert.equal(await retainSlice(store, { ...cfg, retentionDays: 0 }, t), false, 'off: no check at all');

  await store.close();
  assert.equal(await retainSlice(store, cfg, t), false, 'a closed store is logged, not thrown');
  assert.match(readFileSync(cfg.logFile, 'utf8'), /could not prune now/);
});
