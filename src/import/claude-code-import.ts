/**
 * @module import/claude-code-import
 * `mnemo import claude-code`: backfill memory from the transcripts Claude Code already keeps. Each
 * transcript becomes the hook payloads its session would have sent (import/claude-code), and those go
 * through exactly the live path — `parseClaudeCode` → `captureEvent` (privacy, redaction, titles,
 * truncation) → `store.ingest` (extraction, de-duplication) — in batches of one transaction each,
 * then every session that gained observations is summarized heuristically.
 *
 * Idempotent: each event's uid is a hash of a key stable across imports (the entry's uuid or the
 * call's tool_use_id), and tool calls and prompts carry the natural keys live hooks use
 * (`post:<tool_use_id>`, `prompt:<prompt_id>`), so re-importing, or importing a session the hooks
 * already recorded, adds nothing.
 */
import { createHash } from 'node:crypto';
import { basename, dirname } from 'node:path';
import { captureEvent, type CaptureLimits } from '../core/capture.ts';
import type { CapturedEvent, Place } from '../core/types.ts';
import { summarizeSessionHeuristically } from '../compress/session.ts';
import { resolvePlace } from '../hooks/place.ts';
import { parseClaudeCode } from '../platforms/claude-code.ts';
import type { Store } from '../store/store.ts';
import { findTranscripts, type TranscriptFile, type TranscriptGroup } from './claude-code/transcript-files.ts';
import { SubagentDirectory, transcriptEvents, type ConvertStats, type TranscriptEvent } from './claude-code/transcript-events.ts';
import { transcriptLines, type LineCounts } from './claude-code/transcript-lines.ts';

const PLATFORM = 'claude-code';

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
  /** Events per ingest transaction. */
  readonly batchSize?: number;
  /** Write heuristic summaries of the sessions that gained observations (default true). */
  readonly summarize?: boolean;
  readonly onProgress?: (p: ImportProgress) => void;
  /** Project identity of a folder (default: the git repository it belongs to, as live hooks resolve it). */
  readonly resolvePlace?: (cwd: string) => Place;
  readonly clock?: () => number;
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

/** Events of several files, merged by time (stable: on ties, the earlier source first). */
function* byTime(sources: Iterator<TranscriptEvent>[]): Generator<TranscriptEvent> {
  const heads = sources.map((s) => s.next());
  for (;;) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      const h = heads[i]!;
      if (!h.done && (best < 0 || h.value.at < (heads[best]!.value as TranscriptEvent).at)) best = i;
    }
    if (best < 0) return;
    yield heads[best]!.value as TranscriptEvent;
    heads[best] = sources[best]!.next();
  }
}

/**
 * A uid no live hook can produce (those are random UUIDs) and every import reproduces. It depends on
 * the event's key only, not on the session, so an entry copied into a resumed session's new file
 * (Claude Code < 2.0) is the entry already stored, not a new one.
 */
export function importUid(key: string): string {
  return 'cc-' + createHash('sha1').update(key).digest('base64url');
}

interface SessionBefore {
  readonly exists: boolean;
  readonly ended: boolean;
  readonly observations: number;
}

