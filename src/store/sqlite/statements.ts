/**
 * @module store/sqlite/statements
 * Prepared statements cached per connection, for SQL that is built from a few shapes at run time
 * (search composes its SQL from the filters in use). Bounded: a store never holds more than ~200.
 */
import type { SqliteDb } from './driver.ts';

export type Statement = ReturnType<SqliteDb['prepare']>;

const statements = new WeakMap<SqliteDb, Map<string, Statement>>();

export function stmt(db: SqliteDb, sql: string): Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let s = cache.get(sql);
  if (!s) {
    s = db.prepare(sql);
    if (cache.size > 200) cache.clear();
    cache.set(sql, s);
  }
  return s;
}
