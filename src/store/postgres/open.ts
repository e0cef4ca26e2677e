/**
 * @module store/postgres/open
 * Opening the team server: resolve the connection (connect.ts), settle TLS for `sslmode=prefer` /
 * `allow` as libpq does (try one way, fall back to the other), refuse a schema this build does not
 * speak, and bind the connection to one team the role belongs to.
 * Loads `pg`: import this module dynamically, never from a hook.
 */
import pg from 'pg';
import { TeamServerError, type TeamConnection } from '../../core/team/contract.ts';
import { clientConfig } from './connect.ts';
import { asTeamError } from './errors.ts';
import { checkSchema } from './schema.ts';
import { PgTeamServer } from './team-server.ts';

export { assertNoPassword, describeConnection, describeUrl } from './connect.ts';

export interface OpenOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly home?: string;
  /** Connections kept open at most (default 4). */
  readonly poolSize?: number;
}

// int8 (seq, counts) as strings is pg's default; our code converts where it reads them.

const NO_TLS = /does not support SSL|SSL off|no pg_hba.conf entry .* SSL on/i;
const NEEDS_TLS = /SSL required|no pg_hba.conf entry .* SSL off|no encryption/i;

/** A connected client (for admin commands) with libpq's prefer/allow fallbacks applied. */
export async function connectClient(conn: Pick<TeamConnection, 'url' | 'service'>, opts: OpenOptions = {}): Promise<{ client: pg.Client; config: pg.ClientConfig }> {
  const { config, sslmode } = clientConfig(conn, opts.env, opts.home);
  const attempts: pg.ClientConfig[] =
    sslmode === 'prefer'
      ? [{ ...config, ssl: { rejectUnauthorized: false } }, { ...config, ssl: false }]
      : sslmode === 'allow'
        ? [{ ...config, ssl: false }, { ...config, ssl: { rejectUnauthorized: false } }]
        : [config];
  let last: unknown;
  for (let i = 0; i < attempts.length; i++) {
    const client = new pg.Client(attempts[i]);
    client.on('error', () => undefined);
    try {
      await client.connect();
      return { client, config: attempts[i]! };
    } catch (err) {
      last = err;
      await client.end().catch(() => undefined);
      const msg = (err as Error)?.message ?? '';
      const retry = i + 1 < attempts.length && (i === 0 && sslmode === 'prefer' ? NO_TLS.test(msg) : NEEDS_TLS.test(msg));
      if (!retry) break;
    }
  }
  throw asTeamError(last, 'connecting to the team server');
}

/** Open the team server for a member: schema checked, bound to `conn.team`. */
export async function openTeamServer(conn: TeamConnection, opts: OpenOptions = {}): Promise<PgTeamServer> {
  const { client, config } = await connectClient(conn, opts);
  let binding;
  try {
    const schemaVersion = await checkSchema(client).catch((err) => {
      throw asTeamError(err, 'checking the team schema');
    });
    const t = await client.query<{ team_id: number; member_role: string; admin_role: string }>('SELECT team_id, member_role, admin_role FROM mnemo.teams WHERE name = $1', [conn.team]);
    const row = t.rows[0];
    if (!row) {
      const who = (await client.query<{ u: string }>('SELECT session_user AS u')).rows[0]!.u;
      throw new TeamServerError('NOT_MEMBER', `team "${conn.team}" does not exist on this server, or role "${who}" is not a member (an admin runs \`mnemo team add-member ${who} --team ${conn.team}\`)`);
    }
    binding = { teamId: row.team_id, team: conn.team, memberRole: row.member_role, adminRole: row.admin_role, schemaVersion };
  } finally {
    await client.end().catch(() => undefined);
  }
  const pool = new pg.Pool({ ...config, max: opts.poolSize ?? 4, idleTimeoutMillis: 10_000 });
  // A server restart kills idle pooled connections; the pool drops them, the next call reconnects.
  pool.on('error', () => undefined);
  // A backend terminated between two uses of a connection errors its socket whoever holds it then (the
  // pool, a caller, neither during a hand-over): every pooled connection keeps a listener of its own for
  // its whole life, so no such event is ever unheard. Queries still report the loss by rejecting.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return new PgTeamServer(pool, binding);
}
