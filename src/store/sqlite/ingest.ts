/**
 * @module store/sqlite/ingest
 * Writing captured events: sessions, observations, their full-text entries and extracted events,
 * in one IMMEDIATE transaction per batch. Extraction runs here, inside the write transaction,
 * where the session's state is read and written atomically, so concurrent hooks of one session
 * see each other's effects in order.
 *
 * A batch holds the write lock, so nothing else changes the store while it runs: what a batch
 * learns about a session (its id, whether it ended, its extraction state, its event count, its
 * "about to run" notes) is kept in memory for the rest of the batch instead of being read back per
 * event, and the extraction state is written once per session at the end. New observations and
 * their events go through a write queue (store/sqlite/write-queue) and are written 50 rows a statement.
 *
 * Full-text rows are written last, together. Every write statement on a table with a trigger opens a
 * statement savepoint, and FTS5 writes its pending in-memory index out as a new segment at every
 * savepoint: interleaved with the observation inserts, each row became a segment of its own (and
 * merge work); written after them, a batch becomes one segment at commit. Same index content.
 */
import type { CapturedEvent } from '../../core/types.ts';
import type { EnrichFn } from '../../core/enrich.ts';
import type { IngestResult } from '../store.ts';
import type { SqliteDb } from './driver.ts';
import { FtsWriter, type FtsRow } from './fts-index.ts';
import { findNarration, linkNarration, noteTranscripts } from './narration.ts';
import { parseStoredJson } from './rows.ts';
import { prepareQueueStatements, WriteQueue } from './write-queue.ts';
import { isShareable, markedLocal, type ShareRule } from '../../core/team/share-rules.ts';
import { prepareQueue, queueObservation, queueSession, shareRuleOf } from './team/queue.ts';

export interface BatchResult extends IngestResult {
  /** Projects whose SessionStart index may have changed: new observations, sessions ended or back. */
  readonly changedProjects: ReadonlySet<string>;
}

/** Identical content without a natural key within this window is the same event delivered twice. */
const CONTENT_WINDOW_MS = 10_000;

function prepareStatements(db: SqliteDb) {
  return {
    ensureSession: db.prepare(
      `INSERT INTO sessions (platform, external_id, project, branch, source, started_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (platform, external_id) DO NOTHING`,
    ),
    session: db.prepare(
      'SELECT id, project, ended_at IS NOT NULL AS ended, branch IS NOT NULL AS has_branch, state, uid, local_only, local_turn FROM sessions WHERE platform = ? AND external_id = ?',
    ),
    setSessionLocal: db.prepare('UPDATE sessions SET local_only = 1 WHERE id = ?'),
    setLocalTurn: db.prepare('UPDATE sessions SET local_turn = ? WHERE id = ?'),
    // `source` says how the session began (a resume under a new id continues another session); a reopen keeps it.
    reopen: db.prepare('UPDATE sessions SET ended_at = NULL, end_reason = NULL, source = coalesce(source, ?) WHERE id = ?'),
    fillBranch: db.prepare('UPDATE sessions SET branch = ? WHERE id = ? AND branch IS NULL'),
    endSession: db.prepare('UPDATE sessions SET ended_at = ?, end_reason = ? WHERE id = ?'),
    setState: db.prepare('UPDATE sessions SET state = ? WHERE id = ?'),
    uidSeen: db.prepare('SELECT 1 FROM observations WHERE uid = ?').pluck(),
    outcomeExists: db.prepare('SELECT 1 FROM observations WHERE session_id = ? AND dedupe_key = ?').pluck(),
    recentSameContent: db.prepare('SELECT 1 FROM observations WHERE session_id = ? AND content_key = ? AND created_at BETWEEN ? AND ? LIMIT 1').pluck(),
    ...prepareQueueStatements(db),
    // `type` first: it sits before the bodies in the row, so most rows are rejected without reading them.
    pendingRows: db.prepare("SELECT id, tool_use_id FROM observations WHERE session_id = ? AND type = 'pending' AND tool_use_id IS NOT NULL"),
    deleteObs: db.prepare('DELETE FROM observations WHERE id = ?'),
    countEvents: db.prepare('SELECT count(*) FROM events WHERE session_id = ?').pluck(),
    worstEventPriority: db.prepare('SELECT max(priority) FROM events WHERE session_id = ?').pluck(),
    dropOldestEventsAt: db.prepare('DELETE FROM events WHERE id IN (SELECT id FROM events WHERE session_id = ? AND priority = ? ORDER BY id LIMIT ?)'),
    team: prepareQueue(db),
  };
}

