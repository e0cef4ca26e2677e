/**
 * @module platforms/claude-code
 * Claude Code's hook payloads in, mnemo's common `HookEvent` out; our result back into the JSON
 * Claude Code expects. Fields of the wrong type are dropped, never trusted.
 * Facts: code.claude.com/docs/en/hooks (reference/hooks-and-mcp.md §A).
 */
import type { HookEvent, HookEventName } from '../core/types.ts';
import { flaggedFailure } from '../core/extract/failure.ts';
import { Fields, PayloadError, asPayload, hookEvent, isRecord, reportShape, requireSessionId, safeName, type Rec, type Warn } from './payload.ts';
import { eventTable, hookSpecificOutput, lookupEvent, type HookResult, type Parsed, type Platform } from './platform.ts';

export { PayloadError } from './payload.ts';
export type { HookResult } from './platform.ts';

/** mnemo's ten events keep their names; the rest of Claude Code's events are known and not recorded. */
const EVENTS = eventTable({
  SessionStart: 'SessionStart',
  UserPromptSubmit: 'UserPromptSubmit',
  PreToolUse: 'PreToolUse',
  PostToolUse: 'PostToolUse',
  PostToolUseFailure: 'PostToolUseFailure',
  Stop: 'Stop',
  SubagentStop: 'SubagentStop',
  PreCompact: 'PreCompact',
  PostCompact: 'PostCompact',
  SessionEnd: 'SessionEnd',
  ...Object.fromEntries(
    [
      'Setup', 'InstructionsLoaded', 'UserPromptExpansion', 'MessageDisplay', 'PermissionRequest', 'PermissionDenied',
      'PostToolBatch', 'Notification', 'SubagentStart', 'TaskCreated', 'TaskCompleted', 'StopFailure', 'TeammateIdle',
      'ConfigChange', 'CwdChanged', 'DirectoryAdded', 'FileChanged', 'WorktreeCreate', 'WorktreeRemove', 'Elicitation',
      'ElicitationResult',
    ].map((e) => [e, null]),
  ),
});

/** Where hosts put a result's verdict beside `tool_response`: the payload itself or a sibling result object. */
const BESIDE_RESPONSE = ['tool_output', 'tool_result', 'toolResult', 'result'] as const;

/**
 * The error text of a PostToolUse payload whose host flags the call as failed next to the response
 * (`is_error: true`, `success: false`, `error: "…"`, `tool_output: {isError: true}`), or undefined.
 * The flag's own message wins; else the response's text says what went wrong.
 */
function failureBeside(p: Rec): string | undefined {
  let flag = flaggedFailure(p);
  for (const k of BESIDE_RESPONSE) flag ??= flaggedFailure(p[k]);
  if (flag === undefined) return undefined;
  if (typeof flag === 'string') return flag;
  const r = p.tool_response;
  const text = typeof r === 'string' ? r : isRecord(r) ? (flaggedFailure(r) ?? (typeof r.error === 'string' ? r.error : undefined)) : undefined;
  return typeof text === 'string' && text.trim() ? text : 'failed';
}

/** An `error` field as text: a string as is, an error object by its message, anything else as JSON. */
function errorText(error: unknown): string | undefined {
  if (error === undefined || error === null) return undefined;
  if (typeof error === 'string') return error;
  if (isRecord(error) && typeof error.message === 'string' && error.message.trim()) {
    const code = typeof error.code === 'string' || typeof error.code === 'number' ? String(error.code) : '';
    return code && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
  }
  return JSON.stringify(error);
}

/**
 * The common event for a Claude-shaped payload (also Codex's, which copies the schema). Every field
 * is read whatever the event, so a wrong type anywhere is reported.
 */
export function readClaudeShaped(platform: string, event: HookEventName, p: Rec, warn: Warn | undefined): HookEvent {
  const f = new Fields(p);
  const flagged = event === 'PostToolUse' ? failureBeside(p) : undefined;
  if (flagged !== undefined) event = 'PostToolUseFailure';
  const error = flagged ?? p.error;
  const ev = hookEvent({
    event,
    platform,
    sessionId: requireSessionId(f.str('session_id'), 'session_id'),
    cwd: f.str('cwd'),
    transcriptPath: f.str('transcript_path'),
    agentTranscriptPath: f.str('agent_transcript_path'),
    source: f.str('source'),
    reason: f.str('reason'),
    prompt: f.str('prompt'),
    promptId: f.str('prompt_id') ?? (event === 'UserPromptSubmit' ? f.str('turn_id') : undefined),
    toolName: f.str('tool_name'),
    toolInput: f.obj('tool_input'),
    toolResponse: p.tool_response,
    toolUseId: f.str('tool_use_id'),
    error: errorText(error),
    isInterrupt: f.bool('is_interrupt'),
    durationMs: f.num('duration_ms'),
    lastAssistantMessage: f.str('last_assistant_message'),
    agentId: f.str('agent_id'),
    agentType: f.str('agent_type'),
    trigger: f.str('trigger'),
    customInstructions: f.str('custom_instructions'),
    compactSummary: f.str('compact_summary'),
    model: f.str('model'),
  });
  // Flag the rest of the fields a Claude payload carries, so the log names every wrong type.
  f.bool('stop_hook_active');
  reportShape(f, p, warn);
  return ev;
}

function parse(hostEvent: string | undefined, p: Rec, warn?: Warn): Parsed {
  const named = typeof p.hook_event_name === 'string' ? p.hook_event_name : hostEvent;
  const event = lookupEvent('claude-code', EVENTS, named);
  if (event === null) return { kind: 'ignored', hostEvent: named! };
  return { kind: 'event', event: readClaudeShaped('claude-code', event, p, warn) };
}

/**
 * Stop prints nothing: any output there can keep Claude talking. SessionStart and UserPromptSubmit
 * carry context in `hookSpecificOutput`; everything else prints `{}`.
 */
function format(event: HookEventName | undefined, result: HookResult): string {
  if (event === 'Stop') return '';
  return hookSpecificOutput(event, result, ['SessionStart', 'UserPromptSubmit']);
}

/** The Claude Code adapter (`--platform claude-code`). */
export const platform: Platform = { name: 'claude-code', events: EVENTS, parse, format };

/**
 * Read one Claude Code payload into a HookEvent, for tests and tools that want the event alone (the
 * capture path itself goes through `captureFromPayload`). The event comes from the payload, else from
 * `eventArg`. Throws PayloadError, also for events mnemo does not record. Fields of the wrong type are
 * dropped; `warn` hears their names.
 */
export function parseClaudeCode(eventArg: string | undefined, payload: unknown, warn?: (message: string) => void): HookEvent {
  const parsed = parse(eventArg, asPayload(payload), warn);
  if (parsed.kind === 'ignored') throw new PayloadError(`unknown hook event: ${safeName(parsed.hostEvent)} (not recorded by mnemo)`);
  return parsed.event;
}

/** The stdout for an event, in Claude Code's format. */
export function formatClaudeCode(event: HookEventName | undefined, result: HookResult): string {
  return format(event, result);
}
