/**
 * A store exactly as schema v4 left it: a current store with migration 5's objects dropped (v4 is
 * v5 minus them). Lets tests and bench/maintenance fill a store through the real `ingest` (events
 * extracted, full-text index, triggers) and then see what opening it after an upgrade costs.
 */
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';

export function downgradeToV4(path: string): void {
  const db = openSqlite(path);
  try {
    db.exec(`
      BEGIN IMMEDIATE;
      DROP TRIGGER IF EXISTS observations_files_insert;
      DROP TABLE IF EXISTS maintenance;
      DROP TABLE IF EXISTS observation_files;
      DROP INDEX IF EXISTS observations_type;
      DROP INDEX IF EXISTS events_type_obs;
      PRAGMA user_version = 4;
      COMMIT;
    `);
  } finally {
    db.close();
  }
}
