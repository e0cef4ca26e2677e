/**
 * @module platforms/codex
 * OpenAI Codex CLI. Its hooks copy Claude Code's schema (snake_case, `hook_event_name`, `tool_response`,
 * `hookSpecificOutput`), adding `turn_id` and a `transcript_path` that may be null; its outputs are
 * parsed strictly (unknown keys are rejected), so we print only documented fields.
 * Facts: openai/codex codex-rs/hooks/src/schema.rs and schema/generated/*.command.{input,output}.schema.json.
 */
import type { HookEventName } from '../core/types.ts';
import { readClaudeShaped } from './claude-code.ts';
import type { Rec, Warn } from './payload.ts';
import { eventTable, hookSpecificOutput, lookupEvent, type HookResult, type Parsed, type Platform } from './platform.ts';

/** Codex's events (`mnemo install codex` hooks all the mapped ones). */
const EVENTS = eventTable({
  SessionStart: 'SessionStart',
  UserPromptSubmit: 'UserPromptSubmit',
  PreToolUse: 'PreToolUse',
  PostToolUse: 'PostToolUse',
  // Not a Codex event today; accepted so a Claude-compatible failure payload is not lost.
  PostToolUseFailure: 'PostToolUseFailure',
  PreCompact: 'PreCompact',
  PostCompact: 'PostCompact',
  SubagentStop: 'SubagentStop',
  Stop: 'Stop',
  SessionEnd: 'SessionEnd',
  PermissionRequest: null,
  SubagentStart: null,
  StopFailure: null,
  // The user interrupted a turn; its output accepts only `systemMessage`.
  Interrupt: null,
  Notification: null,
});

function parse(hostEvent: string | undefined, p: Rec, warn?: Warn): Parsed {
  const named = typeof p.hook_event_name === 'string' ? p.hook_event_name : hostEvent;
  const event = lookupEvent('codex', EVENTS, named);
  if (event === null) return { kind: 'ignored', hostEvent: named! };
  return { kind: 'event', event: readClaudeShaped('codex', event, p, warn) };
}

/**
 * Codex accepts empty stdout for every event and `{}` for every event mnemo maps (all output fields
 * default). Stop and SubagentStop print nothing, like Claude Code; so do events mnemo does not record
 * (Interrupt, for one, rejects any control field).
 */
function format(event: HookEventName | undefined, result: HookResult): string {
  if (event === undefined || event === 'Stop' || event === 'SubagentStop') return '';
  return hookSpecificOutput(event, result, ['SessionStart', 'UserPromptSubmit']);
}

/** The Codex CLI adapter (`--platform codex`). */
export const platform: Platform = { name: 'codex', events: EVENTS, parse, format };
