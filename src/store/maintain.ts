/**
 * @module store/maintain
 * Deferred maintenance (store/sqlite/maintenance) as the long-lived faces run it: a bounded slice at a
 * time, failures logged and left for the next slice (a busy or read-only store must not stop a
 * search). Hooks never come here: they open SqliteStore directly, which migrates but never maintains.
 */
import type { ResolvedConfig } from '../config/config.ts';
import { logTo } from '../log.ts';
import type { SqliteStore } from './sqlite/sqlite-store.ts';

/** Run chunks for about `budgetMs` (at least one chunk). True while steps remain. */
export function maintainSlice(store: SqliteStore, cfg: Pick<ResolvedConfig, 'logFile'>, budgetMs: number): boolean {
  try {
    // A store held by another writer is not waited for: the step stays pending for the next slice.
    const run = store.maintain({ budgetMs, waitMs: 100 });
    for (const step of run.completed) logTo(cfg.logFile, 'info', `maintenance: ${step} done`);
    return run.pending.length > 0;
  } catch (err) {
    logTo(cfg.logFile, 'warn', 'maintenance: could not run a step now (it stays pending)', err);
    return true;
  }
}

/** For processes that stay up (MCP server, viewer): a slice every `everyMs` until nothing is pending. Returns stop. */
export function maintainInBackground(
  store: SqliteStore | (() => SqliteStore | undefined),
  cfg: Pick<ResolvedConfig, 'logFile'>,
  everyMs = 2000,
  budgetMs = 250,
): () => void {
  const current = typeof store === 'function' ? store : () => store;
  const timer = setInterval(() => {
    // No store open yet (the MCP server waits for it): try again at the next tick.
    const s = current();
    if (s && !maintainSlice(s, cfg, budgetMs)) clearInterval(timer);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
