/**
 * @module store/sqlite/sqlite-store
 * The SQLite implementation of `Store` (better-sqlite3, WAL). All SQL lives under store/sqlite.
 */
import { statSync } from 'node:fs';
import type { CapturedEvent, IndexedObservation, Observation, ObsType, Session, SessionSummary, StoredEvent } from '../../core/types.ts';
import type {
  ContextQuery,
  IngestOptions,
  IngestResult,
  SearchHit,
  SearchOptions,
  Store,
  StoreCapabilities,
  StoreStats,
} from '../store.ts';
import type { ActivityDay, ActivityQuery, FeedQuery, FileTouches, SessionBrowseQuery, StoreBreakdown, TopFilesQuery } from '../store.ts';
import { openDatabase, toStoreError, withSynchronous, type SqliteDb } from './driver.ts';
import { LATEST_VERSION, migrate } from './migrations.ts';
import { examine } from './health.ts';
import { runMaintenance, type MaintainOptions, type MaintenanceRun } from './maintenance.ts';
import { VectorIndex } from './vectors.ts';
import type { Embedder } from '../../embed/types.ts';
import { NARRATED, OBS_COLUMNS, parseStoredJson, toIndexedObservation, toObservation, type ObservationRow } from './rows.ts';
import { deleteObservations, purgeIndexAsync, scrubWal, targetIds, type ForgetTarget } from './forget.ts';
import { compact, due, prune, type PruneOptions, type PruneReport, type RetentionPolicy } from './retention.ts';
import { Ingester, type BatchResult } from './ingest.ts';
import { bumpGeneration, dropDerived } from '../generation.ts';
import { stmt } from './statements.ts';
import { prepareQueue, queueObservation, queueSummaryIfShared, queueTombstonesFor, type QueueStatements } from './team/queue.ts';
import { TeamLedger } from './team/ledger.ts';
import { rebuildAll } from './fts-index.ts';
import { activeTranscripts, addTranscript, moveCursor, saveNarration as saveNarrationRows, type CursorMove, type SaveNarrationResult, type TranscriptCursor } from './narration.ts';
import type { NarrationRecord } from '../../core/narration.ts';

interface SessionRow {
  id: number;
  platform: string;
  external_id: string;
  project: string;
  branch: string | null;
  source: string | null;
  started_at: number;
  ended_at: number | null;
  end_reason: string | null;
  author: string | null;
  n: number;
  e?: number;
}

interface SummaryRow {
  brief: string;
  detailed: string;
  language: string;
  provider: SessionSummary['provider'];
  model: string | null;
  input_tokens: number;
  output_tokens: number;
  fallback_reason: string | null;
  observation_count: number;
  created_at: number;
}

function toSummary(r: SummaryRow): SessionSummary {
  return {
    brief: r.brief,
    detailed: r.detailed,
    language: r.language,
    provider: r.provider,
    ...(r.model ? { model: r.model } : {}),
    inputTokens: r.input_tokens,
    outputTokens: r.output_tokens,
    ...(r.fallback_reason ? { fallbackReason: r.fallback_reason } : {}),
    observationCount: r.observation_count,
    createdAt: r.created_at,
  };
}

/** Session columns with observation and event counts. */
const SESSION_SELECT = `SELECT s.id, s.platform, s.external_id, s.project, s.branch, s.source, s.started_at, s.ended_at, s.end_reason, s.author,
  (SELECT count(*) FROM observations o WHERE o.session_id = s.id) AS n,
  (SELECT count(*) FROM events e WHERE e.session_id = s.id) AS e
  FROM sessions s`;

function toSession(r: SessionRow): Session {
  return {
    id: r.id,
    platform: r.platform,
    externalId: r.external_id,
    project: r.project,
    ...(r.branch ? { branch: r.branch } : {}),
    ...(r.source ? { source: r.source } : {}),
    startedAt: r.started_at,
    ...(r.ended_at !== null ? { endedAt: r.ended_at } : {}),
    ...(r.end_reason ? { endReason: r.end_reason } : {}),
    ...(r.author ? { author: r.author } : {}),
    observationCount: r.n,
    ...(r.e !== undefined ? { eventCount: r.e } : {}),
  };
}


export interface SqliteStoreOptions {
  readonly path: string;
  readonly busyTimeoutMs: number;
  /** Extracted events kept per session; the least important go first. */
  readonly maxEventsPerSession?: number;
  /** Durability of commits (see OpenOptions in driver.ts); FULL unless a benchmark compares. */
  readonly synchronous?: 'FULL' | 'NORMAL';
}

