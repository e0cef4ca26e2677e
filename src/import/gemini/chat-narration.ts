/**
 * @module import/gemini/chat-narration
 * The model's narration around each tool call of a Gemini CLI session file (the JSON document its
 * hooks name as `transcript_path`, under `~/.gemini/tmp/<project>/chats/`): `{sessionId, messages}`,
 * each message `{type: user | gemini | info | error …, content, toolCalls?}`, a call
 * `{id, name, args, result, status, timestamp}` carrying its result. The why of a call is the text of
 * the model's messages since the previous calls' results (its own message's first); the finding,
 * the text of the messages after it, up to the next calls. Gemini CLI rewrites the whole file as the
 * session goes, so it is read whole each time it changed.
 *
 * Gemini's hooks send no call id, so a call is matched to its observation by order: the nth call of
 * a tool in the session is the session's nth observation of that tool (`match`), checked by time.
 * Calls that never ran (cancelled) fire no hook and are not counted.
 */
import { isSkippedTool } from '../../core/capture.ts';
import { FINDING_LIMIT, WHY_LIMIT, append, cleanBlock, emptyBounded, render, type NarrationRecord } from '../../core/narration.ts';

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

/** Statuses of calls that ran, so their AfterTool hook fired. */
const RAN = new Set(['success', 'error']);

/** A message's text: a string, or parts with `text`. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((p) => (typeof p === 'string' ? p : isRecord(p) && typeof p.text === 'string' ? p.text : ''))
    .filter((t) => t.trim())
    .join('\n');
}

/** Every call's narration in a session file's text; nothing (never an error) for a document it cannot read. */
export function geminiNarration(text: string, session: string): NarrationRecord[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return [];
  }
  if (!isRecord(doc) || !Array.isArray(doc.messages)) return [];
  const sessionId = str(doc.sessionId) ?? session;
  const out = new Map<string, NarrationRecord>();
  const nth = new Map<string, number>();
  let why = emptyBounded();
  let finding = emptyBounded();
  let awaiting: string[] = [];
  const closeFindings = () => {
    const f = render(finding, FINDING_LIMIT);
    if (f) for (const id of awaiting) out.set(id, { ...out.get(id)!, finding: f });
    awaiting = [];
    finding = emptyBounded();
  };
  for (const m of doc.messages) {
    if (!isRecord(m)) continue;
    if (m.type === 'user') {
      closeFindings();
      why = emptyBounded();
      continue;
    }
    if (m.type !== 'gemini') continue;
    const said = cleanBlock(textOf(m.content));
    if (said) {
      append(why, said, WHY_LIMIT);
      if (awaiting.length) append(finding, said, FINDING_LIMIT);
    }
    const calls = Array.isArray(m.toolCalls) ? m.toolCalls.filter(isRecord) : [];
    if (!calls.length) continue;
    closeFindings();
    const w = render(why, WHY_LIMIT);
    for (const c of calls) {
      const id = str(c.id);
      const name = str(c.name);
      if (!id || !name || isSkippedTool(name) || !RAN.has(String(c.status ?? 'success'))) continue;
      const k = nth.get(name) ?? 0;
      nth.set(name, k + 1);
      const at = typeof c.timestamp === 'string' ? Date.parse(c.timestamp) : NaN;
      out.set(id, { session: sessionId, callId: id, ...(w ? { why: w } : {}), match: { tool: name, nth: k, ...(Number.isFinite(at) ? { at } : {}) } });
      awaiting.push(id);
    }
    // The calls' results came with them: what the model says next speaks afresh.
    why = emptyBounded();
  }
  closeFindings();
  return [...out.values()].filter((r) => r.why || r.finding);
}
