/**
 * @module cli/commands/read
 * The read commands: search, get, timeline, context, sessions. `--json` prints data, not prose.
 */
import { parseArgs } from 'node:util';
import { buildContext } from '../../context/build.ts';
import { DATA_NOT_INSTRUCTIONS, detailBlock, indexLine } from '../../core/format/records.ts';
import { OBS_TYPES, type ObsType } from '../../core/types.ts';
import { refreshStaleSummaries } from '../../compress/session.ts';
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
  });
  const query = positionals.join(' ').trim();
  if (!query) throw new UsageError('usage: mnemo search <query> [--limit N] [--project DIR] [--type T,..] [--event E,..] [--file PATH] [--session N] [--platform P] [--since DATE] [--until DATE] [--json]');
  const limit = intOption(values.limit, 'limit', 1, 200, 20);
  const typeFilter = types(values.type);
  const since = dateOption(values.since, 'since');
  const until = dateOption(values.until, 'until');
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
    });
  });
  if (values.json) {
    io.out(JSON.stringify(hits.map((h) => ({ ...h.observation, score: Number(h.score.toFixed(4)) })), null, 2));
  } else {
    io.out(hits.length ? hits.map((h) => indexLine(h.observation)).join('\n') : `No observations match ${JSON.stringify(query)}.`);
  }
  return 0;
};

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
      ? sessions.map((s) => `${s.id}\t${fmt(s.startedAt)} → ${fmt(s.endedAt)}\t${s.observationCount} obs\t${s.platform}:${s.externalId}\t${s.project}${s.branch ? ` (${s.branch})` : ''}`).join('\n')
      : 'No sessions yet.',
  );
  return 0;
};
