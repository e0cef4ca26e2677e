/**
 * @module platforms/cursor
 * Cursor agent hooks: camelCase event names, snake_case fields, `conversation_id` as the session and
 * `workspace_roots[0]` as the project folder. Generic tool events carry `tool_output` as a JSON string;
 * the older per-kind events (afterShellExecution's `command`/`output`, afterFileEdit's `edits`,
 * afterMCPExecution's `result_json`) become the same kind of tool call. Context goes back as a top-level
 * snake_case `additional_context`. Cursor also runs Claude Code settings hooks, so the PascalCase names
 * are accepted as aliases.
 * Facts: cursor.com/docs/hooks (event list; preToolUse/postToolUse/postToolUseFailure inputs; sessionStart
 * output `additional_context`), reference/hooks-and-mcp.md §B3.
 */
import type { HookEventName } from '../core/types.ts';
import { Fields, hookEvent, parseJson, reportShape, requireSessionId, type Rec, type Warn } from './payload.ts';
import { eventTable, lookupEvent, type HookResult, type Parsed, type Platform } from './platform.ts';

const EVENTS = eventTable({
  sessionStart: 'SessionStart',
  sessionEnd: 'SessionEnd',
  beforeSubmitPrompt: 'UserPromptSubmit',
  preToolUse: 'PreToolUse',
  postToolUse: 'PostToolUse',
  postToolUseFailure: 'PostToolUseFailure',
  afterShellExecution: 'PostToolUse',
  afterFileEdit: 'PostToolUse',
  afterMCPExecution: 'PostToolUse',
  afterAgentResponse: 'Stop',
  stop: 'Stop',
  subagentStop: 'SubagentStop',
  preCompact: 'PreCompact',
  subagentStart: null,
  beforeShellExecution: null,
  beforeMCPExecution: null,
  beforeReadFile: null,
  afterAgentThought: null,
  beforeTabFileRead: null,
  afterTabFileEdit: null,
  // Claude Code's names, for hooks Cursor runs from Claude settings files.
  SessionStart: 'SessionStart',
  SessionEnd: 'SessionEnd',
  UserPromptSubmit: 'UserPromptSubmit',
  PreToolUse: 'PreToolUse',
  PostToolUse: 'PostToolUse',
  PostToolUseFailure: 'PostToolUseFailure',
  Stop: 'Stop',
  SubagentStop: 'SubagentStop',
  PreCompact: 'PreCompact',
});

/** A JSON string decoded (tool outputs and MCP results arrive encoded); anything else as is. */
function decoded(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (!t.startsWith('{') && !t.startsWith('[')) return v;
  return parseJson(t) ?? v;
}

interface ToolCall {
  readonly toolName?: string;
  readonly toolInput?: Rec;
  readonly toolResponse?: unknown;
}

/** The call an after-event describes: generic tool events as sent, the per-kind events as a tool call. */
function toolCallOf(named: string, f: Fields, p: Rec): ToolCall {
  switch (named) {
    case 'afterShellExecution': {
      const command = f.str('command');
      const cwd = f.str('cwd');
      const output = f.str('output');
      // The output as Cursor gives it: a plain string, which says by itself whether the command failed.
      return { toolName: 'Shell', toolInput: { ...(command !== undefined ? { command } : {}), ...(cwd ? { cwd } : {}) }, toolResponse: output };
    }
    case 'afterFileEdit': {
      const filePath = f.str('file_path');
      const edits = Array.isArray(p.edits) ? p.edits : undefined;
      return { toolName: 'Edit', toolInput: { ...(filePath ? { file_path: filePath } : {}), ...(edits ? { edits } : {}) } };
    }
    default:
      return {
        toolName: f.str('tool_name'),
        toolInput: f.objOrJson('tool_input'),
        toolResponse: decoded(f.any('tool_output', 'result_json')),
      };
  }
}

function parse(hostEvent: string | undefined, p: Rec, warn?: Warn): Parsed {
  const f = new Fields(p);
  const named = f.str('hook_event_name') ?? hostEvent;
  const event = lookupEvent('cursor', EVENTS, named);
  if (event === null) return { kind: 'ignored', hostEvent: named! };
  const isTool = event === 'PreToolUse' || event === 'PostToolUse' || event === 'PostToolUseFailure';
  const call = isTool ? toolCallOf(named!, f, p) : {};
  const failureType = f.str('failure_type');
  const ev = hookEvent({
    event,
    platform: 'cursor',
    sessionId: requireSessionId(f.str('conversation_id', 'session_id'), 'conversation_id'),
    // The workspace is the project; a tool's own cwd may be a subfolder or elsewhere.
    cwd: f.firstOf('workspace_roots') ?? f.str('cwd'),
    transcriptPath: f.str('transcript_path'),
    source: event === 'SessionStart' ? 'startup' : undefined,
    reason: f.str('reason'),
    prompt: f.str('prompt'),
    ...call,
    toolUseId: f.str('tool_use_id'),
    error: event === 'PostToolUseFailure' ? f.str('error_message', 'error') ?? failureType ?? 'failed' : undefined,
    isInterrupt: event === 'PostToolUseFailure' ? f.bool('is_interrupt') : undefined,
    durationMs: f.num('duration', 'duration_ms'),
    // afterAgentResponse's text; subagentStop's result.
    lastAssistantMessage: f.str('text', 'result', 'summary', 'last_assistant_message'),
    agentType: f.str('subagent_type', 'agent_type'),
    trigger: f.str('trigger'),
    model: f.str('model'),
  });
  reportShape(f, p, warn);
  return { kind: 'event', event: ev };
}

/**
 * sessionStart injects through a top-level `additional_context`; beforeSubmitPrompt answers
 * `{"continue": true}` so the prompt is never held back; stop and subagentStop continue the agent only
 * with a `followup_message`, so `{}` is safe there.
 */
function format(event: HookEventName | undefined, result: HookResult): string {
  if (event === 'SessionStart' && result.context) return JSON.stringify({ additional_context: result.context });
  if (event === 'UserPromptSubmit') return JSON.stringify({ continue: true });
  return '{}';
}

/** The Cursor adapter (`--platform cursor`). */
export const platform: Platform = { name: 'cursor', events: EVENTS, parse, format };
