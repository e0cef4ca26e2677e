/**
 * @module eval/replay
 * Turns a Claude Code transcript (JSONL) into the hook events a live session would have produced —
 * prompts, tool calls with their results, the model's last answer of each turn, subagent results and
 * compaction summaries — and runs them through the real capture pipeline (`captureEvent`: privacy,
 * redaction, truncation, titles). Observation uids are derived from the file and line, so the labels
 * in eval/data/questions.json stay valid however often the store is rebuilt.
 *
 * This is the evaluation's own loader, kept deliberately small; `mnemo import claude-code` is the
 * product's importer.
 */
import { readFileSync } from 'node:fs';
import { captureEvent } from '../src/core/capture.ts';
import type { CapturedEvent, HookEvent } from '../src/core/types.ts';
import { asRec, textOf, type Rec } from './transcript-records.ts';

const LIMITS = { maxInputChars: 2000, maxOutputChars: 4000 };

/** Replay one transcript file. `rel` names it in uids (`eval:<rel>:<line>:<block>`). */
export function replayTranscript(path: string, rel: string): CapturedEvent[] {
  const lines = readFileSync(path, 'utf8').split('\n');
  const out: CapturedEvent[] = [];
  const pendingTools = new Map<string, { name: string; input: unknown }>();
  let lastText: { text: string; at: number; uid: string } | undefined;
  let session = rel;
  let cwd = '/eval/unknown';
  let subagent = false;

  const emit = (ev: Omit<HookEvent, 'platform' | 'sessionId' | 'cwd'>, uid: string, at: number) => {
    const full: HookEvent = { ...ev, platform: 'claude-code', sessionId: session, cwd } as HookEvent;
    const captured = captureEvent(full, { place: { project: cwd }, now: at, uid, limits: LIMITS });
    if (captured) out.push(captured);
  };
  const flushTurn = () => {
    if (!lastText) return;
    const t = lastText;
    lastText = undefined;
    emit(subagent ? { event: 'SubagentStop', lastAssistantMessage: t.text } : { event: 'Stop', lastAssistantMessage: t.text }, t.uid, t.at);
  };

  lines.forEach((line, i) => {
    if (!line.trim()) return;
    let r: Rec;
    try {
      r = JSON.parse(line) as Rec;
    } catch {
      return;
    }
    if (typeof r.sessionId === 'string') session = `${r.sessionId}${typeof r.agentId === 'string' ? `:${r.agentId}` : ''}`;
    if (typeof r.cwd === 'string') cwd = r.cwd;
    if (r.isSidechain === true) subagent = true;
    const at = Date.parse(String(r.timestamp ?? '')) || 0;
    const msg = asRec(r.message);
    if (!msg || r.isMeta === true) return;
    const uid = (j: number) => `eval:${rel}:${i + 1}:${j}`;
    if (r.type === 'user') {
      if (r.isCompactSummary === true) {
        emit({ event: 'PostCompact', compactSummary: textOf(msg.content) }, uid(0), at);
        return;
      }
      const blocks = Array.isArray(msg.content) ? msg.content : [];
      let j = 0;
      for (const b of blocks) {
        const block = asRec(b);
        j++;
        if (block?.type !== 'tool_result') continue;
        const id = String(block.tool_use_id ?? '');
        const call = pendingTools.get(id);
        if (!call) continue;
        pendingTools.delete(id);
        const response = r.toolUseResult ?? textOf(block.content);
        if (block.is_error === true) {
          emit({ event: 'PostToolUseFailure', toolName: call.name, toolInput: call.input, toolUseId: id, error: textOf(block.content) || String(response) }, uid(j), at);
        } else {
          emit({ event: 'PostToolUse', toolName: call.name, toolInput: call.input, toolResponse: response, toolUseId: id }, uid(j), at);
        }
      }
      const prompt = textOf(msg.content);
      if (prompt.trim() && !blocks.some((b) => asRec(b)?.type === 'tool_result')) {
        flushTurn();
        emit({ event: 'UserPromptSubmit', prompt }, uid(0), at);
      }
    } else if (r.type === 'assistant') {
      const blocks = Array.isArray(msg.content) ? msg.content : [];
      blocks.forEach((b, j) => {
        const block = asRec(b);
        if (block?.type === 'tool_use') pendingTools.set(String(block.id ?? ''), { name: String(block.name ?? ''), input: block.input });
        if (block?.type === 'text' && String(block.text ?? '').trim()) lastText = { text: String(block.text), at, uid: uid(j + 1) };
      });
    }
  });
  flushTurn();
  return out;
}
