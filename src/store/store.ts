/**
 * @module store/store
 * The storage contract. Every face (hooks, MCP, CLI, viewer) talks to this interface, never to SQL,
 * so a server database (a shared team store on PostgreSQL is planned) can implement it later.
 * Methods are coarse domain operations and asynchronous, as a network database would need.
 */
import type { EnrichFn } from '../core/enrich.ts';
import type { TeamScope } from '../core/team/contract.ts';
import type { CapturedEvent, IndexedObservation, Observation, ObsType, Session, SessionSummary, StoredEvent } from '../core/types.ts';

/** What a backend can do; faces check flags instead of asking which backend they hold. */
export interface StoreCapabilities {
  readonly fullText: boolean;
  readonly cjk: boolean;
  readonly vectors: boolean;
}

export interface SearchFilters {
  /** Restrict to one project (canonical path). */
  readonly project?: string;
  readonly types?: readonly ObsType[];
  readonly sessionId?: number;
  /** Milliseconds since the epoch, inclusive. */
  readonly since?: number;
  readonly until?: number;
  readonly platform?: string;
  /** Only observations that yielded one of these extracted event types (e.g. `error_resolved`). */
  readonly eventTypes?: readonly string[];
  /** Only observations touching this file (absolute path, or a suffix such as `src/db/pool.ts`). */
  readonly file?: string;
  /** Whose records: mine (captured by me, on this machine or another), my teammates' (mirrored), or all (default). */
  readonly scope?: SearchScope;
}

export type SearchScope = TeamScope;
export const SEARCH_SCOPES: readonly SearchScope[] = ['mine', 'team', 'all'];

export interface SearchOptions extends SearchFilters {
  readonly query: string;
  readonly limit?: number;
  /** Ranked first when searching across projects. */
  readonly currentProject?: string;
}

export interface SearchHit {
  readonly observation: Observation;
  /** Higher is better; comparable within one result list only. */
  readonly score: number;
}

export interface IngestResult {
  /** Events applied (new observations or session changes). */
  readonly applied: number;
  /** Events already stored earlier (same uid, or same tool_use_id / prompt_id). */
  readonly duplicates: number;
  /** Ids of the observations created, in order. */
  readonly ids: readonly number[];
}

export interface ContextQuery {
  readonly project: string;
  /** How many recent observations to consider. */
  readonly window: number;
  /** Leave this session out (the one being started). */
  readonly excludeExternalId?: string;
}

export interface StoreStats {
  readonly observations: number;
  readonly sessions: number;
  readonly projects: number;
  readonly dbBytes: number;
  readonly schemaVersion: number;
}

export interface IngestOptions {
  readonly waitMs?: number;
  readonly enrich?: EnrichFn;
  /**
   * The caller can replay these events from their source (an import: the transcripts stay on disk),
   * so the commit need not reach the disk before the call returns. Spooled hook events are not
   * replayable: their spool files are deleted once ingested.
   */
  readonly replayable?: boolean;
}

export interface Store {
  readonly capabilities: StoreCapabilities;
  /**
   * Apply captured events in order, idempotently, in one transaction. `waitMs` caps how long to wait
   * for another writer (default: the store's busy timeout); background folds wait briefly and retry later.
   * `enrich` replaces the extraction engine (core/enrich) with one that must return what it would:
   * the importer's reuses what its capture threads worked out ahead.
   */
  ingest(events: readonly CapturedEvent[], opts?: IngestOptions): Promise<IngestResult>;
  search(options: SearchOptions): Promise<SearchHit[]>;
  getObservations(ids: readonly number[]): Promise<Observation[]>;
  /** Observations around one id in its session: `before` earlier and `after` later ones. */
  timeline(id: number, before: number, after: number): Promise<Observation[]>;
  /** Recent non-private observations of a project, newest first, for the SessionStart index (no bodies: it shows one line each). */
  recentForContext(query: ContextQuery): Promise<IndexedObservation[]>;
  /** Teammates' recent records of a project (mirrored from the team server), newest first, for the index's team block. */
  recentFromTeammates(query: ContextQuery): Promise<(IndexedObservation & { readonly author: string })[]>;
  listSessions(filter: { project?: string; limit?: number }): Promise<Session[]>;
  getSessionByExternalId(platform: string, externalId: string): Promise<Session | undefined>;
  /** Remove observations (and every index entry for them). Returns how many went. */
  forget(target: { ids?: readonly number[]; sessionId?: number; project?: string }): Promise<number>;
  /** Every session and observation, oldest first, for export. */
  exportAll(): AsyncIterable<{ record: 'session'; session: Session } | { record: 'observation'; observation: Observation }>;
  /** Extracted events of some observations, or of a whole session, in order. */
  eventsFor(target: { obsIds?: readonly number[]; sessionId?: number }): Promise<StoredEvent[]>;
  getSession(id: number): Promise<Session | undefined>;
  /** A session's non-private observations, oldest first (what a summary is built from). */
  sessionObservations(sessionId: number, limit?: number): Promise<Observation[]>;
  /** The session's extraction state (pending errors, recent calls), if any. */
  sessionState(sessionId: number): Promise<unknown>;
  saveSummary(sessionId: number, summary: SessionSummary): Promise<void>;
  /** Several summaries in one transaction. */
  saveSummaries(entries: readonly { readonly sessionId: number; readonly summary: SessionSummary }[]): Promise<void>;
  /** The newest summarized session of a project, other than `excludeSessionId`. */
  latestSummary(project: string, excludeSessionId?: number): Promise<{ session: Session; summary: SessionSummary } | undefined>;
  /** Sessions never closed whose last activity is older than `idleMs`: crashed or killed hosts. */
  abandonedSessions(idleMs: number, limit: number): Promise<Session[]>;
  /** Close a session (idempotent). */
  endSession(sessionId: number, reason: string, at: number): Promise<void>;
  saveSnapshot(sessionId: number, snapshot: string): Promise<void>;
  takeSnapshot(platform: string, externalId: string): Promise<string | undefined>;
  /** Characters of raw history stored for a project (what the injected index stands for). */
  projectVolume(project: string): Promise<{ observations: number; chars: number }>;
  stats(): Promise<StoreStats>;
  /** Integrity checks; lists problems found (empty when healthy). */
  check(): Promise<string[]>;
  close(): Promise<void>;

