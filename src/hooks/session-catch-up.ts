/**
 * @module hooks/session-catch-up
 * What SessionEnd takes from the transcript: the events of the session's last turn, for those its
 * background hooks never wrote. When a session ends, Claude Code signals the background hooks still
 * running (SIGTERM). One signalled before node has even loaded it dies without a word: routinely the
 * Stop hook of a `claude -p` run, fired milliseconds before the CLI exits, on a busy machine. The
 * transcript holds every such event. Only a hook started shortly before the end can have been stopped
 * (an older one finished or ran out its own timeout), so only the last turn's events the transcript
 * dates that late are taken: read from a bounded tail, through the importer's reading of transcripts
 * and the one capture path (`captureFromPayload`), with the uids `mnemo import claude-code` gives them. Those the hooks did
 * store are duplicates by their natural key (`post:<tool_use_id>`, `prompt:<prompt_id>`) or, for
 * prompts and answers, by content within seconds of each other.
 *
 * The two clocks differ: a hook's time is when the host forked it, on a base that sits up to half a
 * second off the wall clock (hooks/started-at); the transcript's is the wall clock. Caught-up events are
 * moved onto the hooks' clock (`hookClockBias`), so a tool call caught up sorts before the answer whose
 * Stop hook did write. A turn's final answer comes after everything of its turn, so a caught-up Stop is
 * also placed after what the hooks recorded (`answerLast`); other events keep their (moved) transcript
 * time, and their natural keys find their duplicates.
 */
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { captureFromPayload } from '../capture/from-payload.ts';
import type { CaptureLimits } from '../core/capture.ts';
import type { CapturedEvent, HookEvent, Place } from '../core/types.ts';
import { importUid } from '../import/claude-code/group-capture.ts';
import { SubagentDirectory, transcriptEvents, type TranscriptEvent } from '../import/claude-code/transcript-events.ts';
import { isIgnorableLine } from '../import/claude-code/transcript-lines.ts';
import { platform as claudeCode } from '../platforms/claude-code.ts';
import { hookClockBias } from './started-at.ts';
import { readTailLines } from './transcript-tail.ts';

/** How much of the transcript's end is read: a last turn longer than this is caught up from its end. */
const TAIL_BYTES = 512 * 1024;

/**
 * How long before the session's end a background hook may have started and still be running: Claude
 * Code's timeout for mnemo's background hooks (10 s, hooks.json and install) and a margin.
 */
export const STOPPED_HOOKS_WINDOW_MS = 15_000;

/** Events a tail stands for that are not the turn's: the reader opens and closes the session it sees. */
const FRAME_EVENTS = new Set(['SessionStart', 'SessionEnd']);

/** The captured events of the last turn of `end`'s session, as its transcript records them. */
export function lastTurnFromTranscript(end: HookEvent, place: Place, limits: CaptureLimits, now = Date.now(), bias = hookClockBias(now)): CapturedEvent[] {
  if (end.platform !== 'claude-code' || !end.transcriptPath) return [];
  const since = now - STOPPED_HOOKS_WINDOW_MS;
  // A session idle before it ended (the common interactive exit) has nothing to catch up: no read.
  if (!(modifiedAt(end.transcriptPath) >= since)) return [];
  const name = basename(end.transcriptPath);
  const lines = readTailLines(end.transcriptPath, TAIL_BYTES).filter((l) => !isIgnorableLine(l.text.slice(0, 512)));
  const turn: TranscriptEvent[] = [];
  const stats = { entries: 0, malformed: 0, orphanResults: 0 };
  const read = transcriptEvents(lines, { path: end.transcriptPath, role: 'main', stats, agents: new SubagentDirectory(), fileLabel: name, fallbackSessionId: end.sessionId });
  for (const te of read) {
    if (te.payload.session_id !== end.sessionId || FRAME_EVENTS.has(String(te.payload.hook_event_name))) continue;
    // A prompt starts the turn: what came before it had its hooks' time while the session went on.
    if (te.payload.hook_event_name === 'UserPromptSubmit') turn.length = 0;
    turn.push(te);
  }
  const out: CapturedEvent[] = [];
  for (const te of turn) {
    if (te.at < since) continue;
    const read = captureFromPayload(te.payload, { platform: claudeCode, place: () => place, now: te.at + bias, uid: importUid(te.key), limits });
    if (read.kind === 'event' && read.captured) out.push(read.captured);
  }
  return out;
}

/**
 * `events` (in transcript order) with each Stop timed after `newestRecordedAt` and after the events
 * before it: a session's final answer never sorts before the last tool call its hooks recorded.
 */
export function answerLast(events: readonly CapturedEvent[], newestRecordedAt: number | undefined): CapturedEvent[] {
  let floor = newestRecordedAt ?? Number.NEGATIVE_INFINITY;
  return events.map((e) => {
    const at = e.event === 'Stop' ? Math.max(e.at, floor + 1) : e.at;
    floor = Math.max(floor, at);
    return at === e.at ? e : { ...e, at };
  });
}

function modifiedAt(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Number.NaN;
  }
}
