/**
 * @module hooks/team-sync
 * SessionEnd's part in team memory: when this machine is connected to a team and something waits in
 * the outbox, start `mnemo team sync --background` detached, so the session's records reach the team
 * seconds after it ends. The hook itself never opens a network connection (and never loads `pg`):
 * it reads two rows of the local store and starts a process.
 */
import type { ResolvedConfig } from '../config/config.ts';
import { startCliInBackground } from '../background.ts';
import { logTo } from '../log.ts';
import type { SqliteStore } from '../store/sqlite/sqlite-store.ts';

/** Returns whether a background sync was started. */
export async function startTeamSyncIfDue(cfg: ResolvedConfig, store: SqliteStore): Promise<boolean> {
  try {
    if (!store.team.hasWaiting() || !store.team.state().team) return false;
  } catch (err) {
    logTo(cfg.logFile, 'info', 'team sync: could not read the outbox', err);
    return false;
  }
  return startCliInBackground(cfg, ['team', 'sync', '--background'], 'team sync: could not start mnemo team sync');
}
