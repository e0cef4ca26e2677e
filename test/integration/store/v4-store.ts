/**
 * Stores exactly as older schemas left them: a current store with later migrations' objects dropped
 * (v6 is v7 minus the narration tables and with the three-column word index; v4 is v6 minus
 * migrations 5 and 6's objects). Lets tests and benches fill a store through the real `ingest` (events
 * extracted, full-text index, triggers) and then see what opening it after an upgrade costs.
 */
import { toIndexText } from '../../../src/core/search/text-index.ts';
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';

/** Schema v6: no narration, no transcript positions, the word index of title, body and tags only (rebuilt from the rows). */
export function downgradeToV6(path: string): void {
  const db = openSqlite(path);
  try {
    db.exec(`
      BEGIN IMMEDIATE;
      DROP TRIGGER IF EXISTS sessions_narration_delete;
      DROP TABLE IF EXISTS narration;
      DROP TABLE IF EXISTS transcripts;
      DROP TABLE IF EXISTS observations_fts_next;
      DELETE FROM maintenance WHERE step = 'fts_narration';
      DROP TABLE IF EXISTS observations_fts;
      CREATE VIRTUAL TABLE observations_fts USING fts5(
        title, body, tags,
        content='', contentless_delete=1,
        tokenize='porter unicode61 remove_diacritics 2'
      );
    `);
    const insert = db.prepare('INSERT INTO observations_fts (rowid, title, body, tags) VALUES (?, ?, ?, ?)');
    for (const r of db.prepare('SELECT id, title, body, tags FROM observations WHERE private = 0 ORDER BY id').all() as { id: number; title: string; body: string; tags: string }[]) {
      insert.run(r.id, toIndexText(r.title), toIndexText(r.body), toIndexText(r.tags));
    }
    db.exec('PRAGMA user_version = 6; COMMIT;');
  } finally {
    db.close();
  }
}

export function downgradeToV4(path: string): void {
  downgradeToV6(path);
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
