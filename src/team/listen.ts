/**
 * @module team/listen
 * The team loop's ear: LISTEN for a team's changes, so a pull follows a teammate's push at once
 * instead of at the next poll. Best effort: when it cannot listen (or stops hearing), the loop polls.
 */
import type { TeamConnection } from '../core/team/contract.ts';

export interface Listener {
  close(): Promise<void>;
}

export async function listenForChanges(
  conn: Pick<TeamConnection, 'url' | 'service'>,
  teamId: number,
  onChange: () => void,
  onLost: () => void,
  env?: Readonly<Record<string, string | undefined>>,
): Promise<Listener> {
  const { listen } = await import('../store/postgres/listen.ts');
  // A lost listener costs only latency: the loop's poll still pulls, and it listens again later.
  return listen(conn, teamId, onChange, () => onLost(), env);
}
