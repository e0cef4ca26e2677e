/**
 * @module import/claude-code/group-capture
 * One transcript group (a session's main file with its subagent and compaction files) turned into
 * the captured events live hooks would have produced: files merged by time → hook payload →
 * `captureFromPayload` (the hooks' own capture path: adapter, privacy, redaction, titles, truncation). The same code runs
 * in the importing process or in a capture worker (import/claude-code/capture-worker); neither
 * touches the store.
 */
import { createHash } from 'node:crypto';
import { basename, dirname } from 'node:path';
import { captureFromPayload } from '../../capture/from-payload.ts';
import type { CaptureLimits } from '../../core/capture.ts';
import type { EnrichFn, Enrichment } from '../../core/enrich.ts';
import { RecordMerge, type NarrationRecord } from '../../core/narration.ts';
import type { CapturedEvent, HookEventName, Place } from '../../core/types.ts';
import { resolvePlace } from '../../hooks/place.ts';
import { platform as claudeCode } from '../../platforms/claude-code.ts';
import type { TranscriptFile, TranscriptGroup } from './transcript-files.ts';
import { SubagentDirectory, transcriptEvents, type ConvertStats, type TranscriptEvent } from './transcript-events.ts';
import { transcriptLines, type LineCounts } from './transcript-lines.ts';
import { ClaudeNarration } from './transcript-narration.ts';

/** A hook event of the transcript: what the importer needs to decide on it, and its capture. */
export interface GroupEvent {
  readonly hook: HookEventName;
  readonly sessionId: string;
  /** When the host saw it (ms). */
  readonly at: number;
  /** Undefined when the event carries nothing worth keeping. */
  readonly captured?: CapturedEvent;
  /** Its extraction, worked out ahead of the store (see `AheadEnrichment`). */
  readonly ahead?: AheadEnrichment;
}

/**
 * What `enrichEvent` returned for an observation given the session state this thread expected the
 * store to hold by then: the state every earlier observation of the session, in order, left
 * behind. The writer uses it only when the store's state is that one (`stateKey` equal), which
 * holds unless the session was stored before or some of its events turned out duplicates.
 */
export interface AheadEnrichment {
  readonly stateIn: string;
  readonly enrichment: Enrichment;
}

/** A session state as a comparable string (no state and an empty one differ, as they do to extraction). */
export function stateKey(state: unknown): string {
  return state === undefined || state === null ? '' : JSON.stringify(state);
}

export interface GroupCaptureContext {
  readonly limits: CaptureLimits;
  readonly place: (cwd: string, branch: string | undefined) => Place;
  /** Conversion counters, added to as the group is read. */
  readonly stats: ConvertStats;
  readonly counts: LineCounts;
  /** When given, each observation's extraction is worked out ahead (capture threads do; the writer then need not). */
  readonly enrich?: EnrichFn;
  /** Gathers the narration of the group's calls as its files are read (the reader the live fold uses). */
  readonly narration?: RecordMerge;
  /** False: read no narration (default true; benchmarks compare). */
  readonly narrate?: boolean;
}

/**
 * A group's capture in pieces: events (with the bytes read since the previous piece, and the
 * narration of calls found meanwhile — core/narration, keyed by call, in either order with the
 * calls' own events), then its end.
 */
export type GroupChunk =
  | { readonly kind: 'events'; readonly events: readonly GroupEvent[]; readonly bytes: number; readonly narration: readonly NarrationRecord[] }
  | { readonly kind: 'done'; readonly stats: ConvertStats; readonly counts: LineCounts; readonly failure?: string };

/**
 * `captureGroup` in chunks of `size` events, ending with the group's counters and, when reading it
 * failed part-way, why (the events before the failure still come). Never throws.
 */
export function* groupChunks(group: TranscriptGroup, ctx: Omit<GroupCaptureContext, 'stats' | 'counts' | 'narration'>, size: number): Generator<GroupChunk> {
  const stats = { entries: 0, malformed: 0, orphanResults: 0 };
  const counts = { lines: 0, skipped: 0, bytes: 0 };
  const narration = new RecordMerge();
  let chunk: GroupEvent[] = [];
  let sent = 0;
  let failure: string | undefined;
  const piece = (): GroupChunk => {
    const out = { kind: 'events' as const, events: chunk, bytes: counts.bytes - sent, narration: narration.drain() };
    sent = counts.bytes;
    chunk = [];
    return out;
  };
  try {
    for (const e of captureGroup(group, { ...ctx, stats, counts, ...(ctx.narrate === false ? {} : { narration }) })) {
      chunk.push(e);
      if (chunk.length >= size) yield piece();
    }
  } catch (err) {
    failure = err instanceof Error ? err.message : String(err);
  }
  if (chunk.length || narration.size) yield piece();
  yield { kind: 'done', stats, counts, ...(failure !== undefined ? { failure } : {}) };
}

