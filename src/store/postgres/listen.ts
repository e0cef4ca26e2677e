/**
 * @module store/postgres/listen
 * Hearing about a team's new changes as they commit: PostgreSQL's LISTEN on the team's channel, on a
 * connection of its own (a pooled one could not keep listening). NOTIFY is transactional, so what is
 * heard has committed, and a pull right after it sees it. A lost connection is simply reported: the
 * caller polls meanwhile and listens again later. Loads `pg`: never from a hook.
 */
import type { TeamConnection } from '../../core/team/contract.ts';
import { connectClient } from './open.ts';

/** The channel a team's changes are announced on (push and forget NOTIFY it). */
export const changeChannel = (teamId: number): string => `mnemo_team_${Math.trunc(teamId)}`;

export interface Listener {
  close(): Promise<void>;
}

export async function listen(
  conn: Pick<TeamConnection, 'url' | 'service'>,
  teamId: number,
  onChange: () => void,
  onLost: (err: unknown) => void,
  env?: Readonly<Record<string, string | undefined>>,
): Promise<Listener> {
  const { client } = await connectClient(conn, env ? { env } : {});
  let closed = false;
  client.on('notification', () => onChange());
  client.on('error', (err) => {
    if (!closed) onLost(err);
  });
  client.on('end', () => {
    if (!closed) onLost(new Error('the listening connection ended'));
  });
  await client.query(`LISTEN ${changeChannel(teamId)}`);
  return {
    async close() {
      closed = true;
      await client.end().catch(() => undefined);
    },
  };
}

/** Announce a change on the team's channel (after a push committed). */
export function notifySql(teamId: number): string {
  return `SELECT pg_notify('${changeChannel(teamId)}', '')`;
}
