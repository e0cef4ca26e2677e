/**
 * @module eval/summaries/payloads
 * A Claude Code transcript (JSONL) turned back into the hook payloads the live session would have
 * sent, in order: SessionStart, UserPromptSubmit for every message the user side wrote (host
 * wrappers included, as hooks see them), PostToolUse / PostToolUseFailure with the recorded result,
 * Stop with the last text of each turn, SubagentStop for sidechain turns, PreCompact + SessionStart
 * `compact` + PostCompact around a compaction, a SessionStart `resume` when a new session id takes
 * over the file, and SessionEnd for every session at the end. A subagent's calls count whether its
 * messages are inline (`isSidechain`) or embedded in `agent_progress` records, as live hooks see both. Payloads use Claude Code's stdin
 * spelling (snake_case), so they go through the same platform adapter as a real hook.
 */
import { readFileSync } from 'node:fs';
import { asRec, textOf, type Rec } from '../transcript-records.ts';

export type Payload = Rec & { readonly hook_event_name: string; readonly session_id: string };

interface Turn {
  readonly session: string;
  readonly text: string;
  readonly sidechain: boolean;
}

/**
 * The payloads of one transcript file. `transcriptPath` is what the payloads name as their
 * transcript; `cwd` replaces the recorded working directory when given (so a replay has a place).
 */
export function transcriptPayloads(path: string, opts: { readonly cwd?: string } = {}): Payload[] {
  const out: Payload[] = [];
  const started = new Set<string>();
  const order: string[] = [];
  const pending = new Map<string, { name: string; input: unknown }>();
  let last: Turn | undefined;
  let cwd = opts.cwd ?? '/eval/unknown';

  const base = (session: string): Rec => ({ session_id: session, transcript_path: path, cwd });
  const emit = (session: string, event: string, fields: Rec = {}) => {
    out.push({ ...base(session), hook_event_name: event, ...fields } as Payload);
  };
  const start = (session: string) => {
    if (started.has(session)) return;
    // A second session id in the same file is Claude Code resuming (older builds copy the history under a new id).
    emit(session, 'SessionStart', { source: started.size === 0 ? 'startup' : 'resume' });
    started.add(session);
    order.push(session);
  };
  const flush = () => {
    if (!last) return;
    const t = last;
    last = undefined;
    emit(t.session, t.sidechain ? 'SubagentStop' : 'Stop', { last_assistant_message: t.text, stop_hook_active: false });
  };

  /** Tool results already replayed: a subagent's call can be both inline and embedded in a progress record. */
  const replayed = new Set<string>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    let r: Rec;
    try {
      r = JSON.parse(line) as Rec;
    } catch {
      continue;
    }
    const session = typeof r.sessionId === 'string' ? r.sessionId : undefined;
    if (!session) continue;
    if (r.type === 'progress') {
      // Claude Code 2.1 embeds a subagent's messages in the main file as `agent_progress` records (its own
      // file is not always kept beside it). Live hooks fire PostToolUse for a subagent's calls too, so
      // the replay reads them as the subagent's (sidechain) messages.
      const data = asRec(r.data);
      const inner = data?.type === 'agent_progress' ? asRec(data.message) : undefined;
      if (!inner || !asRec(inner.message)) continue;
      r = { ...inner, sessionId: session, isSidechain: true, ...(typeof r.cwd === 'string' ? { cwd: r.cwd } : {}) };
    }
    if (typeof r.cwd === 'string' && !opts.cwd) cwd = r.cwd;
    const sidechain = r.isSidechain === true;
    if (r.type === 'system' && r.subtype === 'compact_boundary') {
      flush();
      start(session);
      const meta = asRec(r.compactMetadata);
      emit(session, 'PreCompact', { trigger: typeof meta?.trigger === 'string' ? meta.trigger : 'auto', custom_instructions: '' });
      emit(session, 'SessionStart', { source: 'compact' });
      continue;
    }
    const msg = asRec(r.message);
    if (!msg || r.isMeta === true) continue;
    start(session);
    if (r.type === 'user') {
      if (r.isCompactSummary === true) {
        emit(session, 'PostCompact', { compact_summary: textOf(msg.content) });
        continue;
      }
      const blocks = Array.isArray(msg.content) ? msg.content : [];
      let results = 0;
      for (const b of blocks) {
        const block = asRec(b);
        if (block?.type !== 'tool_result') continue;
        results++;
        const id = String(block.tool_use_id ?? '');
        const call = pending.get(id);
        if (!call || replayed.has(id)) continue;
        pending.delete(id);
        replayed.add(id);
        const text = textOf(block.content) || (typeof block.content === 'string' ? block.content : '');
        if (block.is_error === true) {
          const interrupted = /\[Request interrupted by user/.test(text);
          emit(session, 'PostToolUseFailure', { tool_name: call.name, tool_input: call.input, tool_use_id: id, error: text || 'failed', is_interrupt: interrupted });
        } else {
          emit(session, 'PostToolUse', { tool_name: call.name, tool_input: call.input, tool_response: r.toolUseResult ?? text, tool_use_id: id });
        }
      }
      const prompt = textOf(msg.content);
      if (results === 0 && prompt.trim() && !sidechain) {
        flush();
        emit(session, 'UserPromptSubmit', { prompt });
      }
    } else if (r.type === 'assistant') {
      const blocks = Array.isArray(msg.content) ? msg.content : [];
      for (const b of blocks) {
        const block = asRec(b);
        if (block?.type === 'tool_use') pending.set(String(block.id ?? ''), { name: String(block.name ?? ''), input: block.input ?? {} });
        if (block?.type === 'text' && String(block.text ?? '').trim()) {
          if (last && last.sidechain !== sidechain) flush();
          last = { session, text: String(block.text), sidechain };
        }
      }
    }
  }
  flush();
  for (const session of order) emit(session, 'SessionEnd', { reason: 'other' });
  return out;
}
