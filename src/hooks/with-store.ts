/**
 * @module hooks/with-store
 * The part of the hook path that needs the database (SessionStart, PreCompact, SessionEnd). Loaded
 * lazily so that the per-tool-call hooks never pay for SQLite.
 */
import type { ResolvedConfig } from '../config/config.ts';
import { buildSnapshot } from '../core/summarize/snapshot.ts';
import type { HookEvent, Place } from '../core/types.ts';
import { buildContext, type ContextOptions } from '../context/build.ts';
import { cacheEnabled, keepIndex } from '../context/cache.ts';
import { currentGeneration } from '../store/generation.ts';
import { closeAbandonedSessions, llmConfigured, spawnLlmUpgrade, spawnSummarizer, summarizeSessionHeuristically, summaryIsStale } from '../compress/session.ts';
import { logTo } from '../log.ts';
import { startRetentionIfDue } from './retention.ts';
import { answerLast, lastTurnFromTranscript } from './session-catch-up.ts';
import { startTeamSyncIfDue } from './team-sync.ts';
import { drainSpool } from '../store/drain.ts';
import { spoolHoldsOthers } from '../store/spool.ts';
import { SqliteStore } from '../store/sqlite/sqlite-store.ts';
import { isBusy } from '../store/store.ts';
import { foldNarrationQuietly } from '../narration/fold.ts';
import { startCliInBackground } from '../background.ts';

/** SessionEnd's share of Claude Code's 1.5 s for reading the session's transcripts (plus one read)… */
const SESSION_END_NARRATION_MS = 300;
/** …in reads of at most this much (one read is the most the budget can be overrun by). */
const SESSION_END_CHUNK_BYTES = 2 * 1024 * 1024;

