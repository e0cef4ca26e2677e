/**
 * @module viewer/api-types
 * The shapes of the viewer's JSON HTTP API (documented in docs/viewer-api.md). Shared by the server
 * and the page; apart from `API_VERSION` it is types only.
 * The API is version 1: fields may be added, none removed or changed in meaning.
 */
import type { Observation, ObsType, Session, SessionSummary } from '../core/types.ts';

/** Bumped only on a breaking change (never so far). */
export const API_VERSION = 1;

/** An extracted event as the API shows it (see core/extract for the taxonomy). */
export interface EventView {
  readonly type: string;
  readonly category: string;
  /** 1 is the most important, 5 the least. */
  readonly priority: number;
  readonly data: string;
  readonly bytesAvoided?: number;
}

/** An observation with its extracted events. */
export interface ObservationView extends Observation {
  readonly events: readonly EventView[];
  /** Search only: higher is better, comparable within one answer. */
  readonly score?: number;
}

/** What a feed or search needs to label a session's group. */
export interface SessionBrief {
  readonly id: number;
  readonly platform: string;
  readonly project: string;
  readonly branch?: string;
  readonly startedAt: number;
  readonly endedAt?: number;
  readonly observationCount: number;
  readonly brief?: string;
  /** A teammate's session (team memory): their login role. */
  readonly author?: string;
}

/** Every error answer: a code to branch on and a message for people. */
export interface ErrorBody {
  readonly error: { readonly code: string; readonly message: string };
}

/** `GET /api/health`: cheap, for polling. */
export interface HealthResponse {
  readonly ok: true;
  readonly name: 'mnemo';
  readonly version: string;
  readonly apiVersion: number;
  readonly schemaVersion: number;
  readonly startedAt: number;
}

/** `GET /api/feed` and `GET /api/sessions/:id/observations`: one page. */
export interface FeedResponse {
  readonly observations: readonly ObservationView[];
  /** The sessions the observations belong to, by id. */
  readonly sessions: Readonly<Record<string, SessionBrief>>;
  /** Pass as `cursor` for the next page; absent on the last page. */
  readonly next?: string;
}

/** `GET /api/search`: the same engine and filters as the CLI and the MCP tool. */
export interface SearchResponse {
  readonly query: string;
  /** Lower-cased terms the engine matched on (CJK as bigrams), for highlighting. */
  readonly terms: readonly string[];
  readonly results: readonly ObservationView[];
  readonly sessions: Readonly<Record<string, SessionBrief>>;
  readonly tookMs: number;
}

/** `GET /api/observations/:id`: one record with its neighbours. */
export interface ObservationDetailResponse {
  readonly observation: ObservationView;
  readonly session?: SessionBrief;
  /** Up to `before` earlier and `after` later observations of the same session, oldest first. */
  readonly before: readonly Observation[];
  readonly after: readonly Observation[];
}

/** `GET /api/timeline`: around an observation, as `mnemo timeline`. */
export interface TimelineResponse {
  readonly anchor: number;
  readonly observations: readonly Observation[];
}

/** `GET /api/observations?ids=`: several records in full. */
export interface ObservationsResponse {
  readonly observations: readonly ObservationView[];
  /** Requested ids that do not exist (or were forgotten). */
  readonly missing: readonly number[];
}

/** `GET /api/sessions`: one page of sessions, newest first. */
export interface SessionsResponse {
  readonly sessions: readonly Session[];
  readonly next?: string;
}

/** A file and how often a session (or the newest observations) touched it. */
export interface FileTouchesView {
  readonly file: string;
  readonly touches: number;
  readonly changes: number;
  readonly lastAt: number;
}