/** A session's last sign of life: its newest observation, else its start (what abandonment is measured from). */
const IDLE_SINCE = 'coalesce((SELECT max(o.created_at) FROM observations o WHERE o.session_id = s.id), s.started_at)';
const DEFAULT_MAX_EVENTS = 2000;
/** A search waits this long for the query's embedding, then answers with keywords alone. */
const QUERY_EMBED_MS = 2000;

function withDeadline<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('deadline')), ms)));
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}


export class SqliteStore implements Store {
  /** Semantic search, when an embedder was enabled (see enableSemantic). */
  #semantic: { embedder: Embedder; index: VectorIndex; fusion: 'rrf' | 'append' } | undefined;
  #semanticPausedUntil = 0;
  get capabilities(): StoreCapabilities {
    return { fullText: true, cjk: true, vectors: this.#semantic !== undefined };
  }
  readonly #db: SqliteDb;
  readonly #path: string;
  /** Opened read-only because the file cannot be written now (see openDatabase): reads only. */
  get readOnly(): boolean {
    return this.#db.readonly;
  }
  readonly #ingester: Ingester;
  #teamStatements: QueueStatements | undefined;
  #ledger: TeamLedger | undefined;
  /** Team memory's local side: shares, outbox, mirror, sync state (store/sqlite/team/ledger). */
  get team(): TeamLedger {
    return (this.#ledger ??= new TeamLedger(this.#db, { changed: (projects) => this.#changed(projects), removed: () => this.#removedRows() }));
  }
  /** The outbox statements of this connection, prepared on first use (most hooks only read). */
  #team(): QueueStatements {
    return (this.#teamStatements ??= prepareQueue(this.#db));
  }

  readonly #busyTimeoutMs: number;

  private constructor(db: SqliteDb, path: string, maxEvents: number, busyTimeoutMs: number) {
    this.#db = db;
    this.#path = path;
    this.#busyTimeoutMs = busyTimeoutMs;
    this.#ingester = new Ingester(db, maxEvents);
  }

  /** Open (creating and migrating as needed). Throws StoreError. */
  static open(opts: SqliteStoreOptions): SqliteStore {
    const db = openDatabase({ path: opts.path, busyTimeoutMs: opts.busyTimeoutMs, maxVersion: LATEST_VERSION, ...(opts.synchronous ? { synchronous: opts.synchronous } : {}) });
    try {
      migrate(db);
      return new SqliteStore(db, opts.path, opts.maxEventsPerSession ?? DEFAULT_MAX_EVENTS, opts.busyTimeoutMs);
    } catch (err) {
      db.close();
      throw toStoreError(err, opts.path);
    }
  }

  async ingest(events: readonly CapturedEvent[], opts: IngestOptions = {}): Promise<IngestResult> {
    // Extraction loads only when there is something to extract from (a SessionStart's own event is not).
    const enrich = events.some((e) => e.observation) ? (opts.enrich ?? (await import('../../core/enrich.ts')).enrichEvent) : undefined;
    let batch: BatchResult;
    try {
      const apply = () => this.#waitingAtMost(opts.waitMs, () => this.#ingester.ingest(events, enrich));
      batch = opts.replayable ? withSynchronous(this.#db, 'NORMAL', apply) : apply();
    } catch (err) {
      throw toStoreError(err, this.#path);
    }
    const { applied, duplicates, ids, changedProjects } = batch;
    if (changedProjects.size > 0) this.#changed(changedProjects);
    return { applied, duplicates, ids };
  }

  /**
   * After a commit that may change what the SessionStart index shows (see store/generation): of these
   * projects, or of any when none are named.
   */
  #changed(projects?: Iterable<string>): void {
    bumpGeneration(this.#path, projects);
  }

  /** After rows were deleted (forget, retention): any project may have changed, and a kept copy may quote what went. */
  #removedRows(): void {
    this.#changed();
    dropDerived(this.#path);
  }

  /** Run `fn` with the busy timeout lowered to `waitMs` (background work gives way to other writers). */
  #waitingAtMost<T>(waitMs: number | undefined, fn: () => T): T {
    if (waitMs === undefined) return fn();
    this.#db.pragma(`busy_timeout = ${Math.max(0, Math.trunc(waitMs))}`);
    try {
      return fn();
    } finally {
      this.#db.pragma(`busy_timeout = ${this.#busyTimeoutMs}`);
    }
  }

  /**
   * Hybrid search: keyword lists, plus semantic neighbours when an embedder is enabled (the query is
   * embedded with a 2 s deadline; on any embedder failure the keyword results stand alone).
   * `mode` narrows it for the retrieval evaluation.
   */
  async search(opts: SearchOptions, mode: { keyword?: boolean; semantic?: boolean; glossary?: boolean } = {}): Promise<SearchHit[]> {
    let vector: number[] | undefined;
    let among: ((ids: readonly number[]) => number[]) | undefined;
    const sem = this.#semantic;
    const fusion = sem?.fusion;
    if (sem && mode.semantic !== false && Date.now() >= this.#semanticPausedUntil) {
      try {
        const [q] = await withDeadline(sem.embedder.embed([opts.query.slice(0, 2000)], 'query'), QUERY_EMBED_MS);
        // The embedder's scope: every vector (KNN), or only the records the keyword lists found.
        if (q && sem.embedder.scope === 'candidates') among = (ids) => sem.index.rankAmong(q, ids);
        else if (q) vector = sem.index.knn(q, Math.max(2 * (opts.limit ?? 20), 50), opts);
      } catch {
        // Keyword results stand alone; an embedder that is down is not asked again for a minute.
        vector = undefined;
        this.#semanticPausedUntil = Date.now() + 60_000;
      }
    }
    // Loaded on first search: its query planner builds glossary tables that SessionStart never needs.
    const { searchObservations } = await import('./search.ts');
    try {
      return searchObservations(this.#db, opts, {
        ...(vector ? { [fusion === 'append' ? 'append' : 'extra']: [{ name: 'vector', ids: vector }] } : {}),
        ...(among ? { rankAmong: among } : {}),
        ...(mode.keyword === false ? { keyword: false } : {}),
        ...(mode.glossary === false ? { glossary: false } : {}),
      });
    } catch (err) {
      throw toStoreError(err, this.#path);
    }
  }

  /**
   * English words this index holds for the query's katakana words that no glossary translates, for
   * the team server's search (it keeps no vocabulary to match them against). Empty on any failure: a
   * team search never waits on this.
   */
  async loanwordsFor(query: string): Promise<Record<string, readonly string[]>> {
    const { loanwordsOfQuery } = await import('./loanwords.ts');
    try {
      return loanwordsOfQuery(this.#db, query);
    } catch {
      return {};
    }
  }

  /**
   * Turn on semantic search with this embedder (MCP server, `mnemo embed`; never in a hook).
   * Returns the vector index, or undefined when sqlite-vec cannot be loaded here. `readOnly` (one-shot
   * searches) never replaces vectors of another model.
   */
  enableSemantic(embedder: Embedder, opts: { readOnly?: boolean } = {}): VectorIndex | undefined {
    const index = VectorIndex.open(this.#db, embedder.id, opts);
    this.#semantic = index ? { embedder, index, fusion: embedder.fusion ?? 'rrf' } : undefined;
    this.#semanticPausedUntil = 0;
    return index;
  }

  async getObservations(ids: readonly number[]): Promise<Observation[]> {
    const clean = [...new Set(ids.filter((n) => Number.isSafeInteger(n) && n > 0))].slice(0, 500);
    if (clean.length === 0) return [];
    const rows = stmt(this.#db, `SELECT ${NARRATED.columns} FROM ${NARRATED.from} WHERE o.id IN (${clean.map(() => '?').join(',')})`)
      .all(...clean) as ObservationRow[];
    const byId = new Map(rows.map((r) => [r.id, toObservation(r)]));
    return clean.map((id) => byId.get(id)).filter((o): o is Observation => o !== undefined);
  }

  async timeline(id: number, before: number, after: number): Promise<Observation[]> {
    const anchor = stmt(this.#db, 'SELECT session_id FROM observations WHERE id = ?').get(id) as { session_id: number } | undefined;
    if (!anchor) return [];
    const earlier = stmt(this.#db, `SELECT ${OBS_COLUMNS} FROM observations o WHERE o.session_id = ? AND o.id < ? ORDER BY o.id DESC LIMIT ?`)
      .all(anchor.session_id, id, Math.max(0, before)) as ObservationRow[];
    const later = stmt(this.#db, `SELECT ${OBS_COLUMNS} FROM observations o WHERE o.session_id = ? AND o.id >= ? ORDER BY o.id ASC LIMIT ?`)
      .all(anchor.session_id, id, Math.max(0, after) + 1) as ObservationRow[];
    return [...earlier.reverse(), ...later].map(toObservation);
  }

  async recentForContext(q: ContextQuery): Promise<IndexedObservation[]> {
    // The index shows one line an observation: reading the bodies (kilobytes each, hundreds of rows)
    // would be most of SessionStart's reading for nothing.
    const rows = stmt(
      this.#db,
      `SELECT o.id, o.type, o.title, o.files, o.private, o.created_at, o.priority FROM observations o
       WHERE o.project = ? AND o.private = 0 AND o.author IS NULL AND o.type NOT IN ('pending', 'marker')
       ORDER BY o.created_at DESC, o.id DESC LIMIT ?`,
    ).all(q.project, q.window) as Pick<ObservationRow, 'id' | 'type' | 'title' | 'files' | 'private' | 'created_at' | 'priority'>[];
    return rows.map(toIndexedObservation);
  }

  async recentFromTeammates(q: ContextQuery): Promise<(IndexedObservation & { readonly author: string })[]> {
    // Most stores have no share at all: one probe of a tiny table, and nothing else.
    if (!this.team.anyShare()) return [];
    return this.team.teammates(q.project, Math.min(q.window, 100)).map((r) => ({ id: r.id, type: r.type, title: r.title, files: [], private: false, createdAt: r.createdAt, priority: r.priority, author: r.author }));
  }

  async listSessions(filter: { project?: string; limit?: number }): Promise<Session[]> {
    const limit = Math.min(Math.max(Math.trunc(filter.limit ?? 50), 1), 10_000);
    const rows = stmt(this.#db, `${SESSION_SELECT} ${filter.project ? 'WHERE s.project = @project' : ''} ORDER BY s.started_at DESC, s.id DESC LIMIT @limit`)
      .all({ limit, ...(filter.project ? { project: filter.project } : {}) }) as SessionRow[];
    return rows.map((r) => this.#withSummary(r));
  }

  async getSessionByExternalId(platform: string, externalId: string): Promise<Session | undefined> {
    const row = stmt(this.#db, `${SESSION_SELECT} WHERE s.platform = ? AND s.external_id = ?`).get(platform, externalId) as SessionRow | undefined;
    return row ? this.#withSummary(row) : undefined;
  }

  /** Delete observations so that their text is gone from the file too (see store/sqlite/forget). */
  async forget(target: ForgetTarget): Promise<number> {
    try {
      const removed = this.#db.transaction(() => {
        const ids = targetIds(this.#db, target);
        // What of mine may be on the team server is forgotten there too, at the next push.
        queueTombstonesFor(this.#team(), ids, target, Date.now());
        const { deleted } = deleteObservations(this.#db, ids, { dropDerived: true });
        if (target.sessionId !== undefined) stmt(this.#db, 'DELETE FROM sessions WHERE id = ?').run(target.sessionId);
        if (target.project !== undefined) stmt(this.#db, 'DELETE FROM sessions WHERE project = ?').run(target.project);
        return deleted.length;
      }).immediate();
      if (target.sessionId !== undefined || target.project !== undefined || removed) this.#removedRows();
      if (removed) await purgeIndexAsync(this.#db);
      scrubWal(this.#db);
      return removed;
    } catch (err) {
      throw toStoreError(err);
    }
  }

  /** Whether retention would delete anything now (cheap: see store/sqlite/retention). */
  retentionDue(policy: RetentionPolicy): boolean {
    return due(this.#db, policy);
  }

  /** Apply retention; `vacuum` also gives the freed pages back to the file system; `waitMs` bounds the wait for another writer. */
  prune(policy: RetentionPolicy, opts: PruneOptions & { vacuum?: boolean; waitMs?: number } = {}): PruneReport {
    try {
      const report = this.#waitingAtMost(opts.waitMs, () => prune(this.#db, policy, opts));
      if (report.byAge + report.bySize + report.sessions > 0) this.#removedRows();
      if (opts.vacuum) compact(this.#db);
      return report;
    } catch (err) {
      throw toStoreError(err, this.#path);
    }
  }

  async *exportAll(): AsyncIterable<{ record: 'session'; session: Session } | { record: 'observation'; observation: Observation }> {
    // Records mirrored from the team are not exported: they are the server's, and come back from it.
    const sessions = stmt(this.#db, `${SESSION_SELECT} WHERE s.origin IS NULL ORDER BY s.id`).all() as SessionRow[];
    for (const r of sessions) yield { record: 'session', session: this.#withSummary(r) };
    const observations = this.#db.prepare(`SELECT ${NARRATED.columns} FROM ${NARRATED.from} WHERE o.origin IS NULL ORDER BY o.id`).iterate() as IterableIterator<ObservationRow>;
    for (const r of observations) yield { record: 'observation', observation: toObservation(r) };
  }

  #withSummary(r: SessionRow): Session {
    const summary = stmt(this.#db, 'SELECT * FROM summaries WHERE session_id = ?').get(r.id) as SummaryRow | undefined;
    const session = toSession(r);
    return summary ? { ...session, summary: toSummary(summary) } : session;
  }

  async eventsFor(target: { obsIds?: readonly number[]; sessionId?: number }): Promise<StoredEvent[]> {
    type Row = { id: number; obs_id: number; session_id: number; type: string; category: string; priority: number; data: string; bytes_avoided: number | null; created_at: number };
    let rows: Row[] = [];
    if (target.sessionId !== undefined) {
      rows = stmt(this.#db, 'SELECT * FROM events WHERE session_id = ? ORDER BY id').all(target.sessionId) as Row[];
    } else if (target.obsIds?.length) {
      const ids = target.obsIds.filter((n) => Number.isSafeInteger(n)).slice(0, 1000);
      rows = stmt(this.#db, `SELECT * FROM events WHERE obs_id IN (${ids.map(() => '?').join(',')}) ORDER BY id`).all(...ids) as Row[];
    }
    return rows.map((r) => ({
      id: r.id, obsId: r.obs_id, sessionId: r.session_id, type: r.type, category: r.category, priority: r.priority, data: r.data,
      ...(r.bytes_avoided !== null ? { bytesAvoided: r.bytes_avoided } : {}), createdAt: r.created_at,
    }));
  }

  async getSession(id: number): Promise<Session | undefined> {
    const row = stmt(this.#db, `${SESSION_SELECT} WHERE s.id = ?`).get(id) as SessionRow | undefined;
    return row ? this.#withSummary(row) : undefined;
  }

  async sessionObservations(sessionId: number, limit = 5000): Promise<Observation[]> {
    // The newest `limit` rows, returned oldest first: a very long session is summarized from its end.
    // Ordered as the (session_id, created_at) index is, so the window is an index walk, not a sort of the whole session.
    const rows = stmt(
      this.#db,
        `SELECT * FROM (SELECT ${OBS_COLUMNS} FROM observations o WHERE o.session_id = ? AND o.private = 0 ORDER BY o.created_at DESC, o.id DESC LIMIT ?)
         ORDER BY created_at, id`,
      )
      .all(sessionId, limit) as ObservationRow[];
    return rows.map(toObservation);
  }

  async sessionState(sessionId: number): Promise<unknown> {
    const row = stmt(this.#db, 'SELECT state FROM sessions WHERE id = ?').get(sessionId) as { state: string | null } | undefined;
    return parseStoredJson(row?.state ?? null);
  }

  async saveSummary(sessionId: number, sm: SessionSummary): Promise<void> {
    return this.saveSummaries([{ sessionId, summary: sm }]);
  }

  async saveSummaries(entries: readonly { readonly sessionId: number; readonly summary: SessionSummary }[]): Promise<void> {
    const upsert = stmt(
      this.#db,
      `INSERT INTO summaries (session_id, brief, detailed, language, provider, model, input_tokens, output_tokens, fallback_reason, observation_count, created_at)
       VALUES (@session_id, @brief, @detailed, @language, @provider, @model, @input_tokens, @output_tokens, @fallback_reason, @observation_count, @created_at)
       ON CONFLICT (session_id) DO UPDATE SET brief = excluded.brief, detailed = excluded.detailed, language = excluded.language,
         provider = excluded.provider, model = excluded.model,
         input_tokens = summaries.input_tokens + excluded.input_tokens, output_tokens = summaries.output_tokens + excluded.output_tokens,
         fallback_reason = excluded.fallback_reason, observation_count = excluded.observation_count, created_at = excluded.created_at`,
    );
    // One transaction (one durable commit) for the lot: an import writes hundreds.
    const team = this.#team();
    this.#db.transaction(() => {
      for (const { sessionId, summary: sm } of entries) {
        upsert.run({
          session_id: sessionId, brief: sm.brief, detailed: sm.detailed, language: sm.language, provider: sm.provider, model: sm.model ?? null,
          input_tokens: sm.inputTokens, output_tokens: sm.outputTokens, fallback_reason: sm.fallbackReason ?? null,
          observation_count: sm.observationCount, created_at: sm.createdAt,
        });
        queueSummaryIfShared(team, sessionId, sm.createdAt);
      }
    }).immediate();
    if (entries.length > 0) {
      const ids = JSON.stringify(entries.map((e) => e.sessionId));
      this.#changed(stmt(this.#db, 'SELECT DISTINCT project FROM sessions WHERE id IN (SELECT value FROM json_each(?))').pluck().all(ids) as string[]);
    }
  }

  async latestSummary(project: string, excludeSessionId?: number): Promise<{ session: Session; summary: SessionSummary } | undefined> {
    // Pick the session first (an index walk), then count only its rows.
    const pick = stmt(
      this.#db,
        `SELECT s.id FROM sessions s JOIN summaries m ON m.session_id = s.id
         WHERE s.project = ? AND s.id != ? AND s.author IS NULL ORDER BY coalesce(s.ended_at, m.created_at) DESC LIMIT 1`,
      )
      .get(project, excludeSessionId ?? -1) as { id: number } | undefined;
    if (!pick) return undefined;
    const session = await this.getSession(pick.id);
    return session?.summary ? { session, summary: session.summary } : undefined;
  }


  async abandonedSessions(idleMs: number, limit: number): Promise<Session[]> {
    const before = Date.now() - idleMs;
    const rows = stmt(
      this.#db,
        `${SESSION_SELECT} WHERE s.ended_at IS NULL AND s.origin IS NULL
           AND ${IDLE_SINCE} < ?
         ORDER BY s.started_at LIMIT ?`,
      )
      .all(before, limit) as SessionRow[];
    return rows.map((r) => this.#withSummary(r));
  }

  /**
   * When the first open session will have been idle `idleMs` (so that closeAbandonedSessions would
   * close it); undefined when no session is open. Lets a cached index know when it must stop being used.
   */
  nextAbandonment(idleMs: number): number | undefined {
    const row = stmt(
      this.#db,
      `SELECT min(${IDLE_SINCE}) AS idle_since
       FROM sessions s WHERE s.ended_at IS NULL AND s.origin IS NULL`,
    ).get() as { idle_since: number | null };
    return row.idle_since === null ? undefined : row.idle_since + idleMs;
  }

  async endSession(sessionId: number, reason: string, at: number): Promise<void> {
    const ended = stmt(this.#db, 'UPDATE sessions SET ended_at = ?, end_reason = coalesce(end_reason, ?) WHERE id = ? AND ended_at IS NULL RETURNING project')
      .pluck()
      .get(at, reason, sessionId) as string | undefined;
    if (ended !== undefined) this.#changed([ended]);
  }

  async saveSnapshot(sessionId: number, snapshot: string): Promise<void> {
    stmt(this.#db, 'UPDATE sessions SET snapshot = ? WHERE id = ?').run(snapshot, sessionId);
  }

  async takeSnapshot(platform: string, externalId: string): Promise<string | undefined> {
    const row = stmt(this.#db, 'SELECT snapshot FROM sessions WHERE platform = ? AND external_id = ?').get(platform, externalId) as { snapshot: string | null } | undefined;
    return row?.snapshot ?? undefined;
  }

  async projectVolume(project: string): Promise<{ observations: number; chars: number }> {
    const r = stmt(this.#db, 'SELECT observations, chars FROM project_volume WHERE project = ?').get(project) as { observations: number; chars: number } | undefined;
    return { observations: r?.observations ?? 0, chars: r?.chars ?? 0 };
  }

  async stats(): Promise<StoreStats> {
    const one = (sql: string) => (stmt(this.#db, sql).get() as { n: number }).n;
    let dbBytes = 0;
    for (const suffix of ['', '-wal']) {
      try {
        dbBytes += statSync(this.#path + suffix).size;
      } catch {
        /* no WAL yet */
      }
    }
    return {
      observations: one('SELECT count(*) AS n FROM observations'),
      sessions: one('SELECT count(*) AS n FROM sessions'),
      projects: one('SELECT count(DISTINCT project) AS n FROM sessions'),
      dbBytes,
      schemaVersion: this.#db.pragma('user_version', { simple: true }) as number,
    };
  }

  /** What is wrong with the store (store/sqlite/health), one line each; empty when healthy. */
  async check(): Promise<string[]> {
    return examine(this.#db).map((f) => f.detail);
  }

  /** Rebuild the full-text index from the table (doctor --repair), in id-ordered pages to bound memory. */
  rebuildIndex(): number {
    return this.#db.transaction(() => rebuildAll(this.#db)).immediate();
  }

  /**
   * Run deferred upgrade steps (store/sqlite/maintenance) in short transactions, within `opts`' bounds.
   * Never from a hook: a step may be an index build over every observation. Throws StoreError (BUSY…).
   */
  maintain(opts: MaintainOptions & { readonly waitMs?: number } = {}): MaintenanceRun {
    try {
      const run = this.#waitingAtMost(opts.waitMs, () => runMaintenance(this.#db, opts));
      // An upgrade step may fill in what the index shows (titles, per-project totals).
      if (run.chunks > 0) this.#changed();
      return run;
    } catch (err) {
      throw toStoreError(err);
    }
  }

  // ── Host transcripts and the narration read from them (src/narration; never from a tool-call hook). ──

  /** Transcripts to read: those named by a hook since `since` (or every one of a session), least recently read first. */
  transcriptsToRead(q: Parameters<typeof activeTranscripts>[1]): TranscriptCursor[] {
    return activeTranscripts(this.#db, q);
  }

  /** Transcripts found beside known ones (a session's subagent runs). */
  addTranscripts(found: readonly { readonly path: string; readonly platform: string; readonly session: string; readonly seenAt: number }[]): void {
    if (!found.length) return;
    try {
      this.#db.transaction(() => {
        for (const f of found) addTranscript(this.#db, f.path, f.platform, f.session, f.seenAt);
      }).immediate();
    } catch (err) {
      throw toStoreError(err, this.#path);
    }
  }

  /**
   * Narration records read from a host transcript (linked to their observations where those are
   * stored, and indexed with them) and, for the live reader, the transcript's new position: one
   * transaction. `mnemo import claude-code` saves what it reads here too, without a position.
   */
  saveNarration(platform: string, records: readonly NarrationRecord[], move?: CursorMove, opts: { readonly waitMs?: number } = {}): SaveNarrationResult {
    try {
      return this.#waitingAtMost(opts.waitMs, () =>
        this.#db.transaction(() => {
          const r = saveNarrationRows(this.#db, platform, records);
          // An observation of mine already shared goes to the server again, now with its narration.
          for (const id of r.observations) {
            const shared = this.#team().sharedObservation.get(id) as { uid: string; project: string } | undefined;
            if (shared) queueObservation(this.#team(), shared.uid, shared.project, Date.now());
          }
          if (move) moveCursor(this.#db, move);
          return r;
        }).immediate(),
      );
    } catch (err) {
      throw toStoreError(err, this.#path);
    }
  }

  /** A consistent copy of the live database (WAL included), taken with SQLite's online backup. */
  async backup(destination: string): Promise<void> {
    await this.#db.backup(destination);
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }

  // ── Viewer queries (src/viewer): browsing, live updates, insights. Every query is bounded or
  // index-only, so a store of millions of observations stays interactive. ──

  async feed(q: FeedQuery): Promise<Observation[]> {
    const limit = clampInt(q.limit, 1, 500, 100);
    const desc = q.order !== 'asc';
    const where: string[] = [];
    const params: Record<string, unknown> = { limit };
    if (q.project) (where.push('o.project = @project'), (params.project = q.project));
    if (q.platform) (where.push('o.platform = @platform'), (params.platform = q.platform));
    if (q.sessionId !== undefined) (where.push('o.session_id = @session'), (params.session = q.sessionId));
    if (q.types?.length) where.push(`o.type IN (${inList('t', q.types, params)})`);
    if (q.excludeTypes?.length) where.push(`o.type NOT IN (${inList('x', q.excludeTypes, params)})`);
    if (q.scope === 'mine') where.push('o.author IS NULL');
    if (q.scope === 'team') where.push('o.author IS NOT NULL');
    if (q.cursor) {
      // Row values keep the keyset comparison on the (…, created_at, rowid) indexes.
      where.push(`(o.created_at, o.id) ${desc ? '<' : '>'} (@at, @id)`);
      params.at = q.cursor.at;
      params.id = q.cursor.id;
    }
    const dir = desc ? 'DESC' : 'ASC';
    const rows = stmt(this.#db, `SELECT ${OBS_COLUMNS} FROM observations o ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY o.created_at ${dir}, o.id ${dir} LIMIT @limit`)
      .all(params) as ObservationRow[];
    return rows.map(toObservation);
  }

  async observationsAfter(afterId: number, limit: number): Promise<{ observations: Observation[]; maxId: number }> {
    const maxId = (stmt(this.#db, 'SELECT coalesce(max(id), 0) AS n FROM observations').get() as { n: number }).n;
    if (maxId <= afterId) return { observations: [], maxId };
    const rows = stmt(this.#db, `SELECT ${OBS_COLUMNS} FROM observations o WHERE o.id > ? ORDER BY o.id LIMIT ?`)
      .all(Math.max(0, Math.trunc(afterId)), clampInt(limit, 1, 5000, 500)) as ObservationRow[];
    return { observations: rows.map(toObservation), maxId };
  }

  async browseSessions(q: SessionBrowseQuery): Promise<Session[]> {
    const where: string[] = [];
    const params: Record<string, unknown> = { limit: clampInt(q.limit, 1, 500, 50) };
    if (q.project) (where.push('s.project = @project'), (params.project = q.project));
    if (q.platform) (where.push('s.platform = @platform'), (params.platform = q.platform));
    if (q.cursor) (where.push('(s.started_at, s.id) < (@at, @id)'), (params.at = q.cursor.at), (params.id = q.cursor.id));
    const rows = stmt(this.#db, `${SESSION_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY s.started_at DESC, s.id DESC LIMIT @limit`)
      .all(params) as SessionRow[];
    return rows.map((r) => this.#withSummary(r));
  }

  async activity(q: ActivityQuery): Promise<ActivityDay[]> {
    const offset = Math.trunc(clampInt(q.utcOffsetMinutes, -14 * 60, 14 * 60, 0) * 60_000);
    const params: Record<string, unknown> = { since: q.since };
    // Integer literals: bound JS numbers are REAL in SQLite, and day numbers need integer division.
    const day = (column: string) => `(${column} + ${offset}) / ${DAY_MS}`;
    const project = q.project ? ' AND project = @project' : '';
    if (q.project) params.project = q.project;
    // Index-only scans: observations (project?, created_at), sessions (project, started_at).
    const obs = stmt(this.#db, `SELECT ${day('created_at')} AS d, count(*) AS n FROM observations WHERE created_at >= @since${project} GROUP BY d`)
      .all(params) as { d: number; n: number }[];
    const ses = stmt(this.#db, `SELECT ${day('started_at')} AS d, count(*) AS n FROM sessions WHERE started_at >= @since${project} GROUP BY d`)
      .all(params) as { d: number; n: number }[];
    const days = new Map<number, { observations: number; sessions: number }>();
    for (const r of obs) days.set(r.d, { observations: r.n, sessions: 0 });
    for (const r of ses) days.set(r.d, { observations: days.get(r.d)?.observations ?? 0, sessions: r.n });
    return [...days.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([d, v]) => ({ day: new Date(d * DAY_MS).toISOString().slice(0, 10), ...v }));
  }

  async breakdown(): Promise<StoreBreakdown> {
    const projects = stmt(
      this.#db,
        `SELECT p.project, p.n AS observations, p.last AS lastAt, coalesce(s.n, 0) AS sessions
         FROM (SELECT project, count(*) AS n, max(created_at) AS last FROM observations GROUP BY project) p
         LEFT JOIN (SELECT project, count(*) AS n FROM sessions GROUP BY project) s ON s.project = p.project
         ORDER BY p.n DESC`,
      )
      .all() as { project: string; observations: number; sessions: number; lastAt: number }[];
    const platforms = stmt(
      this.#db,
        `SELECT s.platform, count(*) AS sessions, coalesce(sum(c.n), 0) AS observations
         FROM sessions s LEFT JOIN (SELECT session_id, count(*) AS n FROM observations GROUP BY session_id) c ON c.session_id = s.id
         GROUP BY s.platform ORDER BY observations DESC`,
      )
      .all() as { platform: string; observations: number; sessions: number }[];
    return { projects, platforms };
  }

  async topFiles(q: TopFilesQuery): Promise<FileTouches[]> {
    const params: Record<string, unknown> = { limit: clampInt(q.limit, 1, 500, 20), scan: clampInt(q.scan, 1, 1_000_000, 20_000) };
    let source: string;
    if (q.sessionId !== undefined) {
      source = 'SELECT files, type, created_at FROM observations WHERE session_id = @session';
      params.session = q.sessionId;
    } else {
      source = `SELECT files, type, created_at FROM observations ${q.project ? 'WHERE project = @project' : ''} ORDER BY created_at DESC LIMIT @scan`;
      if (q.project) params.project = q.project;
    }
    return stmt(
      this.#db,
        `SELECT f.value AS file, count(*) AS touches, sum(o.type = 'change') AS changes, max(o.created_at) AS lastAt
         FROM (${source}) o, json_each(o.files) f
         WHERE o.files != '[]' AND json_valid(o.files) AND f.type = 'text'
         GROUP BY f.value ORDER BY changes DESC, touches DESC, lastAt DESC LIMIT @limit`,
      )
      .all(params) as FileTouches[];
  }

  async typeMix(q: { scan: number; project?: string }): Promise<{ type: ObsType; observations: number }[]> {
    const params: Record<string, unknown> = { scan: clampInt(q.scan, 1, 1_000_000, 50_000) };
    if (q.project) params.project = q.project;
    return stmt(
      this.#db,
        `SELECT type, count(*) AS observations FROM (SELECT type FROM observations ${q.project ? 'WHERE project = @project' : ''} ORDER BY created_at DESC LIMIT @scan)
         GROUP BY type ORDER BY observations DESC`,
      )
      .all(params) as { type: ObsType; observations: number }[];
  }

  async facets(): Promise<{ projects: string[]; platforms: string[]; authors?: string[] }> {
    const col = (sql: string) => (this.#db.prepare(sql).pluck().all() as string[]);
    const authors = col('SELECT author FROM sessions WHERE author IS NOT NULL GROUP BY author ORDER BY count(*) DESC');
    return {
      projects: col('SELECT project FROM sessions GROUP BY project ORDER BY max(started_at) DESC'),
      platforms: col('SELECT platform FROM sessions GROUP BY platform ORDER BY count(*) DESC'),
      ...(authors.length ? { authors } : {}),
    };
  }
}

// ── Viewer query helpers. ──
const DAY_MS = 86_400_000;

function clampInt(v: number | undefined, min: number, max: number, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, Math.trunc(v))) : fallback;
}

/** `@p0,@p1,…` placeholders for an IN list, with the values put into `params`. */
function inList(prefix: string, values: readonly string[], params: Record<string, unknown>): string {
  return values.slice(0, 50).map((v, i) => ((params[`${prefix}${i}`] = v), `@${prefix}${i}`)).join(',');
}
