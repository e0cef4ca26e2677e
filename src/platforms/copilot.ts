/**
 * @module platforms/copilot
 * GitHub Copilot CLI. Hooks configured with camelCase event names (`sessionStart`, `postToolUse`, what
 * `mnemo install copilot` writes) receive camelCase payloads: `sessionId`, `toolName`, `toolArgs`,
 * `toolResult {resultType, textResultForLlm}`, no event name and no tool-call id. Hooks configured with
 * PascalCase names (Claude Code settings files, which Copilot CLI also reads) receive a snake_case
 * "VS Code compatible" payload; both are read here.
 * Facts: github/docs content/copilot/reference/hooks-reference.md (§Hook event input payloads,
 * §postToolUse output: `additionalContext`; sessionStart "can inject additionalContext").
 */
import type { HookEventName } from '../core/types.ts';
import { Fields, hookEvent, isRecord, reportShape, requireSessionId, startSource, type Rec, type Warn } from './payload.ts';
import { eventTable, lookupEvent, type HookResult, type Parsed, type Platform } from './platform.ts';

const EVENTS = eventTable({
  sessionStart: 'SessionStart',
  SessionStart: 'SessionStart',
  sessionEnd: 'SessionEnd',
  SessionEnd: 'SessionEnd',
  userPromptSubmitted: 'UserPromptSubmit',
  UserPromptSubmit: 'UserPromptSubmit',
  preToolUse: 'PreToolUse',
  PreToolUse: 'PreToolUse',
  // PostToolUse, or PostToolUseFailure when the result says so.
  postToolUse: 'PostToolUse',
  PostToolUse: 'PostToolUse',
  postToolUseFailure: 'PostToolUseFailure',
  PostToolUseFailure: 'PostToolUseFailure',
  agentStop: 'Stop',
  Stop: 'Stop',
  subagentStop: 'SubagentStop',
  SubagentStop: 'SubagentStop',
  preCompact: 'PreCompact',
  PreCompact: 'PreCompact',
  // An error outside a tool call (model call, system); tool failures arrive as postToolUseFailure.
  errorOccurred: null,
  ErrorOccurred: null,
  notification: null,
  Notification: null,
  permissionRequest: null,
  PermissionRequest: null,
  subagentStart: null,
  userPromptTransformed: null,
});

/** Copilot's tool result, camelCase or snake_case. */
interface CopilotToolResult {
  readonly resultType?: unknown;
  readonly result_type?: unknown;
  readonly textResultForLlm?: unknown;
  readonly text_result_for_llm?: unknown;
}

const REFUSED_RE = /^(rejected|denied)$/i;

function parse(hostEvent: string | undefined, p: Rec, warn?: Warn): Parsed {
  const f = new Fields(p);
  const named = f.str('hook_event_name') ?? hostEvent;
  let event = lookupEvent('copilot', EVENTS, named);
  if (event === null) return { kind: 'ignored', hostEvent: named! };
  const result = f.obj('toolResult', 'tool_result') as CopilotToolResult | undefined;
  const resultType = result ? String(result.resultType ?? result.result_type ?? 'success') : undefined;
  const resultText = result ? (result.textResultForLlm ?? result.text_result_for_llm) : undefined;
  const failedResult = event === 'PostToolUse' && resultType !== undefined && resultType !== 'success';
  if (failedResult) event = 'PostToolUseFailure';
  const errorValue = p.error;
  const error = failedResult
    ? typeof resultText === 'string' && resultText.trim() ? resultText : resultType
    : typeof errorValue === 'string' ? errorValue : isRecord(errorValue) && typeof errorValue.message === 'string' ? errorValue.message : undefined;
  const ev = hookEvent({
    event,
    platform: 'copilot',
    sessionId: requireSessionId(f.str('sessionId', 'session_id'), 'sessionId'),
    cwd: f.str('cwd'),
    transcriptPath: f.str('transcriptPath', 'transcript_path'),
    source: startSource(f.str('source')),
    reason: f.str('reason'),
    prompt: f.str('prompt'),
    toolName: f.str('toolName', 'tool_name'),
    toolInput: f.objOrJson('toolArgs', 'tool_input'),
    toolResponse: event === 'PostToolUse' && typeof resultText === 'string' ? resultText : undefined,
    error: event === 'PostToolUseFailure' ? error : undefined,
    isInterrupt: failedResult && REFUSED_RE.test(resultType ?? '') ? true : undefined,
    lastAssistantMessage: f.str('response', 'last_assistant_message'),
    agentId: f.str('agentId', 'agent_id'),
    agentType: f.str('agentName', 'agent_name', 'agentType', 'agent_type'),
    trigger: f.str('trigger'),
    customInstructions: f.str('customInstructions', 'custom_instructions'),
  });
  reportShape(f, p, warn);
  return { kind: 'event', event: ev };
}

/**
 * sessionStart takes a flat `additionalContext` (older CLI builds ignore sessionStart output, which
 * is harmless). agentStop/subagentStop continue only on `decision: "block"`, so `{}` is safe there.
 */
function format(event: HookEventName | undefined, result: HookResult): string {
  if (event === 'SessionStart' && result.context) return JSON.stringify({ additionalContext: result.context });
  return '{}';
}

/** The GitHub Copilot CLI adapter (`--platform copilot`). */
export const platform: Platform = { name: 'copilot', events: EVENTS, parse, format };
