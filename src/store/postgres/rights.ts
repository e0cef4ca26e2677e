/**
 * @module store/postgres/rights
 * What the login role may do on the team tables, as PostgreSQL itself answers it (grants through
 * the team roles included): for `mnemo doctor`, which names a missing right instead of letting the
 * next sync fail on it. Loads `pg`: never from a hook.
 */
import type { TeamConnection } from '../../core/team/contract.ts';
import { asTeamError } from './errors.ts';
import { connectClient, type OpenOptions } from './open.ts';

export interface TeamRights {
  readonly read: boolean;
  readonly write: boolean;
  readonly forget: boolean;
  readonly pullForgotten: boolean;
}

export async function teamRights(conn: Pick<TeamConnection, 'url' | 'service'>, opts: OpenOptions = {}): Promise<TeamRights> {
  const { client } = await connectClient(conn, opts);
  try {
    const r = await client.query<{ read: boolean; write: boolean; forget: boolean; tomb: boolean }>(
      `SELECT has_table_privilege('mnemo.records', 'SELECT') AS read,
              has_table_privilege('mnemo.records', 'INSERT') AND has_table_privilege('mnemo.records', 'UPDATE') AS write,
              has_table_privilege('mnemo.records', 'DELETE') AS forget,
              has_table_privilege('mnemo.tombstones', 'SELECT') AS tomb`,
    );
    const row = r.rows[0]!;
    return { read: row.read, write: row.write, forget: row.forget, pullForgotten: row.tomb };
  } catch (err) {
    throw asTeamError(err, 'checking the role’s rights');
  } finally {
    await client.end().catch(() => undefined);
  }
}
