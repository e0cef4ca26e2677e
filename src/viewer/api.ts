/**
 * @module viewer/api
 * The JSON HTTP API (version 1, documented in docs/viewer-api.md): the page uses exactly this, and so
 * may any local tool. Thin over the store: every route validates its parameters, calls one or two
 * store operations and shapes the answer.
 */
import type { ServerResponse } from 'node:http';
import type { ResolvedConfig } from '../config/config.ts';
import { buildContext } from '../context/build.ts';
import { TYPE_SYMBOLS } from '../core/context/render.ts';
import { EVENT_TYPES } from '../core/extract/types.ts';
import { planQuery } from '../core/search/query-plan.ts';
import { OBS_TYPES, type Observation } from '../core/types.ts';
import { resolveLlmSettings } from '../llm/settings.ts';
import { spoolList } from '../store/spool.ts';
import type { SearchScope, Store } from '../store/store.ts';
import type {
  ContextResponse,
  FeedResponse,
  ForgetResponse,
  HealthResponse,
  InsightsResponse,
  MetaResponse,
  ObservationDetailResponse,
  ObservationsResponse,
  SearchResponse,
  SessionReport,
  SessionsResponse,
  SettingsResponse,
  StatsResponse,
  TimelineResponse,
} from './api-types.ts';
import { API_VERSION } from './api-types.ts';
import { exportLines } from '../store/export-lines.ts';
import { Insights } from './insights.ts';
import type { LiveFeed } from './live.ts';
import { ApiError, badRequest, cursorOf, notFound, positiveId, Query } from './params.ts';
import { sessionBrief, sessionBriefs, sessionReport, withEvents } from './views.ts';

/** What the routes work with: the store and settings, plus the live feed to announce changes on. */
export interface ApiContext {
  readonly store: Store;
  readonly config: ResolvedConfig;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly version: string;
  readonly url: () => string;
  readonly live: LiveFeed;
  readonly pollMs: number;
  readonly startedAt: number;
}

/** A route that writes its own answer (streams). */
export interface RawAnswer {
  readonly raw: (res: ServerResponse, headers: Readonly<Record<string, string>>) => Promise<void>;
}

type Handler = (q: Query, params: readonly string[], body: unknown) => Promise<unknown>;

/** One API route: method, path pattern (captures become parameters) and handler. */
export interface Route {
  readonly method: 'GET' | 'POST';
  readonly pattern: RegExp;
  readonly handler: Handler;
}

const MAX_SEARCH = 200;

/** `scope`: mine, team or all (default). */
function scopeParam(q: Query): SearchScope | undefined {
  const v = q.str('scope', 10);
  if (v === undefined || v === 'all') return undefined;
  if (v !== 'mine' && v !== 'team') throw badRequest(`scope must be mine, team or all, got ${JSON.stringify(v)}`);
  return v;
}

function feedPage(observations: readonly Observation[], limit: number): string | undefined {
  const last = observations[observations.length - 1];
  return last && observations.length === limit ? cursorOf(last) : undefined;
}

