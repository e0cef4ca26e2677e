/**
 * @module store/drain
 * Folds spooled events into the store, oldest first, in bounded batches and bounded time.
 * Safe to run from several processes at once: the store ignores events it already holds,
 * and a file vanishing under us means another process took it.
 */
import type { Store } from './store.ts';
import { spoolList, spoolQuarantine, spoolRead, spoolRemove } from './spool.ts';
import type { CapturedEvent } from '../core/types.ts';

export interface DrainResult {
  readonly applied: number;
  readonly duplicates: number;
  readonly corrupt: number;
  /** Files left for later (time budget spent). */
  readonly remaining: number;
}

const BATCH = 500;

export interface DrainOptions {
  /** Stop starting batches after this long (default 10 s). */
  readonly maxMs?: number;
  /** How long a batch waits for another writer (default: the store's busy timeout). */
  readonly waitMs?: number;
}

export async function drainSpool(store: Store, dir: string, opts: DrainOptions = {}): Promise<DrainResult> {
  const deadline = Date.now() + (opts.maxMs ?? 10_000);
  const files = spoolList(dir);
  let applied = 0;
  let duplicates = 0;
  let corrupt = 0;
  let i = 0;
  while (i < files.length && Date.now() < deadline) {
    const batchFiles: string[] = [];
    const events: CapturedEvent[] = [];
    for (; i < files.length && events.length < BATCH; i++) {
      const entry = spoolRead(files[i]!);
      if (!entry) continue;
      if ('corrupt' in entry) {
        spoolQuarantine(dir, entry.file);
        corrupt++;
        continue;
      }
      events.push(entry.event);
      batchFiles.push(entry.file);
    }
    if (events.length === 0) continue;
    const r = await store.ingest(events, opts.waitMs === undefined ? {} : { waitMs: opts.waitMs });
    applied += r.applied;
    duplicates += r.duplicates;
    // Only after the transaction committed: a crash before this line replays harmlessly.
    for (const f of batchFiles) spoolRemove(f);
  }
  return { applied, duplicates, corrupt, remaining: files.length - i };
}
