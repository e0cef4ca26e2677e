/**
 * @module store/sqlite/portable
 * What `mnemo export` needs beyond `Store.exportAll` to be lossless (the columns the domain types
 * leave out: a session's source, extraction state and compaction snapshot; an observation's uid,
 * natural and content keys, and its extracted events), and the restore that `mnemo import jsonl`
 * writes back with. Its own connection to the same file, so the store's class stays untouched.
 *
 * Ids are preserved when free and remapped otherwise: restoring an export into an empty data
 * directory reproduces every id, and restoring into a store that already holds other rows keeps
 * every reference (observation → session, event → observation) pointing at the right row.
 * A record already present (same uid, or same session and natural key) is a duplicate, not a copy.
 */
import { createHash } from 'node:crypto';
import type { Kind, SessionSummary } from '../../core/types.ts';
import { KINDS } from '../../core/types.ts';
import { openDatabase, toStoreError, type SqliteDb } from './driver.ts';
import { migrate } from './migrations.ts';
import { FtsWriter } from './fts-index.ts';
import { parseStoredJson } from './rows.ts';
import { bumpGeneration } from '../generation.ts';

/** Session columns the domain type leaves out. */
export interface SessionExtras {
  readonly id: number;
  /** Never shared with a team (team memory's local-only mark survives the round trip). */
  readonly localOnly?: true;
  readonly source?: string;
  readonly state?: unknown;
  readonly snapshot?: string;
}

/** An extracted event as exported, inside its observation's record. */
export interface PortableEvent {
  readonly id: number;
  readonly type: string;
  readonly category: string;
  readonly priority: number;
  readonly data: string;
  readonly bytesAvoided?: number;
  readonly createdAt: number;
}

/** Observation columns the domain type leaves out, and the observation's events. */
export interface ObservationExtras {
  readonly id: number;
  readonly uid: string;
  readonly dedupeKey?: string;
  readonly contentKey?: string;
  /** Never shared with a team. */
  readonly localOnly?: true;
  readonly events: readonly PortableEvent[];
}

/** A session as `mnemo export` writes it (the fields restore reads). */
export interface PortableSession {
  readonly id: number;
  readonly platform: string;
  readonly externalId: string;
  readonly project: string;
  readonly branch?: string;
  readonly startedAt: number;
  readonly endedAt?: number;
  readonly endReason?: string;
  readonly summary?: SessionSummary;
  readonly source?: string;
  readonly state?: unknown;
  readonly snapshot?: string;
  readonly localOnly?: boolean;
}

/** An observation as `mnemo export` writes it (the fields restore reads). */
export interface PortableObservation {
  readonly id: number;
  readonly sessionId: number;
  readonly project: string;
  readonly platform: string;
  readonly kind: Kind;
  readonly type: string;
  readonly title: string;
  readonly body: string;
  readonly files: readonly string[];
  readonly tags?: string;
  readonly toolName?: string;
  readonly toolUseId?: string;
  readonly private: boolean;
  readonly createdAt: number;
  readonly priority?: number;
  readonly uid?: string;
  readonly dedupeKey?: string;
  readonly contentKey?: string;
  readonly localOnly?: boolean;
  readonly events?: readonly PortableEvent[];
  /** The call's narration (core/narration), linked back to the restored observation. */
  readonly why?: string;
  readonly finding?: string;
}

export type PortableRecord = { readonly record: 'session'; readonly session: PortableSession } | { readonly record: 'observation'; readonly observation: PortableObservation };

export interface RestoreResult {
  readonly sessions: number;
  readonly observations: number;
  readonly events: number;
  /** Records already present. */
  readonly duplicates: number;
  /** Observations whose session was never restored (it came after them, or not at all). */
  readonly orphans: number;
  /** Ids that were taken and had to change. */
  readonly remapped: number;
}


const KIND_SET: ReadonlySet<string> = new Set(KINDS);

