// An import's batches commit without waiting for the disk (`replayable`); the connection must get its
// own durability back afterwards, whatever the batch did, because the same process's other writes
// (spooled hook events folded in) rely on FULL commits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, withSynchronous } from '../../../src/store/sqlite/driver.ts';

const FULL = 2;
const NORMAL = 1;

function withDb(fn: (db: ReturnType<typeof openDatabase>) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-sync-'));
  const db = openDatabase({ path: join(dir, 'mnemo.db'), busyTimeoutMs: 1000 });
  try {
    fn(db);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const level = (db: ReturnType<typeof openDatabase>) => db.pragma('synchronous', { simple: true });

test('a store connection commits with synchronous=FULL by default', () => {
  withDb((db) => assert.equal(level(db), FULL));
});

test('withSynchronous runs at the level asked and restores the connection’s own, also when the work throws', () => {
  withDb((db) => {
    db.exec('CREATE TABLE t (x)');
    const seen = withSynchronous(db, 'NORMAL', () => {
      db.prepare('INSERT INTO t VALUES (1)').run();
      return level(db);
    });
    assert.equal(seen, NORMAL);
    assert.equal(level(db), FULL);
    assert.throws(() => withSynchronous(db, 'NORMAL', () => db.exec('INSERT INTO missing VALUES (1)')), /no such table/);
    assert.equal(level(db), FULL);
    assert.equal((db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n, 1);
  });
});
