/**
 * @module store/sqlite/fts-index
 * The word index's rows: one contentless FTS5 row per non-private observation, its columns the index
 * text (core/search/text-index) of the title, the body, the extracted tags, and the model's narration
 * around the call (core/narration: why and finding). Every writer of the index comes here.
 *
 * Schema v6 added the two narration columns. FTS5 cannot add a column to a table, so on a store that
 * already holds observations the index is rebuilt beside the old one (`observations_fts_next`) by
 * deferred maintenance (the `fts_narration` step, store/sqlite/maintenance), never in a hook: rows up
 * to the step's cursor are copied, and while it runs every write goes to both tables — to the new one
 * only for rows it already holds (id ≤ cursor) or will never copy (id > target). Searches read the old
 * table meanwhile (without narration); the last chunk puts the new one in its place.
 */
import { toIndexText } from '../../core/search/text-index.ts';
import type { SqliteDb } from './driver.ts';
import { stmt } from './statements.ts';

export const FTS_TABLE = 'observations_fts';
export const FTS_NEXT = 'observations_fts_next';
export const FTS_STEP = 'fts_narration';

/** The index's definition (schema v6): the same tokenizer as v1, two more columns. */
export function ftsDefinition(name: string): string {
  return `CREATE VIRTUAL TABLE ${name} USING fts5(
        title, body, tags, why, finding,
        content='', contentless_delete=1,
        tokenize='porter unicode61 remove_diacritics 2'
      )`;
}

/** An observation's text as the index holds it. */
export interface FtsRow {
  readonly title: string;
  readonly body: string;
  readonly tags: string;
  readonly why?: string;
  readonly finding?: string;
}

const INSERT_FULL = (table: string) => `INSERT INTO ${table} (rowid, title, body, tags, why, finding) VALUES (?, ?, ?, ?, ?, ?)`;
const INSERT_OLD = `INSERT INTO ${FTS_TABLE} (rowid, title, body, tags) VALUES (?, ?, ?, ?)`;

/** Where the index stands: one table, or an old one and its replacement being filled up to `cursor`. */
type Layout = { readonly kind: 'single' } | { readonly kind: 'rebuilding'; readonly cursor: number; readonly target: number };

function layoutOf(db: SqliteDb): Layout {
  const row = stmt(db, 'SELECT cursor, target FROM maintenance WHERE step = ?').get(FTS_STEP) as { cursor: number; target: number } | undefined;
  return row ? { kind: 'rebuilding', cursor: row.cursor, target: row.target } : { kind: 'single' };
}

/**
 * Writes index rows inside the caller's write transaction, to whichever tables are in service when
 * it is created: make one per transaction (the layout can change between two).
 */
export class FtsWriter {
  readonly #db: SqliteDb;
  readonly #layout: Layout;

  constructor(db: SqliteDb) {
    this.#db = db;
    this.#layout = layoutOf(db);
  }

  /** Whether the replacement table holds (or must hold) row `id`. */
  #inNext(id: number): boolean {
    const l = this.#layout;
    return l.kind === 'rebuilding' && (id <= l.cursor || id > l.target);
  }

  insert(id: number, row: FtsRow): void {
    const title = toIndexText(row.title);
    const body = toIndexText(row.body);
    const tags = toIndexText(row.tags);
    const why = row.why ? toIndexText(row.why) : '';
    const finding = row.finding ? toIndexText(row.finding) : '';
    if (this.#layout.kind === 'single') {
      stmt(this.#db, INSERT_FULL(FTS_TABLE)).run(id, title, body, tags, why, finding);
      return;
    }
    stmt(this.#db, INSERT_OLD).run(id, title, body, tags);
    if (this.#inNext(id)) stmt(this.#db, INSERT_FULL(FTS_NEXT)).run(id, title, body, tags, why, finding);
  }

  delete(id: number): void {
    stmt(this.#db, `DELETE FROM ${FTS_TABLE} WHERE rowid = ?`).run(id);
    if (this.#inNext(id)) stmt(this.#db, `DELETE FROM ${FTS_NEXT} WHERE rowid = ?`).run(id);
  }

  /** Replace row `id` (its narration changed). */
  replace(id: number, row: FtsRow): void {
    this.delete(id);
    this.insert(id, row);
  }

  /** The index tables in service (for merges): the old one first. */
  tables(): string[] {
    return this.#layout.kind === 'rebuilding' ? [FTS_TABLE, FTS_NEXT] : [FTS_TABLE];
  }
}

/** An observation's indexed text, read back from its row and its narration. */
const ROWS_SQL = `SELECT o.id, o.title, o.body, o.tags, n.why, n.finding FROM observations o LEFT JOIN narration n ON n.obs_id = o.id`;

export function ftsRowOf(db: SqliteDb, id: number): (FtsRow & { readonly private: boolean }) | undefined {
  return stmt(db, `SELECT o.title, o.body, o.tags, o.private = 1 AS private, n.why, n.finding FROM observations o LEFT JOIN narration n ON n.obs_id = o.id WHERE o.id = ?`).get(id) as
    | (FtsRow & { private: boolean })
    | undefined;
}

/** The `fts_narration` step's work on rows (from, to]: copy them into the replacement table. */
export function fillNext(db: SqliteDb, from: number, to: number): void {
  const rows = stmt(db, `${ROWS_SQL} WHERE o.id > @from AND o.id <= @to AND o.private = 0 ORDER BY o.id`).all({ from, to }) as (FtsRow & { id: number })[];
  const insert = stmt(db, INSERT_FULL(FTS_NEXT));
  for (const r of rows) {
    insert.run(r.id, toIndexText(r.title), toIndexText(r.body), toIndexText(r.tags), r.why ? toIndexText(r.why) : '', r.finding ? toIndexText(r.finding) : '');
  }
}

/** The step's end: the replacement takes the old table's name. */
export const FINISH_SQL = `DROP TABLE ${FTS_TABLE}; ALTER TABLE ${FTS_NEXT} RENAME TO ${FTS_TABLE};`;

/**
 * Every non-private observation indexed afresh into a single table of the current definition (doctor
 * --repair), in id-ordered pages to bound memory; a rebuild under way is finished by this. Returns
 * the rows indexed.
 */
export function rebuildAll(db: SqliteDb): number {
  db.exec(`DROP TABLE IF EXISTS ${FTS_NEXT}; DROP TABLE IF EXISTS ${FTS_TABLE}; ${ftsDefinition(FTS_TABLE)};`);
  stmt(db, 'DELETE FROM maintenance WHERE step = ?').run(FTS_STEP);
  const page = stmt(db, `${ROWS_SQL} WHERE o.private = 0 AND o.id > ? ORDER BY o.id LIMIT 1000`);
  const insert = stmt(db, INSERT_FULL(FTS_TABLE));
  let n = 0;
  let after = 0;
  for (;;) {
    const rows = page.all(after) as (FtsRow & { id: number })[];
    if (rows.length === 0) return n;
    for (const r of rows) insert.run(r.id, toIndexText(r.title), toIndexText(r.body), toIndexText(r.tags), r.why ? toIndexText(r.why) : '', r.finding ? toIndexText(r.finding) : '');
    n += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}
