/**
 * @module hooks/with-store
 * The part of the hook path that needs the database (SessionStart, PreCompact, SessionEnd). Loaded
 * lazily so that the per-tool-call hooks never pay for SQLite.
 */
import type { ResolvedConfig } from '../config/config.ts';
import { buildSnapshot } from '../core/summarize/snapshot.ts';
import type { HookEvent, Place } from '../core/types.ts';
import { buildContext } from '../context/build.ts';
import { closeAbandonedSessions, llmConfigured, spawnLlmUpgrade, summarizeSessionHeuristically } from '../compress/session.ts';
import { logTo } from '../log.ts';
import { startRetentionIfDue } from './retention.ts';
import { drainSpool } from '../store/drain.ts';
import { SqliteStore } from '../store/sqlite/sqlite-store.ts';
import { isBusy } from '../store/store.ts';

async function withStore<T>(cfg: ResolvedConfig, fn: (store: SqliteStore) => Promise<T>): Promise<T> {
  const store = SqliteStore.open({ path: cfg.dbPath, busyTimeoutMs: cfg.busyTimeoutMs });
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

/**
 * SessionStart: fold the spool, close sessions whose host died, then build the injection
 * (not on resume: the model still has its context).
 */
export async function onSessionStart(cfg: ResolvedConfig, ev: HookEvent, place: Place): Promise<string> {
  return withStore(cfg, async (store) => {
    // Writing may be blocked by another process; reading (WAL) usually is not: still inject the index.
    try {
      await drainSpool(store, cfg.spoolDir, { maxMs: Math.min(1500, cfg.hookTimeoutMs / 3) });
      await closeAbandonedSessions(store, cfg, 2);
    } catch (err) {
      // Busy means another mnemo process is writing, and it folds the spool too: routine, not a problem.
      const busy = isBusy(err);
      if (busy) logTo(cfg.logFile, 'info', 'SessionStart: store busy (another mnemo process is writing); events stay in the spool for it');
      else logTo(cfg.logFile, 'warn', 'SessionStart: could not write to the store now (events stay in the spool)', err);
    }
    if (ev.source === 'resume') return '';
    return buildContext(store, cfg, place.project, { ...(ev.source ? { source: ev.source } : {}), platform: ev.platform, externalSessionId: ev.sessionId });
  });
}

/** PreCompact: remember where the live session stands, for the compacted restart. */
export async function onPreCompact(cfg: ResolvedConfig, ev: HookEvent): Promise<void> {
  await withStore(cfg, async (store) => {
    await drainSpool(store, cfg.spoolDir, { maxMs: 800 });
    const session = await store.getSessionByExternalId(ev.platform, ev.sessionId);
    if (!session) return;
    const [observations, events, state] = await Promise.all([
      store.sessionObservations(session.id, 2000),
      store.eventsFor({ sessionId: session.id }),
      store.sessionState(session.id),
    ]);
    const errors = (state as { errors?: { d?: string }[] } | undefined)?.errors;
    const snapshot = buildSnapshot({
      observations,
      events,
      project: session.project,
      ...(Array.isArray(errors) ? { pendingErrors: errors.map((e) => String(e?.d ?? '')).filter(Boolean) } : {}),
    });
    if (snapshot) await store.saveSnapshot(session.id, snapshot);
  });
}

/**
 * SessionEnd: fold the spool, write the heuristic summary (fast, inside Claude Code's shared 1.5 s),
 * and hand any LLM upgrade and a due retention run to detached processes.
 */
export async function onSessionEnd(cfg: ResolvedConfig, ev: HookEvent): Promise<void> {
  await withStore(cfg, async (store) => {
    await drainSpool(store, cfg.spoolDir, { maxMs: 600 });
    const session = await store.getSessionByExternalId(ev.platform, ev.sessionId);
    if (session) {
      const summary = await summarizeSessionHeuristically(store, session);
      if (summary && llmConfigured(cfg, process.env)) await spawnLlmUpgrade(cfg, session.id);
    }
    await startRetentionIfDue(cfg, store);
  });
}
