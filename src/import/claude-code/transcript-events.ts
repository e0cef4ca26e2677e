/**
 * @module import/claude-code/transcript-events
 * One transcript file in, the hook payloads its session would have sent out: SessionStart, a
 * UserPromptSubmit per typed prompt, PostToolUse / PostToolUseFailure per tool call (its `tool_use`
 * paired with the later `tool_result` by `tool_use_id`), Stop with the last text of each turn,
 * PreCompact / PostCompact around a compaction, SubagentStop per subagent run, PreToolUse for calls
 * that never got a result, and SessionEnd. Each event carries the time of the entry it came from and
 * a key that is stable across imports (entry uuid or tool_use_id), from which the importer derives
 * its uid. Pure: no I/O, lines in, events out.
 */
import {
  compactAgentSummary,
  compactSummaryOf,
  contentOf,
  isInterruption,
  isRecord,
  promptOf,
  resultText,
  str,
  textOf,
  timeOf,
  unwrapToolError,
  type ContentBlock,
  type TranscriptEntry,
} from './transcript-entry.ts';
import type { SubagentDirectory } from './subagent-directory.ts';
import type { LineSkim } from './transcript-lines.ts';

export { SubagentDirectory } from './subagent-directory.ts';

const BARE_COMMAND_RE = /^\/[\w:-]+$/;

/** What a file holds: a session, a subagent's run (`subagents/agent-*.jsonl`), or a compaction (`agent-acompact-*`). */
export type FileRole = 'main' | 'subagent' | 'compaction';

/** A Claude Code hook payload (snake_case, as the host sends it on stdin). */
export type HookPayload = Readonly<Record<string, unknown>>;

export interface TranscriptEvent {
  readonly payload: HookPayload;
  /** Milliseconds since the epoch: when the entry was written. */
  readonly at: number;
  /**
   * Identity of the event, the same on every import: the entry's uuid (or the call's tool_use_id)
   * plus what the event is. Claude Code before 2.0 wrote a resumed session to a new file with the
   * earlier entries copied in; their uuids are the originals, so the copies meet the originals.
   * Entries without a uuid fall back to session, file name and line.
   */
  readonly key: string;
  /** The git branch the transcript recorded at that point, if any. */
  readonly branch?: string;
}

/** One line of a file, numbered from 1. */
export interface SourceLine {
  readonly no: number;
  readonly text: string;
  /** Byte offset just past the line (its newline included), when read from a file. */
  readonly end?: number;
  /** The line's length in bytes, when read from a file. */
  readonly bytes?: number;
  /** A line too long to gather (see LineWindow.maxLine): `text` is empty, this says what it held. */
  readonly skim?: LineSkim;
}

/** Counts a conversion adds to (shared across files, so the caller sees totals). */
export interface ConvertStats {
  entries: number;
  malformed: number;
  /** tool_result blocks whose tool_use was never seen (the file starts mid-session). */
  orphanResults: number;
}

export interface ConvertOptions {
  readonly path: string;
  readonly role: FileRole;
  readonly stats: ConvertStats;
  readonly agents: SubagentDirectory;
  /** Session id for entries that carry none (a main transcript's file name). */
  readonly fallbackSessionId?: string;
  /** Time for entries without a timestamp before any with one (the file's mtime). */
  readonly fallbackAt?: number;
  /** Label for keys of entries without a uuid (the file's name: stable across import roots). */
  readonly fileLabel: string;
  /** Hears every entry parsed, with its line (the importer's narration reader reads the same entries). */
  readonly onEntry?: (entry: TranscriptEntry, line: SourceLine) => void;
}

interface PendingCall {
  readonly name: string;
  readonly input: unknown;
  readonly at: number;
  readonly cwd: string | undefined;
  readonly sessionId: string;
  readonly track: Track | undefined;
}

interface LastText {
  readonly text: string;
  readonly at: number;
  readonly key: string;
}

/** A subagent's run: its own file, or a stretch of `isSidechain` entries in an older main file. */
interface Track {
  readonly agentId: string;
  readonly sessionId: string;
  prompt?: string;
  warmup: boolean;
  last?: LastText;
  lastAt: number;
  cwd?: string;
}

interface SessionSeen {
  firstAt: number;
  lastAt: number;
  cwd?: string;
}

