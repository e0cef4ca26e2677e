/**
 * store/sqlite health, salvage and repair on small real stores: what each kind of damage is
 * classified as, and that the repair chosen for it keeps what can be kept.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { examine, planRepair, classifyIntegrityLine } from '../../../src/store/sqlite/health.ts';
import { readableRows, restoreMagic, salvageStore } from '../../../src/store/sqlite/salvage.ts';
import { repairStore } from '../../../src/store/sqlite/repair.ts';
import { HalfAppliedMigration, LATEST_VERSION, MIGRATIONS } from '../../../src/store/sqlite/migrations.ts';
import { diskSpaceCheck } from '../../../src/cli/doctor/environment.ts';
import type { CapturedEvent } from '../../../src/core/types.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'mnemo-repair-'));

function events(n: number): CapturedEvent[] {
  return Array.from({ length: n }, (_, i) => ({
    uid: `uid-${i}`,
    at: 1_700_000_000_000 + i,
    event: 'PostToolUse',
    platform: 'claude-code',
    externalSessionId: `s-${i % 3}`,
    place: { project: '/p' },
    dedupeKey: `post:t${i}`,
    observation: { kind: 'tool', type: 'command', title: `Ran make zq${i}zq`, body: `output of step ${i} `.repeat(20), files: [], toolName: 'Bash', toolUseId: `t${i}`, private: i % 10 === 0 },
  }) as CapturedEvent);
}

async function makeStore(n = 600): Promise<{ dir: string; db: string }> {
  const dir = tmp();
  const db = join(dir, 'mnemo.db');
  const store = SqliteStore.open({ path: db, busyTimeoutMs: 1000 });
  await store.ingest(events(n));
  await store.close();
  return { dir, db };
}

function leafPages(path: string, name: string): number[] {
  const db = openSqlite(path, { readonly: true });
  try {
    return db.prepare("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno").pluck().all(name) as number[];
  } finally {
    db.close();
  }
}

/** Break the b-tree page header of `page` (4096-byte pages). */
function breakPage(path: string, page: number): void {
  const buf = readFileSync(path);
  for (const b of [0, 3, 4]) buf[(page - 1) * 4096 + b]! ^= 0x5a;
  writeFileSync(path, buf);
}

function examined(path: string) {
  const db = openSqlite(path, { readonly: true });
  try {
    return examine(db);
  } finally {
    db.close();
  }
}

function ids(path: string): number[] {
  const db = openSqlite(path, { readonly: true });
  try {
    return db.prepare('SELECT id FROM observations ORDER BY id').pluck().all() as number[];
  } finally {
    db.close();
  }
}

test('integrity lines are sorted by what fixes them', () => {
  assert.deepEqual(classifyIntegrityLine('row 17 missing from index observations_time'), { kind: 'index', index: 'observations_time', detail: 'integrity: row 17 missing from index observations_time' });
  assert.equal(classifyIntegrityLine('wrong # of entries in index sessions_project').kind, 'index');
  assert.equal(classifyIntegrityLine('malformed inverted index for FTS5 table main.observations_fts').kind, 'fulltext');
  assert.equal(classifyIntegrityLine('*** in database main ***\nTree 9 page 271: btreeInitPage() returns error code 11').kind, 'damaged');
  assert.equal(planRepair([]), 'none');
  assert.equal(planRepair([{ kind: 'index', index: 'x', detail: '' }, { kind: 'fulltext', detail: '' }]), 'rebuild');
  assert.equal(planRepair([{ kind: 'index', index: 'x', detail: '' }, { kind: 'damaged', detail: '' }]), 'salvage');
});

test('readableRows steps over a damaged leaf and loses only the rows on it', async () => {
  const { db } = await makeStore();
  const all = ids(db);
  const leaves = leafPages(db, 'observations');
  breakPage(db, leaves[Math.floor(leaves.length / 2)]!);
  const conn = openSqlite(db, { readonly: true });
  const readable = all.filter((id) => {
    try {
      return conn.prepare('SELECT id FROM observations WHERE id = ?').get(id) !== undefined;
    } catch {
      return false;
    }
  });
  const got = [...readableRows(conn, 'observations', ['id', 'title'])].map((r) => r.id as number);
  conn.close();
  assert.ok(readable.length < all.length, 'the broken leaf held rows');
  assert.deepEqual(got, readable);
});

test('salvage copies the readable rows into a fresh store; repair swaps it in after a backup', async () => {
  const { dir, db } = await makeStore();
  const leaves = leafPages(db, 'observations');
  breakPage(db, leaves[1]!);
  assert.equal(planRepair(examined(db)), 'salvage');
  // A process that has the store open meanwhile (idle) must see the repaired content, not a stale file.
  const observer = openSqlite(db);
  const r = await repairStore(db, 1000);
  assert.deepEqual(r.remaining, []);
  assert.equal(r.kept.length, 1);
  assert.match(r.steps.join('\n'), /salvaged into a fresh file: sessions 3 salvaged, 0 lost; observations \d+ salvaged, [1-9]\d* lost/);
  assert.deepEqual(readdirSync(dir).filter((n) => n.includes('salvage')), [], 'no temp file left');
  const kept = ids(db);
  assert.ok(kept.length > 500 && kept.length < 600, `${kept.length} rows kept`);
  assert.equal(observer.prepare('SELECT count(*) FROM observations').pluck().get(), kept.length);
  assert.deepEqual(observer.pragma('integrity_check', { simple: true }), 'ok');
  observer.close();
  const store = SqliteStore.open({ path: db, busyTimeoutMs: 1000 });
  assert.deepEqual(await store.check(), []);
  const probe = kept.filter((id) => (id - 1) % 10 !== 0).at(-1)!;
  const hits = await store.search({ query: `zq${probe - 1}zq` });
  assert.ok(hits.some((h) => h.observation.id === probe), 'the full-text index was rebuilt over the salvaged rows');
  await store.close();
});

