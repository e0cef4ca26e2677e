/**
 * @module hooks/retention
 * SessionEnd's part in retention: ask the store whether a run is due (an index probe and two
 * pragmas) and, if so, start `mnemo prune --background` detached. Deleting and merging the index
 * can take seconds on a large store: never inside the hook's budget.
 */
import type { ResolvedConfig } from '../config/config.ts';
import { cliPath } from '../compress/session.ts';
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
  const cli = cliPath();
  if (!cli) return false;
  try {
    // child_process loads only here: a SessionEnd with nothing due does not pay for it.
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [cli, 'prune', '--background'], {
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, MNEMO_DATA_DIR: cfg.dataDir },
    });
    child.on('error', (err) => logTo(cfg.logFile, 'warn', 'retention: could not start mnemo prune', err));
    child.unref();
    return true;
  } catch (err) {
    logTo(cfg.logFile, 'warn', 'retention: could not start mnemo prune', err);
    return false;
  }
}