type Statements = ReturnType<typeof prepareStatements>;

/** What one batch knows about a session it touched; valid only while the batch holds the write lock. */
interface SessionInBatch {
  readonly id: number;
  readonly project: string;
  ended: boolean;
  hasBranch: boolean;
  /** The extraction state as the next event must see it; `dirty` when it still has to be written. */
  state: unknown;
  dirty: boolean;
  /** Events stored for the session (undefined: not counted yet, or a cascade may have changed it). */
  eventCount?: number;
  /** "About to run" notes by tool_use_id (undefined: not read yet). */
  pending?: Map<string, number[]>;
  /** Its shared id, once something of it was queued for the team. */
  uid: string | null;
  /** Nothing of the session is shared. */
  localOnly: boolean;
  /** The current turn began with a `<local>` prompt. */
  localTurn: boolean;
}

interface SessionRow {
  id: number;
  project: string;
  ended: number;
  has_branch: number;
  state: string | null;
  uid: string | null;
  local_only: number;
  local_turn: number;
}


/** The ingest path of one connection. Statements are prepared on first use (most hooks only read). */
export class Ingester {
  readonly #db: SqliteDb;
  readonly #maxEvents: number;
  #stmts: Statements | undefined;

  constructor(db: SqliteDb, maxEventsPerSession: number) {
    this.#db = db;
    this.#maxEvents = maxEventsPerSession;
  }

  /**
   * Apply a batch in one IMMEDIATE transaction. Throws what SQLite throws (the caller maps it).
   * `enrich` is the extraction engine, loaded by the caller only when a batch holds observations.
   */
  ingest(events: readonly CapturedEvent[], enrich: EnrichFn | undefined): BatchResult {
    const s = (this.#stmts ??= prepareStatements(this.#db));
    return this.#db.transaction(() => new Batch(this.#db, s, this.#maxEvents, enrich).apply(events)).immediate();
  }
}

class Batch {
  readonly #db: SqliteDb;
  readonly #s: Statements;
  readonly #maxEvents: number;
  readonly #sessions = new Map<string, SessionInBatch>();
  /** Full-text rows by observation id, in insertion order, written at the end of the batch. */
  readonly #fts = new Map<number, FtsRow>();
  readonly #ftsWriter: FtsWriter;
  readonly #queue: WriteQueue;
  readonly #enrich: EnrichFn | undefined;
  readonly #changedProjects = new Set<string>();
  /** How each project met is shared from here (undefined: not shared), read once per batch. */
  readonly #shares = new Map<string, ShareRule | undefined>();
  /** Transcripts named by this batch's events, by path, with their session. */
  readonly #transcripts = new Map<string, { platform: string; session: string }>();
  /** Narration read before its call's observation: [narration rowid, observation id], linked once the rows are written. */
  readonly #links: [number, number][] = [];

  constructor(db: SqliteDb, s: Statements, maxEvents: number, enrich: EnrichFn | undefined) {
    this.#db = db;
    this.#s = s;
    this.#maxEvents = maxEvents;
    this.#queue = new WriteQueue(s);
    this.#ftsWriter = new FtsWriter(db);
    this.#enrich = enrich;
  }

