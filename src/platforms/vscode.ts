/**
 * @module platforms/vscode
 * VS Code agent hooks (Preview): Claude Code's event names, but the common fields are camelCase
 * (`sessionId`, `hookEventName`) while event fields stay snake_case (`tool_name`, `tool_response` as a
 * string). VS Code also runs hooks from Claude Code's settings files, so a `--platform claude-code`
 * hook that receives this shape is handed here (see `isVsCodePayload`, platforms/payload-shapes).
 * Facts: microsoft/vscode-docs docs/agent-customization/hooks.md (§Common input fields) and
 * docs/agents/reference/hooks-reference.md.
 */
import type { HookEventName } from '../core/types.ts';
import { Fields, hookEvent, reportShape, requireSessionId, startSource, type Rec, type Warn } from './payload.ts';
import { eventTable, hookSpecificOutput, lookupEvent, type HookResult, type Parsed, type Platform } from './platform.ts';

/** VS Code's eight events, plus Claude Code events it may be asked to run from Claude settings files. */
const EVENTS = eventTable({
  SessionStart: 'SessionStart',
  UserPromptSubmit: 'UserPromptSubmit',
  PreToolUse: 'PreToolUse',
  PostToolUse: 'PostToolUse',
  PostToolUseFailure: 'PostToolUseFailure',
  PreCompact: 'PreCompact',
  SubagentStop: 'SubagentStop',
  Stop: 'Stop',
  SessionEnd: 'SessionEnd',
  SubagentStart: null,
  Notification: null,
  PermissionRequest: null,
});

function parse(hostEvent: string | undefined, p: Rec, warn?: Warn): Parsed {
  const f = new Fields(p);
  const named = f.str('hookEventName', 'hook_event_name') ?? hostEvent;
  const event = lookupEvent('vscode', EVENTS, named);
  if (event === null) return { kind: 'ignored', hostEvent: named! };
  const ev = hookEvent({
    event,
    platform: 'vscode',
    sessionId: requireSessionId(f.str('sessionId', 'session_id'), 'sessionId'),
    cwd: f.str('cwd'),
    transcriptPath: f.str('transcript_path', 'transcriptPath'),
    source: startSource(f.str('source')),
    reason: f.str('reason'),
    prompt: f.str('prompt'),
    toolName: f.str('tool_name', 'toolName'),
    toolInput: f.obj('tool_input', 'toolInput'),
    toolResponse: f.any('tool_response', 'toolResponse'),
    toolUseId: f.str('tool_use_id', 'toolUseId'),
    error: f.str('error'),
    isInterrupt: f.bool('is_interrupt'),
    lastAssistantMessage: f.str('last_assistant_message'),
    agentId: f.str('agent_id', 'agentId'),
    agentType: f.str('agent_type', 'agentType'),
    trigger: f.str('trigger'),
    model: f.str('model'),
  });
  reportShape(f, p, warn);
  return { kind: 'event', event: ev };
}

/**
 * SessionStart injects through hookSpecificOutput. Everything else is `{}`: a Stop or SubagentStop
 * continues the agent only on `decision: "block"`, and VS Code parses stdout as JSON on exit 0.
 */
function format(event: HookEventName | undefined, result: HookResult): string {
  return hookSpecificOutput(event, result, ['SessionStart']);
}

/** The VS Code agent hooks adapter (`--platform vscode`). */
export const platform: Platform = { name: 'vscode', events: EVENTS, parse, format };
