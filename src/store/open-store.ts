/**
 * @module store/open-store
 * How the long-lived faces (MCP server, CLI, viewer) get a store: open it and fold in whatever the
 * hooks left in the spool, so reads always see every acknowledged event, and take a bounded slice of
 * any deferred upgrade work (store/maintain) that hooks must never do. Throws StoreError when the
 * store cannot be opened even read-only. The narration of recent calls is read from their transcripts
 * too (bounded), so a search right after a session finds the model's own words.
 */
import type { ResolvedConfig } from '../config/config.ts';
import { logTo } from '../log.ts';
import { foldNarrationQuietly } from '../narration/fold.ts';
import { drainSpool } from './drain.ts';
import { maintainSlice } from './maintain.ts';
import { SqliteStore } from './sqlite/sqlite-store.ts';

/** A one-off command waits at most about this long (plus one chunk) for deferred upgrade work. */
const MAINTENANCE_MS = 500;
/** …and about this long (plus one read) for the host transcripts' narration (src/narration). */
const NARRATION_MS = 1000;

export async function openStore(cfg: ResolvedConfig, opts: { busyTimeoutMs?: number } = {}): Promise<SqliteStore> {
  const store = SqliteStore.open({ path: cfg.dbPath, busyTimeoutMs: opts.busyTimeoutMs ?? 5000 });
  // Opened read-only (the file or its folder cannot be written): it answers reads; folding waits.
  if (store.readOnly) return store;
  try {
    // A writer holding the store (another process's drain takes well under a second) is waited for
    // briefly; a longer outage leaves the events in the spool and reads answer from what is stored.
    await drainSpool(store, cfg.spoolDir, { waitMs: 1000 });
  } catch (err) {
    // Folding needs to write; reading does not. A locked, read-only or full store still answers
    // from what it holds, and the events wait in the spool for the next process.
    logTo(cfg.logFile, 'warn', 'could not fold the spool into the store now (events stay in the spool)', err);
  }
  // What the model wrote around the calls just folded, so a search finds it at once.
  foldNarrationQuietly(store, cfg, { maxMs: NARRATION_MS, waitMs: 1000 });
  maintainSlice(store, cfg, MAINTENANCE_MS);
  return store;
}
