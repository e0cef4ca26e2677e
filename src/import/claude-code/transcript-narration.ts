/**
 * @module import/claude-code/transcript-narration
 * The model's narration around each tool call of a Claude Code transcript (core/narration): for a
 * `tool_use`, the text blocks of its turn written before it since the previous tool result (the
 * *why*), and for a `tool_result`, the text the model wrote next, up to its next call (the
 * *finding*). Both the live reader (src/narration, by byte offset) and `mnemo import claude-code`
 * feed it the entries they parse, so either way a call gets the same narration.
 *
 * Claude Code writes each content block of a message as an entry of its own, all with the message's
 * id, and may run a call before the message's next block is written: a `tool_use` whose result
 * arrived before the next block of the *same* message still belongs to that message's text. A
 * subagent's run (its own file, or `isSidechain` entries of an older main file) is a track of its
 * own. Pure: entries in, records out; its whole state is plain data, saved with the reader's offset.
 */
import { isSkippedTool } from '../../core/capture.ts';
import { FINDING_LIMIT, WHY_LIMIT, append, cleanBlock, emptyBounded, render, type Bounded, type NarrationRecord } from '../../core/narration.ts';
import { contentOf, isRecord, str, type ContentBlock, type TranscriptEntry } from './transcript-entry.ts';
import type { FileRole, SourceLine } from './transcript-events.ts';
import { skimText, type LineSkim } from './transcript-lines.ts';

/** Calls a track remembers as awaiting their finding, or skipped (more at once is not a real turn). */
const MAX_OPEN = 64;
/** Lines longer than this are skimmed for their call ids, not parsed (bounded memory; see LineWindow.maxLine). */
export const NARRATION_MAX_LINE = 16 * 1024 * 1024;
// The top-level fields of a skimmed line, from its first bytes (Claude Code writes them before `message`).
const TYPE_RE = /"type":"(user|assistant|system)"/;
const SESSION_RE = /"sessionId":"([^"\\]{1,200})"/;
const SIDECHAIN_RE = /"isSidechain":true/;
const AGENT_RE = /"agentId":"([^"\\]{1,200})"/;
const MESSAGE_ID_RE = /"message":\{[^{}]*?"id":"([^"\\]{1,200})"/;

/** One conversation's reading position: a main transcript's, or one subagent run's. */
interface TrackState {
  /** Id of the message whose text is in `why`. */
  msg?: string;
  why: Bounded;
  /** A tool result came after `why` was written: the next message starts a new one. */
  afterResult: boolean;
  /** Calls whose results came and whose finding is being written: [session, call id]. */
  awaiting: [string, string][];
  finding: Bounded;
  /** `finding` grew since it was last handed out. */
  dirty: boolean;
  /** Calls of tools mnemo never records (its own, bookkeeping): no narration either. */
  skipped: string[];
}

/** Everything the reader must keep between two reads of a file. */
export interface ClaudeNarrationState {
  readonly v: 1;
  readonly tracks: Record<string, TrackState>;
}

export interface NarrationOptions {
  readonly role: FileRole;
  /** Session id for entries that carry none (a main transcript's file name). */
  readonly fallbackSessionId?: string;
  /** Names a subagent file's track when its entries carry no agent id. */
  readonly fileLabel: string;
}

const newTrack = (): TrackState => ({ why: emptyBounded(), afterResult: false, awaiting: [], finding: emptyBounded(), dirty: false, skipped: [] });

function isState(v: unknown): v is ClaudeNarrationState {
  return isRecord(v) && v.v === 1 && isRecord(v.tracks);
}

export class ClaudeNarration {
  readonly #opts: NarrationOptions;
  readonly #tracks: Record<string, TrackState>;
  #out: NarrationRecord[] = [];

  /** `state`: what `state()` returned after the previous read of the same file (anything else starts afresh). */
  constructor(opts: NarrationOptions, state?: unknown) {
    this.#opts = opts;
    this.#tracks = isState(state) ? structuredClone(state.tracks) : {};
  }