async function withStore<T>(cfg: ResolvedConfig, fn: (store: SqliteStore) => Promise<T>): Promise<T> {
  const store = SqliteStore.open({ path: cfg.dbPath, busyTimeoutMs: cfg.busyTimeoutMs });
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

/**
 * SessionStart when no kept index could be served (context/cache): fold the spool, close sessions
 * whose host died, then build the injection (not on resume: the model still has its context) and keep it.
 * The hook's own event (`ownSpoolFile`) is no reason to write: alone in the spool, it waits for the next
 * fold, as when the kept index is served (it shows nothing in the index).
 */
export async function onSessionStart(cfg: ResolvedConfig, ev: HookEvent, place: Place, ownSpoolFile?: string): Promise<string> {
  return withStore(cfg, async (store) => {
    // Writing may be blocked by another process; reading (WAL) usually is not: still inject the index.
    try {
      if (spoolHoldsOthers(cfg.spoolDir, ownSpoolFile)) await drainSpool(store, cfg.spoolDir, { maxMs: Math.min(1500, cfg.hookTimeoutMs / 3) });
      await closeAbandonedSessions(store, cfg, 2);
      // The last session's summary misses events its SessionEnd could not fold in time: refresh it in the background.
      const last = await store.latestSummary(place.project);
      if (last && last.session.endedAt !== undefined && summaryIsStale(last.session)) await spawnSummarizer(cfg, last.session.id, { llm: llmConfigured(cfg, process.env) });
    } catch (err) {
      // Busy means another mnemo process is writing, and it folds the spool too: routine, not a problem.
      const busy = isBusy(err);
      if (busy) logTo(cfg.logFile, 'info', 'SessionStart: store busy (another mnemo process is writing); events stay in the spool for it');
      else logTo(cfg.logFile, 'warn', 'SessionStart: could not write to the store now (events stay in the spool)', err);
    }
    if (ev.source === 'resume') return '';
    const opts = { ...(ev.source ? { source: ev.source } : {}), platform: ev.platform, externalSessionId: ev.sessionId };
    // After compaction the index leads with the session's own snapshot: not one to serve again.
    return ev.source === 'compact' ? buildContext(store, cfg, place.project, opts) : buildAndKeep(cfg, store, place.project, opts);
  });
}

/**
 * Build the SessionStart index of `project` and keep it for the next SessionStart (context/cache).
 * The generation tokens are read first: a write after them makes the kept copy stale. Keeping is best
 * effort: the index built is returned whatever happens to its copy.
 */
async function buildAndKeep(cfg: ResolvedConfig, store: SqliteStore, project: string, opts: ContextOptions = {}): Promise<string> {
  const generation = cacheEnabled() && !store.readOnly ? currentGeneration(cfg.dbPath, project) : undefined;
  const text = await buildContext(store, cfg, project, opts);
  if (generation !== undefined) {
    try {
      keepIndex(cfg, project, { generation, until: store.nextAbandonment(cfg.abandonAfterMs), text });
    } catch (err) {
      logTo(cfg.logFile, 'info', 'could not keep the SessionStart index (the next SessionStart builds it)', err);
    }
  }
  return text;
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
 * SessionEnd: fold the spool, catch up the last turn from the transcript when a live host ended the
 * session (events of background hooks it stopped before they wrote: hooks/session-catch-up), read the
 * session's narration (bounded), write the heuristic summary (fast, inside Claude Code's shared 1.5 s),
 * and hand any LLM upgrade, unread narration and a due retention run to detached processes.
 */
export async function onSessionEnd(cfg: ResolvedConfig, ev: HookEvent, live?: { readonly place: Place }): Promise<void> {
  await withStore(cfg, async (store) => {
    const drained = await drainSpool(store, cfg.spoolDir, { maxMs: 600 });
    // Only a host that just ended the session can have stopped its hooks (a replay of payloads has none).
    if (live) await catchUpLastTurn(cfg, store, ev, live.place);
    // The model's narration of this session's calls, from its transcript: a bounded slice here,
    // the rest (a long session nobody folded yet) by a detached `mnemo narrate`.
    const narration = foldNarrationQuietly(store, cfg, {
      session: { platform: ev.platform, session: ev.sessionId },
      maxMs: SESSION_END_NARRATION_MS,
      chunkBytes: SESSION_END_CHUNK_BYTES,
      waitMs: 200,
    });
    if (narration?.unfinished) await startCliInBackground(cfg, ['narrate'], 'SessionEnd: could not start `mnemo narrate`');
    const session = await store.getSessionByExternalId(ev.platform, ev.sessionId);
    if (session) {
      const summary = await summarizeSessionHeuristically(store, session);
      // Events left in the spool may be this session's: a detached `mnemo summarize` folds them all and writes it again.
      if (summary && llmConfigured(cfg, process.env)) await spawnLlmUpgrade(cfg, session.id);
      else if (drained.remaining > 0) await spawnSummarizer(cfg, session.id, { llm: false });
    }
    await startRetentionIfDue(cfg, store);
    // The next session of this project most likely starts from exactly this store: have its index ready.
    if (session && cacheEnabled()) {
      try {
        await buildAndKeep(cfg, store, session.project);
      } catch (err) {
        logTo(cfg.logFile, 'info', 'SessionEnd: could not build the next SessionStart index (that SessionStart builds it)', err);
      }
    }
    // What this session shared goes to the team from a detached process, never from the hook; started
    // last, so that process's start-up does not compete with the hook's own work for the CPU.
    await startTeamSyncIfDue(cfg, store);
  });
}

/** Stores the last turn's events the hooks did not (the others are duplicates); never fails SessionEnd. */
async function catchUpLastTurn(cfg: ResolvedConfig, store: SqliteStore, ev: HookEvent, place: Place): Promise<void> {
  try {
    const caught = lastTurnFromTranscript(ev, place, { maxInputChars: cfg.maxInputChars, maxOutputChars: cfg.maxOutputChars });
    if (caught.length === 0) return;
    const session = await store.getSessionByExternalId(ev.platform, ev.sessionId);
    const [newest] = session ? await store.sessionObservations(session.id, 1) : [];
    const r = await store.ingest(answerLast(caught, newest?.createdAt));
    if (r.applied > 0) logTo(cfg.logFile, 'info', `SessionEnd: ${r.applied} event(s) of the last turn taken from the transcript (their background hooks were stopped before they wrote)`);
  } catch (err) {
    if (!isBusy(err)) logTo(cfg.logFile, 'warn', 'SessionEnd: could not catch up the last turn from the transcript', err);
  }
}
