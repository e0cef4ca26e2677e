/**
 * @module cli/commands/team-sync
 * A member's `mnemo team` subcommands: connect / disconnect, share / unshare, sync, status,
 * keep-local. The admin's (init, add-member, remove-member) are in team-admin.ts. `pg` loads only
 * in the subcommands that reach the server; share, unshare, status --offline and keep-local work
 * without one (what they queue waits in the outbox).
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isProjectKey } from '../../core/team/project-key.ts';
import { TeamServerError, type TeamIdentity, type TeamStatus } from '../../core/team/contract.ts';
import { resolvePlace } from '../../hooks/place.ts';
import { logTo } from '../../log.ts';
import { openStore } from '../../store/open-store.ts';
import { withRunLock } from '../../store/run-lock.ts';
import type { SqliteStore } from '../../store/sqlite/sqlite-store.ts';
import { clearConnection, saveConnection, savedConnection, serverModule } from '../../team/connection.ts';
import { syncSaved } from '../../team/run.ts';
import { projectKeyOf } from '../../team/remote.ts';
import type { SyncReport } from '../../team/sync.ts';
import { idList, intOption, UsageError, type Command, type Io } from '../io.ts';

type Values = Record<string, string | boolean | undefined>;
type Options = Record<string, { type: 'string' | 'boolean' }>;

function parse(args: string[], options: Options, usage: string): { values: Values; positionals: string[] } {
  try {
    return parseArgs({ args, options: { json: { type: 'boolean' }, ...options }, allowPositionals: true, strict: true }) as { values: Values; positionals: string[] };
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${usage}`);
  }
}

async function withStore<T>(io: Io, fn: (store: SqliteStore) => Promise<T>): Promise<T> {
  const store = await openStore(io.config);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

const str = (v: string | boolean | undefined): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const when = (ms: string | number | undefined): string => (ms === undefined || ms === '' ? 'never' : new Date(Number(ms)).toISOString().replace('T', ' ').slice(0, 19) + ' UTC');

/** One run of a sync at a time per data directory (the MCP loop and a SessionEnd may overlap). */
export const syncLockPath = (dataDir: string): string => join(dataDir, 'team-sync.lock');
export const STALE_SYNC_LOCK_MS = 10 * 60_000;

// ── connect / disconnect ──

/** The connection the PG* environment describes, as a URL without its password. */
async function urlFromEnvironment(env: Io['env']): Promise<string> {
  const { resolveParams } = await import('../../store/postgres/connect.ts');
  const p = resolveParams({}, env);
  const socket = p.host!.startsWith('/');
  const query = new URLSearchParams({ ...(socket ? { host: p.host! } : {}), ...(p.sslmode ? { sslmode: p.sslmode } : {}), ...(p.sslrootcert ? { sslrootcert: p.sslrootcert } : {}) });
  const q = query.toString();
  // A socket directory goes in `host=` (the authority cannot hold a path); the port names its socket file.
  return `postgres://${encodeURIComponent(p.user!)}@${socket ? 'localhost' : p.host}:${p.port}/${encodeURIComponent(p.dbname!)}${q ? `?${q}` : ''}`;
}

const CONNECT_USAGE = 'usage: mnemo team connect [URL] [--team NAME] [--service NAME] [--no-sync] [--json]';

