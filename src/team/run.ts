/**
 * @module team/run
 * One sync over the saved connection, start to end: open it (schema and membership checked), push
 * and pull, close. A failure to reach the server is a report, not an exception, and is recorded in
 * the sync state for `team status` and `doctor`. Used by `mnemo team sync` (and SessionEnd's detached
 * run of it); the MCP loop keeps its connection open instead (team/loop).
 */
import { TeamServerError } from '../core/team/contract.ts';
import type { TeamLedger } from '../store/sqlite/team/ledger.ts';
import { openSaved } from './connection.ts';
import { syncOnce, type SyncOptions, type SyncReport } from './sync.ts';

/** Undefined when no connection is saved. */
export async function syncSaved(ledger: TeamLedger, env: Readonly<Record<string, string | undefined>>, opts: SyncOptions = {}): Promise<SyncReport | undefined> {
  let opened;
  try {
    opened = await openSaved(ledger, env);
  } catch (err) {
    const e = err instanceof TeamServerError ? err : new TeamServerError('INTERNAL', err instanceof Error ? err.message : String(err), { cause: err });
    ledger.setState({ lastError: `${e.code}: ${e.message}`, lastErrorAt: String(Date.now()) });
    const waiting = ledger.outbox().waiting;
    return { push: { pushed: 0, duplicates: 0, forgotten: 0, refused: 0, dropped: 0, waiting }, error: { code: e.code, message: e.message } };
  }
  if (!opened) return undefined;
  try {
    return await syncOnce(ledger, opened.server, opened.ctx, opts);
  } finally {
    await opened.server.close().catch(() => undefined);
  }
}
