/**
 * @module store/sqlite/retention
 * Retention: observations older than a number of days, and the oldest past a size cap, are deleted
 * the way `forget` deletes them (store/sqlite/forget: events, vectors and KNN copies go too, the
 * word index is merged so their terms leave its segments). Sessions left empty and older than the
 * cutoff go with their summaries.
 *
 * Cheap by construction: rows are picked by the `created_at` index, deleted in bounded batches, each
 * in its own short write transaction (hooks writing meanwhile wait milliseconds, not the whole run),
 * the index merged in bounded steps, and a run stops after `maxRows`. `due` — what SessionEnd asks
 * before starting a run in the background — is one index probe and two pragmas.
 *
 * The size is the pages the database uses ((page_count − freelist_count) × page_size): freed pages
 * are reused by later writes, so the file stops growing at the cap without a VACUUM (which rewrites
 * the whole file under an exclusive lock; `mnemo prune --vacuum` does it on request).
 */
import type { SqliteDb } from './driver.ts';
import { deleteObservations, purgeIndex, scrubWal } from './forget.ts';

export interface RetentionPolicy {
  /** Observations created more than this long ago are deleted (undefined: kept forever). */
  readonly maxAgeMs?: number;
  /** The oldest observations are deleted while the database uses more than this (undefined: no cap). */
  readonly maxBytes?: number;
}

export interface PruneOptions {
  readonly now?: number;
  /** Rows per write transaction. */
  readonly batch?: number;
  /** Rows deleted per run at most; the next run continues. */
  readonly maxRows?: number;
}

export interface PruneReport {
  readonly byAge: number;
  readonly bySize: number;
  readonly sessions: number;
  readonly bytesBefore: number;
  readonly bytesAfter: number;
  /** False when `maxRows` stopped the run with work left. */
  readonly complete: boolean;
}

/** A size cap is pruned down to this share of it, so that a store at the cap is not trimmed on every run. */
const SIZE_TARGET = 0.9;
const DEFAULT_BATCH = 500;
const DEFAULT_MAX_ROWS = 50_000;
/** Rounds of (delete, merge, measure) for the size cap: the per-row estimate is re-made each round. */
const SIZE_ROUNDS = 4;

/** The policy the settings ask for (`retentionDays`, `maxDbMb`; 0 turns each off). */
export function retentionPolicy(cfg: { readonly retentionDays: number; readonly maxDbMb: number }): RetentionPolicy {
  return {
    ...(cfg.retentionDays > 0 ? { maxAgeMs: cfg.retentionDays * 86_400_000 } : {}),
    ...(cfg.maxDbMb > 0 ? { maxBytes: cfg.maxDbMb * 1024 * 1024 } : {}),
  };
}

export const isActive = (p: RetentionPolicy): boolean => p.maxAgeMs !== undefined || p.maxBytes !== undefined;

/** Bytes of the pages the database uses (free pages excluded). */
export function usedBytes(db: SqliteDb): number {
  const pages = db.pragma('page_count', { simple: true }) as number;
  const free = db.pragma('freelist_count', { simple: true }) as number;
  const size = db.pragma('page_size', { simple: true }) as number;
  return (pages - free) * size;
}

function oldestAt(db: SqliteDb): number | undefined {
  return (db.prepare('SELECT min(created_at) FROM observations').pluck().get() as number | null) ?? undefined;
}

/** Whether a run would delete anything: one index probe and two pragmas. */
export function due(db: SqliteDb, policy: RetentionPolicy, now = Date.now()): boolean {
  if (policy.maxAgeMs !== undefined) {
    const oldest = oldestAt(db);
    if (oldest !== undefined && oldest < now - policy.maxAgeMs) return true;
  }
  // Past the cap with no observation left to delete (a cap below the empty schema) is not due.
  return policy.maxBytes !== undefined && usedBytes(db) > policy.maxBytes && oldestAt(db) !== undefined;
}

/**
 * Delete, oldest first, the observations `pick` names (a bounded id list per call), in batches of
 * their own transactions, until `pick` names none or `budget` rows are gone. Returns rows deleted.
 */
function deleteInBatches(db: SqliteDb, pick: (limit: number) => number[], batch: number, budget: number): number {
  let total = 0;
  while (total < budget) {
    const n = db.transaction(() => {
      const ids = pick(Math.min(batch, budget - total));
      return ids.length ? deleteObservations(db, ids).deleted.length : 0;
    }).immediate();
    if (n === 0) break;
    total += n;
  }
  return total;
}

/** Sessions with no observation left, ended, and started before `before`: their summaries cascade. */
function dropEmptySessions(db: SqliteDb, before: number): number {
  return db
    .prepare(
      `DELETE FROM sessions WHERE started_at < ? AND ended_at IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM observations o WHERE o.session_id = sessions.id)`,
    )
    .run(before).changes;
}

/** Apply the policy. Never deletes more than `maxRows` observations in one run. */
export function prune(db: SqliteDb, policy: RetentionPolicy, opts: PruneOptions = {}): PruneReport {
  const now = opts.now ?? Date.now();
  const batch = Math.max(1, opts.batch ?? DEFAULT_BATCH);
  let budget = Math.max(0, opts.maxRows ?? DEFAULT_MAX_ROWS);
  const bytesBefore = usedBytes(db);
  let byAge = 0;
  let bySize = 0;
  let sessions = 0;
  let complete = true;

  if (policy.maxAgeMs !== undefined) {
    const cutoff = now - policy.maxAgeMs;
    const older = db.prepare('SELECT id FROM observations WHERE created_at < ? ORDER BY created_at, id LIMIT ?').pluck();
    byAge = deleteInBatches(db, (limit) => older.all(cutoff, limit) as number[], batch, budget);
    budget -= byAge;
    if (budget === 0 && oldestAt(db) !== undefined && oldestAt(db)! < cutoff) complete = false;
    if (byAge) purgeIndex(db);
    sessions += dropEmptySessions(db, cutoff);
  }

  if (policy.maxBytes !== undefined && complete) {
    const target = Math.floor(policy.maxBytes * SIZE_TARGET);
    const oldest = db.prepare('SELECT id FROM observations ORDER BY created_at, id LIMIT ?').pluck();
    for (let round = 0; round < SIZE_ROUNDS && budget > 0; round++) {
      const used = usedBytes(db);
      if (used <= policy.maxBytes && (round === 0 || used <= target)) break;
      const rows = db.prepare('SELECT count(*) FROM observations').pluck().get() as number;
      if (rows === 0) break;
      // What one observation costs on disk, on average (its text, index entries, events, vectors).
      const perRow = used / rows;
      const want = Math.min(budget, rows, Math.max(1, Math.ceil((used - target) / perRow)));
      const n = deleteInBatches(db, (limit) => oldest.all(limit) as number[], batch, want);
      bySize += n;
      budget -= n;
      if (n === 0) break;
      purgeIndex(db);
    }
    // Sessions older than what is left (a recent session without observations stays).
    if (bySize) sessions += dropEmptySessions(db, oldestAt(db) ?? now);
    if (usedBytes(db) > policy.maxBytes) complete = false;
  }

  if (byAge || bySize || sessions) scrubWal(db);
  return { byAge, bySize, sessions, bytesBefore, bytesAfter: usedBytes(db), complete };
}

/** Give the free pages back to the file system: rewrites the whole file (exclusive lock), on request only. */
export function compact(db: SqliteDb): void {
  db.exec('VACUUM');
  scrubWal(db);
}
