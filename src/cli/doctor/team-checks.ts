/**
 * @module cli/doctor/team-checks
 * Team memory's lines in `mnemo doctor`: the connection (reachable, logged in, a member), the
 * server's schema, the role's rights on the team tables, the outbox backlog and how far behind the
 * mirror is. Off (not connected, nothing shared) is one line of information. A server that is away
 * is a warning, not a failure: the outbox keeps everything until it is back.
 */
import type { ResolvedConfig } from '../../config/config.ts';
import { TEAM_SCHEMA_VERSION, TeamServerError } from '../../core/team/contract.ts';
import { SqliteStore } from '../../store/sqlite/sqlite-store.ts';
import { savedConnection, serverModule } from '../../team/connection.ts';
import { check, type Check } from './check.ts';

type Env = Readonly<Record<string, string | undefined>>;

const DAY_MS = 86_400_000;
const warn = (c: Check): Check => ({ ...c, warning: true });
const age = (ms: number) => (ms < 3600_000 ? `${Math.max(1, Math.round(ms / 60_000))} min` : ms < DAY_MS ? `${Math.round(ms / 3600_000)} h` : `${Math.round(ms / DAY_MS)} days`);

export async function teamChecks(cfg: Pick<ResolvedConfig, 'dbPath'>, env: Env): Promise<Check[]> {
  const store = SqliteStore.open({ path: cfg.dbPath, busyTimeoutMs: 5000 });
  try {
    const conn = savedConnection(store.team);
    const shares = store.team.shares();
    const outbox = store.team.outbox();
    const state = store.team.state();
    if (!conn && shares.length === 0) return [check('team', true, 'off: not connected to a team server, no project shared')];
    const out: Check[] = [];
    const backlog = `${outbox.waiting} record(s) wait to be shared${outbox.oldestAt ? `, the oldest for ${age(Date.now() - outbox.oldestAt)}` : ''}${outbox.refused ? `; ${outbox.refused} refused by the server (\`mnemo team sync --retry\`)` : ''}`;
    if (!conn) {
      out.push(warn(check('team outbox', true, `${shares.length} project(s) shared but not connected: ${backlog} (\`mnemo team connect URL\`)`)));
      return out;
    }
    const { openTeamServer } = await serverModule();
    let status;
    try {
      const server = await openTeamServer(conn, { env, poolSize: 1 });
      try {
        status = await server.status();
      } finally {
        await server.close();
      }
    } catch (err) {
      const e = err instanceof TeamServerError ? err : new TeamServerError('INTERNAL', (err as Error).message);
      const line = `${conn.origin}: ${e.message} [${e.code}]`;
      if (e.code === 'UNREACHABLE') out.push(warn(check('team connection', true, `unreachable now (${line}); ${backlog} until it is back`)));
      else if (e.code === 'OLD_SCHEMA' || e.code === 'NEWER_SCHEMA' || e.code === 'NO_SCHEMA') {
        out.push(check('team connection', true, `${conn.origin} reachable`), check('team schema', false, e.message));
      } else out.push(check('team connection', false, line));
      out.push(outboxCheck(outbox.refused, outbox.oldestAt, backlog));
      return out;
    }
    out.push(check('team connection', true, `team ${status.team} at ${conn.origin} as ${status.role}${status.admin ? ' (admin)' : ''}, PostgreSQL ${status.serverVersion}`));
    out.push(check('team schema', status.schemaVersion === TEAM_SCHEMA_VERSION, `server schema v${status.schemaVersion} (this mnemo speaks v${TEAM_SCHEMA_VERSION})`));
    const { teamRights } = await import('../../store/postgres/rights.ts');
    const r = await teamRights(conn, { env });
    const missing = [...(r.read ? [] : ['read records']), ...(r.write ? [] : ['push records']), ...(r.forget ? [] : ['forget records']), ...(r.pullForgotten ? [] : ['read tombstones'])];
    out.push(check('team rights', missing.length === 0, missing.length ? `role ${status.role} may not ${missing.join(', ')} (an admin runs \`mnemo team add-member ${status.role} --team ${status.team}\`)` : `role ${status.role} may read, push and forget its records`));
    out.push(outboxCheck(outbox.refused, outbox.oldestAt, backlog));
    const cursor = Number(state.cursor ?? 0) || 0;
    const behind = Math.max(0, status.head - cursor);
    const mirrored = shares.reduce((n, s) => n + s.mirrored, 0);
    out.push(check('team mirror', true, `${shares.length} project(s) shared, ${mirrored} teammates' record(s) mirrored; ${behind ? `${behind} change(s) on the server not pulled yet` : 'up to date'}`));
    return out;
  } finally {
    await store.close();
  }
}

/** A backlog is routine; one a day old, or records the server refused, deserve a look. */
function outboxCheck(refused: number, oldestAt: number | undefined, detail: string): Check {
  const c = check('team outbox', true, detail);
  return refused > 0 || (oldestAt !== undefined && Date.now() - oldestAt > DAY_MS) ? warn(c) : c;
}