  apply(events: readonly CapturedEvent[]): BatchResult {
    const s = this.#s;
    let applied = 0;
    let duplicates = 0;
    const ids: number[] = [];
    for (const ev of events) {
      if (ev.observation && (this.#queue.hasUid(ev.uid) || s.uidSeen.get(ev.uid))) {
        duplicates++;
        continue;
      }
      const session = this.#session(ev);
      for (const path of ev.transcripts ?? []) this.#transcripts.set(path, { platform: ev.platform, session: ev.externalSessionId });
      if (ev.event === 'SessionEnd') {
        s.endSession.run(ev.at, ev.session?.endReason ?? null, session.id);
        session.ended = true;
        this.#changedProjects.add(session.project);
        this.#sessionChanged(session, ev.at);
        applied++;
      }
      if (!ev.observation) {
        if (ev.event !== 'SessionEnd') applied++;
        continue;
      }
      const id = this.#insertObservation(ev, session);
      if (id === undefined) duplicates++;
      else (applied++, ids.push(id), this.#changedProjects.add(ev.place.project));
    }
    this.#queue.flush();
    for (const [narration, id] of this.#links) linkNarration(this.#db, narration, id);
    for (const [id, row] of this.#fts) this.#ftsWriter.insert(id, row);
    if (this.#transcripts.size) noteTranscripts(this.#db, this.#transcripts);
    for (const session of this.#sessions.values()) {
      if (session.dirty) s.setState.run(JSON.stringify(session.state), session.id);
    }
    return { applied, duplicates, ids, changedProjects: this.#changedProjects };
  }

  /** The event's session, created on first sight (the first event's place and time name it). */
  #session(ev: CapturedEvent): SessionInBatch {
    const s = this.#s;
    const key = `${ev.platform}\0${ev.externalSessionId}`;
    let session = this.#sessions.get(key);
    if (!session) {
      s.ensureSession.run(ev.platform, ev.externalSessionId, ev.place.project, ev.place.branch ?? null, ev.session?.source ?? null, ev.at);
      const row = s.session.get(ev.platform, ev.externalSessionId) as SessionRow;
      session = {
        id: row.id,
        project: row.project,
        ended: row.ended === 1,
        hasBranch: row.has_branch === 1,
        state: parseStoredJson(row.state),
        dirty: false,
        uid: row.uid,
        localOnly: row.local_only === 1,
        localTurn: row.local_turn === 1,
      };
      this.#sessions.set(key, session);
    }
    // MNEMO_TEAM_LOCAL=1 in the assistant's environment: the whole session stays on this machine.
    if (ev.local && !session.localOnly) {
      s.setSessionLocal.run(session.id);
      session.localOnly = true;
    }
    // A resumed session comes back to life under the same id.
    if (ev.event === 'SessionStart' && session.ended) {
      s.reopen.run(ev.session?.source ?? null, session.id);
      session.ended = false;
      this.#changedProjects.add(session.project);
      this.#sessionChanged(session, ev.at);
    }
    if (ev.place.branch && !session.hasBranch) {
      s.fillBranch.run(ev.place.branch, session.id);
      session.hasBranch = true;
    }
    return session;
  }

  /** Returns the new id, or undefined when the observation was a duplicate. */
  #insertObservation(ev: CapturedEvent, session: SessionInBatch): number | undefined {
    const o = ev.observation!;
    const s = this.#s;
    const sessionId = session.id;
    const q = this.#queue;
    const stored = (key: string) => q.hasKey(sessionId, key) || !!s.outcomeExists.get(sessionId, key);
    // An "about to run" note that arrives after its outcome (events raced) has nothing left to say.
    if (o.type === 'pending' && o.toolUseId && stored(`post:${o.toolUseId}`)) return undefined;
    if (ev.contentKey) {
      const from = ev.at - CONTENT_WINDOW_MS;
      const to = ev.at + CONTENT_WINDOW_MS;
      if (q.hasContent(sessionId, ev.contentKey, from, to) || s.recentSameContent.get(sessionId, ev.contentKey, from, to)) return undefined;
    }
    // The same natural key twice in a session is the same event (the unique index would refuse it).
    if (ev.dedupeKey && stored(ev.dedupeKey)) return undefined;
    if (!this.#enrich) throw new Error('ingest: a batch with observations needs the extraction engine');
    const localOnly = this.#localOnly(o, session);
    const enrichment = this.#enrich(ev, session.state);
    const id = q.add({
      sessionId,
      uid: ev.uid,
      dedupeKey: ev.dedupeKey,
      note: o.type === 'pending' ? o.toolUseId : undefined,
      contentKey: ev.contentKey,
      at: ev.at,
      events: enrichment.events,
      params: [
        sessionId, ev.place.project, ev.platform, o.kind, o.type, o.title, o.body, JSON.stringify(o.files), enrichment.tags, enrichment.priority,
        o.toolName ?? null, o.toolUseId ?? null, o.private ? 1 : 0, ev.at, ev.uid, ev.dedupeKey ?? null, ev.contentKey ?? null, localOnly ? 1 : 0,
      ],
    });
    this.#queueForTeam(ev, session, localOnly);
    // The model's narration of this call may have been read from the transcript first.
    const narration = o.toolUseId && o.type !== 'pending' ? findNarration(this.#db, ev.platform, ev.externalSessionId, o.toolUseId) : undefined;
    if (narration) this.#links.push([narration.rowid, id]);
    if (!o.private) this.#fts.set(id, { title: o.title, body: o.body, tags: enrichment.tags, ...(narration ? { why: narration.why, finding: narration.finding } : {}) });
    if (enrichment.state) {
      session.state = enrichment.state;
      session.dirty = true;
    }
    if (enrichment.events.length) this.#evictEvents(session, enrichment.events.length);
    if (o.toolUseId && o.type === 'pending') {
      // Not read yet: the read will find it.
      if (session.pending) add(session.pending, o.toolUseId, id);
    } else if (o.toolUseId) {
      // The "about to run" note has served its purpose once the call's outcome is stored.
      const pending = this.#pending(session);
      for (const p of pending.get(o.toolUseId) ?? []) this.#deleteRow(p, session);
      pending.delete(o.toolUseId);
    }
    return id;
  }

  /**
   * Whether a new observation stays on this machine whatever is shared: a `<local>` marker in a note
   * or decision marks it; in a prompt it marks the whole turn, until the next prompt (core/team/share-rules).
   */
  #localOnly(o: NonNullable<CapturedEvent['observation']>, session: SessionInBatch): boolean {
    const marked = markedLocal(o);
    if (o.type === 'prompt' && marked !== session.localTurn) {
      this.#s.setLocalTurn.run(marked ? 1 : 0, session.id);
      session.localTurn = marked;
    }
    return marked || session.localTurn;
  }

  /** In a shared project, queue the new observation (and its session, the first time) for the team server. */
  #queueForTeam(ev: CapturedEvent, session: SessionInBatch, localOnly: boolean): void {
    const o = ev.observation!;
    const candidate = { type: o.type, private: o.private, localOnly, sessionLocalOnly: session.localOnly, mirrored: false };
    if (!isShareable(candidate, this.#shareOf(ev.place.project))) return;
    if (session.uid === null) session.uid = queueSession(this.#s.team, session.id, session.project, ev.at);
    queueObservation(this.#s.team, ev.uid, session.project, ev.at);
  }

  #shareOf(project: string): ShareRule | undefined {
    if (!this.#shares.has(project)) this.#shares.set(project, shareRuleOf(this.#s.team, project));
    return this.#shares.get(project);
  }

  /** A session that was shared ended or came back: the server gets its new state. */
  #sessionChanged(session: SessionInBatch, at: number): void {
    if (session.uid !== null && !session.localOnly) queueSession(this.#s.team, session.id, session.project, at);
  }

  /** The session's "about to run" notes by tool_use_id, read once per batch and kept current. */
  #pending(session: SessionInBatch): Map<string, number[]> {
    if (session.pending) return session.pending;
    const map = new Map<string, number[]>();
    for (const r of this.#s.pendingRows.all(session.id) as { id: number; tool_use_id: string }[]) add(map, r.tool_use_id, r.id);
    for (const [toolUseId, id] of this.#queue.notesOf(session.id)) add(map, toolUseId, id);
    return (session.pending = map);
  }

  /**
   * Keep a session's events under the cap by dropping the least important (highest priority number),
   * then the oldest, first (core/extract/evict's rule), along the (session_id, priority, id) index,
   * so an insert past the cap deletes its excess instead of re-reading the session.
   */
  #evictEvents(session: SessionInBatch, added: number): void {
    const s = this.#s;
    let n = session.eventCount === undefined ? (s.countEvents.get(session.id) as number) + this.#queue.eventsOf(session.id) : session.eventCount + added;
    if (n > this.#maxEvents) {
      this.#queue.flush();
      while (n > this.#maxEvents) {
        const worst = s.worstEventPriority.get(session.id) as number | null;
        if (worst === null) break;
        const dropped = s.dropOldestEventsAt.run(session.id, worst, n - this.#maxEvents).changes;
        if (dropped === 0) break;
        n -= dropped;
      }
    }
    session.eventCount = n;
  }

  #deleteRow(id: number, session: SessionInBatch): void {
    this.#queue.flush();
    // A row of this batch has no full-text entry yet.
    if (!this.#fts.delete(id)) this.#ftsWriter.delete(id);
    this.#s.deleteObs.run(id);
    // Its events went with it (ON DELETE CASCADE): count again when next needed.
    session.eventCount = undefined;
  }
}

function add(map: Map<string, number[]>, key: string, id: number): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}