/** One session, read whole: the session view. */
export interface SessionReport {
  readonly session: Session;
  readonly summary?: SessionSummary;
  readonly files: readonly FileTouchesView[];
  /** Failed calls, oldest first (up to 200). */
  readonly errors: readonly Observation[];
  /** How failures were resolved: `error_resolved` events and the observation that resolved each. */
  readonly resolutions: readonly (EventView & { readonly obsId: number })[];
  /** Failures still waiting for a fix when the session last ran (from the extraction state). */
  readonly openErrors: readonly string[];
  /** Decisions: saved decision records and `decision` / `decision_question` events. */
  readonly decisions: readonly { readonly obsId: number; readonly text: string; readonly at: number }[];
  /** Extracted events per type. */
  readonly eventCounts: Readonly<Record<string, number>>;
}

/** `GET /api/context`: what SessionStart would inject, as `mnemo context`. */
export interface ContextResponse {
  readonly project: string;
  readonly chars: number;
  readonly budget: number;
  readonly context: string;
}

/** `GET /api/stats`: sizes of the store. */
export interface StatsResponse {
  readonly observations: number;
  readonly sessions: number;
  readonly projects: number;
  readonly dbBytes: number;
  readonly schemaVersion: number;
  /** Hook events waiting in the spool (folded within a second or two). */
  readonly spoolPending: number;
}

/** `GET /api/insights`: the numbers behind the Insights screen. */
export interface InsightsResponse {
  readonly days: number;
  readonly activity: readonly { readonly day: string; readonly observations: number; readonly sessions: number }[];
  readonly projects: readonly { readonly project: string; readonly observations: number; readonly sessions: number; readonly lastAt: number }[];
  readonly platforms: readonly { readonly platform: string; readonly observations: number; readonly sessions: number }[];
  /** Type mix of the newest `typeSample` observations. */
  readonly types: readonly { readonly type: ObsType; readonly observations: number }[];
  readonly typeSample: number;
  /** Most-touched files among the newest `fileSample` observations. */
  readonly files: readonly FileTouchesView[];
  readonly fileSample: number;
  /** Raw history stored per project against what SessionStart injects for it (largest projects). */
  readonly context: readonly {
    readonly project: string;
    readonly observations: number;
    readonly historyChars: number;
    readonly injectedChars: number;
  }[];
  readonly db: StatsResponse;
  readonly computedAt: number;
  readonly tookMs: number;
}

/** `GET /api/settings`: the settings in force. */
export interface SettingsResponse {
  readonly version: string;
  readonly dataDir: string;
  readonly dbPath: string;
  readonly contextBudget: number;
  readonly contextWindow: number;
  readonly maxInputChars: number;
  readonly maxOutputChars: number;
  readonly hookTimeoutMs: number;
  readonly busyTimeoutMs: number;
  readonly abandonAfterMs: number;
  readonly summarizer: { readonly provider: string; readonly model?: string; readonly timeoutMs: number; readonly maxOutputTokens: number };
  readonly viewer: { readonly url: string; readonly pollMs: number };
}

/** `GET /api/meta`: what the filters can take. */
export interface MetaResponse {
  readonly types: readonly ObsType[];
  readonly symbols: Readonly<Record<ObsType, string>>;
  readonly eventTypes: readonly string[];
  readonly projects: readonly string[];
  readonly platforms: readonly string[];
  /** Teammates' records are mirrored here (team memory): the page offers the mine / team / all filter. */
  readonly team?: boolean;
  /** The teammates whose records are mirrored here. */
  readonly authors?: readonly string[];
}

/** `POST /api/forget` body: one or more of ids, a session, a project. */
export interface ForgetRequest {
  readonly ids?: readonly number[];
  readonly sessionId?: number;
  readonly project?: string;
}

/** `POST /api/forget` answer. */
export interface ForgetResponse {
  readonly removed: number;
}

/** Server-sent events on `/api/stream`. */
export interface StreamObservations {
  readonly observations: readonly ObservationView[];
  readonly sessions: Readonly<Record<string, SessionBrief>>;
}
/** `forgotten` event of `/api/stream`: what was forgotten through the API. */
export interface StreamForgotten extends ForgetRequest {
  readonly removed: number;
}
