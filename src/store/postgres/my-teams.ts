/**
 * @module store/postgres/my-teams
 * The teams a login role belongs to (row-level security shows a role only its own), so that
 * `mnemo team connect URL` needs no `--team` for a member of one team. Loads `pg`: never from a hook.
 */
import type { TeamConnection } from '../../core/team/contract.ts';
import { asTeamError } from './errors.ts';
import { connectClient, type OpenOptions } from './open.ts';
import { serverVersion } from './schema.ts';

export async function myTeams(conn: Pick<TeamConnection, 'url' | 'service'>, opts: OpenOptions = {}): Promise<string[]> {
  const { client } = await connectClient(conn, opts);
  try {
    // No schema yet: no team either (openTeamServer then says NO_SCHEMA in its own words).
    if ((await serverVersion(client)) === undefined) return [];
    const r = await client.query<{ name: string }>('SELECT name FROM mnemo.teams ORDER BY name');
    return r.rows.map((row) => row.name);
  } catch (err) {
    throw asTeamError(err, 'listing my teams');
  } finally {
    await client.end().catch(() => undefined);
  }
}
