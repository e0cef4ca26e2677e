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

const s = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const b = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const n = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Read one payload. The event comes from the payload, else from the command line. Throws PayloadError. */
export function parseClaudeCode(eventArg: string | undefined, payload: unknown): HookEvent {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) throw new PayloadError('payload is not a JSON object');
  const p = payload as Rec;
  const named = s(p.hook_event_name) ?? eventArg;
  if (!isHookEventName(named)) throw new PayloadError(`unknown hook event: ${JSON.stringify(named ?? null)}`);
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
    toolInput: p.tool_input,
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
