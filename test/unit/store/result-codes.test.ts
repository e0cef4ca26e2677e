import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { resultCodeName, sqliteCode } from '../../../src/store/sqlite/result-codes.ts';

// The header of the SQLite that better-sqlite3 bundles: every result code it defines, by value.
const HEADER = join(import.meta.dirname, '..', '..', '..', 'node_modules', 'better-sqlite3', 'deps', 'sqlite3', 'sqlite3.h');

test('every result code in sqlite3.h gets its own name', { skip: !existsSync(HEADER) && 'better-sqlite3 is not installed (its sqlite3.h is the reference)' }, () => {
  const text = readFileSync(HEADER, 'utf8');
  const primary = new Map<string, number>();
  for (const m of text.matchAll(/^#define (SQLITE_[A-Z]+)\s+(\d+)\s/gm)) primary.set(m[1]!, Number(m[2]));
  let checked = 0;
  for (const m of text.matchAll(/^#define (SQLITE_[A-Z_]+)\s+\((SQLITE_[A-Z]+)\s*\|\s*\((\d+)<<8\)\)/gm)) {
    const base = primary.get(m[2]!);
    assert.ok(base !== undefined, m[2]);
    assert.equal(resultCodeName(base | (Number(m[3]) << 8)), m[1], `${m[1]} = ${m[2]} | (${m[3]}<<8)`);
    checked++;
  }
  assert.ok(checked >= 80, `only ${checked} extended codes found in ${HEADER}`);
  for (const name of ['SQLITE_BUSY', 'SQLITE_FULL', 'SQLITE_CANTOPEN', 'SQLITE_NOTADB', 'SQLITE_READONLY', 'SQLITE_CORRUPT']) {
    assert.equal(resultCodeName(primary.get(name)!), name);
  }
});

test('sqliteCode reads either driver\'s error', () => {
  assert.equal(sqliteCode(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })), 'SQLITE_BUSY');
  assert.equal(sqliteCode(Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 5 })), 'SQLITE_BUSY');
  assert.equal(sqliteCode(Object.assign(new Error('x'), { code: 'ERR_SQLITE_ERROR', errcode: 4874 })), 'SQLITE_IOERR_SHMSIZE');
  assert.equal(sqliteCode(Object.assign(new Error('x'), { code: 'ERR_SQLITE_ERROR', errcode: 9999 })), 'ERR_SQLITE_ERROR');
  assert.equal(sqliteCode(Object.assign(new Error('x'), { code: 'ENOSPC' })), 'ENOSPC');
  assert.equal(sqliteCode(undefined), '');
});
