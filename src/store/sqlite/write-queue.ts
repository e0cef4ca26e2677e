/**
 * @module store/sqlite/write-queue
 * New observations (and their events) of an ingest batch, held back and written together, up to
 * OBS_CHUNK rows a statement. A write to a table with a trigger (observations has one) opens a
 * statement journal; one statement per 50 rows pays for it once instead of 50 times.
 */
import type { ExtractedEvent } from '../../core/extract/types.ts';
import type { SqliteDb } from './driver.ts';

/** Observations per multi-row INSERT (19 parameters a row, far below SQLite's limit). */
const OBS_CHUNK = 50;

function insertObservations(rows: number): string {
  return `INSERT INTO observations (id, session_id, project, platform, kind, type, title, body, files, tags, priority, tool_name, tool_use_id, private, created_at, uid, dedupe_key, content_key, local_only)
    VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`;
}

export function prepareQueueStatements(db: SqliteDb) {
  return {
    nextObsId: db.prepare('SELECT coalesce(max(id), 0) + 1 FROM observations').pluck(),
    insertObs: db.prepare(insertObservations(1)),
    insertObsChunk: db.prepare(insertObservations(OBS_CHUNK)),
    insertEvent: db.prepare(
      `INSERT INTO events (obs_id, session_id, type, category, priority, data, bytes_avoided, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
  };
}

type Statements = ReturnType<typeof prepareQueueStatements>;

/** An observation written at the next flush, with the id it will have and the events that go with it. */
interface QueuedRow {
  readonly id: number;
  readonly sessionId: number;
  readonly params: readonly unknown[];
  readonly contentKey: string | undefined;
  readonly at: number;
  readonly events: readonly ExtractedEvent[];
}

/**
 * The queue of one batch (valid while the batch holds the write lock). Ids are given here as SQLite would give them (the largest
 * id plus one: rows are only ever deleted behind a flush, and never the newest), so nothing reads
 * differently. Until the flush, what the batch asks about queued rows (uid, natural key, recent
 * same content, event counts) is answered from memory; whatever must read or delete rows flushes first.
 */
export class WriteQueue {
  readonly #s: Statements;
  #nextId: number;
  #rows: QueuedRow[] = [];
  readonly #uids = new Set<string>();
  readonly #keys = new Set<string>();
  readonly #events = new Map<number, number>();
  /** Queued "about to run" notes by session: [tool_use_id, id]. */
  readonly #notes = new Map<number, [string, number][]>();

  constructor(s: Statements) {
    this.#s = s;
    this.#nextId = s.nextObsId.get() as number;
  }

  hasUid(uid: string): boolean {
    return this.#uids.has(uid);
  }

  hasKey(sessionId: number, dedupeKey: string): boolean {
    return this.#keys.has(`${sessionId}\0${dedupeKey}`);
  }

  hasContent(sessionId: number, contentKey: string, from: number, to: number): boolean {
    return this.#rows.some((r) => r.sessionId === sessionId && r.contentKey === contentKey && r.at >= from && r.at <= to);
  }

  /** Events queued for a session (not yet in the table). */
  eventsOf(sessionId: number): number {
    return this.#events.get(sessionId) ?? 0;
  }

  /** Queued "about to run" notes of a session, as [tool_use_id, id]. */
  notesOf(sessionId: number): readonly [string, number][] {
    return this.#notes.get(sessionId) ?? [];
  }

  /** Queue a row; `params` are the INSERT's values after the id. Returns the row's id. */
  add(row: Omit<QueuedRow, 'id'> & { readonly uid: string; readonly dedupeKey: string | undefined; readonly note: string | undefined }): number {
    const id = this.#nextId++;
    if (row.note !== undefined) {
      const notes = this.#notes.get(row.sessionId);
      if (notes) notes.push([row.note, id]);
      else this.#notes.set(row.sessionId, [[row.note, id]]);
    }
    this.#rows.push({ id, sessionId: row.sessionId, params: row.params, contentKey: row.contentKey, at: row.at, events: row.events });
    this.#uids.add(row.uid);
    if (row.dedupeKey !== undefined) this.#keys.add(`${row.sessionId}\0${row.dedupeKey}`);
    if (row.events.length) this.#events.set(row.sessionId, this.eventsOf(row.sessionId) + row.events.length);
    return id;
  }

  flush(): void {
    const rows = this.#rows;
    if (rows.length === 0) return;
    this.#rows = [];
    this.#uids.clear();
    this.#keys.clear();
    this.#events.clear();
    this.#notes.clear();
    const s = this.#s;
    let i = 0;
    for (; i + OBS_CHUNK <= rows.length; i += OBS_CHUNK) {
      const values: unknown[] = [];
      for (let k = i; k < i + OBS_CHUNK; k++) values.push(rows[k]!.id, ...rows[k]!.params);
      s.insertObsChunk.run(values);
    }
    for (; i < rows.length; i++) s.insertObs.run(rows[i]!.id, ...rows[i]!.params);
    for (const r of rows) {
      for (const e of r.events) s.insertEvent.run(r.id, r.sessionId, e.type, e.category, e.priority, e.data, e.bytes_avoided ?? null, r.at);
    }
  }
}
