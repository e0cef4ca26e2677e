/**
 * @module platforms/claude-code
 * Claude Code's hook payloads in, mnemo's common `HookEvent` out; our result back into the JSON
 * Claude Code expects. Fields of the wrong type are dropped, never trusted.
 * Facts: code.claude.com/docs/en/hooks (reference/hooks-and-mcp.md §A).
 */
import type { HookEvent, HookEventName } from '../core/types.ts';
import { Fields, PayloadError, asPayload, hookEvent, reportShape, requireSessionId, safeName, type Rec, type Warn } from './payload.ts';
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

/**
 * The common event for a Claude-shaped payload (also Codex's, which copies the schema). Every field
 * is read whatever the event, so a wrong type anywhere is reported.
 */
export function readClaudeShaped(platform: string, event: HookEventName, p: Rec, warn: Warn | undefined): HookEvent {
  const f = new Fields(p);
  const error = p.error;
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
    error: typeof error === 'string' ? error : error !== undefined && error !== null ? JSON.stringify(error) : undefined,
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
 * Read one Claude Code payload (the MCP `hook_event` tool and `mnemo extract` use this directly). The
 * event comes from the payload, else from `eventArg`. Throws PayloadError, also for events mnemo does
 * not record. Fields of the wrong type are dropped; `warn` hears their names.
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
