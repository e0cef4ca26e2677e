/**
 * Stores exactly as older schemas left them: a current store with later migrations' objects dropped
 * (v5 is v6 minus the narration tables and with the three-column word index; v4 is v5 minus
 * migration 5's objects). Lets tests and benches fill a store through the real `ingest` (events
 * extracted, full-text index, triggers) and then see what opening it after an upgrade costs.
 */
import Database from 'better-sqlite3';
import { toIndexText } from '../../../src/core/search/text-index.ts';

/** Schema v5: no narration, no transcript positions, the word index of title, body and tags only (rebuilt from the rows). */
export function downgradeToV5(path: string): void {
  const db = new Database(path);
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
    db.exec('PRAGMA user_version = 5; COMMIT;');
  } finally {
    db.close();
  }
}

export function downgradeToV4(path: string): void {
  downgradeToV5(path);
  const db = new Database(path);
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
