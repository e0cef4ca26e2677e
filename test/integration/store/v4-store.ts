/**
 * A store exactly as schema v4 left it: a current store with the objects of migrations 5 and 6 dropped
 * (v4 is the current schema minus them). Lets tests and bench/maintenance fill a store through the real `ingest` (events
 * extracted, full-text index, triggers) and then see what opening it after an upgrade costs.
 */
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';

export function downgradeToV4(path: string): void {
  const db = openSqlite(path);
  try {
    db.exec(`
      BEGIN IMMEDIATE;
      DROP TABLE IF EXISTS team_state;
      DROP TABLE IF EXISTS team_outbox;
      DROP TABLE IF EXISTS team_shares;
      DROP INDEX IF EXISTS sessions_uid;
      DROP INDEX IF EXISTS observations_team;
      ALTER TABLE observations DROP COLUMN local_only;
      ALTER TABLE observations DROP COLUMN origin;
      ALTER TABLE observations DROP COLUMN author;
      ALTER TABLE sessions DROP COLUMN local_turn;
      ALTER TABLE sessions DROP COLUMN local_only;
      ALTER TABLE sessions DROP COLUMN shared_rev;
      ALTER TABLE sessions DROP COLUMN origin;
      ALTER TABLE sessions DROP COLUMN author;
      ALTER TABLE sessions DROP COLUMN uid;
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