  /** The state to save with the offset of the last entry fed. */
  state(): ClaudeNarrationState {
    return { v: 1, tracks: structuredClone(this.#tracks) };
  }

  /** Records found since the last call, findings included as far as they are written. */
  take(): NarrationRecord[] {
    for (const t of Object.values(this.#tracks)) if (t.dirty) this.#emitFindings(t);
    const out = this.#out;
    this.#out = [];
    return out;
  }

  /** Feed one parsed entry, in file order. */
  entry(e: TranscriptEntry): void {
    const type = e.type;
    if (type === 'system') {
      if (e.subtype === 'compact_boundary' && e.isSidechain !== true) this.#newTurn(this.#track(e));
      return;
    }
    if (type !== 'user' && type !== 'assistant') return;
    const session = str(e.sessionId) ?? this.#opts.fallbackSessionId;
    if (!session) return;
    const track = this.#track(e);
    const content = contentOf(e);
    if (type === 'assistant') {
      const blocks: readonly ContentBlock[] = typeof content === 'string' ? [{ type: 'text', text: content }] : (content ?? []);
      this.#assistant(track, session, messageId(e), blocks);
    } else if (Array.isArray(content) && content.some((b) => b.type === 'tool_result')) {
      for (const b of content) if (b.type === 'tool_result') this.#result(track, session, str(b.tool_use_id));
    } else if (e.isMeta !== true) {
      // A prompt, a host message or an interruption: a new turn, whose calls owe nothing to the text before.
      this.#newTurn(track);
    }
  }

  /** Feed a line read from a file, parsed here. False when it is not a JSON object (a torn or foreign line). */
  line(line: SourceLine): boolean {
    if (line.skim) {
      this.#skimmed(line.skim);
      return true;
    }
    let e: unknown;
    try {
      e = JSON.parse(line.text);
    } catch {
      return false;
    }
    if (!isRecord(e)) return false;
    this.entry(e as TranscriptEntry);
    return true;
  }

  /**
   * Feed an entry the caller parsed from `line` (the importer parses every line anyway). A line
   * longer than NARRATION_MAX_LINE counts as the live reader sees it, skimmed, so both give a call
   * the same narration.
   */
  parsed(e: TranscriptEntry, line: SourceLine): void {
    if ((line.bytes ?? 0) > NARRATION_MAX_LINE) this.#skimmed(skimText(line.text));
    else this.entry(e);
  }

  /**
   * A line too long to gather (such lines are huge tool results or file writes; core/narration keeps
   * a few hundred characters), reduced to what narration needs: the calls and results it names.
   */
  #skimmed(s: LineSkim): void {
    const type = TYPE_RE.exec(s.head)?.[1];
    if (type !== 'user' && type !== 'assistant') return;
    const session = SESSION_RE.exec(s.head)?.[1] ?? this.#opts.fallbackSessionId;
    if (!session) return;
    const track = this.#track({ isSidechain: SIDECHAIN_RE.test(s.head), agentId: AGENT_RE.exec(s.head)?.[1] });
    if (type === 'assistant') this.#assistant(track, session, MESSAGE_ID_RE.exec(s.head)?.[1], s.calls.map(([id, name]) => ({ type: 'tool_use', id, name })));
    else for (const id of s.results) this.#result(track, session, id);
  }

  #track(e: { readonly isSidechain?: unknown; readonly agentId?: unknown }): TrackState {
    const sidechain = this.#opts.role !== 'main' || e.isSidechain === true;
    const key = sidechain ? `agent:${str(e.agentId) ?? (this.#opts.role === 'main' ? 'sidechain' : this.#opts.fileLabel)}` : 'main';
    return (this.#tracks[key] ??= newTrack());
  }

  #assistant(t: TrackState, session: string, msg: string | undefined, blocks: readonly ContentBlock[]): void {
    // After a result, a new message speaks afresh; the rest of the message the call came from does not.
    if (t.afterResult && (msg === undefined || msg !== t.msg)) {
      t.why = emptyBounded();
      t.afterResult = false;
    }
    t.msg = msg;
    for (const b of blocks) {
      if (b.type === 'text' && typeof b.text === 'string') {
        const text = cleanBlock(b.text);
        if (!text) continue;
        append(t.why, text, WHY_LIMIT);
        if (t.awaiting.length) {
          append(t.finding, text, FINDING_LIMIT);
          t.dirty = true;
        }
      } else if (b.type === 'tool_use') {
        const id = str(b.id);
        if (!id) continue;
        this.#closeFindings(t);
        const name = str(b.name) ?? '';
        if (isSkippedTool(name)) {
          t.skipped.push(id);
          if (t.skipped.length > MAX_OPEN) t.skipped.shift();
          continue;
        }
        const why = render(t.why, WHY_LIMIT);
        if (why) this.#out.push({ session, callId: id, why });
      }
    }
  }

  #result(t: TrackState, session: string, id: string | undefined): void {
    t.afterResult = true;
    if (!id) return;
    const skipped = t.skipped.indexOf(id);
    if (skipped >= 0) {
      t.skipped.splice(skipped, 1);
      return;
    }
    if (t.awaiting.length >= MAX_OPEN) return;
    // Results of one batch of calls share what the model says after them; text between two results
    // (never written by a real host) ends the first batch's finding.
    if (t.finding.total > 0) this.#closeFindings(t);
    t.awaiting.push([session, id]);
  }

  #newTurn(t: TrackState): void {
    this.#closeFindings(t);
    t.why = emptyBounded();
    t.msg = undefined;
    t.afterResult = false;
  }

  #emitFindings(t: TrackState): void {
    const finding = render(t.finding, FINDING_LIMIT);
    if (finding) for (const [session, callId] of t.awaiting) this.#out.push({ session, callId, finding });
    t.dirty = false;
  }

  #closeFindings(t: TrackState): void {
    if (t.dirty) this.#emitFindings(t);
    t.awaiting = [];
    t.finding = emptyBounded();
  }
}

function messageId(e: TranscriptEntry): string | undefined {
  const m = e.message;
  return (isRecord(m) ? str(m.id) : undefined) ?? str(e.uuid);
}

