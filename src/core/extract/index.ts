/**
 * @module core/extract
 * The event extraction engine: typed events from every tool call and every user message, in any
 * language, with secrets redacted. Pure (no I/O) and total: arbitrary input yields `[]` (and the
 * prior state) rather than an exception, because it runs inside someone else's editor on every
 * hook. Named exports only; anything not listed here is internal.
 */
import { runToolPipeline } from './tool-events.ts';
import { runUserPipeline } from './user/index.ts';
import { initialState, normalizeState } from './state.ts';
import type { ExtractedEvent, SessionState, ToolCall } from './types.ts';

/** Public types (named exports only: anything not listed here is internal). */
export type { CallRecord, EventType, ExtractedEvent, FailureInfo, PendingError, Priority, SessionState, ToolCall } from './types.ts';
export { EVENT_CATEGORIES, EVENT_TYPES, MAX_DATA_CHARS } from './types.ts';
export { initialState, normalizeState, MAX_ERRORS, MAX_RECENT } from './state.ts';
export { normalizeToolInput, normalizeToolName } from './tool-names.ts';
export { detectFailure } from './failure.ts';
export { isRuleFile } from './rule-files.ts';
export { extractKeyInfo } from './key-info.ts';
export { compressOutput } from './compress/index.ts';
export { evict } from './evict.ts';

/**
 * Events of one tool call, and the session state to persist for the next call. `state` may be
 * anything read back from storage (or undefined for a new session): it is validated first.
 * Call once per PostToolUse / PostToolUseFailure; a `phase: 'pre'` call yields launch events
 * only and returns the state unchanged.
 */
export function extractToolEvents(call: ToolCall, state?: SessionState | null): { events: ExtractedEvent[]; state: SessionState } {
  let prior: SessionState;
  try {
    prior = normalizeState(state);
  } catch {
    prior = initialState();
  }
  try {
    return runToolPipeline(call, prior);
  } catch {
    return { events: [], state: prior };
  }
}

/** Events of one user prompt (after `<private>` removal); host-injected wrappers yield `[]`. */
export function extractUserEvents(prompt: string): ExtractedEvent[] {
  try {
    return runUserPipeline(prompt);
  } catch {
    return [];
  }
}
