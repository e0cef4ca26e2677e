/**
 * @module platforms/gemini
 * Gemini CLI: its own event names (BeforeAgent, AfterTool, PreCompress, …), snake_case fields, tool
 * results as `{llmContent, returnDisplay, error?}`, and no tool-call id. Context goes back in
 * `hookSpecificOutput.additionalContext`.
 * Facts: google-gemini/gemini-cli docs/hooks/reference.md and packages/core/src/hooks/types.ts
 * (AfterToolInput.tool_response is the ToolResult's llmContent, returnDisplay and error {message, type}).
 */
import type { HookEventName } from '../core/types.ts';
import { Fields, hookEvent, isRecord, partsText, reportShape, requireSessionId, type Rec, type Warn } from './payload.ts';
import { eventTable, hookSpecificOutput, lookupEvent, type HookResult, type Parsed, type Platform } from './platform.ts';

const EVENTS = eventTable({
  SessionStart: 'SessionStart',
  SessionEnd: 'SessionEnd',
  BeforeAgent: 'UserPromptSubmit',
  AfterAgent: 'Stop',
  BeforeTool: 'PreToolUse',
  // PostToolUse or PostToolUseFailure, by `tool_response.error`.
  AfterTool: 'PostToolUse',
  PreCompress: 'PreCompact',
  BeforeModel: null,
  AfterModel: null,
  BeforeToolSelection: null,
  Notification: null,
});

/** Gemini's `tool_response`. */
interface GeminiToolResponse {
  readonly llmContent?: unknown;
  readonly returnDisplay?: unknown;
  readonly error?: { readonly message?: unknown; readonly type?: unknown } | string;
}

function isToolResponse(v: unknown): v is GeminiToolResponse {
  return isRecord(v) && ('llmContent' in v || 'returnDisplay' in v || 'error' in v);
}

const INTERRUPT_RE = /cancel|abort|interrupt/i;
const BY_USER_RE = /\b(?:cancell?ed|aborted|interrupted) by (?:the )?user\b/i;

/** What the model was told (llmContent), else what the user saw (a string, or a diff's text). */
function resultText(r: GeminiToolResponse): string | undefined {
  const llm = partsText(r.llmContent);
  if (llm?.trim()) return llm;
  if (typeof r.returnDisplay === 'string') return r.returnDisplay;
  if (isRecord(r.returnDisplay) && typeof r.returnDisplay.fileDiff === 'string') return r.returnDisplay.fileDiff;
  return undefined;
}

function failureOf(r: GeminiToolResponse): { error: string; isInterrupt: boolean } | undefined {
  const e = r.error;
  if (e === undefined || e === null) return undefined;
  if (typeof e === 'string') return { error: e, isInterrupt: BY_USER_RE.test(e) };
  if (!isRecord(e)) return { error: JSON.stringify(e), isInterrupt: false };
  const message = typeof e.message === 'string' ? e.message : JSON.stringify(e);
  const type = typeof e.type === 'string' ? e.type : '';
  return { error: message, isInterrupt: INTERRUPT_RE.test(type) || BY_USER_RE.test(message) };
}

function parse(hostEvent: string | undefined, p: Rec, warn?: Warn): Parsed {
  const f = new Fields(p);
  const named = f.str('hook_event_name') ?? hostEvent;
  let event = lookupEvent('gemini', EVENTS, named);
  if (event === null) return { kind: 'ignored', hostEvent: named! };
  const response = p.tool_response;
  if (response !== undefined && response !== null && !isToolResponse(response)) warn?.('ignored field(s) of the wrong type: tool_response');
  const r = isToolResponse(response) ? response : undefined;
  const failure = event === 'PostToolUse' && r ? failureOf(r) : undefined;
  if (failure) event = 'PostToolUseFailure';
  const ev = hookEvent({
    event,
    platform: 'gemini',
    sessionId: requireSessionId(f.str('session_id'), 'session_id'),
    cwd: f.str('cwd'),
    transcriptPath: f.str('transcript_path'),
    source: f.str('source'),
    reason: f.str('reason'),
    prompt: event === 'UserPromptSubmit' ? f.str('prompt') : undefined,
    toolName: f.str('tool_name'),
    toolInput: f.obj('tool_input'),
    toolResponse: event === 'PostToolUse' && r ? resultText(r) : undefined,
    error: failure?.error,
    isInterrupt: failure?.isInterrupt || undefined,
    lastAssistantMessage: event === 'Stop' ? f.str('prompt_response') : undefined,
    trigger: f.str('trigger'),
  });
  reportShape(f, p, warn);
  return { kind: 'event', event: ev };
}

/**
 * SessionStart injects through hookSpecificOutput (the first turn in interactive mode); everything else
 * is `{}`, which decides nothing (AfterAgent retries only on `decision: "deny"`).
 */
function format(event: HookEventName | undefined, result: HookResult): string {
  return hookSpecificOutput(event, result, ['SessionStart']);
}

/** The Gemini CLI adapter (`--platform gemini`). */
export const platform: Platform = { name: 'gemini', events: EVENTS, parse, format };