function statements(db: SqliteDb) {
  return {
    sessionFree: db.prepare('SELECT 1 FROM sessions WHERE id = ?'),
    observationFree: db.prepare('SELECT 1 FROM observations WHERE id = ?'),
    eventFree: db.prepare('SELECT 1 FROM events WHERE id = ?'),
    sessionByExternal: db.prepare('SELECT id FROM sessions WHERE platform = ? AND external_id = ?'),
    insertSession: db.prepare(
      `INSERT INTO sessions (id, platform, external_id, project, branch, source, started_at, ended_at, end_reason, state, snapshot, local_only)
       VALUES (@id, @platform, @external_id, @project, @branch, @source, @started_at, @ended_at, @end_reason, @state, @snapshot, @local_only)`,
    ),
    insertSummary: db.prepare(
      `INSERT INTO summaries (session_id, brief, detailed, language, provider, model, input_tokens, output_tokens, fallback_reason, observation_count, created_at)
       VALUES (@session_id, @brief, @detailed, @language, @provider, @model, @input_tokens, @output_tokens, @fallback_reason, @observation_count, @created_at)
       ON CONFLICT (session_id) DO NOTHING`,
    ),
    observationByUid: db.prepare('SELECT id FROM observations WHERE uid = ?'),
    observationByKey: db.prepare('SELECT id FROM observations WHERE session_id = ? AND dedupe_key = ?'),
    insertObservation: db.prepare(
      `INSERT INTO observations (id, session_id, project, platform, kind, type, title, body, files, tags, priority, tool_name, tool_use_id, private, created_at, uid, dedupe_key, content_key, local_only)
       VALUES (@id, @session_id, @project, @platform, @kind, @type, @title, @body, @files, @tags, @priority, @tool_name, @tool_use_id, @private, @created_at, @uid, @dedupe_key, @content_key, @local_only)`,
    ),
    sessionKey: db.prepare('SELECT platform, external_id FROM sessions WHERE id = ?'),
    upsertNarration: db.prepare(
      `INSERT INTO narration (platform, session, call_id, why, finding, obs_id) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (platform, session, call_id) DO UPDATE SET why = excluded.why, finding = excluded.finding, obs_id = excluded.obs_id`,
    ),
    insertEvent: db.prepare('INSERT INTO events (id, obs_id, session_id, type, category, priority, data, bytes_avoided, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'),
  };
}

export class SqlitePortable {
  readonly #db: SqliteDb;
  readonly #path: string;
  #stmts: ReturnType<typeof statements> | undefined;
  /** Exported id → id in this store, for the whole life of the restore. */
  readonly #sessionIds = new Map<number, number>();
  #fts: FtsWriter | undefined;

  private constructor(db: SqliteDb, path: string) {
    this.#db = db;
    this.#path = path;
  }

  get #s(): ReturnType<typeof statements> {
    return (this.#stmts ??= statements(this.#db));
  }

  static open(opts: { path: string; busyTimeoutMs: number }): SqlitePortable {
    const db = openDatabase(opts);
    try {
      migrate(db);
      return new SqlitePortable(db, opts.path);
    } catch (err) {
      db.close();
      throw toStoreError(err);
    }
  }

  /** Every session's extra columns, by id. */
  sessionExtras(): Map<number, SessionExtras> {
    const rows = this.#db.prepare('SELECT id, source, state, snapshot, local_only FROM sessions ORDER BY id').all() as { id: number; source: string | null; state: string | null; snapshot: string | null; local_only: number }[];
    const out = new Map<number, SessionExtras>();
    for (const r of rows) {
      const state = parseStoredJson(r.state);
      out.set(r.id, {
        id: r.id,
        ...(r.local_only === 1 ? { localOnly: true as const } : {}),
        ...(r.source !== null ? { source: r.source } : {}),
        ...(state !== undefined ? { state } : {}),
        ...(r.snapshot !== null ? { snapshot: r.snapshot } : {}),
      });
    }
    return out;
  }

  /** Every observation's extra columns and events, in id order (the order `exportAll` yields them). */
  *observationExtras(): Generator<ObservationExtras> {
    type Row = { id: number; uid: string; dedupe_key: string | null; content_key: string | null; local_only: number; eid: number | null; type: string | null; category: string | null; priority: number | null; data: string | null; bytes_avoided: number | null; created_at: number | null };
    const rows = this.#db
      .prepare(
        `SELECT o.id, o.uid, o.dedupe_key, o.content_key, o.local_only, e.id AS eid, e.type, e.category, e.priority, e.data, e.bytes_avoided, e.created_at
         FROM observations o LEFT JOIN events e ON e.obs_id = o.id ORDER BY o.id, e.id`,
      )
      .iterate() as IterableIterator<Row>;
    let current: { id: number; uid: string; dedupeKey?: string; contentKey?: string; localOnly?: true; events: PortableEvent[] } | undefined;
    for (const r of rows) {
      if (!current || current.id !== r.id) {
        if (current) yield current;
        current = { id: r.id, uid: r.uid, ...(r.dedupe_key !== null ? { dedupeKey: r.dedupe_key } : {}), ...(r.content_key !== null ? { contentKey: r.content_key } : {}), ...(r.local_only === 1 ? { localOnly: true as const } : {}), events: [] };
      }
      if (r.eid !== null) {
        current.events.push({
          id: r.eid, type: r.type!, category: r.category!, priority: r.priority!, data: r.data!,
          ...(r.bytes_avoided !== null ? { bytesAvoided: r.bytes_avoided } : {}), createdAt: r.created_at!,
        });
      }
    }
    if (current) yield current;
  }