/** The hook events one transcript file stands for, in file order. */
export function* transcriptEvents(lines: Iterable<SourceLine>, opts: ConvertOptions): Generator<TranscriptEvent> {
  const { role, stats, agents, path } = opts;
  const pending = new Map<string, PendingCall>();
  const sessions = new Map<string, SessionSeen>();
  const tracks = new Map<string, Track>();
  let inlineTrack: Track | undefined;
  let lastAt = opts.fallbackAt ?? 0;
  let turn: { last?: LastText; stopAt?: number; sessionId: string; cwd?: string } | undefined;
  let compactTrigger: string | undefined;
  let branch: string | undefined;
  const queued: { text: string; at: number; key: string; sessionId: string }[] = [];
  const event = (payload: HookPayload, at: number, key: string): TranscriptEvent => (branch ? { payload, at, key, branch } : { payload, at, key });

  const base = (sessionId: string, cwd: string | undefined, name: string): Record<string, unknown> => ({
    session_id: sessionId,
    transcript_path: path,
    ...(cwd ? { cwd } : {}),
    hook_event_name: name,
  });

  function* endTurn(): Generator<TranscriptEvent> {
    const t = turn;
    turn = undefined;
    if (!t?.last) return;
    yield event(
      { ...base(t.sessionId, t.cwd, 'Stop'), stop_hook_active: false, last_assistant_message: t.last.text },
      Math.max(t.last.at, t.stopAt ?? 0),
      `${t.last.key}:stop`,
    );
  }

  function* endTrack(track: Track): Generator<TranscriptEvent> {
    if (track.warmup || !track.last) return;
    if (role === 'compaction') {
      yield event(
        { ...base(track.sessionId, track.cwd, 'PostCompact'), trigger: 'auto', compact_summary: compactAgentSummary(track.last.text) },
        track.last.at,
        `${track.last.key}:postcompact`,
      );
      return;
    }
    const type = agents.typeOf(track.agentId, track.prompt);
    yield event(
      {
        ...base(track.sessionId, track.cwd, 'SubagentStop'),
        stop_hook_active: false,
        agent_id: track.agentId,
        ...(type ? { agent_type: type } : {}),
        ...(role === 'subagent' ? { agent_transcript_path: path } : {}),
        last_assistant_message: track.last.text,
      },
      track.last.at,
      `${track.agentId}:${track.last.key}:subagent`,
    );
  }

  function trackFor(e: TranscriptEntry, sessionId: string): Track {
    const agentId = str(e.agentId) ?? (role === 'main' ? 'sidechain' : opts.fileLabel.replace(/^agent-/, '').replace(/\.jsonl$/, ''));
    if (role === 'main') {
      if (inlineTrack && inlineTrack.agentId === agentId) return inlineTrack;
      inlineTrack = { agentId, sessionId, warmup: false, lastAt };
      return inlineTrack;
    }
    let t = tracks.get(agentId);
    if (!t) tracks.set(agentId, (t = { agentId, sessionId, warmup: false, lastAt }));
    return t;
  }

  function* toolResults(blocks: readonly ContentBlock[], e: TranscriptEntry, ctx: EntryContext): Generator<TranscriptEvent> {
    const results = blocks.filter((b) => b.type === 'tool_result');
    for (const b of results) {
      const id = str(b.tool_use_id);
      const call = id ? pending.get(id) : undefined;
      if (!id || !call) {
        stats.orphanResults++;
        continue;
      }
      pending.delete(id);
      const agent = call.track ? { agent_id: call.track.agentId, ...agentTypeOf(call.track) } : {};
      const common = { ...base(ctx.sessionId, ctx.cwd ?? call.cwd, 'PostToolUse'), tool_name: call.name, tool_input: call.input, tool_use_id: id, ...agent };
      if (b.is_error === true) {
        const text = unwrapToolError(resultText(b.content)) || 'failed';
        yield event(
          { ...common, hook_event_name: 'PostToolUseFailure', error: text, is_interrupt: isInterruption(text) },
          ctx.at,
          `${id}:post`,
        );
      } else {
        // The structured result is what the hook gets; entries with several results (older builds) keep only the text.
        const response = results.length === 1 && e.toolUseResult !== undefined ? e.toolUseResult : resultText(b.content);
        if (call.name === 'Task' || call.name === 'Agent') agents.noteResult(e.toolUseResult, isRecord(call.input) ? str(call.input.subagent_type) : undefined);
        yield event({ ...common, tool_response: response }, ctx.at, `${id}:post`);
      }
    }
  }

  function agentTypeOf(track: Track): { agent_type?: string } {
    const type = agents.typeOf(track.agentId, track.prompt);
    return type ? { agent_type: type } : {};
  }

  function noteAssistant(blocks: readonly ContentBlock[], ctx: EntryContext, track: Track | undefined): void {
    for (const b of blocks) {
      if (b.type === 'tool_use') {
        const id = str(b.id);
        const name = str(b.name);
        if (!id || !name) continue;
        pending.set(id, { name, input: isRecord(b.input) ? b.input : {}, at: ctx.at, cwd: ctx.cwd, sessionId: ctx.sessionId, track });
        if (name === 'Task' || name === 'Agent') agents.noteTask(b.input);
        // Text before a tool call was not the turn's final answer.
        if (track) track.last = undefined;
        else if (turn) turn.last = undefined;
      }
    }
    const text = textOf(blocks).trim();
    if (!text) return;
    const last = { text, at: ctx.at, key: ctx.key };
    if (track) track.last = last;
    else {
      turn ??= { sessionId: ctx.sessionId, ...(ctx.cwd ? { cwd: ctx.cwd } : {}) };
      turn.last = last;
      turn.stopAt = undefined;
    }
  }

  for (const line of lines) {
    let e: TranscriptEntry;
    try {
      const parsed: unknown = JSON.parse(line.text);
      if (!isRecord(parsed)) throw new TypeError('not an object');
      e = parsed as TranscriptEntry;
    } catch {
      stats.malformed++;
      continue;
    }
    stats.entries++;
    opts.onEntry?.(e, line);
    const type = e.type;
    if (type === 'queue-operation' && role === 'main') {
      // A prompt typed while the model worked waits in a queue. Either it is delivered later as a
      // user entry (recorded there, with its prompt id), or it is removed from the queue and handed
      // to the model mid-turn without ever becoming an entry: then the queue is all that records it.
      const sessionId = str(e.sessionId) ?? opts.fallbackSessionId;
      if (e.operation === 'enqueue' && typeof e.content === 'string' && sessionId) {
        const text = promptOf(e.content);
        if (text && !BARE_COMMAND_RE.test(text)) queued.push({ text, at: timeOf(e.timestamp) ?? lastAt, key: `${sessionId}/${opts.fileLabel}#${line.no}:queued`, sessionId });
      } else if (e.operation === 'remove') {
        const q = queued.pop();
        if (q) yield event({ ...base(q.sessionId, sessions.get(q.sessionId)?.cwd, 'UserPromptSubmit'), prompt: q.text }, q.at, q.key);
      }
      continue;
    }
    if (type !== 'user' && type !== 'assistant' && type !== 'system') continue;
    const at = timeOf(e.timestamp) ?? lastAt;
    lastAt = Math.max(lastAt, at);
    const sessionId = str(e.sessionId) ?? opts.fallbackSessionId;
    if (!sessionId) continue;
    const cwd = str(e.cwd);
    if (typeof e.gitBranch === 'string') branch = e.gitBranch.trim() || undefined;
    const ctx: EntryContext = { at, sessionId, cwd, key: str(e.uuid) ?? `${sessionId}/${opts.fileLabel}#${line.no}` };
    const sidechain = role !== 'main' || e.isSidechain === true;

    if (role === 'main' && !sidechain) {
      let seen = sessions.get(sessionId);
      if (!seen) {
        sessions.set(sessionId, (seen = { firstAt: at, lastAt: at, ...(cwd ? { cwd } : {}) }));
        yield event({ ...base(sessionId, cwd, 'SessionStart'), source: 'import' }, at, `${sessionId}:start`);
      }
      seen.lastAt = Math.max(seen.lastAt, at);
      if (cwd) seen.cwd = cwd;
      // An older build's inline subagent run ends where the parent speaks again.
      if (!sidechain && inlineTrack) {
        yield* endTrack(inlineTrack);
        inlineTrack = undefined;
      }
    }

    if (type === 'system') {
      if (sidechain) continue;
      if (e.subtype === 'compact_boundary') {
        yield* endTurn();
        compactTrigger = (isRecord(e.compactMetadata) ? str(e.compactMetadata.trigger) : undefined) ?? 'auto';
        yield event({ ...base(sessionId, cwd, 'PreCompact'), trigger: compactTrigger, custom_instructions: '' }, at, `${ctx.key}:precompact`);
      } else if ((e.subtype === 'stop_hook_summary' || e.subtype === 'turn_duration') && turn?.last) {
        // Written when the turn ended and its Stop hooks ran: where (and when) a live Stop fires.
        turn.stopAt = at;
        yield* endTurn();
      }
      continue;
    }

    const content = contentOf(e);
    if (sidechain) {
      const track = trackFor(e, sessionId);
      track.lastAt = at;
      if (cwd) track.cwd = cwd;
      if (type === 'assistant') {
        if (Array.isArray(content)) noteAssistant(content, ctx, track);
        else if (typeof content === 'string' && content.trim()) track.last = { text: content.trim(), at, key: ctx.key };
      } else if (Array.isArray(content) && content.some((b) => b.type === 'tool_result')) {
        if (role !== 'compaction') yield* toolResults(content, e, ctx);
      } else if (track.prompt === undefined && e.isMeta !== true) {
        track.prompt = textOf(content).trim();
        if (track.prompt === 'Warmup') track.warmup = true;
      }
      continue;
    }

    if (type === 'assistant') {
      if (Array.isArray(content)) noteAssistant(content, ctx, undefined);
      continue;
    }

    // A user entry of the main conversation.
    if (e.isCompactSummary === true) {
      yield* endTurn();
      const summary = compactSummaryOf(textOf(content));
      if (summary) {
        yield event({ ...base(sessionId, cwd, 'PostCompact'), trigger: compactTrigger ?? 'auto', compact_summary: summary }, at, `${ctx.key}:postcompact`);
      }
      continue;
    }
    if (Array.isArray(content) && content.some((b) => b.type === 'tool_result')) {
      yield* toolResults(content, e, ctx);
      continue;
    }
    if (e.isMeta === true) continue;
    const prompt = promptOf(content);
    if (prompt === undefined) {
      // A host message (a background task finished) starts a turn of its own; an interruption ends
      // one without a Stop (the host fires none when the user interrupts).
      const text = textOf(content);
      if (isInterruption(text)) {
        if (turn) turn.last = undefined;
      } else if (text.trim()) {
        yield* endTurn();
        turn = { sessionId, ...(cwd ? { cwd } : {}) };
      }
      continue;
    }
    yield* endTurn();
    turn = { sessionId, ...(cwd ? { cwd } : {}) };
    const waiting = queued.findIndex((q) => q.text === prompt);
    if (waiting >= 0) queued.splice(waiting, 1);
    // Recent builds give each prompt an id, which the live hook receives too (`prompt_id`).
    const promptId = str(e.promptId);
    yield event({ ...base(sessionId, cwd, 'UserPromptSubmit'), prompt, ...(promptId ? { prompt_id: promptId } : {}) }, at, `${ctx.key}:prompt`);
  }

  // End of file: the last turn, open subagent runs, calls that never finished, the session itself.
  yield* endTurn();
  if (inlineTrack) yield* endTrack(inlineTrack);
  for (const t of tracks.values()) yield* endTrack(t);
  for (const [id, call] of pending) {
    if (role === 'compaction') break;
    const agent = call.track ? { agent_id: call.track.agentId, ...agentTypeOf(call.track) } : {};
    yield event(
      { ...base(call.sessionId, call.cwd, 'PreToolUse'), tool_name: call.name, tool_input: call.input, tool_use_id: id, ...agent },
      call.at,
      `${id}:pre`,
    );
  }
  for (const [sessionId, seen] of sessions) {
    yield event({ ...base(sessionId, seen.cwd, 'SessionEnd'), reason: 'other' }, seen.lastAt, `${sessionId}:end`);
  }
}

interface EntryContext {
  readonly at: number;
  readonly sessionId: string;
  readonly cwd: string | undefined;
  readonly key: string;
}
