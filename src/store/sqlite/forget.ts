/**
 * @module store/sqlite/forget
 * Deleting observations so that their text is gone from the file, not just from query results.
 * Used by `forget` and by retention (store/sqlite/retention).
 *
 * Where deleted text would otherwise stay readable:
 * - the word index: a contentless FTS5 table records a delete as a tombstone and keeps the terms in
 *   its segments until a merge (`purgeIndex` merges);
 * - free pages and free space inside pages: `PRAGMA secure_delete` (store/sqlite/driver) zeroes them;
 * - the WAL, which holds the old pages: folded back and truncated after a forget (`scrubWal`);
 * - rows derived from the observation: events and the int8 vector cascade with it; the sign-bit
 *   KNN copy (a sqlite-vec table without foreign keys) is deleted here; a session summary or
 *   compaction snapshot that quotes it is dropped (`dropDerivedText`);
 * - the session's extraction state (`sessions.state`: recent call signatures, pending error lines),
 *   and its transcript readers' state (the model's latest text, src/narration), written from the
 *   same tool calls: reset for every session that lost an observation to a forget,
 *   since its entries carry no observation id and quote commands and errors in their own shape (no
 *   reliable match); the cost is a missed error → resolution pairing in a session still running.
 */
import type { SqliteDb } from './driver.ts';
import { FtsWriter } from './fts-index.ts';
import { loadSqliteVec } from './vectors.ts';

/** Pages of index segments merged per write transaction. */
const MERGE_PAGES = 200;

/**
 * Merge the word index until its deleted rows are gone from it. The index is a contentless FTS5
 * table with `contentless_delete=1`: a DELETE records the rowid as a tombstone and leaves its terms
 * in the segments until they are merged (FTS5's `secure-delete` option does not reach tombstones,
 * and the 'delete' command that it does reach is refused on such a table). `merge` with a negative
 * page count merges every segment into one, in bounded steps, each its own short write transaction
 * (hooks writing meanwhile wait milliseconds); `PRAGMA secure_delete` zeroes the pages the old
 * segments leave free. Costs a pass over the whole index: once after a batch of deletes, never per row.
 */
export function purgeIndex(db: SqliteDb): void {
  for (const _ of mergeSteps(db)) {
    /* each step is its own transaction */
  }
}

/** `purgeIndex` yielding to the event loop between steps, for a server that must keep answering. */
export async function purgeIndexAsync(db: SqliteDb): Promise<void> {
  for (const _ of mergeSteps(db)) await new Promise((r) => setImmediate(r));
}

function* mergeSteps(db: SqliteDb, maxSteps = 100_000): Generator<void> {
  // While the index is rebuilt (store/sqlite/fts-index), its replacement holds the deleted rows' terms too.
  for (const table of new FtsWriter(db).tables()) {
    const step = db.prepare(`INSERT INTO ${table}(${table}, rank) VALUES ('merge', -${MERGE_PAGES})`);
    const changes = db.prepare('SELECT total_changes()').pluck();
    for (let i = 0; i < maxSteps; i++) {
      // FTS5's documented test for "nothing left to merge": the command changed fewer than 2 rows.
      const before = changes.get() as number;
      db.transaction(() => step.run()).immediate();
      if ((changes.get() as number) - before < 2) break;
      yield;
    }
  }
}

/** What a forget names: ids, a whole session, a whole project (any combination). */
export interface ForgetTarget {
  readonly ids?: readonly number[];
  readonly sessionId?: number;
  readonly project?: string;
}

/** The observation ids a target names (index lookups: session_id and project are indexed). */
export function targetIds(db: SqliteDb, target: ForgetTarget): number[] {
  const ids = new Set<number>();
  for (const id of target.ids ?? []) if (Number.isSafeInteger(id) && id > 0) ids.add(id);
  if (target.sessionId !== undefined) {
    for (const id of db.prepare('SELECT id FROM observations WHERE session_id = ?').pluck().all(target.sessionId) as number[]) ids.add(id);
  }
  if (target.project !== undefined) {
    for (const id of db.prepare('SELECT id FROM observations WHERE project = ?').pluck().all(target.project) as number[]) ids.add(id);
  }
  return [...ids];
}

/** A title or body line this long, found elsewhere, was quoted from the observation… */
const QUOTED_MIN = 24;
/** …judged by its start (summaries clip what they quote). */
const QUOTED_HEAD = 40;