export const connectCommand: Command = async (args, io) => {
  const { values, positionals } = parse(args, { team: { type: 'string' }, service: { type: 'string' }, 'no-sync': { type: 'boolean' } }, CONNECT_USAGE);
  if (positionals.length > 1) throw new UsageError(CONNECT_USAGE);
  const url = positionals[0];
  const service = str(values.service);
  const { assertNoPassword, describeConnection, openTeamServer } = await serverModule();
  if (url) {
    try {
      assertNoPassword(url);
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  }
  // Without a URL or service, the PG* environment of this shell decides; it is saved as a URL (never
  // with a password), since the MCP server and SessionEnd's sync may run in another environment.
  const envService = !url && !service ? str(io.env.PGSERVICE) : undefined;
  const where = url || service || envService ? { ...(url ? { url } : {}), ...((service ?? envService) ? { service: (service ?? envService)! } : {}) } : { url: await urlFromEnvironment(io.env) };
  let team = str(values.team);
  if (!team) {
    const { myTeams } = await import('../../store/postgres/my-teams.ts');
    const teams = await myTeams(where, { env: io.env });
    if (teams.length !== 1) {
      throw new UsageError(teams.length ? `this role is in ${teams.length} teams (${teams.join(', ')}): say which with --team NAME` : 'this role is in no mnemo team on that server (an admin runs `mnemo team add-member ROLE --team NAME`)');
    }
    team = teams[0]!;
  }
  const connection = { ...where, team, origin: `${team}@${describeConnection(where, io.env)}` };
  const server = await openTeamServer(connection, { env: io.env, poolSize: 2 });
  let identity: TeamIdentity;
  try {
    identity = await server.whoami();
  } finally {
    await server.close();
  }
  const result = await withStore(io, async (store) => {
    if (saveConnection(store.team, connection, identity).moved) await store.team.dropMirror();
    // The index on teammates' rows (a deferred upgrade step) is built now, before any arrive.
    store.maintain();
    const report = values['no-sync'] ? undefined : await runSync(io, store, {});
    return { report, shares: store.team.shares().length };
  });
  if (values.json) {
    io.out(JSON.stringify({ connected: true, team: identity.team, role: identity.role, admin: identity.admin, server: connection.origin, schemaVersion: identity.schemaVersion, serverVersion: identity.serverVersion, sync: result.report ?? null }, null, 2));
    return 0;
  }
  io.out(`connected to team ${identity.team} as ${identity.role}${identity.admin ? ' (admin)' : ''} at ${connection.origin} (PostgreSQL ${identity.serverVersion}, schema v${identity.schemaVersion})`);
  if (result.shares === 0) io.out('no project is shared yet: `mnemo team share [DIR]` in a repository you want the team to see');
  if (result.report) io.out(describeSync(result.report));
  return 0;
};

export const disconnectCommand: Command = async (args, io) => {
  const { values } = parse(args, {}, 'usage: mnemo team disconnect [--json]');
  const r = await withStore(io, async (store) => {
    const was = savedConnection(store.team);
    clearConnection(store.team);
    const mirrorDeleted = await store.team.dropMirror();
    return { was, mirrorDeleted, waiting: store.team.outbox().waiting };
  });
  if (values.json) io.out(JSON.stringify({ disconnected: r.was !== undefined, mirrorDeleted: r.mirrorDeleted, waiting: r.waiting }, null, 2));
  else if (!r.was) io.out('not connected to a team server');
  else io.out(`disconnected from ${r.was.origin}; ${r.mirrorDeleted} teammates' record(s) deleted from this machine; ${r.waiting} record(s) of yours still wait in the outbox for the next connection`);
  return 0;
};

// ── share / unshare / keep-local ──

const SHARE_USAGE = 'usage: mnemo team share [DIR] [--no-prompts] [--history] [--as KEY] [--json]';

export const shareCommand: Command = async (args, io) => {
  const { values, positionals } = parse(args, { 'no-prompts': { type: 'boolean' }, history: { type: 'boolean' }, as: { type: 'string' } }, SHARE_USAGE);
  if (positionals.length > 1) throw new UsageError(SHARE_USAGE);
  const project = resolvePlace(positionals[0] ?? io.cwd).project;
  const as = str(values.as);
  if (as !== undefined && !isProjectKey(as)) throw new UsageError(`--as wants a project key such as github.com/acme/shop (lower case, host/path), got ${JSON.stringify(as)}`);
  const remote = as === undefined ? projectKeyOf(project) : undefined;
  const key = as ?? remote?.key;
  if (!key) {
    throw new UsageError(
      `${project} has no git remote that names a shared repository, so clones on other machines could not find it; ` +
        'add one (`git remote add origin …`) or name the project yourself with --as KEY (e.g. --as github.com/acme/shop)',
    );
  }
  const prompts = !values['no-prompts'];
  const r = await withStore(io, async (store) => ({ ...store.team.share(project, key, { prompts, history: !!values.history }), connected: savedConnection(store.team) !== undefined }));
  if (values.json) {
    io.out(JSON.stringify({ project, key, remote: remote?.url ?? null, prompts, queued: r.queued, connected: r.connected }, null, 2));
    return 0;
  }
  io.out(`sharing ${project} as ${key}${remote ? ` (from ${remote.remote}: ${remote.url})` : ''}; prompts ${prompts ? 'shared' : 'and summaries kept on this machine'}`);
  io.out(values.history ? `${r.queued} past record(s) queued` : 'new records are shared from now on (`--history` shares what is already stored)');
  if (!r.connected) io.out('not connected yet: records wait in the outbox until `mnemo team connect URL`');
  return 0;
};

export const unshareCommand: Command = async (args, io) => {
  const { values, positionals } = parse(args, {}, 'usage: mnemo team unshare [DIR] [--json]');
  const project = resolvePlace(positionals[0] ?? io.cwd).project;
  const r = await withStore(io, (store) => store.team.unshare(project));
  if (values.json) io.out(JSON.stringify({ project, ...r }, null, 2));
  else if (!r.removed) io.out(`${project} was not shared`);
  else {
    io.out(
      `stopped sharing ${project}: ${r.dropped} waiting record(s) will not be shared, ${r.mirrorDeleted} teammates' record(s) deleted from this machine; ` +
        'records already on the server stay there (`mnemo forget` removes one everywhere)',
    );
  }
  return 0;
};

export const keepLocalCommand: Command = async (args, io) => {
  const usage = 'usage: mnemo team keep-local <id...> | --session N [--json]';
  const { values, positionals } = parse(args, { session: { type: 'string' } }, usage);
  const ids = idList(positionals);
  const sessionId = values.session !== undefined ? intOption(values.session, 'session', 1, Number.MAX_SAFE_INTEGER, 0) : undefined;
  if (!ids.length && sessionId === undefined) throw new UsageError(usage);
  const r = await withStore(io, async (store) => store.team.keepLocal({ ids, ...(sessionId !== undefined ? { sessionId } : {}) }));
  if (values.json) io.out(JSON.stringify(r, null, 2));
  else {
    io.out(`${r.marked} record(s) will never leave this machine (${r.unqueued} were still waiting to be shared)`);
    if (r.maybeShared) io.out(`${r.maybeShared} may already be on the team server: \`mnemo forget <id>\` removes them there and here`);
  }
  return 0;
};

// ── sync ──

/** Push and pull once (under the run lock); undefined when another sync of this data directory is running. */
export async function runSync(io: Io, store: SqliteStore, opts: { readonly retry?: boolean; readonly maxMs?: number }): Promise<SyncReport | undefined> {
  return withRunLock(syncLockPath(io.config.dataDir), STALE_SYNC_LOCK_MS, async () => {
    if (opts.retry) store.team.retryRefused();
    const report = await syncSaved(store.team, io.env, { ...(opts.maxMs ? { maxMs: opts.maxMs } : {}) });
    if (!report) throw new UsageError('not connected to a team server: `mnemo team connect URL` first');
    return report;
  });
}

function describeSync(r: SyncReport): string {
  const p = r.push;
  const parts = [`pushed ${p.pushed} record(s)${p.duplicates ? ` (${p.duplicates} already there)` : ''}${p.forgotten ? `, ${p.forgotten} forget(s)` : ''}`];
  if (p.refused) parts.push(`${p.refused} refused by the server (see \`mnemo team status\`)`);
  if (r.pull) parts.push(`pulled ${r.pull.applied} teammates' record(s)${r.pull.deleted ? `, ${r.pull.deleted} forgotten ones deleted` : ''}`);
  parts.push(`${p.waiting} waiting`);
  const line = parts.join('; ');
  return r.error ? `${line}\nstopped: ${r.error.message} [${r.error.code}]; what waits stays in the outbox for the next sync` : line;
}

export const syncCommand: Command = async (args, io) => {
  const { values } = parse(args, { retry: { type: 'boolean' }, background: { type: 'boolean' } }, 'usage: mnemo team sync [--retry] [--json]');
  const background = !!values.background;
  const report = await withStore(io, async (store) => {
    if (background && !savedConnection(store.team)) return undefined;
    return runSync(io, store, { ...(values.retry ? { retry: true } : {}), ...(background ? { maxMs: 120_000 } : {}) });
  });
  if (background) {
    // Started detached by SessionEnd: nobody reads stdout; the log says what went wrong.
    if (report?.error) logTo(io.config.logFile, report.error.code === 'UNREACHABLE' ? 'info' : 'warn', `team sync: ${report.error.message} [${report.error.code}]`);
    return 0;
  }
  if (!report) {
    if (values.json) io.out(JSON.stringify({ skipped: 'another sync of this data directory is running' }));
    else io.out('another sync of this data directory is running; nothing done');
    return 0;
  }
  if (values.json) io.out(JSON.stringify(report, null, 2));
  else io.out(describeSync(report));
  return report.error ? 1 : 0;
};

// ── status ──

export const statusCommand: Command = async (args, io) => {
  const { values } = parse(args, { offline: { type: 'boolean' }, limit: { type: 'string' } }, 'usage: mnemo team status [--offline] [--limit N] [--json]');
  const limit = intOption(values.limit, 'limit', 0, 1000, 10);
  const local = await withStore(io, async (store) => ({
    connection: savedConnection(store.team),
    state: store.team.state(),
    shares: store.team.shares(),
    outbox: store.team.outbox(),
    waiting: store.team.preview(limit),
  }));
  let server: TeamStatus | undefined;
  let serverError: { code: string; message: string } | undefined;
  if (local.connection && !values.offline) {
    try {
      const { openTeamServer } = await serverModule();
      const s = await openTeamServer(local.connection, { env: io.env, poolSize: 1 });
      try {
        server = await s.status();
      } finally {
        await s.close();
      }
    } catch (err) {
      serverError = err instanceof TeamServerError ? { code: err.code, message: err.message } : { code: 'INTERNAL', message: (err as Error).message };
    }
  }
  const cursor = Number(local.state.cursor ?? 0) || 0;
  if (values.json) {
    io.out(
      JSON.stringify(
        {
          connected: local.connection !== undefined,
          connection: local.connection ?? null,
          role: local.state.role ?? null,
          cursor,
          server: server ? { head: server.head, behind: Math.max(0, server.head - cursor), records: server.records, members: server.members, admin: server.admin } : null,
          serverError: serverError ?? null,
          lastPushAt: local.state.lastPushAt ? Number(local.state.lastPushAt) : null,
          lastPullAt: local.state.lastPullAt ? Number(local.state.lastPullAt) : null,
          lastError: local.state.lastError ?? null,
          shares: local.shares,
          outbox: local.outbox,
          waiting: local.waiting,
        },
        null,
        2,
      ),
    );
    return 0;
  }
  const lines: string[] = [];
  if (!local.connection) lines.push('not connected to a team server (`mnemo team connect URL`)');
  else {
    lines.push(`team ${local.connection.team} at ${local.connection.origin}${local.state.role ? `, as ${local.state.role}` : ''}`);
    if (server) lines.push(`server: ${server.records} shared record(s), members ${server.members.join(', ') || '(none)'}; this machine is ${server.head > cursor ? `${server.head - cursor} change(s) behind` : 'up to date'}`);
    if (serverError) lines.push(`server unreachable now: ${serverError.message} [${serverError.code}]`);
    lines.push(`last push ${when(local.state.lastPushAt)}, last pull ${when(local.state.lastPullAt)}${local.state.lastError ? `; last error: ${local.state.lastError}` : ''}`);
  }
  if (local.shares.length === 0) lines.push('no project is shared from this machine (`mnemo team share [DIR]`)');
  for (const s of local.shares) lines.push(`shared: ${s.project} as ${s.identity}${s.prompts ? '' : ' (prompts kept here)'}: ${s.waiting} waiting, ${s.mirrored} mirrored`);
  const o = local.outbox;
  const kinds = Object.entries(o.byKind).map(([k, n]) => `${n} ${k}${n === 1 ? '' : 's'}`).join(', ');
  lines.push(o.waiting ? `waiting to be shared: ${kinds}, oldest since ${when(o.oldestAt)}${o.attempts ? `, ${o.attempts} attempt(s) so far` : ''}` : 'nothing waits to be shared');
  if (o.refused) lines.push(`${o.refused} record(s) refused by the server (held; \`mnemo team sync --retry\` sends them again)`);
  for (const w of local.waiting) lines.push(`  ${w.refused ? '!' : '…'} ${w.kind.padEnd(11)} ${when(w.queuedAt)}  ${w.title}${w.lastError ? `  (${w.lastError})` : ''}`);
  io.out(lines.join('\n'));
  return 0;
};
