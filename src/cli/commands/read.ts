/**
 * @module cli/commands/read
 * The read commands: search, get, timeline, context, sessions. `--json` prints data, not prose.
 */
import { parseArgs } from 'node:util';
import { buildContext } from '../../context/build.ts';
import { authorLabel, DATA_NOT_INSTRUCTIONS, detailBlock, indexLine, teamHitLine } from '../../core/format/records.ts';
import { oneLine } from '../../core/titles.ts';
import { OBS_TYPES, type ObsType } from '../../core/types.ts';
import { refreshStaleSummaries } from '../../compress/session.ts';
import { SEARCH_SCOPES, type SearchScope } from '../../store/store.ts';
import { resolvePlace } from '../../hooks/place.ts';
import { openStore } from '../../store/open-store.ts';
import { enableSemanticQuery } from '../../search/semantic.ts';
import { dateOption, idList, intOption, UsageError, type Command, type Io } from '../io.ts';

async function withStore<T>(io: Io, fn: (store: Awaited<ReturnType<typeof openStore>>) => Promise<T>): Promise<T> {
  const store = await openStore(io.config);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

type Values = Record<string, string | boolean | undefined>;

function parse(args: string[], options: Record<string, { type: 'string' | 'boolean' }>): { values: Values; positionals: string[] } {
  try {
    return parseArgs({ args, options: { json: { type: 'boolean' }, ...options }, allowPositionals: true, strict: true }) as { values: Values; positionals: string[] };
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

function scopeOption(v: string | boolean | undefined): SearchScope | undefined {
  if (typeof v !== 'string') return undefined;
  if (!(SEARCH_SCOPES as readonly string[]).includes(v)) throw new UsageError(`--scope is one of ${SEARCH_SCOPES.join(', ')} (mine: my records, team: my teammates', all: both), got ${JSON.stringify(v)}`);
  return v as SearchScope;
}

function types(v: string | boolean | undefined): ObsType[] | undefined {
  if (typeof v !== 'string') return undefined;
  const list = v.split(',').map((t) => t.trim()).filter(Boolean);
  for (const t of list) if (!(OBS_TYPES as readonly string[]).includes(t)) throw new UsageError(`unknown type ${JSON.stringify(t)}; one of ${OBS_TYPES.join(', ')}`);
  return list as ObsType[];
}

export const searchCommand: Command = async (args, io) => {
  const { values, positionals } = parse(args, {
    limit: { type: 'string' }, project: { type: 'string' }, type: { type: 'string' }, since: { type: 'string' }, until: { type: 'string' },
    event: { type: 'string' }, file: { type: 'string' }, session: { type: 'string' }, platform: { type: 'string' },
    scope: { type: 'string' }, team: { type: 'boolean' },
  });
  const query = positionals.join(' ').trim();
  if (!query) throw new UsageError('usage: mnemo search <query> [--limit N] [--project DIR] [--type T,..] [--event E,..] [--file PATH] [--session N] [--platform P] [--since DATE] [--until DATE] [--scope mine|team|all] [--team] [--json]');
  const limit = intOption(values.limit, 'limit', 1, 200, 20);
  const typeFilter = types(values.type);
  const since = dateOption(values.since, 'since');
  const until = dateOption(values.until, 'until');
  const scope = scopeOption(values.scope);
  if (values.team) return searchTeamCommand(io, { query, limit, scope, typeFilter, since, until, values });
  const hits = await withStore(io, async (store) => {
    await enableSemanticQuery(store, io.env, io.config); // only when MNEMO_EMBEDDER is set
    return store.search({
      query,
      limit,
      currentProject: resolvePlace(io.cwd).project,
      ...(typeof values.project === 'string' ? { project: resolvePlace(values.project).project } : {}),
      ...(typeFilter ? { types: typeFilter } : {}),
      ...(typeof values.event === 'string' ? { eventTypes: values.event.split(',').map((t) => t.trim()).filter(Boolean) } : {}),
      ...(typeof values.file === 'string' ? { file: values.file } : {}),
      ...(typeof values.platform === 'string' ? { platform: values.platform } : {}),
      ...(values.session !== undefined ? { sessionId: intOption(values.session, 'session', 1, Number.MAX_SAFE_INTEGER, 0) } : {}),
      ...(since !== undefined ? { since } : {}),
      ...(until !== undefined ? { until } : {}),
      ...(scope ? { scope } : {}),
    });
  });
  if (values.json) {
    io.out(JSON.stringify(hits.map((h) => ({ ...h.observation, score: Number(h.score.toFixed(4)) })), null, 2));
  } else {
    io.out(hits.length ? hits.map((h) => indexLine(h.observation)).join('\n') : `No observations match ${JSON.stringify(query)}.`);
  }
  return 0;
};

/** `search --team`: the team server's search, for projects not mirrored here. */
async function searchTeamCommand(
  io: Io,
  a: { query: string; limit: number; scope: SearchScope | undefined; typeFilter: ObsType[] | undefined; since: number | undefined; until: number | undefined; values: Values },
): Promise<number> {
  if (a.values.event !== undefined || a.values.file !== undefined || a.values.session !== undefined) {
    throw new UsageError('--event, --file and --session filter local records; the team server search takes --project, --type, --platform, --since, --until and --scope');
  }
  const { openSaved } = await import('../../team/connection.ts');
  const { searchServer } = await import('../../team/search.ts');
  const hits = await withStore(io, async (store) => {
    const opened = await openSaved(store.team, io.env);
    if (!opened) throw new UsageError('not connected to a team server: `mnemo team connect URL` first (without --team, search covers the mirrored records here)');
    try {
      return await searchServer(opened.server, store, {
        query: a.query,
        limit: Math.min(a.limit, 100),
        currentProject: resolvePlace(io.cwd).project,
        ...(typeof a.values.project === 'string' ? { project: resolvePlace(a.values.project).project } : {}),
        ...(a.typeFilter ? { types: a.typeFilter } : {}),
        ...(typeof a.values.platform === 'string' ? { platform: a.values.platform } : {}),
        ...(a.since !== undefined ? { since: a.since } : {}),
        ...(a.until !== undefined ? { until: a.until } : {}),
        ...(a.scope ? { scope: a.scope } : {}),
      });
    } finally {
      await opened.server.close();
    }
  });
  if (a.values.json) io.out(JSON.stringify(hits.map((h) => ({ ...h.record, score: Number(h.score.toFixed(4)) })), null, 2));
  else if (!hits.length) io.out(`No shared records on the team server match ${JSON.stringify(a.query)}.`);
  else io.out([DATA_NOT_INSTRUCTIONS, ...hits.map((h) => `${teamHitLine(h.record)}\n    ${oneLine(h.record.body, 200)}`)].join('\n'));
  return 0;
}

export const getCommand: Command = async (args, io) => {
  const { values, positionals } = parse(args, {});
  const ids = idList(positionals);
  if (!ids.length) throw new UsageError('usage: mnemo get <id...> [--json]');
  const rows = await withStore(io, (store) => store.getObservations(ids));
  if (values.json) io.out(JSON.stringify(rows, null, 2));
  else io.out(rows.length ? [DATA_NOT_INSTRUCTIONS, ...rows.map(detailBlock)].join('\n\n') : 'No such observations.');
  return rows.length === ids.length ? 0 : 1;
};

export const timelineCommand: Command = async (args, io) => {
  const { values, positionals } = parse(args, { before: { type: 'string' }, after: { type: 'string' } });
  const [id] = idList(positionals);
  if (id === undefined) throw new UsageError('usage: mnemo timeline <id> [--before N] [--after N] [--json]');
  const before = intOption(values.before, 'before', 0, 500, 5);
  const after = intOption(values.after, 'after', 0, 500, 5);
  const rows = await withStore(io, (store) => store.timeline(id, before, after));
  if (values.json) io.out(JSON.stringify(rows, null, 2));
  else io.out(rows.length ? rows.map((o) => `${o.id === id ? '→' : ' '} ${indexLine(o)}`).join('\n') : `No observation #${id}.`);
  return rows.length ? 0 : 1;
};

export const contextCommand: Command = async (args, io) => {
  const { values } = parse(args, { cwd: { type: 'string' } });
  const project = resolvePlace(typeof values.cwd === 'string' ? values.cwd : io.cwd).project;
  const text = await withStore(io, (store) => buildContext(store, io.config, project));
  if (values.json) io.out(JSON.stringify({ project, chars: text.length, budget: io.config.contextBudget, context: text }, null, 2));
  else io.out(text || `No memory for ${project} yet.`);
  return 0;
};

export const sessionsCommand: Command = async (args, io) => {
  const { values } = parse(args, { project: { type: 'string' }, limit: { type: 'string' } });
  const limit = intOption(values.limit, 'limit', 1, 10_000, 50);
  // Opening the store folds the spool; a summary written before its session's last events arrived is brought up to date.
  const sessions = await withStore(io, async (store) =>
    refreshStaleSummaries(store, await store.listSessions({ limit, ...(typeof values.project === 'string' ? { project: resolvePlace(values.project).project } : {}) })),
  );
  if (values.json) {
    io.out(JSON.stringify(sessions, null, 2));
    return 0;
  }
  const fmt = (ms?: number) => (ms === undefined ? '…' : new Date(ms).toISOString().slice(0, 16).replace('T', ' '));
  io.out(
    sessions.length
      ? sessions.map((s) => `${s.id}\t${fmt(s.startedAt)} → ${fmt(s.endedAt)}\t${s.observationCount} obs\t${s.platform}:${s.externalId}\t${s.project}${s.branch ? ` (${s.branch})` : ''}${s.author ? ` ${authorLabel(s.author)}` : ''}`).join('\n')
      : 'No sessions yet.',
  );
  return 0;
};
