/**
 * @module team/connection
 * The saved connection to the team server (in the store's sync state: URL or service name and the
 * team, never a password) and opening it. `pg` and the server code load only here, dynamically:
 * a hook never imports this module.
 */
import type { TeamConnection, TeamIdentity, TeamServer } from '../core/team/contract.ts';
import type { MirrorContext } from '../store/sqlite/team/mirror.ts';
import type { TeamLedger } from '../store/sqlite/team/ledger.ts';

export interface SavedConnection extends TeamConnection {
  /** What it points at, printable: `user@host:port/db`, and the team. Kept on mirrored rows. */
  readonly origin: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The connection `mnemo team connect` saved, or undefined when not connected. */
export function savedConnection(ledger: TeamLedger): SavedConnection | undefined {
  const s = ledger.state();
  if (!s.team) return undefined;
  return { team: s.team, origin: s.origin ?? s.team, ...(s.url ? { url: s.url } : {}), ...(s.service ? { service: s.service } : {}) };
}

export interface OpenedTeam {
  readonly server: TeamServer & { readonly team?: { readonly teamId: number } };
  readonly identity: TeamIdentity;
  readonly ctx: MirrorContext;
  readonly connection: SavedConnection;
}

/** The server module, loaded on first use (it brings `pg`). */
export const serverModule = () => import('../store/postgres/open.ts');

/**
 * Open the saved connection: schema and membership checked (TeamServerError otherwise), who I am
 * recorded (records of mine pulled from another machine count as mine).
 */
export async function openSaved(ledger: TeamLedger, env: Env = process.env): Promise<OpenedTeam | undefined> {
  const connection = savedConnection(ledger);
  if (!connection) return undefined;
  const { openTeamServer } = await serverModule();
  const server = await openTeamServer(connection, { env, poolSize: 2 });
  try {
    const identity = await server.whoami();
    if (ledger.state().role !== identity.role) ledger.setState({ role: identity.role });
    return { server, identity, ctx: { me: identity.role, origin: connection.origin }, connection };
  } catch (err) {
    await server.close().catch(() => undefined);
    throw err;
  }
}

/**
 * Save a connection after it worked. The URL must carry no password (the caller checked). Returns
 * whether it points elsewhere than the one saved before (another server or team): the caller then
 * drops the old mirror, which the new server's tombstones would never reach.
 */
export function saveConnection(ledger: TeamLedger, conn: SavedConnection, identity: TeamIdentity): { moved: boolean } {
  const before = savedConnection(ledger);
  // Another server or team: what was mirrored and the cursor belong to the old one.
  const moved = before !== undefined && (before.origin !== conn.origin || before.team !== conn.team);
  ledger.setState({
    team: conn.team,
    url: conn.url,
    service: conn.service,
    origin: conn.origin,
    role: identity.role,
    connectedAt: String(Date.now()),
    ...(moved || before === undefined ? { cursor: '0' } : {}),
  });
  return { moved };
}

/** Forget the connection (and with it the pull cursor). The mirror is dropped by the caller. */
export function clearConnection(ledger: TeamLedger): void {
  ledger.setState({ team: undefined, url: undefined, service: undefined, origin: undefined, role: undefined, connectedAt: undefined, cursor: undefined, lastError: undefined, lastErrorAt: undefined });
}
