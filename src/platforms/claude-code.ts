/**
 * @module platforms/claude-code
 * Claude Code's hook payloads in, mnemo's common `HookEvent` out; our result back into the JSON
 * Claude Code expects. Fields of the wrong type are dropped, never trusted.
 */
import { isHookEventName, type HookEvent, type HookEventName } from '../core/types.ts';

type Rec = Record<string, unknown>;

export class PayloadError extends Error {
  override readonly name = 'PayloadError';
}

/** Field names whose values must be strings, booleans or numbers; anything else is dropped and reported. */
const STRING_FIELDS = ['cwd', 'transcript_path', 'source', 'reason', 'prompt', 'prompt_id', 'tool_name', 'tool_use_id', 'last_assistant_message', 'agent_id', 'agent_type', 'trigger', 'custom_instructions', 'compact_summary', 'model'];
const BOOLEAN_FIELDS = ['is_interrupt', 'stop_hook_active'];
const NUMBER_FIELDS = ['duration_ms'];
const OBJECT_FIELDS = ['tool_input'];

const MAX_DEPTH = 64;

/** True when a parsed payload nests deeper than any real hook payload does (bounded walk). */
export function nestsTooDeep(value: unknown): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  let visited = 0;
  while (stack.length && visited++ < 200_000) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d > MAX_DEPTH) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, d + 1]);
  }
  return false;
}

/** Names (never values) of fields whose type is wrong, so the log says what was ignored without leaking it. */
export function wrongTypedFields(p: Rec): string[] {
  const bad: string[] = [];
  const has = (k: string) => p[k] !== undefined && p[k] !== null;
  for (const k of STRING_FIELDS) if (has(k) && typeof p[k] !== 'string') bad.push(k);
  for (const k of BOOLEAN_FIELDS) if (has(k) && typeof p[k] !== 'boolean') bad.push(k);
  for (const k of NUMBER_FIELDS) if (has(k) && typeof p[k] !== 'number') bad.push(k);
  for (const k of OBJECT_FIELDS) if (has(k) && (typeof p[k] !== 'object' || Array.isArray(p[k]))) bad.push(k);
  return bad;
}

const s = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const b = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const n = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
/** An event name safe to echo in a log line: letters only, bounded. */
const safeName = (v: unknown) => (typeof v === 'string' ? v.replace(/[^A-Za-z_-]/g, '?').slice(0, 40) : typeof v);

/**
 * Read one payload. The event comes from the payload, else from the command line. Throws PayloadError.
 * Fields of the wrong type are dropped; `warn` hears their names.
 */
export function parseClaudeCode(eventArg: string | undefined, payload: unknown, warn?: (message: string) => void): HookEvent {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) throw new PayloadError(`payload is not a JSON object (got ${Array.isArray(payload) ? 'an array' : payload === null ? 'null' : typeof payload})`);
  const p = payload as Rec;
  const bad = wrongTypedFields(p);
  if (bad.length && warn) warn(`ignored field(s) of the wrong type: ${bad.join(', ')}`);
  if (warn && nestsTooDeep(p)) warn(`payload nests deeper than ${MAX_DEPTH} levels; deeper parts are dropped`);
  const named = s(p.hook_event_name) ?? eventArg;
  if (!isHookEventName(named)) throw new PayloadError(`unknown hook event: ${named === undefined ? 'none given' : safeName(named)}`);
  const sessionId = s(p.session_id);
  if (!sessionId) throw new PayloadError('payload has no session_id string');
  const event: HookEventName = named;
  const fields: Record<string, unknown> = {
    event,
    platform: 'claude-code',
    sessionId,
    cwd: s(p.cwd),
    transcriptPath: s(p.transcript_path),
    source: s(p.source),
    reason: s(p.reason),
    prompt: s(p.prompt),
    promptId: s(p.prompt_id),
    toolName: s(p.tool_name),
    toolInput: p.tool_input !== null && typeof p.tool_input === 'object' && !Array.isArray(p.tool_input) ? p.tool_input : undefined,
    toolResponse: p.tool_response,
    toolUseId: s(p.tool_use_id),
    error: s(p.error) ?? (p.error !== undefined && p.error !== null ? JSON.stringify(p.error) : undefined),
    isInterrupt: b(p.is_interrupt),
    durationMs: n(p.duration_ms),
    lastAssistantMessage: s(p.last_assistant_message),
    agentId: s(p.agent_id),
    agentType: s(p.agent_type),
    trigger: s(p.trigger),
    customInstructions: s(p.custom_instructions),
    compactSummary: s(p.compact_summary),
    model: s(p.model),
  };
  for (const k of Object.keys(fields)) if (fields[k] === undefined) delete fields[k];
  return fields as unknown as HookEvent;
}

/** What a handler hands back: context to inject, if any. */
export interface HookResult {
  readonly context?: string;
}

/**
 * The stdout for an event. Stop prints nothing: any output there can keep Claude talking.
 * Everything else prints exactly one JSON object.
 */
export function formatClaudeCode(event: HookEventName | undefined, result: HookResult): string {
  if (event === 'Stop') return '';
  if (result.context && (event === 'SessionStart' || event === 'UserPromptSubmit')) {
    return JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: result.context } });
  }
  return '{}';
}
