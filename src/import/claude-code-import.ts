/**
 * @module import/claude-code-import
 * `mnemo import claude-code`: backfill memory from the transcripts Claude Code already keeps. Each
 * transcript becomes the hook payloads its session would have sent (import/claude-code), and those go
 * through exactly the live path — `captureFromPayload` (privacy, redaction, titles,
 * truncation) → `store.ingest` (extraction, de-duplication) — in batches of one transaction each,
 * then every session that gained observations is summarized heuristically.
 *
 * Idempotent: each event's uid is a hash of a key stable across imports (the entry's uuid or the
 * call's tool_use_id), and tool calls and prompts carry the natural keys live hooks use
 * (`post:<tool_use_id>`, `prompt:<prompt_id>`), so re-importing, or importing a session the hooks
 * already recorded, adds nothing.
 */
import { availableParallelism } from 'node:os';
import type { CaptureLimits } from '../core/capture.ts';
import { enrichEvent, type EnrichFn } from '../core/enrich.ts';
import type { CapturedEvent, SessionSummary } from '../core/types.ts';
import { heuristicSummary } from '../compress/session.ts';
import { RecordMerge } from '../core/narration.ts';
import type { SqliteStore } from '../store/sqlite/sqlite-store.ts';
import { captureGroups } from './claude-code/capture-pool.ts';
import { groupFiles, isToolHook, stateKey, type AheadEnrichment } from './claude-code/group-capture.ts';
import { findTranscripts, type TranscriptGroup } from './claude-code/transcript-files.ts';

const PLATFORM = 'claude-code';
/** Summaries written per transaction. */
const SUMMARY_BATCH = 200;

/** Where an import stands, for a progress bar. */
export interface ImportProgress {
  readonly files: number;
  readonly totalFiles: number;
  readonly bytes: number;
  readonly totalBytes: number;
  readonly events: number;
  readonly observations: number;
  readonly elapsedMs: number;
}

/** What to import and how; limits are the capture limits live hooks use (from the config). */
export interface ClaudeCodeImportOptions {
  /** A folder of transcripts (searched recursively), or one transcript file. */
  readonly root: string;
  readonly limits: CaptureLimits;
  /**
   * A session whose last entry is newer than this many milliseconds may still be running: it is
   * left open (no SessionEnd), as a live session would be.
   */
  readonly openWithinMs: number;
  /** Events per ingest transaction (default 2,000: fewer commits and full-text segments). */
  readonly batchSize?: number;
  /** Write heuristic summaries of the sessions that gained observations (default true). */
  readonly summarize?: boolean;
  readonly onProgress?: (p: ImportProgress) => void;
  /**
   * Threads that read, capture and extract transcripts while this one writes the store (default:
   * one per core but one, at most 8, on 4 cores or more and past 8 MB of transcripts; 0: all in this thread).
   */
  readonly workers?: number;
  readonly clock?: () => number;
  /** False: read no narration (core/narration) from the transcripts (default true; benchmarks compare). */
  readonly narrate?: boolean;
}

/** What an import did (printed by `mnemo import claude-code`, all of it with `--json`). */
export interface ImportReport {
  readonly files: number;
  readonly sessions: number;
  /** Hook events the transcripts stand for. */
  readonly events: number;
  /** Of which tool calls (PostToolUse, PostToolUseFailure, PreToolUse). */
  readonly toolCalls: number;
  /** Observations created by this import. */
  readonly observations: number;
  /** Events already stored (earlier imports, live hooks). */
  readonly duplicates: number;
  /** Tool calls whose narration (the model's text around them, core/narration) changed what was stored. */
  readonly narrated: number;
  readonly malformedLines: number;
  /** tool_result entries whose call was not in the file. */
  readonly orphanResults: number;
  /** Compaction files not read because their session's transcript holds the same summary. */
  readonly foldedFiles: number;
  readonly summaries: number;
  readonly seconds: number;
  readonly eventsPerSecond: number;
  readonly toolCallsPerSecond: number;
  /** Files that could not be read, and why. */
  readonly failures: readonly { readonly path: string; readonly error: string }[];
}

export { importUid } from './claude-code/group-capture.ts';

interface SessionBefore {
  readonly exists: boolean;
  readonly ended: boolean;
  readonly observations: number;
}