  // ── Viewer queries (src/viewer): browsing, live updates, insights. Types at the end of this file. ──
  /** A page of observations in time order, keyset-paginated on (createdAt, id), for browsing without a query. */
  feed(query: FeedQuery): Promise<Observation[]>;
  /** Observations stored after id `afterId`, oldest first, and the highest id now stored (live updates). */
  observationsAfter(afterId: number, limit: number): Promise<{ observations: Observation[]; maxId: number }>;
  /** Sessions newest first, keyset-paginated on (startedAt, id). */
  browseSessions(query: SessionBrowseQuery): Promise<Session[]>;
  /** Observations and sessions per day since `since`, days in the caller's time zone. */
  activity(query: ActivityQuery): Promise<ActivityDay[]>;
  /** Observation and session counts per project and per assistant. */
  breakdown(): Promise<StoreBreakdown>;
  /** Files named by the newest `scan` observations (or by one session's), most touched first. */
  topFiles(query: TopFilesQuery): Promise<FileTouches[]>;
  /** Observations per type among the newest `scan` (a bounded sample on big stores). */
  typeMix(query: { scan: number; project?: string }): Promise<{ type: ObsType; observations: number }[]>;
  /** Every project and assistant that has a session (cheap: the sessions table only), for filter lists. */
  facets(): Promise<{ projects: string[]; platforms: string[]; authors?: string[] }>;
}

/**
 * Errors with string codes, so faces can map them without parsing messages. UNAVAILABLE: the store's
 * path cannot be opened at all (a directory in its place, a missing folder).
 */
export type StoreErrorCode = 'BUSY' | 'NEWER_SCHEMA' | 'CORRUPT' | 'READ_ONLY' | 'DISK_FULL' | 'UNAVAILABLE' | 'INTERNAL';

export class StoreError extends Error {
  readonly code: StoreErrorCode;
  constructor(code: StoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreError';
    this.code = code;
  }
}

/** Another writer held the store past the wait: routine for background work, which tries again later. */
export function isBusy(err: unknown): boolean {
  return err instanceof StoreError && err.code === 'BUSY';
}

// ── Viewer query types (see the viewer block of `Store`). ──

/** Where a feed page starts: strictly after this (createdAt, id) in the page's order. */
export interface FeedCursor {
  readonly at: number;
  readonly id: number;
}

export interface FeedQuery {
  readonly project?: string;
  readonly platform?: string;
  readonly sessionId?: number;
  readonly types?: readonly ObsType[];
  /** Types left out (the viewer hides `pending` notes, which their outcome replaces). */
  readonly excludeTypes?: readonly ObsType[];
  /** Whose records (see SearchFilters.scope); default all. */
  readonly scope?: SearchScope;
  readonly cursor?: FeedCursor;
  /** `desc` (default): newest first; `asc`: oldest first (a session read from its start). */
  readonly order?: 'asc' | 'desc';
  /** 1–500, default 100. */
  readonly limit?: number;
}

export interface SessionBrowseQuery {
  readonly project?: string;
  readonly platform?: string;
  readonly cursor?: { readonly at: number; readonly id: number };
  /** 1–500, default 50. */
  readonly limit?: number;
}

export interface ActivityQuery {
  /** Milliseconds since the epoch, inclusive. */
  readonly since: number;
  readonly project?: string;
  /** Minutes to add to UTC to get the caller's local time (e.g. 120 for UTC+2). */
  readonly utcOffsetMinutes?: number;
}

export interface ActivityDay {
  /** `YYYY-MM-DD` in the caller's time zone. */
  readonly day: string;
  readonly observations: number;
  readonly sessions: number;
}

export interface StoreBreakdown {
  readonly projects: readonly { project: string; observations: number; sessions: number; lastAt: number }[];
  readonly platforms: readonly { platform: string; observations: number; sessions: number }[];
}

export interface TopFilesQuery {
  readonly limit: number;
  /** How many of the newest observations to look at (bounds the cost on big stores). */
  readonly scan: number;
  readonly project?: string;
  /** Every observation of this session instead of the newest `scan`. */
  readonly sessionId?: number;
}

export interface FileTouches {
  readonly file: string;
  /** Observations naming the file. */
  readonly touches: number;
  /** Of which changes (edits, writes). */
  readonly changes: number;
  readonly lastAt: number;
}
