/**
 * One behaviour suite for every SQLite driver (store/sqlite/drivers): what the store relies on, run
 * against each binding in drivers.test.ts. A driver passes when it behaves as the store expects,
 * not when it matches the other's internals.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import { toStoreError } from '../../../src/store/sqlite/driver.ts';
import { sqliteCode } from '../../../src/store/sqlite/result-codes.ts';
import type { OpenFlags, SqliteDb } from '../../../src/store/sqlite/sqlite-api.ts';

export interface DriverUnderTest {
  readonly name: string;
  open(path: string, flags?: OpenFlags): SqliteDb;
}

const thrown = (fn: () => unknown): unknown => {
  try {
    fn();
  } catch (err) {
    return err;
  }
  assert.fail('expected a throw');
};

export function runDriverSuite(driver: DriverUnderTest): void {
  describe(`SQLite driver: ${driver.name}`, () => {
    const dir = mkdtempSync(join(tmpdir(), `mnemo-driver-${driver.name}-`));
    let n = 0;
    const file = () => join(dir, `db${++n}.sqlite`);
    after(() => rmSync(dir, { recursive: true, force: true }));

    const withDb = <T>(fn: (db: SqliteDb, path: string) => T, path = file()): T => {
      const db = driver.open(path);
      try {
        return fn(db, path);
      } finally {
        db.close();
      }
    };

    test('statements: run, get, all, iterate, named and array parameters', () =>
      withDb((db) => {
        db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, n INTEGER)');
        const ins = db.prepare('INSERT INTO t (name, n) VALUES (@name, @n)');
        const r = ins.run({ name: 'a', n: 1, unused: 'ignored like better-sqlite3 does' });
        assert.equal(r.changes, 1);
        assert.equal(Number(r.lastInsertRowid), 1);
        db.prepare('INSERT INTO t (name, n) VALUES (?, ?)').run('b', 2);
        db.prepare('INSERT INTO t (name, n) VALUES (?, ?)').run(['c', 3]);
        assert.deepEqual({ ...(db.prepare('SELECT name, n FROM t WHERE id = ?').get(2) as object) }, { name: 'b', n: 2 });
        assert.equal(db.prepare('SELECT name FROM t WHERE id = ?').get(99), undefined);
        assert.deepEqual(db.prepare('SELECT name FROM t ORDER BY id').all().map((row) => (row as { name: string }).name), ['a', 'b', 'c']);
        const seen: string[] = [];
        const it = db.prepare('SELECT name FROM t ORDER BY id');
        for (const row of it.iterate()) {
          seen.push((row as { name: string }).name);
          if (seen.length === 2) break;
        }
        assert.deepEqual(seen, ['a', 'b']);
        // A statement left mid-iteration by `break` is usable again.
        assert.equal([...it.iterate()].length, 3);
        assert.equal(db.prepare('SELECT count(*) FROM t WHERE n IN (?, ?)').pluck().get([1, 3]), 2);
      }));

    test('pluck and raw modes', () =>
      withDb((db) => {
        db.exec("CREATE TABLE t (a, b); INSERT INTO t VALUES (1, 'x'), (2, 'y')");
        const s = db.prepare('SELECT a, b FROM t ORDER BY a').pluck();
        assert.equal(s.get(), 1);
        assert.deepEqual(s.all(), [1, 2]);
        assert.deepEqual([...s.iterate()], [1, 2]);
        s.pluck(false);
        assert.equal((s.get() as { b: string }).b, 'x');
        assert.deepEqual(db.prepare('SELECT a, b FROM t ORDER BY a').raw().all(), [[1, 'x'], [2, 'y']]);
        assert.equal(db.prepare('SELECT a FROM t WHERE a > 5').pluck().get(), undefined);
      }));

    test('values: BLOBs come back as bytes, BigInt binds, NULL and REAL survive', () =>
      withDb((db) => {
        db.exec('CREATE TABLE v (b BLOB, i INTEGER, r REAL, z)');
        db.prepare('INSERT INTO v VALUES (?, ?, ?, ?)').run(Buffer.from([1, 2, 255]), 2n ** 40n, 1.5, null);
        const row = db.prepare('SELECT b, i, r, z FROM v').get() as { b: Uint8Array; i: number; r: number; z: null };
        assert.ok(row.b instanceof Uint8Array);
        assert.deepEqual([...row.b], [1, 2, 255]);
        assert.equal(row.i, 2 ** 40);
        assert.equal(row.r, 1.5);
        assert.equal(row.z, null);
      }));

    test('pragma: simple value and rows', () =>
      withDb((db) => {
        assert.equal(String(db.pragma('journal_mode = WAL', { simple: true })).toLowerCase(), 'wal');
        db.pragma('user_version = 7');
        assert.equal(db.pragma('user_version', { simple: true }), 7);
        const rows = db.pragma('table_info(sqlite_master)') as { name: string }[];
        assert.ok(rows.some((r) => r.name === 'sql'));
      }));

    test('transactions: commit, rollback on throw, savepoints when nested, arguments and result', () =>
      withDb((db) => {
        db.exec('CREATE TABLE t (x INTEGER)');
        const count = () => db.prepare('SELECT count(*) FROM t').pluck().get();
        const add = db.transaction((x: number) => {
          db.prepare('INSERT INTO t VALUES (?)').run(x);
          assert.equal(db.inTransaction, true);
          return x * 2;
        });
        assert.equal(add(21), 42);
        assert.equal(db.inTransaction, false);
        assert.equal(count(), 1);
        const failing = db.transaction(() => {
          db.prepare('INSERT INTO t VALUES (2)').run();
          throw new Error('boom');
        });
        assert.throws(() => failing(), /boom/);
        assert.equal(count(), 1);
        assert.equal(db.inTransaction, false);
        const outer = db.transaction(() => {
          db.prepare('INSERT INTO t VALUES (3)').run();
          assert.throws(() => failing(), /boom/); // undone alone: a savepoint
          add.immediate(4); // nested: a savepoint too, whatever its mode
        });
        outer.immediate();
        assert.deepEqual(db.prepare('SELECT x FROM t ORDER BY x').pluck().all(), [21, 3, 4].sort((a, b) => a - b));
        // A transaction begun by SQL (as migrations do) is seen too.
        db.exec('BEGIN IMMEDIATE');
        assert.equal(db.inTransaction, true);
        db.exec('ROLLBACK');
        assert.equal(db.inTransaction, false);
      }));

    test('an immediate transaction holds the write lock: another connection is told the store is busy', () => {
      const path = file();
      withDb((a) => {
        a.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (x)');
        const b = driver.open(path);
        try {
          b.exec('PRAGMA busy_timeout = 0');
          a.transaction(() => {
            a.prepare('INSERT INTO t VALUES (1)').run();
            const err = thrown(() => b.transaction(() => b.prepare('INSERT INTO t VALUES (2)').run()).immediate());
            assert.match(sqliteCode(err), /^SQLITE_BUSY/);
            assert.equal(toStoreError(err).code, 'BUSY');
            assert.equal(b.inTransaction, false);
            // WAL: the reader still sees the last commit.
            assert.equal(b.prepare('SELECT count(*) FROM t').pluck().get(), 0);
          }).immediate();
          assert.equal(b.prepare('SELECT count(*) FROM t').pluck().get(), 1);
        } finally {
          b.close();
        }
      }, path);
    });

    test('errors carry SQLite result codes the store maps', () =>
      withDb((db, path) => {
        db.exec('CREATE TABLE u (k TEXT UNIQUE)');
        db.prepare('INSERT INTO u VALUES (?)').run('a');
        assert.equal(sqliteCode(thrown(() => db.prepare('INSERT INTO u VALUES (?)').run('a'))), 'SQLITE_CONSTRAINT_UNIQUE');
        assert.equal(sqliteCode(thrown(() => db.exec('SELECT * FROM missing'))), 'SQLITE_ERROR');
        const junk = join(dir, 'junk.db');
        writeFileSync(junk, 'this is not a database '.repeat(100));
        const err = thrown(() => {
          const j = driver.open(junk);
          try {
            j.prepare('SELECT * FROM sqlite_master').all();
          } finally {
            j.close();
          }
        });
        assert.equal(sqliteCode(err), 'SQLITE_NOTADB');
        assert.equal(toStoreError(err, junk).code, 'CORRUPT');
        void path;
      }));

    test('read-only connections and files that must exist', () => {
      const path = file();
      withDb((db) => db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)'), path);
      const ro = driver.open(path, { readonly: true, fileMustExist: true });
      try {
        assert.equal(ro.readonly, true);
        assert.equal(ro.prepare('SELECT x FROM t').pluck().get(), 1);
        assert.match(sqliteCode(thrown(() => ro.exec('INSERT INTO t VALUES (2)'))), /^SQLITE_READONLY/);
      } finally {
        ro.close();
      }
      const missing = join(dir, 'missing.db');
      assert.match(sqliteCode(thrown(() => driver.open(missing, { readonly: true, fileMustExist: true }))), /^SQLITE_CANTOPEN/);
      assert.match(sqliteCode(thrown(() => driver.open(missing, { fileMustExist: true }))), /^SQLITE_CANTOPEN/);
      // `file:` URIs (the store's immutable read-only fallback).
      const imm = driver.open(`${pathToFileURL(path).href}?immutable=1`, { readonly: true, fileMustExist: true });
      try {
        assert.equal(imm.prepare('SELECT count(*) FROM t').pluck().get(), 1);
      } finally {
        imm.close();
      }
    });

    test('FTS5 with the porter and unicode61 tokenizers, bm25 and the vocabulary table', () =>
      withDb((db) => {
        db.exec("CREATE VIRTUAL TABLE f USING fts5(body, tokenize = 'porter unicode61 remove_diacritics 2')");
        db.prepare('INSERT INTO f (body) VALUES (?)').run('The connection pool was leaking connections');
        db.prepare('INSERT INTO f (body) VALUES (?)').run('连接 池 泄漏');
        const hits = db.prepare("SELECT rowid, bm25(f) AS score FROM f WHERE f MATCH 'leak' ORDER BY score").all() as { rowid: number }[];
        assert.deepEqual(hits.map((h) => h.rowid), [1]);
        assert.equal(db.prepare("SELECT rowid FROM f WHERE f MATCH '连接'").pluck().get(), 2);
        db.exec("CREATE VIRTUAL TABLE fv USING fts5vocab(f, 'row')");
        assert.ok((db.prepare("SELECT count(*) FROM fv WHERE term = 'connect'").pluck().get() as number) >= 1);
      }));

    test('backup copies the database with what is still in its WAL', async () => {
      const path = file();
      const copy = `${path}.copy`;
      const db = driver.open(path);
      try {
        db.exec("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; CREATE TABLE t (x); INSERT INTO t VALUES ('in the wal')");
        await db.backup(copy);
      } finally {
        db.close();
      }
      withDb((c) => assert.equal(c.prepare('SELECT x FROM t').pluck().get(), 'in the wal'), copy);
    });

    test('loads sqlite-vec through extension loading', () =>
      withDb((db) => {
        const vec = createRequire(import.meta.url)('sqlite-vec') as { getLoadablePath(): string; load(db: unknown): void };
        vec.load(db);
        assert.match(String(db.prepare('SELECT vec_version()').pluck().get()), /^v\d/);
        db.exec('CREATE VIRTUAL TABLE k USING vec0(v bit[8])');
        db.prepare('INSERT INTO k (rowid, v) VALUES (?, vec_bit(?))').run(1n, Buffer.from([0b1010_1010]));
        assert.equal(db.prepare('SELECT rowid FROM k WHERE v MATCH vec_bit(?) AND k = 1').pluck().get(Buffer.from([0b1010_1010])), 1);
        // Loading is enabled only while mnemo loads an extension: SQL cannot load one.
        assert.throws(() => db.prepare('SELECT load_extension(?)').get(vec.getLoadablePath()));
      }));

    test('close is idempotent and says so', () => {
      const db = driver.open(':memory:');
      assert.equal(db.open, true);
      db.close();
      db.close();
      assert.equal(db.open, false);
    });
  });
}