/** Import every transcript under `opts.root` into `store`. Unreadable files are reported, never fatal. */
export async function importClaudeCode(store: SqliteStore, opts: ClaudeCodeImportOptions): Promise<ImportReport> {
  const clock = opts.clock ?? Date.now;
  const started = performance.now();
  const groups = findTranscripts(opts.root);
  const batchSize = Math.max(1, opts.batchSize ?? 2000);
  const before = new Map<string, SessionBefore>();
  const failures: { path: string; error: string }[] = [];
  const allFiles = groups.flatMap(groupFiles);
  const totalBytes = allFiles.reduce((n, f) => n + f.bytes, 0);
  const openSince = clock() - opts.openWithinMs;
  let filesDone = 0;
  let bytesRead = 0;
  let events = 0;
  let toolCalls = 0;
  let observations = 0;
  let duplicates = 0;
  let malformed = 0;
  let orphanResults = 0;
  let narrated = 0;
  let batch: CapturedEvent[] = [];
  /** Narration read since the last flush: saved right after it, so most calls it names are stored by then. */
  const narration = new RecordMerge();
  /** Extractions the capture threads worked out, by uid, for the batch being gathered. */
  const ahead = new Map<string, AheadEnrichment>();
  const enrich: EnrichFn = (ev, state) => {
    const a = ahead.get(ev.uid);
    return a && a.stateIn === stateKey(state) ? a.enrichment : enrichEvent(ev, state);
  };

  const progress = () =>
    opts.onProgress?.({ files: filesDone, totalFiles: allFiles.length, bytes: bytesRead, totalBytes, events, observations, elapsedMs: performance.now() - started });

  const flush = async () => {
    if (batch.length > 0) {
      // Replayable: an interrupted import is run again from the transcripts, and adds only what is missing.
      const r = await store.ingest(batch, { replayable: true, ...(ahead.size ? { enrich } : {}) });
      batch = [];
      ahead.clear();
      observations += r.ids.length;
      duplicates += r.duplicates;
    }
    // The live fold's path (store/sqlite/narration): a record whose call comes in a later batch is
    // linked when that batch is stored.
    if (narration.size) narrated += store.saveNarration(PLATFORM, narration.drain()).changed;
    progress();
  };

  const sessionBefore = async (sessionId: string): Promise<SessionBefore> => {
    let b = before.get(sessionId);
    if (!b) {
      const s = await store.getSessionByExternalId(PLATFORM, sessionId);
      b = s ? { exists: true, ended: s.endedAt !== undefined, observations: s.observationCount } : { exists: false, ended: false, observations: 0 };
      before.set(sessionId, b);
    }
    return b;
  };

  for await (const item of captureGroups(groups, { limits: opts.limits, workers: opts.workers ?? defaultWorkers(totalBytes), ...(opts.narrate === false ? { narrate: false } : {}) })) {
    if (item.kind === 'done') {
      if (item.failure !== undefined) failures.push({ path: (item.group.main ?? item.group.others[0])!.path, error: item.failure });
      malformed += item.stats.malformed;
      orphanResults += item.stats.orphanResults;
      filesDone += groupFiles(item.group).length;
      progress();
      continue;
    }
    bytesRead += item.bytes;
    narration.add(item.narration);
    for (const ge of item.events) {
      const b = await sessionBefore(ge.sessionId);
      // A session already stored keeps its own lifecycle; one that may still run stays open.
      if (ge.hook === 'SessionStart' && b.exists) continue;
      if (ge.hook === 'SessionEnd' && (b.ended || ge.at > openSince)) continue;
      events++;
      if (isToolHook(ge.hook)) toolCalls++;
      if (!ge.captured) continue;
      batch.push(ge.captured);
      if (ge.ahead) ahead.set(ge.captured.uid, ge.ahead);
      if (batch.length >= batchSize) await flush();
    }
  }
  await flush();

  let summaries = 0;
  if (opts.summarize !== false) {
    let pending: { sessionId: number; summary: SessionSummary }[] = [];
    const save = async () => {
      await store.saveSummaries(pending);
      summaries += pending.length;
      pending = [];
    };
    for (const [sessionId, b] of before) {
      const s = await store.getSessionByExternalId(PLATFORM, sessionId);
      if (!s || s.observationCount === b.observations) continue;
      const summary = await heuristicSummary(store, s);
      if (summary) pending.push({ sessionId: s.id, summary });
      if (pending.length >= SUMMARY_BATCH) await save();
    }
    if (pending.length) await save();
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    files: allFiles.length,
    sessions: before.size,
    events,
    toolCalls,
    observations,
    duplicates,
    narrated,
    malformedLines: malformed,
    orphanResults,
    foldedFiles: groups.reduce((n, g: TranscriptGroup) => n + g.folded.length, 0),
    summaries,
    seconds,
    eventsPerSecond: seconds > 0 ? events / seconds : 0,
    toolCallsPerSecond: seconds > 0 ? toolCalls / seconds : 0,
    failures,
  };
}

/**
 * Capture threads pay for themselves past a few megabytes (each costs a thread start and a module
 * load) and with cores to spare: capture and extraction are most of the work, so one thread beside
 * the writer would mostly move the work, and on a shared 2-core machine it measured slower.
 */
function defaultWorkers(totalBytes: number): number {
  const cores = availableParallelism();
  if (totalBytes < 8 * 1024 * 1024 || cores < 4) return 0;
  return Math.min(8, cores - 1);
}
