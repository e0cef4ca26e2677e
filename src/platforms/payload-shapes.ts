/**
 * @module platforms/payload-shapes
 * How a payload tells which host sent it, when hosts run each other's hook files (platforms/index
 * routes on these). Apart from the adapters: every Claude Code hook asks them, and the adapters of the
 * other hosts are loaded only when one of them answers yes (platforms/hosts).
 */
import type { Rec } from './payload.ts';

/** The VS Code shape: camelCase `hookEventName`, or a camelCase `sessionId` next to `timestamp` and no `session_id`. */
export function isVsCodePayload(p: Rec): boolean {
  if (typeof p.hookEventName === 'string') return true;
  return typeof p.sessionId === 'string' && p.session_id === undefined && typeof p.timestamp === 'string';
}

/** Cursor's shape: `conversation_id` or `cursor_version` (Claude Code sends neither). */
export function isCursorPayload(p: Rec): boolean {
  return typeof p.conversation_id === 'string' || typeof p.cursor_version === 'string';
}

/** A camelCase Copilot payload: `sessionId` with a numeric `timestamp` (VS Code's is an ISO string). */
export function isCopilotCamelPayload(p: Rec): boolean {
  return typeof p.sessionId === 'string' && p.session_id === undefined && p.hookEventName === undefined && typeof p.timestamp !== 'string';
}

/** Copilot CLI's snake_case payload (from Claude settings): `session_id` plus an ISO `timestamp`, which Claude Code never sends. */
export function isCopilotSnakePayload(p: Rec): boolean {
  return typeof p.session_id === 'string' && typeof p.timestamp === 'string' && typeof p.hook_event_name === 'string' && p.permission_mode === undefined;
}
