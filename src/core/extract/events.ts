/**
 * @module core/extract/events
 * The one place events are built: category and default priority come from the taxonomy, and the
 * data string is redacted and clipped here, so no extractor can emit a raw secret or an
 * unbounded string by mistake.
 */
import { gist } from './text.ts';
import { EVENT_CATEGORIES, type EventType, type ExtractedEvent, type Priority } from './types.ts';

/** Default priority per type (1 = most important), as in the taxonomy. */
const PRIORITIES: Readonly<Record<EventType, Priority>> = {
  rule: 1, rule_content: 1, file_read: 1, file_edit: 1, file_write: 1, file_glob: 3, file_search: 3,
  cwd: 2, error_tool: 2, git: 2, env: 2, task: 1, task_create: 1, task_update: 1, plan_enter: 2,
  plan_exit: 2, plan_approved: 1, plan_rejected: 2, plan_file_write: 2, skill: 2,
  subagent_launched: 3, subagent_completed: 2, agent_finding: 2, mcp: 3, mcp_tool_call: 4,
  decision_question: 2, constraint_discovered: 2, worktree: 2, external_ref: 3, error_resolved: 2,
  retry_detected: 2, user_prompt: 1, intent: 4, decision: 2, role: 3, blocker: 2,
  blocker_resolved: 2, data: 4,
};

/** Build an event; `data` is redacted and clipped to 300 characters. */
export function makeEvent(type: EventType, data: string, bytesAvoided?: number): ExtractedEvent {
  const ev: ExtractedEvent = { type, category: EVENT_CATEGORIES[type], priority: PRIORITIES[type], data: gist(data) };
  return bytesAvoided !== undefined && bytesAvoided > 0 ? { ...ev, bytes_avoided: Math.round(bytesAvoided) } : ev;
}

/** Drop events whose type and data repeat an earlier one (an URL seen in input and output). */
export function dedupeEvents(events: readonly ExtractedEvent[]): ExtractedEvent[] {
  const seen = new Set<string>();
  const out: ExtractedEvent[] = [];
  for (const e of events) {
    if (!e.data) continue;
    const k = `${e.type}\u0000${e.data}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(e);
  }
  return out;
}
