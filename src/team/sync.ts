/**
 * @module team/sync
 * The sync engine: push the outbox, pull teammates' changes into the mirror. Runs beside the hooks,
 * never in one: in the MCP server's loop (team/loop), in SessionEnd's detached `mnemo team sync
 * --background`, and in `mnemo team sync`.
 *
 * Nothing lost, nothing twice:
 * - an outbox entry leaves only after the server's transaction that stored its record committed
 *   (`ack` after `push` returned); a push cut off anywhere leaves it queued, and the next push of the
 *   same uid is a duplicate on the server (idempotent by uid), never a second copy;
 * - the pull cursor moves in the local transaction that applies the changes it covers, so a crash
 *   between the two cannot skip or repeat a change; the server never hands out a seq below one
 *   already visible, so the cursor never passes a change still being committed.
 */
import { isTransient, TEAM_LIMITS, TeamServerError, type TeamServer } from '../core/team/contract.ts';
import type { MirrorContext } from '../store/sqlite/team/mirror.ts';
import type { OutboxEntry, Outgoing } from '../store/sqlite/team/outbox.ts';
import type { TeamLedger } from '../store/sqlite/team/ledger.ts';

export interface PushReport {
  /** Records the server stored (new or a newer revision). */
  readonly pushed: number;
  /** Records it already had (a replay after a cut connection, another machine's push). */
  readonly duplicates: number;
  /** Tombstones sent (forgotten on the server, or already gone). */
  readonly forgotten: number;
  /** Records the server refused: held in the outbox (`team status`), retried with `team sync --retry`. */
  readonly refused: number;
  /** Entries that needed nothing any more (forgotten, unshared or kept local since they were queued). */
  readonly dropped: number;
  /** Entries still waiting afterwards. */
  readonly waiting: number;
}

export interface PullReport {
  readonly applied: number;
  readonly skipped: number;
  readonly deleted: number;
  readonly cursor: number;
}

export interface SyncReport {
  readonly push: PushReport;
  readonly pull?: PullReport;
  /** Why the sync stopped early (the server went away, a right is missing); the outbox keeps what waits. */
  readonly error?: { readonly code: string; readonly message: string };
}

