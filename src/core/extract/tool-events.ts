/**
 * @module core/extract/tool-events
 * One tool call (plus the session's prior state) → events (plus the next state). Normalizes the
 * call once, runs every matching extractor in order, adds resolution/retry events from the state
 * machine, and de-duplicates. Pure: the input state is never modified.
 */
import { asRecord } from './fields.ts';
import { detectFailure } from './failure.ts';
import { dedupeEvents } from './events.ts';
import { normalizeToolInput, normalizeToolName } from './tool-names.ts';
import { isOwnTool } from './tools/mcp.ts';
import { TOOL_EXTRACTORS } from './registry.ts';
import { track } from './resolution.ts';
import type { CallContext } from './context.ts';
import type { ExtractedEvent, SessionState, ToolCall } from './types.ts';

/** Build the normalized view of a call that every extractor reads. */
export function callContext(call: ToolCall): CallContext {
  const tool = normalizeToolName(call.toolName);
  const input = normalizeToolInput(tool, call.input);
  const ctx: CallContext = {
    tool,
    rawTool: call.toolName,
    input,
    response: call.response,
    hasResponse: call.response !== undefined && call.response !== null,
    // Judged on the normalized call, as capture judges it: the record and its events agree.
    failure: detectFailure({ ...call, toolName: tool, input }),
    phase: call.phase === 'pre' ? 'pre' : 'post',
    ...(typeof call.cwd === 'string' && call.cwd ? { cwd: call.cwd } : {}),
  };
  return ctx;
}

/** The unguarded pipeline; `extractToolEvents` in index.ts wraps it so it never throws. */
export function runToolPipeline(call: ToolCall, state: SessionState): { events: ExtractedEvent[]; state: SessionState } {
  if (!asRecord(call) || typeof call.toolName !== 'string' || !call.toolName) return { events: [], state };
  const ctx = callContext(call);
  if (isOwnTool(ctx.tool)) return { events: [], state };
  const events: ExtractedEvent[] = [];
  for (const ex of TOOL_EXTRACTORS) {
    if (ex.match(ctx)) events.push(...ex.extract(ctx));
  }
  const tracked = track(ctx, state);
  events.push(...tracked.events);
  return { events: dedupeEvents(events), state: tracked.state };
}
