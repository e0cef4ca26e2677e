/**
 * @module import/codex/rollout-narration
 * The model's narration around each tool call of a Codex CLI rollout
 * (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`, the file Codex hooks name as `transcript_path`):
 * one JSON object a line, `{timestamp, type, payload}`. The conversation is in `response_item` lines:
 * `message` (role user | developer | assistant, `content` parts `input_text` / `output_text`), the
 * calls (`function_call`, `custom_tool_call`, `local_shell_call`, each with the `call_id` Codex's
 * hooks send as `tool_use_id`) and their outputs (`function_call_output`, `custom_tool_call_output`).
 * `event_msg` lines repeat those messages for the UI and are not read. Reasoning items are not
 * narration (encrypted, or a summary of thoughts, as Claude's thinking blocks).
 * Facts: openai/codex codex-rs/protocol (ResponseItem, RolloutItem).
 */
import { isSkippedTool } from '../../core/capture.ts';
import { FINDING_LIMIT, WHY_LIMIT, append, cleanBlock, emptyBounded, render, type Bounded, type NarrationRecord } from '../../core/narration.ts';
import type { SourceLine } from '../claude-code/transcript-events.ts';

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

const MAX_OPEN = 64;
const CALLS = new Set(['function_call', 'custom_tool_call', 'local_shell_call']);
const OUTPUTS = new Set(['function_call_output', 'custom_tool_call_output']);

interface CodexState {
  readonly v: 1;
  why: Bounded;
  afterResult: boolean;
  awaiting: string[];
  finding: Bounded;
  dirty: boolean;
}

const fresh = (): CodexState => ({ v: 1, why: emptyBounded(), afterResult: false, awaiting: [], finding: emptyBounded(), dirty: false });

function isState(v: unknown): v is CodexState {
  return isRecord(v) && v.v === 1 && isRecord(v.why) && Array.isArray(v.awaiting);
}

/** The text parts of a message's content. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((c) => (isRecord(c) && (c.type === 'output_text' || c.type === 'input_text' || c.type === 'text') && typeof c.text === 'string' ? c.text : ''))
    .filter((t) => t.trim())
    .join('\n');
}

export class CodexNarration {
  readonly #session: string;
  readonly #s: CodexState;
  #out: NarrationRecord[] = [];

  constructor(session: string, state?: unknown) {
    this.#session = session;
    this.#s = isState(state) ? structuredClone(state) : fresh();
  }

  state(): CodexState {
    return structuredClone(this.#s);
  }

  take(): NarrationRecord[] {
    if (this.#s.dirty) this.#emitFindings();
    const out = this.#out;
    this.#out = [];
    return out;
  }

  line(line: SourceLine): boolean {
    if (line.skim) return true; // a line too long to gather is a tool output: no narration in it
    let e: unknown;
    try {
      e = JSON.parse(line.text);
    } catch {
      return false;
    }
    if (!isRecord(e)) return false;
    if (e.type === 'response_item' && isRecord(e.payload)) this.#item(e.payload);
    return true;
  }

  #item(p: Rec): void {
    const s = this.#s;
    const type = p.type;
    if (type === 'message') {
      if (p.role === 'assistant') {
        const text = cleanBlock(textOf(p.content));
        if (!text) return;
        if (s.afterResult) (s.why = emptyBounded()), (s.afterResult = false);
        append(s.why, text, WHY_LIMIT);
        if (s.awaiting.length) (append(s.finding, text, FINDING_LIMIT), (s.dirty = true));
      } else if (p.role === 'user') {
        // The user's turn (or the context Codex sends with it): what comes next answers it afresh.
        this.#closeFindings();
        s.why = emptyBounded();
        s.afterResult = false;
      }
      return;
    }
    if (typeof type === 'string' && CALLS.has(type)) {
      const id = str(p.call_id) ?? str(p.id);
      if (!id) return;
      this.#closeFindings();
      if (s.afterResult) (s.why = emptyBounded()), (s.afterResult = false);
      if (isSkippedTool(str(p.name) ?? '')) return;
      const why = render(s.why, WHY_LIMIT);
      if (why) this.#out.push({ session: this.#session, callId: id, why });
      return;
    }
    if (typeof type === 'string' && OUTPUTS.has(type)) {
      const id = str(p.call_id);
      s.afterResult = true;
      if (!id || s.awaiting.length >= MAX_OPEN) return;
      if (s.finding.total > 0) this.#closeFindings();
      s.awaiting.push(id);
    }
  }

  #emitFindings(): void {
    const s = this.#s;
    const finding = render(s.finding, FINDING_LIMIT);
    if (finding) for (const callId of s.awaiting) this.#out.push({ session: this.#session, callId, finding });
    s.dirty = false;
  }

  #closeFindings(): void {
    const s = this.#s;
    if (s.dirty) this.#emitFindings();
    s.awaiting = [];
    s.finding = emptyBounded();
  }
}