/** Import every transcript under `opts.root` into `store`. Unreadable files are reported, never fatal. */
export async function importClaudeCode(store: Store, opts: ClaudeCodeImportOptions): Promise<ImportReport> {
  const clock = opts.clock ?? Date.now;
  const started = performance.now();
  const groups = findTranscripts(opts.root);
  const batchSize = Math.max(1, opts.batchSize ?? 500);
  const place = placeCache(opts.resolvePlace ?? resolvePlace);
  const stats: ConvertStats = { entries: 0, malformed: 0, orphanResults: 0 };
  const lineCounts: LineCounts = { lines: 0, skipped: 0, bytes: 0 };
  const before = new Map<string, SessionBefore>();
  const lastCwd = new Map<string, string>();
  const failures: { path: string; error: string }[] = [];
  const allFiles = groups.flatMap((g) => [...(g.main ? [g.main] : []), ...g.others]);
  const totalBytes = allFiles.reduce((n, f) => n + f.bytes, 0);
  const openSince = clock() - opts.openWithinMs;
  let filesDone = 0;
  let events = 0;
  let toolCalls = 0;
  let observations = 0;
  let duplicates = 0;
  let batch: CapturedEvent[] = [];

  const progress = () =>
    opts.onProgress?.({ files: filesDone, totalFiles: allFiles.length, bytes: lineCounts.bytes, totalBytes, events, observations, elapsedMs: performance.now() - started });

  const flush = async () => {
    if (batch.length === 0) return;
    const r = await store.ingest(batch);
    batch = [];
    observations += r.ids.length;
    duplicates += r.duplicates;
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

  for (const group of groups) {
    const files = [...(group.main ? [group.main] : []), ...group.others];
    try {
      const agents = new SubagentDirectory();
      const sources = files.map((f) => readFile(f, agents, stats, lineCounts));
      for (const te of byTime(sources)) {
        const ev = parseClaudeCode(undefined, te.payload);
        const b = await sessionBefore(ev.sessionId);
        // A session already stored keeps its own lifecycle; one that may still run stays open.
        if (ev.event === 'SessionStart' && b.exists) continue;
        if (ev.event === 'SessionEnd' && (b.ended || te.at > openSince)) continue;
        events++;
        if (ev.event === 'PostToolUse' || ev.event === 'PostToolUseFailure' || ev.event === 'PreToolUse') toolCalls++;
        const cwd = ev.cwd ?? lastCwd.get(ev.sessionId) ?? dirname(te.payload.transcript_path as string);
        lastCwd.set(ev.sessionId, cwd);
        const captured = captureEvent(ev, {
          place: place(cwd, te.branch),
          now: te.at,
          uid: importUid(te.key),
          limits: opts.limits,
        });
        if (!captured) continue;
        batch.push(captured);
        if (batch.length >= batchSize) await flush();
      }
    } catch (err) {
      failures.push({ path: (group.main ?? group.others[0])!.path, error: err instanceof Error ? err.message : String(err) });
    }
    filesDone += files.length;
    progress();
  }
  await flush();

  let summaries = 0;
  if (opts.summarize !== false) {
    for (const [sessionId, b] of before) {
      const s = await store.getSessionByExternalId(PLATFORM, sessionId);
      if (!s || s.observationCount === b.observations) continue;
      if (await summarizeSessionHeuristically(store, s)) summaries++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    files: allFiles.length,
    sessions: before.size,
    events,
    toolCalls,
    observations,
    duplicates,
    malformedLines: stats.malformed,
    orphanResults: stats.orphanResults,
    foldedFiles: groups.reduce((n, g: TranscriptGroup) => n + g.folded.length, 0),
    summaries,
    seconds,
    eventsPerSecond: seconds > 0 ? events / seconds : 0,
    toolCallsPerSecond: seconds > 0 ? toolCalls / seconds : 0,
    failures,
  };
}

function readFile(f: TranscriptFile, agents: SubagentDirectory, stats: ConvertStats, counts: LineCounts): Iterator<TranscriptEvent> {
  const name = basename(f.path);
  return transcriptEvents(transcriptLines(f.path, counts), {
    path: f.path,
    role: f.role,
    stats,
    agents,
    fileLabel: name,
    fallbackAt: Math.trunc(f.mtimeMs),
    ...(f.role === 'main' ? { fallbackSessionId: name.replace(/\.jsonl$/, '') } : {}),
  });
}

/** Project identity per folder is read from disk once; the transcript's branch wins over the folder's current one. */
function placeCache(resolve: (cwd: string) => Place): (cwd: string, branch: string | undefined) => Place {
  const cache = new Map<string, Place>();
  return (cwd, branch) => {
    const k = `${cwd}\0${branch ?? ''}`;
    let p = cache.get(k);
    if (!p) {
      const base = resolve(cwd);
      p = branch ? { project: base.project, branch } : base;
      cache.set(k, p);
    }
    return p;
  };
}
