/**
 * @module platforms/opencode
 * OpenCode, through the plugin `mnemo install opencode` writes (src/install/assistants/opencode.ts): it
 * runs `hook.js <name> --platform opencode` with `{cwd, worktree, ...}` on stdin, where `<name>` is a bus
 * event (`session.created`, `session.idle`, …, payload `event: {type, properties}`) or a plugin hook
 * (`chat.message` with `input`, `message`, `parts`; `tool.execute.before` with `input`, `args`;
 * `tool.execute.after` with `input`, `output: {title, output, metadata}`). OpenCode ignores the output.
 * Facts: sst/opencode packages/plugin/src/index.ts (Hooks), packages/opencode/src/tool/bash.ts
 * (metadata `{output, exit, description}`, "User aborted the command"), opencode.ai/docs/plugins.
 */
import type { HookEventName } from '../core/types.ts';
import { Fields, hookEvent, isRecord, partsText, reportShape, requireSessionId, type Rec, type Warn } from './payload.ts';
import { eventTable, lookupEvent, type HookResult, type Parsed, type Platform } from './platform.ts';

const EVENTS = eventTable({
  'session.created': 'SessionStart',
  'chat.message': 'UserPromptSubmit',
  'tool.execute.before': 'PreToolUse',
  // PostToolUse, or PostToolUseFailure for a shell command that exited non-zero.
  'tool.execute.after': 'PostToolUse',
  // OpenCode turns idle when the model has answered.
  'session.idle': 'Stop',
  // OpenCode reports compaction once it is done and hands over no summary: recorded as the marker.
  'session.compacted': 'PreCompact',
  'experimental.session.compacting': 'PreCompact',
  'session.deleted': 'SessionEnd',
  'session.error': null,
  'session.updated': null,
  'session.status': null,
  'session.diff': null,
  'message.updated': null,
  'message.part.updated': null,
  'message.removed': null,
  'file.edited': null,
  'permission.updated': null,
  'permission.replied': null,
  'todo.updated': null,
  'command.executed': null,
});

/** `event` as OpenCode's bus delivers it. */
interface BusEvent {
  readonly type?: unknown;
  readonly properties?: { readonly info?: { readonly id?: unknown; readonly directory?: unknown }; readonly sessionID?: unknown };
}

/** The plugin hooks' `input` and `output`. */
interface HookInput {
  readonly tool?: unknown;
  readonly sessionID?: unknown;
  readonly callID?: unknown;
  readonly messageID?: unknown;
  readonly args?: unknown;
}
interface ToolOutput {
  readonly output?: unknown;
  readonly title?: unknown;
  readonly metadata?: { readonly exit?: unknown; readonly output?: unknown } | null;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const ABORTED_RE = /User aborted the command/;

/** A shell command that exited non-zero (OpenCode runs the after-hook only for calls that returned). */
function shellFailure(tool: string | undefined, out: ToolOutput | undefined): { error: string; isInterrupt: boolean } | undefined {
  const meta = out && isRecord(out.metadata) ? out.metadata : undefined;
  const exit = typeof meta?.exit === 'number' ? meta.exit : undefined;
  if (tool !== 'bash' || exit === undefined || exit === 0) return undefined;
  const text = str(out?.output) ?? str(meta?.output) ?? '';
  return { error: `Exit code ${exit}${text ? `\n${text}` : ''}`, isInterrupt: ABORTED_RE.test(text) };
}

function parse(hostEvent: string | undefined, p: Rec, warn?: Warn): Parsed {
  const f = new Fields(p);
  const bus = f.obj('event') as BusEvent | undefined;
  const named = str(bus?.type) ?? hostEvent;
  let event = lookupEvent('opencode', EVENTS, named);
  if (event === null) return { kind: 'ignored', hostEvent: named! };
  const input = f.obj('input') as HookInput | undefined;
  const message = f.obj('message');
  const out = f.obj('output') as ToolOutput | undefined;
  const props = isRecord(bus?.properties) ? bus.properties : undefined;
  const info = isRecord(props?.info) ? props.info : undefined;
  const toolName = str(input?.tool);
  const failure = event === 'PostToolUse' ? shellFailure(toolName, out) : undefined;
  if (failure) event = 'PostToolUseFailure';
  const args = f.obj('args') ?? (isRecord(input?.args) ? input.args : undefined);
  const sessionId = str(input?.sessionID) ?? str(message?.sessionID) ?? str(props?.sessionID) ?? str(info?.id);
  const ev = hookEvent({
    event,
    platform: 'opencode',
    sessionId: requireSessionId(sessionId, 'sessionID'),
    cwd: f.str('cwd') ?? str(info?.directory) ?? f.str('worktree'),
    source: event === 'SessionStart' ? 'startup' : undefined,
    reason: event === 'SessionEnd' ? 'deleted' : undefined,
    prompt: event === 'UserPromptSubmit' ? partsText(f.any('parts')) : undefined,
    promptId: event === 'UserPromptSubmit' ? (str(message?.id) ?? str(input?.messageID)) : undefined,
    toolName,
    toolInput: event === 'PreToolUse' || event === 'PostToolUse' || event === 'PostToolUseFailure' ? args : undefined,
    toolResponse: event === 'PostToolUse' ? (str(out?.output) ?? out) : undefined,
    toolUseId: str(input?.callID),
    error: failure?.error,
    isInterrupt: failure?.isInterrupt || undefined,
    trigger: event === 'PreCompact' ? 'auto' : undefined,
  });
  reportShape(f, p, warn);
  return { kind: 'event', event: ev };
}

/** OpenCode does not read the hook's output; one JSON object keeps the contract uniform. */
function format(_event: HookEventName | undefined, _result: HookResult): string {
  return '{}';
}

/** The OpenCode (through mnemo's plugin) adapter (`--platform opencode`). */
export const platform: Platform = { name: 'opencode', events: EVENTS, parse, format };