export interface SyncOptions {
  /** Stop starting new batches after this long (default 60 s). */
  readonly maxMs?: number;
  /** Outbox entries per push (default and most: TEAM_LIMITS.batch). */
  readonly batch?: number;
  /** Changes applied per local transaction (default 500: writers wait at most one). */
  readonly applyChunk?: number;
  /** Changes asked per pull (default 2000). */
  readonly page?: number;
  readonly pull?: boolean;
  readonly push?: boolean;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Push everything waiting, batch by batch, oldest first. Throws only what the ledger throws (a busy store). */
export async function pushOutbox(ledger: TeamLedger, server: TeamServer, opts: SyncOptions = {}): Promise<PushReport & { error?: TeamServerError }> {
  const deadline = Date.now() + (opts.maxMs ?? 60_000);
  const batch = Math.min(Math.max(1, opts.batch ?? TEAM_LIMITS.batch), TEAM_LIMITS.batch);
  let pushed = 0;
  let duplicates = 0;
  let forgotten = 0;
  let refused = 0;
  let dropped = 0;
  const report = (error?: TeamServerError) => ({ pushed, duplicates, forgotten, refused, dropped, waiting: ledger.outbox().waiting, ...(error ? { error } : {}) });
  let lastHead = '';
  while (Date.now() < deadline) {
    const out = ledger.take(batch);
    if (out.length === 0) break;
    // The same head at the same version means the last round could not move it: stop (a re-queued
    // entry has a new version and goes again).
    const head = `${out[0]!.entry.id}:${out[0]!.entry.version}`;
    if (head === lastHead) break;
    lastHead = head;
    const drops = out.filter((o): o is Extract<Outgoing, { drop: string }> => 'drop' in o);
    const records = out.filter((o): o is Extract<Outgoing, { push: unknown }> => 'push' in o);
    const tombstones = out.filter((o): o is Extract<Outgoing, { forget: string }> => 'forget' in o);
    ledger.ack(drops.map((o) => o.entry));
    dropped += drops.length;
    try {
      if (records.length) {
        const r = await server.push(records.map((o) => o.push));
        const why = new Map(r.rejected.map((x) => [x.uid, x.reason]));
        const held = records.filter((o) => why.has(o.push.uid)).map((o) => ({ entry: o.entry, reason: why.get(o.push.uid)! }));
        ledger.refused(held);
        ledger.ack(records.filter((o) => !why.has(o.push.uid)).map((o) => o.entry));
        pushed += r.inserted + r.updated;
        duplicates += r.duplicates + r.forgotten;
        refused += held.length;
      }
      if (tombstones.length) {
        // Forgotten, missing (never pushed, or gone already) and not allowed (not mine) are all final.
        await server.forget(tombstones.map((o) => o.forget));
        ledger.ack(tombstones.map((o) => o.entry));
        forgotten += tombstones.length;
      }
    } catch (err) {
      const e = err instanceof TeamServerError ? err : new TeamServerError('INTERNAL', message(err), { cause: err });
      const waiting: OutboxEntry[] = [...records, ...tombstones].map((o) => o.entry);
      ledger.failed(waiting, `${e.code}: ${e.message}`);
      return report(e);
    }
  }
  return report();
}

/** Pull changes after the stored cursor into the mirror, until up to date (or out of time). */
export async function pullChanges(ledger: TeamLedger, server: TeamServer, ctx: MirrorContext, opts: SyncOptions = {}): Promise<PullReport & { error?: TeamServerError }> {
  const deadline = Date.now() + (opts.maxMs ?? 60_000);
  const chunk = Math.max(1, opts.applyChunk ?? 500);
  const size = Math.min(Math.max(1, opts.page ?? 2000), TEAM_LIMITS.page);
  let cursor = Number(ledger.state().cursor ?? 0) || 0;
  let applied = 0;
  let skipped = 0;
  let deleted = 0;
  const report = (error?: TeamServerError) => ({ applied, skipped, deleted, cursor, ...(error ? { error } : {}) });
  while (Date.now() < deadline) {
    let page;
    try {
      page = await server.pull(cursor, size);
    } catch (err) {
      return report(err instanceof TeamServerError ? err : new TeamServerError('INTERNAL', message(err), { cause: err }));
    }
    for (let i = 0; i < page.changes.length; i += chunk) {
      const part = page.changes.slice(i, i + chunk);
      const last = part[part.length - 1]!;
      const upTo = last.op === 'put' ? last.record.seq : last.tombstone.seq;
      const r = await ledger.apply(part, upTo, ctx);
      applied += r.applied;
      skipped += r.skipped;
      deleted += r.deleted;
      cursor = upTo;
    }
    if (page.changes.length === 0 || !page.more) break;
  }
  return report();
}

/** Push, then pull. Stops at the first server failure; what is not done waits for the next sync. */
export async function syncOnce(ledger: TeamLedger, server: TeamServer, ctx: MirrorContext, opts: SyncOptions = {}): Promise<SyncReport> {
  const push = opts.push === false ? { pushed: 0, duplicates: 0, forgotten: 0, refused: 0, dropped: 0, waiting: ledger.outbox().waiting } : await pushOutbox(ledger, server, opts);
  const stamp = String(Date.now());
  if ('error' in push && push.error) {
    ledger.setState({ lastError: `${push.error.code}: ${push.error.message}`, lastErrorAt: stamp });
    return { push: strip(push), error: { code: push.error.code, message: push.error.message } };
  }
  if (opts.pull === false) {
    ledger.setState({ lastPushAt: stamp, lastError: undefined, lastErrorAt: undefined });
    return { push: strip(push) };
  }
  const pull = await pullChanges(ledger, server, ctx, opts);
  if (pull.error) {
    ledger.setState({ lastPushAt: stamp, lastError: `${pull.error.code}: ${pull.error.message}`, lastErrorAt: stamp });
    return { push: strip(push), pull: strip(pull), error: { code: pull.error.code, message: pull.error.message } };
  }
  ledger.setState({ lastPushAt: stamp, lastPullAt: stamp, lastError: undefined, lastErrorAt: undefined });
  return { push: strip(push), pull: strip(pull) };
}

function strip<T extends { error?: unknown }>(r: T): Omit<T, 'error'> {
  const { error: _, ...rest } = r;
  return rest;
}

/** Whether a failure is worth retrying soon (server away) rather than needing the user (auth, membership, schema). */
export { isTransient };