/** Every route of the API, in match order. */
export function apiRoutes(ctx: ApiContext): Route[] {
  const { store, config } = ctx;
  const stats = async (): Promise<StatsResponse> => ({ ...(await store.stats()), spoolPending: spoolList(config.spoolDir).length });
  const insights = new Insights(store, config, stats);
  let metaCache: { at: number; value: Promise<MetaResponse> } | undefined;

  const routes: Route[] = [];
  const get = (pattern: RegExp, handler: Handler) => routes.push({ method: 'GET', pattern, handler });
  const post = (pattern: RegExp, handler: Handler) => routes.push({ method: 'POST', pattern, handler });

  // Cheap on purpose: tools poll it. The schema cannot change under a running store.
  const schemaVersion = store.stats().then((s) => s.schemaVersion);
  get(/^\/api\/health$/, async (): Promise<HealthResponse> => ({
    ok: true,
    name: 'mnemo',
    version: ctx.version,
    apiVersion: API_VERSION,
    schemaVersion: await schemaVersion,
    startedAt: ctx.startedAt,
  }));

  get(/^\/api\/meta$/, (): Promise<MetaResponse> => {
    const now = Date.now();
    if (!metaCache || now - metaCache.at > 10_000) {
      metaCache = {
        at: now,
        value: store.facets().then((f) => ({
          types: OBS_TYPES,
          symbols: TYPE_SYMBOLS,
          eventTypes: EVENT_TYPES,
          projects: f.projects,
          platforms: f.platforms,
          ...(f.authors?.length ? { team: true, authors: f.authors } : {}),
        })),
      };
    }
    return metaCache.value;
  });

  get(/^\/api\/search$/, async (q): Promise<SearchResponse> => {
    const query = q.str('q', 1000) ?? q.str('query', 1000);
    if (!query) throw badRequest('q (the search text) is required');
    const t0 = performance.now();
    const types = q.types('type');
    const eventTypes = q.list('event', 20);
    const project = q.str('project');
    const platform = q.str('platform', 100);
    const file = q.str('file', 1000);
    const sessionId = q.int('session', 1, Number.MAX_SAFE_INTEGER);
    const since = q.date('since');
    const until = q.date('until');
    const current = q.str('current');
    const scope = scopeParam(q);
    const hits = await store.search({
      query,
      limit: q.int('limit', 1, MAX_SEARCH, 50),
      ...(project ? { project } : {}),
      ...(platform ? { platform } : {}),
      ...(types ? { types } : {}),
      ...(eventTypes ? { eventTypes } : {}),
      ...(file ? { file } : {}),
      ...(sessionId !== undefined ? { sessionId } : {}),
      ...(since !== undefined ? { since } : {}),
      ...(until !== undefined ? { until } : {}),
      ...(current ? { currentProject: current } : {}),
      ...(scope ? { scope } : {}),
    });
    const observations = hits.map((h) => h.observation);
    return {
      query,
      terms: planQuery(query).terms,
      results: await withEvents(store, observations, new Map(hits.map((h) => [h.observation.id, h.score]))),
      sessions: await sessionBriefs(store, observations),
      tookMs: Math.round((performance.now() - t0) * 10) / 10,
    };
  });

  get(/^\/api\/feed$/, async (q): Promise<FeedResponse> => {
    const limit = q.int('limit', 1, 500, 100);
    const types = q.types('type');
    const project = q.str('project');
    const platform = q.str('platform', 100);
    const sessionId = q.int('session', 1, Number.MAX_SAFE_INTEGER);
    const cursor = q.cursor('cursor');
    const order = q.str('order', 4);
    if (order !== undefined && order !== 'asc' && order !== 'desc') throw badRequest('order must be asc or desc');
    const scope = scopeParam(q);
    const observations = await store.feed({
      limit,
      ...(scope ? { scope } : {}),
      ...(project ? { project } : {}),
      ...(platform ? { platform } : {}),
      ...(sessionId !== undefined ? { sessionId } : {}),
      // "About to run" notes are replaced by their outcome; show them only when asked for.
      ...(types ? { types } : { excludeTypes: ['pending'] }),
      ...(cursor ? { cursor } : {}),
      ...(order ? { order } : {}),
    });
    const next = feedPage(observations, limit);
    return { observations: await withEvents(store, observations), sessions: await sessionBriefs(store, observations), ...(next ? { next } : {}) };
  });

  get(/^\/api\/observations$/, async (q): Promise<ObservationsResponse> => {
    const ids = q.ids('ids', 200);
    if (!ids) throw badRequest('ids is required (comma-separated observation ids, at most 200)');
    const rows = await store.getObservations(ids);
    const found = new Set(rows.map((o) => o.id));
    return { observations: await withEvents(store, rows), missing: ids.filter((id) => !found.has(id)) };
  });

  get(/^\/api\/observations\/([^/]+)$/, async (q, [idText]): Promise<ObservationDetailResponse> => {
    const id = positiveId(idText, 'observation id');
    const before = q.int('before', 0, 50, 5);
    const after = q.int('after', 0, 50, 5);
    const [row] = await store.getObservations([id]);
    if (!row) throw notFound(`no observation #${id}`);
    const [around, session, observation] = await Promise.all([store.timeline(id, before, after), store.getSession(row.sessionId), withEvents(store, [row])]);
    return {
      observation: observation[0]!,
      ...(session ? { session: sessionBrief(session) } : {}),
      before: around.filter((o) => o.id < id),
      after: around.filter((o) => o.id > id),
    };
  });

  get(/^\/api\/timeline$/, async (q): Promise<TimelineResponse> => {
    const id = positiveId(q.str('id', 20), 'id');
    const observations = await store.timeline(id, q.int('before', 0, 500, 5), q.int('after', 0, 500, 5));
    if (observations.length === 0) throw notFound(`no observation #${id}`);
    return { anchor: id, observations };
  });

  get(/^\/api\/sessions$/, async (q): Promise<SessionsResponse> => {
    const limit = q.int('limit', 1, 500, 50);
    const project = q.str('project');
    const platform = q.str('platform', 100);
    const cursor = q.cursor('cursor');
    const sessions = await store.browseSessions({ limit, ...(project ? { project } : {}), ...(platform ? { platform } : {}), ...(cursor ? { cursor } : {}) });
    const last = sessions[sessions.length - 1];
    return { sessions, ...(last && sessions.length === limit ? { next: `${last.startedAt}.${last.id}` } : {}) };
  });

  get(/^\/api\/sessions\/([^/]+)$/, async (_q, [idText]): Promise<SessionReport> => {
    const id = positiveId(idText, 'session id');
    const report = await sessionReport(store, id);
    if (!report) throw notFound(`no session ${id}`);
    return report;
  });

  get(/^\/api\/sessions\/([^/]+)\/observations$/, async (q, [idText]): Promise<FeedResponse> => {
    const sessionId = positiveId(idText, 'session id');
    const limit = q.int('limit', 1, 500, 200);
    const cursor = q.cursor('cursor');
    const order = q.str('order', 4) === 'desc' ? 'desc' : 'asc';
    const observations = await store.feed({ sessionId, limit, order, excludeTypes: ['pending'], ...(cursor ? { cursor } : {}) });
    const next = feedPage(observations, limit);
    return { observations: await withEvents(store, observations), sessions: await sessionBriefs(store, observations), ...(next ? { next } : {}) };
  });

  get(/^\/api\/context$/, async (q): Promise<ContextResponse> => {
    const project = q.str('project');
    if (!project) throw badRequest('project is required (a project path as stored, see /api/meta)');
    const context = await buildContext(store, config, project);
    return { project, chars: context.length, budget: config.contextBudget, context };
  });

  get(/^\/api\/stats$/, stats);

  get(/^\/api\/insights$/, (q): Promise<InsightsResponse> => insights.get(q.int('days', 1, 366, 90), q.int('tz', -14 * 60, 14 * 60, 0)));

  get(/^\/api\/settings$/, async (): Promise<SettingsResponse> => {
    const llm = resolveLlmSettings(ctx.env, config.file);
    return {
      version: ctx.version,
      dataDir: config.dataDir,
      dbPath: config.dbPath,
      contextBudget: config.contextBudget,
      contextWindow: config.contextWindow,
      maxInputChars: config.maxInputChars,
      maxOutputChars: config.maxOutputChars,
      hookTimeoutMs: config.hookTimeoutMs,
      busyTimeoutMs: config.busyTimeoutMs,
      abandonAfterMs: config.abandonAfterMs,
      summarizer: { provider: llm.provider, ...(llm.model ? { model: llm.model } : {}), timeoutMs: llm.timeoutMs, maxOutputTokens: llm.maxOutputTokens },
      viewer: { url: ctx.url(), pollMs: ctx.pollMs },
    };
  });

  get(/^\/api\/export$/, async (): Promise<RawAnswer> => ({
    raw: async (res, headers) => {
      const day = new Date().toISOString().slice(0, 10);
      res.writeHead(200, {
        ...headers,
        'Content-Type': 'application/x-ndjson; charset=utf-8',
        'Content-Disposition': `attachment; filename="mnemo-export-${day}.jsonl"`,
        'Cache-Control': 'no-store',
      });
      const lines = exportLines(store, config.dbPath);
      try {
        for await (const line of lines) {
          if (res.destroyed) return;
          if (!res.write(line + '\n')) await new Promise<void>((done) => (res.once('drain', done), res.once('close', done)));
        }
      } finally {
        await lines.return(undefined);
      }
      res.end();
    },
  }));

  post(/^\/api\/forget$/, async (_q, _p, body): Promise<ForgetResponse> => {
    const b = (body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('send a JSON object: {"ids": [..]} | {"sessionId": N} | {"project": "/path"}');
    const unknown = Object.keys(b).filter((k) => k !== 'ids' && k !== 'sessionId' && k !== 'project');
    if (unknown.length) throw badRequest(`unknown field(s): ${unknown.join(', ')}`);
    if (b.ids !== undefined && (!Array.isArray(b.ids) || b.ids.length > 1000)) throw badRequest('ids must be an array of at most 1000 observation ids');
    const ids = ((b.ids as unknown[] | undefined) ?? []).map((v) => positiveId(v as number, 'ids[]'));
    const sessionId = b.sessionId === undefined ? undefined : positiveId(b.sessionId as number, 'sessionId');
    if (b.project !== undefined && (typeof b.project !== 'string' || b.project.trim() === '' || b.project.length > 4096)) throw badRequest('project must be a project path as stored');
    const project = b.project as string | undefined;
    if (!ids.length && sessionId === undefined && project === undefined) throw badRequest('say what to forget: ids, sessionId or project');
    const removed = await store.forget({ ids, ...(sessionId !== undefined ? { sessionId } : {}), ...(project !== undefined ? { project } : {}) });
    insights.invalidate();
    metaCache = undefined;
    ctx.live.forgotten({ removed, ...(ids.length ? { ids } : {}), ...(sessionId !== undefined ? { sessionId } : {}), ...(project !== undefined ? { project } : {}) });
    return { removed };
  });

  return routes;
}

/** Find the route for a request: the route and its captured parameters, or the error to answer. */
export function matchRoute(routes: readonly Route[], method: string, pathname: string): { route: Route; params: string[] } | ApiError {
  let allowed = false;
  for (const route of routes) {
    const m = route.pattern.exec(pathname);
    if (!m) continue;
    if (route.method === method || (method === 'HEAD' && route.method === 'GET')) return { route, params: m.slice(1) };
    allowed = true;
  }
  return allowed ? new ApiError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${pathname}`) : new ApiError(404, 'NOT_FOUND', `no API route ${pathname}`);
}
