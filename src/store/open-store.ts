/**
 * @module store/open-store
 * How the long-lived faces (MCP server, CLI, viewer) get a store: open it and fold in whatever the
 * hooks left in the spool, so reads always see every acknowledged event.
 */
import type { ResolvedConfig } from '../config/config.ts';
import { drainSpool } from './drain.ts';
import { SqliteStore } from './sqlite/sqlite-store.ts';

export async function openStore(cfg: ResolvedConfig, opts: { busyTimeoutMs?: number } = {}): Promise<SqliteStore> {
  const store = SqliteStore.open({ path: cfg.dbPath, busyTimeoutMs: opts.busyTimeoutMs ?? 5000 });
  await drainSpool(store, cfg.spoolDir);
  return store;
}