/** Distinctive pieces of an observation's text: its title and its longer body lines. */
function quotable(title: string, body: string): string[] {
  const out = new Set<string>();
  if (title.length >= QUOTED_MIN) out.add(title.slice(0, QUOTED_HEAD));
  for (const line of body.split('\n')) {
    const t = line.trim();
    if (t.length >= QUOTED_MIN) out.add(t.slice(0, QUOTED_HEAD));
    if (out.size >= 50) break;
  }
  return [...out];
}

/**
 * Delete observations in the caller's transaction: index entries, the rows (events and vectors
 * cascade), KNN copies. The index keeps their terms until `purgeIndex`. Returns the ids actually
 * deleted, with the sessions they belonged to.
 */
export function deleteObservations(db: SqliteDb, ids: readonly number[], opts: { dropDerived?: boolean } = {}): { deleted: number[]; sessions: Set<number> } {
  const read = db.prepare('SELECT session_id, title, body FROM observations WHERE id = ?');
  const fts = new FtsWriter(db);
  const delObs = db.prepare('DELETE FROM observations WHERE id = ?');
  const deleted: number[] = [];
  const sessions = new Set<number>();
  const pieces = new Map<number, string[]>();
  for (const id of ids) {
    const row = read.get(id) as { session_id: number; title: string; body: string } | undefined;
    if (!row) continue;
    fts.delete(id);
    // Its narration (a foreign key) goes with it.
    delObs.run(id);
    deleted.push(id);
    sessions.add(row.session_id);
    if (opts.dropDerived) pieces.set(row.session_id, [...(pieces.get(row.session_id) ?? []), ...quotable(row.title, row.body)]);
  }
  dropKnnRows(db, deleted);
  for (const [sessionId, texts] of pieces) dropDerivedText(db, sessionId, texts);
  if (opts.dropDerived) {
    const reset = db.prepare('UPDATE sessions SET state = NULL WHERE id = ? AND state IS NOT NULL');
    // A transcript reader's state holds the model's latest text in the session: it goes too (src/narration).
    const resetReader = db.prepare(
      'UPDATE transcripts SET state = NULL WHERE state IS NOT NULL AND (platform, session) = (SELECT platform, external_id FROM sessions WHERE id = ?)',
    );
    for (const sessionId of sessions) (reset.run(sessionId), resetReader.run(sessionId));
  }
  return { deleted, sessions };
}

/**
 * A session's summary and compaction snapshot are written from its observations; when one quotes a
 * forgotten observation it goes too (`mnemo summarize` writes a new summary from what is left).
 */
function dropDerivedText(db: SqliteDb, sessionId: number, texts: readonly string[]): void {
  if (!texts.length) return;
  const quotes = (s: string | null | undefined) => !!s && texts.some((t) => s.includes(t));
  const summary = db.prepare('SELECT brief, detailed FROM summaries WHERE session_id = ?').get(sessionId) as { brief: string; detailed: string } | undefined;
  if (summary && (quotes(summary.brief) || quotes(summary.detailed))) db.prepare('DELETE FROM summaries WHERE session_id = ?').run(sessionId);
  const snap = db.prepare('SELECT snapshot FROM sessions WHERE id = ?').pluck().get(sessionId) as string | null | undefined;
  if (quotes(snap)) db.prepare('UPDATE sessions SET snapshot = NULL WHERE id = ?').run(sessionId);
}

/** The sign-bit KNN copies of deleted observations (no foreign key can reach into a vec0 table). */
function dropKnnRows(db: SqliteDb, ids: readonly number[]): void {
  if (!ids.length) return;
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'obs_vec_knn'").get();
  if (!exists) return;
  const run = () => {
    const del = db.prepare('DELETE FROM obs_vec_knn WHERE rowid = ?');
    for (const id of ids) del.run(BigInt(id));
  };
  try {
    run();
  } catch {
    // vec0 is not loaded in this process: load it and try once more; otherwise the next sweep
    // of the MCP server or `mnemo embed` drops them (they never surface: candidates are re-scored).
    if (!loadSqliteVec(db)) return;
    try {
      run();
    } catch {
      /* left to the sweep */
    }
  }
}

/** Fold the WAL (which still holds the deleted rows' old pages) into the file and truncate it. */
export function scrubWal(db: SqliteDb): boolean {
  try {
    const r = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    return r[0]?.busy === 0;
  } catch {
    return false; // a reader holds the WAL; the next checkpoint completes it
  }
}