  /** Write records back, in one transaction. Sessions must come before their observations (as export writes them). */
  restore(records: readonly PortableRecord[]): RestoreResult {
    const db = this.#db;
    const counts = { sessions: 0, observations: 0, events: 0, duplicates: 0, orphans: 0, remapped: 0 };
    try {
      db.transaction(() => {
        this.#fts = undefined; // one writer a transaction: the index's layout can change between two
        for (const r of records) {
          if (r.record === 'session') this.#restoreSession(r.session, counts);
          else this.#restoreObservation(r.observation, counts);
        }
      }).immediate();
    } catch (err) {
      throw toStoreError(err);
    }
    if (counts.sessions + counts.observations > 0) bumpGeneration(this.#path);
    return counts;
  }

  #free(stmt: { get: (id: number) => unknown }, id: number): boolean {
    return Number.isSafeInteger(id) && id > 0 && stmt.get(id) === undefined;
  }

  #restoreSession(s: PortableSession, counts: { sessions: number; duplicates: number; remapped: number }): void {
    const st = this.#s;
    const existing = st.sessionByExternal.get(s.platform, s.externalId) as { id: number } | undefined;
    let id: number;
    if (existing) {
      id = existing.id;
      counts.duplicates++;
    } else {
      const keep = this.#free(st.sessionFree, s.id);
      if (!keep) counts.remapped++;
      const info = st.insertSession.run({
          id: keep ? s.id : null, platform: s.platform, external_id: s.externalId, project: s.project, branch: s.branch ?? null, source: s.source ?? null,
          started_at: s.startedAt, ended_at: s.endedAt ?? null, end_reason: s.endReason ?? null,
          state: s.state !== undefined ? JSON.stringify(s.state) : null, snapshot: s.snapshot ?? null, local_only: s.localOnly === true ? 1 : 0,
        });
      id = Number(info.lastInsertRowid);
      counts.sessions++;
    }
    this.#sessionIds.set(s.id, id);
    const m = s.summary;
    if (m) {
      st.insertSummary.run({
        session_id: id, brief: m.brief, detailed: m.detailed, language: m.language, provider: m.provider, model: m.model ?? null,
        input_tokens: m.inputTokens, output_tokens: m.outputTokens, fallback_reason: m.fallbackReason ?? null, observation_count: m.observationCount, created_at: m.createdAt,
      });
    }
  }

  #restoreObservation(o: PortableObservation, counts: { observations: number; events: number; duplicates: number; orphans: number; remapped: number }): void {
    const st = this.#s;
    const uid = o.uid ?? legacyUid(o);
    const sessionId = this.#sessionIds.get(o.sessionId);
    if (st.observationByUid.get(uid)) {
      counts.duplicates++;
      return;
    }
    if (sessionId === undefined) {
      counts.orphans++;
      return;
    }
    if (o.dedupeKey) {
      if (st.observationByKey.get(sessionId, o.dedupeKey)) {
        counts.duplicates++;
        return;
      }
    }
    const keep = this.#free(st.observationFree, o.id);
    if (!keep) counts.remapped++;
    const info = st.insertObservation.run({
        id: keep ? o.id : null, session_id: sessionId, project: o.project, platform: o.platform, kind: o.kind, type: o.type, title: o.title, body: o.body,
        files: JSON.stringify(o.files), tags: o.tags ?? '', priority: o.priority ?? 5, tool_name: o.toolName ?? null, tool_use_id: o.toolUseId ?? null,
        private: o.private ? 1 : 0, created_at: o.createdAt, uid, dedupe_key: o.dedupeKey ?? null, content_key: o.contentKey ?? null, local_only: o.localOnly === true ? 1 : 0,
      });
    const id = Number(info.lastInsertRowid);
    counts.observations++;
    const narrated = o.toolUseId && (o.why || o.finding) ? o.toolUseId : undefined;
    if (narrated) {
      const key = st.sessionKey.get(sessionId) as { platform: string; external_id: string };
      st.upsertNarration.run(key.platform, key.external_id, narrated, o.why ?? '', o.finding ?? '', id);
    }
    if (!o.private) {
      this.#fts ??= new FtsWriter(this.#db);
      this.#fts.insert(id, { title: o.title, body: o.body, tags: o.tags ?? '', ...(narrated ? { why: o.why ?? '', finding: o.finding ?? '' } : {}) });
    }
    for (const e of o.events ?? []) {
      const keepEvent = this.#free(st.eventFree, e.id);
      if (!keepEvent) counts.remapped++;
      st.insertEvent.run(keepEvent ? e.id : null, id, sessionId, e.type, e.category, e.priority, e.data, e.bytesAvoided ?? null, e.createdAt);
      counts.events++;
    }
  }

  close(): void {
    if (this.#db.open) this.#db.close();
  }
}

/** A kind the schema accepts (its CHECK constraint would reject the whole batch otherwise). */
export function isKind(v: unknown): v is Kind {
  return typeof v === 'string' && KIND_SET.has(v);
}

/** A stable uid for records exported before uids were: the same record always gets the same one. */
function legacyUid(o: PortableObservation): string {
  const h = createHash('sha1').update(`${o.platform}\0${o.id}\0${o.sessionId}\0${o.createdAt}\0${o.type}\0${o.title}\0${o.body}`).digest('base64url');
  return `jsonl-${h}`;
}