test('lost index entries are fixed by REINDEX, without a salvage', async () => {
  const { dir, db } = await makeStore(200);
  // Change one entry's key inside an index leaf (its page structure intact): the entry no longer
  // matches its row. Cell layout: payload-size varint, record header (size, serial types), values.
  const page = leafPages(db, 'observations_time')[0]!;
  const buf = readFileSync(db);
  const base = (page - 1) * 4096;
  assert.equal(buf[base], 0x0a, 'an index leaf page');
  const cell = base + buf.readUInt16BE(base + 8);
  assert.ok(buf[cell]! < 0x80 && buf[cell + 1] === 3 && buf[cell + 2] === 5, 'one-byte varints, a 6-byte integer key');
  buf[cell + 1 + 3 + 5]! ^= 0x01; // the low byte of created_at
  writeFileSync(db, buf);
  const before = examined(db);
  assert.equal(planRepair(before), 'rebuild', JSON.stringify(before));
  const r = await repairStore(db, 1000);
  assert.deepEqual(r.remaining, []);
  assert.match(r.steps.join('\n'), /index observations_time rebuilt \(REINDEX\)/);
  assert.doesNotMatch(r.steps.join('\n'), /salvage/);
  assert.equal(ids(db).length, 200);
  assert.equal(readdirSync(dir).filter((n) => n.startsWith('mnemo.db.backup')).length, 1);
});

test('a header without its magic string is salvaged from a restored copy; the damaged file is kept aside', async () => {
  const { dir, db } = await makeStore(100);
  const buf = readFileSync(db);
  for (let i = 0; i < 16; i++) buf[i]! ^= 0x21;
  writeFileSync(db, buf);
  assert.throws(() => SqliteStore.open({ path: db, busyTimeoutMs: 1000 }), /not a database/);
  const copy = join(dir, 'restored.db');
  assert.equal(restoreMagic(db, copy), true);
  assert.equal(salvageStore(copy, join(dir, 'fresh.db')).tables.find((t) => t.table === 'observations')?.copied, 100);
  const r = await repairStore(db, 1000);
  assert.deepEqual(r.remaining, []);
  assert.match(r.kept[0]!, /mnemo\.db\.damaged-/);
  assert.equal(ids(db).length, 100);
  assert.equal(readFileSync(r.kept[0]!).subarray(0, 16).equals(buf.subarray(0, 16)), true, 'the damaged file is kept as it was');
});

test('a half-applied migration is refused with its name, and repair redoes it', async () => {
  const dir = tmp();
  const db = join(dir, 'mnemo.db');
  const conn = openSqlite(db);
  conn.exec(MIGRATIONS[0]!.sql);
  conn.pragma('user_version = 1');
  conn.exec('ALTER TABLE observations ADD COLUMN priority INTEGER NOT NULL DEFAULT 5; CREATE TABLE summaries (x)');
  conn.close();
  assert.throws(() => SqliteStore.open({ path: db, busyTimeoutMs: 1000 }), (err: unknown) => {
    assert.ok(err instanceof HalfAppliedMigration);
    assert.equal(err.version, 2);
    assert.deepEqual([...err.present].sort(), ['observations.priority', 'summaries']);
    assert.match(err.message, /half-applied migration v2/);
    return true;
  });
  const r = await repairStore(db, 1000);
  assert.deepEqual(r.remaining, []);
  assert.match(r.steps.join('\n'), /backup at .*\n.*half-applied migration v2.*migrated to v\d/);
  const store = SqliteStore.open({ path: db, busyTimeoutMs: 1000 });
  assert.equal((await store.stats()).schemaVersion, LATEST_VERSION);
  await store.ingest(events(5));
  assert.deepEqual(await store.check(), []);
  await store.close();
  const check = openSqlite(db, { readonly: true });
  const cols = check.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('summaries') as string[];
  check.close();
  assert.ok(cols.includes('brief'), 'summaries was re-created by v2');
});

test('free disk space: under 1 MB fails as a full disk; under 100 MB or the store size warns', () => {
  const full = diskSpaceCheck(0, 0, '/d');
  assert.equal(full.ok, false);
  assert.match(full.detail, /disk is full/);
  assert.equal(diskSpaceCheck(512 * 1024, 0, '/d').ok, false);
  const small = diskSpaceCheck(2 * 2 ** 20, 2 ** 19, '/d');
  assert.deepEqual([small.ok, small.warning], [true, true], 'a small disk with room is healthy, with a warning');
  const big = diskSpaceCheck(500 * 2 ** 20, 2 ** 30, '/d');
  assert.deepEqual([big.ok, big.warning], [true, true], 'less room than a backup of a 1 GB store');
  assert.match(big.detail, /low disk space/);
  assert.deepEqual(diskSpaceCheck(2 * 2 ** 30, 2 ** 30, '/d'), { name: 'disk space', ok: true, detail: '2048 MB free' });
});
