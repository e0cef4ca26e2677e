/**
 * @module store/retain
 * Retention (store/sqlite/retention) as the MCP server runs it, for hosts without a SessionEnd hook
 * to start `mnemo prune --background`. A check shortly after start and then every few minutes: when
 * a run is due (one index probe and two pragmas), a bounded slice runs in-process; while work is
 * left, the next slice follows soon, the event loop free in between. Slices never overlap each other
 * nor a `mnemo prune` of the same data directory (they share its lock file), wait at most briefly
 * for another writer and try again soon after giving way; any other failure is logged and retried at
 * the next check: never thrown.
 */
import { join } from 'node:path';
import type { ResolvedConfig } from '../config/config.ts';
import { logTo } from '../log.ts';
import { withRunLock } from './run-lock.ts';
import { isActive, retentionPolicy, type PruneReport } from './sqlite/retention.ts';
import type { SqliteStore } from './sqlite/sqlite-store.ts';
import { isBusy } from './store.ts';

/** A prune that has not removed its lock after this long is taken to have died. */
export const STALE_PRUNE_LOCK_MS = 30 * 60_000;
/** One prune at a time per data directory: `mnemo prune` and the MCP server take this lock. */
export const pruneLockPath = (dataDir: string): string => join(dataDir, 'prune.lock');

export interface RetainTimings {
  /** First check after start: late enough not to slow the server's first answers. */
  readonly firstMs: number;
  /** Between checks while nothing is due. */
  readonly everyMs: number;
  /** Between slices while a run has work left. */
  readonly againMs: number;
  /** Observations deleted per slice at most (each batch its own short transaction). */
  readonly maxRows: number;
  readonly batch: number;
  /** How long a slice waits for another writer before giving way. */
  readonly waitMs: number;
}

export const RETAIN_TIMINGS: RetainTimings = { firstMs: 5000, everyMs: 10 * 60_000, againMs: 2000, maxRows: 2000, batch: 200, waitMs: 100 };

type Cfg = Pick<ResolvedConfig, 'retentionDays' | 'maxDbMb' | 'dataDir' | 'logFile'>;

/**
 * One check and, when due, one bounded slice. True when another slice should follow soon: the run has
 * work left, or another writer held the store (routine: a fold, an import; not logged).
 */
export async function retainSlice(store: SqliteStore, cfg: Cfg, t: RetainTimings = RETAIN_TIMINGS): Promise<boolean> {
  const policy = retentionPolicy(cfg);
  if (!isActive(policy)) return false;
  try {
    if (!store.retentionDue(policy)) return false;
    const report = await withRunLock(pruneLockPath(cfg.dataDir), STALE_PRUNE_LOCK_MS, () =>
      store.prune(policy, { maxRows: t.maxRows, batch: t.batch, waitMs: t.waitMs }),
    );
    // Another prune holds the lock: it does the work; check again later.
    if (!report) return false;
    if (report.byAge || report.bySize || report.sessions) logTo(cfg.logFile, 'info', `retention: ${describe(report)}`);
    return !report.complete;
  } catch (err) {
    if (isBusy(err)) return true;
    logTo(cfg.logFile, 'warn', 'retention: the MCP server could not prune now (it tries again later)', err);
    return false;
  }
}

function describe(r: PruneReport): string {
  const mb = (b: number) => (b / 1048576).toFixed(1);
  return `pruned ${r.byAge} observation(s) past the age limit and ${r.bySize} past the size cap, ${r.sessions} empty session(s); database uses ${mb(r.bytesBefore)} MB → ${mb(r.bytesAfter)} MB${r.complete ? '' : ' (more in the next slice)'}`;
}

/** For the MCP server: checks until stopped (none while retention is off). Returns stop. */
export function retainInBackground(current: () => SqliteStore | undefined, cfg: Cfg, t: RetainTimings = RETAIN_TIMINGS): () => void {
  if (!isActive(retentionPolicy(cfg))) return () => undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  // Each slice schedules the next when it is done: two can never run at once.
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  };
  const tick = async () => {
    // No store open (the server opens it on demand): check again later.
    const s = current();
    const more = s ? await retainSlice(s, cfg, t) : false;
    schedule(more ? t.againMs : t.everyMs);
  };
  schedule(t.firstMs);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
