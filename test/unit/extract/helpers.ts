import { extractToolEvents, initialState, type ExtractedEvent, type SessionState, type ToolCall } from '../../../src/core/extract/index.ts';

/** Run one call from a fresh state (or `state`), returning events and the next state. */
export function run(call: ToolCall, state: SessionState = initialState()): { events: ExtractedEvent[]; state: SessionState } {
  return extractToolEvents(call, state);
}

export function types(events: readonly ExtractedEvent[]): string[] {
  return events.map((e) => e.type);
}

export function ofType(events: readonly ExtractedEvent[], type: string): ExtractedEvent[] {
  return events.filter((e) => e.type === type);
}

/**
 * Replays calls as the hooks do: one process per call, the state persisted as JSON in between
 * (so nothing can survive in memory).
 */
export function replay(calls: readonly ToolCall[]): ExtractedEvent[][] {
  let stored = JSON.stringify(initialState());
  const out: ExtractedEvent[][] = [];
  for (const call of calls) {
    const r = extractToolEvents(call, JSON.parse(stored) as SessionState);
    stored = JSON.stringify(r.state);
    out.push(r.events);
  }
  return out;
}

export const bash = (command: string, response: unknown = { stdout: '', stderr: '', interrupted: false, isImage: false }): ToolCall => ({
  toolName: 'Bash',
  input: { command },
  response,
});

export const bashFail = (command: string, error: string): ToolCall => ({ toolName: 'Bash', input: { command }, failed: true, error });
