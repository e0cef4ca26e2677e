/**
 * @module hooks/retention
 * SessionEnd's part in retention: ask the store whether a run is due (an index probe and two
 * pragmas) and, if so, start `mnemo prune --background` detached. Deleting and merging the index
 * can take seconds on a large store: never inside the hook's budget.
 */
import type { ResolvedConfig } from '../config/config.ts';
import { startCliInBackground } from '../background.ts';
import { logTo } from '../log.ts';
import { isActive, retentionPolicy } from '../store/sqlite/retention.ts';
import type { SqliteStore } from '../store/sqlite/sqlite-store.ts';

/** Returns whether a background run was started. */
export async function startRetentionIfDue(cfg: ResolvedConfig, store: SqliteStore): Promise<boolean> {
  const policy = retentionPolicy(cfg);
  if (!isActive(policy)) return false;
  try {
    if (!store.retentionDue(policy)) return false;
  } catch (err) {
    logTo(cfg.logFile, 'warn', 'retention: could not check whether a prune is due', err);
    return false;
  }
  return startCliInBackground(cfg, ['prune', '--background'], 'retention: could not start mnemo prune');
}
