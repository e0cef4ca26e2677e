// A store that cannot be had (issue 8): what the errors say, commits made durable before a drain
// deletes its spool files, and the on-demand store of long-lived processes. Read-only file systems
// and full disks need mounts: test/stress/resources.test.ts covers them with real tmpfs mounts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, toStoreError } from '../../../src/store/sqlite/driver.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { StoreOnDemand, type Availability } from '../../../src/store/store-on-demand.ts';
import { StoreError } from '../../../src/store/store.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'mnemo-unavailable-'));
const sqliteError = (code: string, message: string) => Object.assign(new Error(message), { code });

test('a directory in place of the database file is named as such', () => {
  const path = join(tmp(), 'mnemo.db');
  mkdirSync(path);
  assert.throws(
    () => SqliteStore.open({ path, busyTimeoutMs: 100 }),
    (err: unknown) => err instanceof StoreError && err.code === 'UNAVAILABLE' && err.message.includes(path) && /is a directory/.test(err.message),
  );
});

test('SQLite and file-system failures map onto codes whose messages say what to do', () => {
  const full = toStoreError(sqliteError('SQLITE_FULL', 'database or disk is full'), '/data/mnemo.db');
  assert.equal(full.code, 'DISK_FULL');
  assert.match(full.message, /disk full.*\/data\/mnemo\.db.*free some space/);
  assert.equal(toStoreError(Object.assign(new Error('ENOSPC: no space left on device, mkdir'), { code: 'ENOSPC' })).code, 'DISK_FULL');
  assert.equal(toStoreError(Object.assign(new Error('EROFS: read-only file system, mkdir'), { code: 'EROFS' })).code, 'READ_ONLY');
  // An I/O error is a full disk only when the file system says so: here it has room.
  const dir = tmp();
  const io = toStoreError(sqliteError('SQLITE_IOERR_WRITE', 'disk I/O error'), join(dir, 'mnemo.db'));
  assert.equal(io.code, 'INTERNAL');
  assert.equal(toStoreError(sqliteError('SQLITE_BUSY', 'database is locked')).code, 'BUSY');
  // A refused write is a full disk only when the file system says so (see the full-disk stress test).
  assert.equal(toStoreError(sqliteError('SQLITE_READONLY', 'attempt to write a readonly database'), join(dir, 'mnemo.db')).code, 'READ_ONLY');
});

test('commits are durable (synchronous = FULL) unless a caller asks for NORMAL', () => {
  const path = join(tmp(), 'mnemo.db');
  const durable = openDatabase({ path, busyTimeoutMs: 100 });
  const normal = openDatabase({ path, busyTimeoutMs: 100, synchronous: 'NORMAL' });
  try {
    assert.equal(durable.pragma('journal_mode', { simple: true }), 'wal');
    assert.equal(durable.pragma('synchronous', { simple: true }), 2);
    assert.equal(normal.pragma('synchronous', { simple: true }), 1);
  } finally {
    durable.close();
    normal.close();
  }
});

test('the on-demand store: one clear error per outage, shared attempts, recovery without a restart', async () => {
  const path = join(tmp(), 'mnemo.db');
  mkdirSync(path);
  const changes: Availability[] = [];
  let opened = 0;
  let attempts = 0;
  const source = new StoreOnDemand({
    open: async () => (attempts++, SqliteStore.open({ path, busyTimeoutMs: 100 })),
    onOpen: () => void opened++,
    onChange: (now) => changes.push(now),
  });
  for (let i = 0; i < 3; i++) {
    await assert.rejects(source.get(), (err: unknown) => err instanceof StoreError && err.code === 'UNAVAILABLE' && err.message.includes(path) && /spool/.test(err.message));
  }
  assert.equal(attempts, 3, 'every call tries again');
  assert.equal(changes.length, 1, 'the same problem is reported once');
  assert.equal(source.current, undefined);

  rmSync(path, { recursive: true });
  const [a, b] = await Promise.all([source.get(), source.get()]);
  assert.equal(a, b);
  assert.equal(attempts, 4, 'concurrent calls share one attempt');
  assert.equal(opened, 1);
  assert.deepEqual(changes.at(-1), { available: true });
  assert.equal(await source.get(), a, 'kept open');
  assert.equal((await a.stats()).observations, 0);
  await source.close();
  await assert.rejects(source.get(), /closed/);
});

test('the on-demand store replaces a read-only store by a writable one, at most every few seconds, and closes the old one later', async () => {
  const path = join(tmp(), 'mnemo.db');
  let clock = 1_000;
  let writable = false;
  const readOnly = new Set<SqliteStore>();
  const opened: SqliteStore[] = [];
  let upgrades = 0;
  const source = new StoreOnDemand({
    // The file is really writable here; the predicate stands in for "opened read-only".
    open: async () => {
      const s = SqliteStore.open({ path, busyTimeoutMs: 100 });
      if (!writable) readOnly.add(s);
      opened.push(s);
      return s;
    },
    onOpen: () => undefined,
    isReadOnly: (s) => readOnly.has(s),
    onWritable: () => void upgrades++,
    reopenEveryMs: 3000,
    retireAfterMs: 10 * 60_000,
    now: () => clock,
  });
  const first = await source.get();
  assert.ok(readOnly.has(first));
  clock += 2999;
  assert.equal(await source.get(), first, 'not retried before the interval');
  assert.equal(opened.length, 1);
  clock += 1;
  assert.equal(await source.get(), first, 'still read-only: the old store is kept');
  assert.equal(opened.length, 2, 'one attempt');
  await assert.rejects(opened[1]!.stats(), 'the failed attempt was closed');
  writable = true;
  assert.equal(await source.get(), first, 'the next attempt waits for the interval again');
  clock += 3000;
  const [a, b] = await Promise.all([source.get(), source.get()]);
  assert.equal(a, b, 'concurrent calls share the attempt');
  assert.notEqual(a, first);
  assert.equal(opened.length, 3);
  assert.equal(upgrades, 1);
  assert.equal(source.current, a);
  assert.equal((await first.stats()).observations, 0, 'the replaced store stays open for calls that got it before');
  clock += 60_000;
  assert.equal(await source.get(), a, 'a writable store is never reopened');
  assert.equal(opened.length, 3);
  await source.close();
  await assert.rejects(first.stats(), 'closing the source closes the replaced store too');
  await assert.rejects(a.stats());
});
