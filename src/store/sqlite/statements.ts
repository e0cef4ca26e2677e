/**
 * @module store/sqlite/statements
 * Prepared statements cached per connection: preparing costs more than running a small query, and
 * the store runs the same few shapes of SQL over and over (search composes its SQL from the filters
 * in use). Bounded: a store never holds more than ~200. A statement that is iterated, or whose mode
 * is changed for one caller (`pluck`), is prepared apart.
 */
import type { SqliteDb, SqliteStatement as Statement } from './driver.ts';

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
