/**
 * @module hooks/with-store
 * The part of the hook path that needs the database (SessionStart, SessionEnd). Loaded lazily
 * so that the per-tool-call hooks never pay for SQLite.
 */
import type { ResolvedConfig } from '../config/config.ts';
import type { HookEvent, Place } from '../core/types.ts';
import { buildContext } from '../context/build.ts';
import { drainSpool } from '../store/drain.ts';
import { SqliteStore } from '../store/sqlite/sqlite-store.ts';

/** SessionStart: fold the spool, then build the index (not on resume: the model still has it). */
export async function onSessionStart(cfg: ResolvedConfig, ev: HookEvent, place: Place): Promise<string> {
  const store = SqliteStore.open({ path: cfg.dbPath, busyTimeoutMs: cfg.busyTimeoutMs });
  try {
    await drainSpool(store, cfg.spoolDir, { maxMs: Math.min(1500, cfg.hookTimeoutMs / 2) });
    if (ev.source === 'resume') return '';
    return await buildContext(store, cfg, place.project);
  } finally {
    await store.close();
  }
}

/** SessionEnd: fold the spool so the closed session is complete in the store. */
export async function onSessionEnd(cfg: ResolvedConfig): Promise<void> {
  const store = SqliteStore.open({ path: cfg.dbPath, busyTimeoutMs: cfg.busyTimeoutMs });
  try {
    await drainSpool(store, cfg.spoolDir, { maxMs: 800 });
  } finally {
    await store.close();
  }
}