/** A tool call's hook (payloads' `hook_event_name` are checked too, hence `unknown`). */
export const isToolHook = (hook: unknown): boolean => hook === 'PostToolUse' || hook === 'PostToolUseFailure' || hook === 'PreToolUse';

/**
 * A uid no live hook can produce (those are random UUIDs) and every import reproduces. It depends on
 * the event's key only, not on the session, so an entry copied into a resumed session's new file
 * (Claude Code < 2.0) is the entry already stored, not a new one.
 */
export function importUid(key: string): string {
  return 'cc-' + createHash('sha1').update(key).digest('base64url');
}

/** The group's files, main transcript first. */
export function groupFiles(group: TranscriptGroup): TranscriptFile[] {
  return [...(group.main ? [group.main] : []), ...group.others];
}

/**
 * The hook payloads of a group's files, merged in time order as the hooks saw them. Throws what
 * reading a file throws. (The retrieval evaluation replays these through the real hook program.)
 */
export function groupTranscriptEvents(group: TranscriptGroup, stats: ConvertStats, counts: LineCounts, narration?: RecordMerge): Generator<TranscriptEvent> {
  const agents = new SubagentDirectory();
  return byTime(groupFiles(group).map((f) => readFile(f, agents, stats, counts, narration)));
}

/** The group's hook events in time order, captured. Throws what reading a file throws. */
export function* captureGroup(group: TranscriptGroup, ctx: GroupCaptureContext): Generator<GroupEvent> {
  // A session's entries without a cwd inherit the last one seen (a session is one group).
  const lastCwd = new Map<string, string>();
  /** Each session's extraction state as the store will hold it if every observation is new. */
  const states = new Map<string, unknown>();
  for (const te of groupTranscriptEvents(group, ctx.stats, ctx.counts, ctx.narration)) {
    const read = captureFromPayload(te.payload, {
      platform: claudeCode,
      limits: ctx.limits,
      now: te.at,
      uid: importUid(te.key),
      place: (ev) => {
        const cwd = ev.cwd ?? lastCwd.get(ev.sessionId) ?? dirname(te.payload.transcript_path as string);
        lastCwd.set(ev.sessionId, cwd);
        return ctx.place(cwd, te.branch);
      },
    });
    // Transcripts are turned into the events mnemo records only: nothing here is ever ignored.
    if (read.kind === 'ignored') continue;
    const ev = read.event;
    // The importer reads narration from the entries it parses; the live reader's transcript paths are not its business.
    const captured = withoutTranscripts(read.captured);
    let ahead: AheadEnrichment | undefined;
    if (ctx.enrich && captured?.observation) {
      const state = states.get(ev.sessionId);
      ahead = { stateIn: stateKey(state), enrichment: ctx.enrich(captured, state) };
      if (ahead.enrichment.state) states.set(ev.sessionId, ahead.enrichment.state);
    }
    yield { hook: ev.event, sessionId: ev.sessionId, at: te.at, ...(captured ? { captured } : {}), ...(ahead ? { ahead } : {}) };
  }
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
 * An imported event names no transcript for the live reader to follow: the import reads the file's
 * narration itself, to its end (a live session's next hook names it again).
 */
function withoutTranscripts(captured: CapturedEvent | undefined): CapturedEvent | undefined {
  if (!captured?.transcripts) return captured;
  const { transcripts: _, ...rest } = captured;
  return rest;
}

function readFile(f: TranscriptFile, agents: SubagentDirectory, stats: ConvertStats, counts: LineCounts, narration: RecordMerge | undefined): Iterator<TranscriptEvent> {
  const name = basename(f.path);
  const fallbackSessionId = f.role === 'main' ? name.replace(/\.jsonl$/, '') : undefined;
  // The narration reader of the live fold (narration/formats), fed the entries this conversion parses anyway.
  const narrator = narration && f.role !== 'compaction' ? new ClaudeNarration({ role: f.role, fileLabel: name, ...(fallbackSessionId ? { fallbackSessionId } : {}) }) : undefined;
  return transcriptEvents(transcriptLines(f.path, counts), {
    path: f.path,
    role: f.role,
    stats,
    agents,
    fileLabel: name,
    fallbackAt: Math.trunc(f.mtimeMs),
    ...(fallbackSessionId ? { fallbackSessionId } : {}),
    ...(narrator
      ? {
          onEntry: (e, line) => {
            narrator.parsed(e, line);
            narration!.add(narrator.take());
          },
        }
      : {}),
  });
}

/** Project identity per folder, read from disk once (as live hooks resolve it); the transcript's branch wins over the folder's current one. */
export function placeCache(resolve: (cwd: string) => Place = resolvePlace): (cwd: string, branch: string | undefined) => Place {
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
