/**
 * @module eval/labels
 * From the keys a labelled question names (tool_use_id, a transcript entry's uuid, `queued:<session>:<line>`)
 * to the ids of the observations the replay stored for them.
 *
 * Tool calls carry their tool_use_id into the store. Other events (prompts, the turn's final answer,
 * subagent results, compaction summaries) carry nothing the transcript knows, so they are matched by
 * order: within a session, the replayed non-tool events and the stored observations without a
 * tool_use_id come in the same order, and each event's expected title (the capture pipeline's, which
 * hooks run too) picks its observation. (Stores built by the importer name them by a hash of the
 * event's key, which is used when present.) An event whose observation was not stored (a duplicate, a
 * private prompt) stays unmatched rather than taking its neighbour's.
 */
import { importUid } from '../src/import/claude-code/group-capture.ts';
import type { SqliteDb } from '../src/store/sqlite/driver.ts';
import type { ReplayedEvent } from './hook-replay.ts';

interface StoredRow {
  id: number;
  uid: string;
  title: string;
  tool_use_id: string | null;
  external_id: string;
}

/** Where each replayed event's observation landed: event index → observation id. */
export interface ObservationIndex {
  /** tool_use_id → observation ids (a call stored once; a re-delivery is not a second row). */
  readonly byToolUseId: ReadonlyMap<string, number[]>;
  /** importer key → observation id, for the non-tool events that were matched. */
  readonly byKey: ReadonlyMap<string, number>;
  /** Non-tool events that produced no matched observation. */
  readonly unmatched: number;
}

/** How far before the last match a row may lie and still be the next event's (stamps reorder neighbours). */
const REORDER_SLACK = 20;

export function indexObservations(db: SqliteDb, events: readonly ReplayedEvent[]): ObservationIndex {
  const rows = db
    .prepare('SELECT o.id, o.uid, o.title, o.tool_use_id, s.external_id FROM observations o JOIN sessions s ON s.id = o.session_id ORDER BY o.id')
    .all() as StoredRow[];
  const byToolUseId = new Map<string, number[]>();
  const others = new Map<string, StoredRow[]>();
  for (const r of rows) {
    if (r.tool_use_id) byToolUseId.set(r.tool_use_id, [...(byToolUseId.get(r.tool_use_id) ?? []), r.id]);
    else others.set(r.external_id, [...(others.get(r.external_id) ?? []), r]);
  }
  const byKey = new Map<string, number>();
  // A store built by `mnemo import claude-code` names each event's observation by a hash of its key.
  const byUid = new Map(rows.filter((r) => r.uid.startsWith('cc-')).map((r) => [r.uid, r.id]));
  let unmatched = 0;
  // Per session: each title's stored rows, in order; which are taken; where the last match was.
  const sessions = new Map<string, { byTitle: Map<string, number[]>; taken: Set<number>; last: number }>();
  const sessionOf = (id: string) => {
    let s = sessions.get(id);
    if (!s) {
      const byTitle = new Map<string, number[]>();
      (others.get(id) ?? []).forEach((r, i) => byTitle.set(r.title, [...(byTitle.get(r.title) ?? []), i]));
      sessions.set(id, (s = { byTitle, taken: new Set(), last: 0 }));
    }
    return s;
  };
  for (const e of events) {
    if (e.toolUseId !== undefined || e.title === undefined) continue;
    const imported = byUid.get(importUid(e.key));
    if (imported !== undefined) {
      byKey.set(e.key, imported);
      continue;
    }
    // The first free row with the event's title near where the last one matched: hook stamps may
    // store a prompt and the previous turn's answer in either order, and a title seen again much
    // later ("continue") must not carry the cursor past every event in between.
    const s = sessionOf(e.sessionId);
    const rows = (s.byTitle.get(e.title) ?? []).filter((i) => !s.taken.has(i));
    const j = rows.find((i) => i >= s.last - REORDER_SLACK) ?? rows[0];
    if (j !== undefined) {
      byKey.set(e.key, others.get(e.sessionId)![j]!.id);
      s.taken.add(j);
      s.last = j + 1;
    } else unmatched++;
  }
  return { byToolUseId, byKey, unmatched };
}

/** The observation ids one label key stands for (empty when it names nothing stored). */
export function idsForKey(label: string, index: ObservationIndex): number[] {
  if (label.startsWith('toolu_') || index.byToolUseId.has(label)) return index.byToolUseId.get(label) ?? [];
  if (label.startsWith('queued:')) {
    const [, session, line] = label.split(':');
    const ids: number[] = [];
    for (const [key, id] of index.byKey) if (key.startsWith(`${session}/`) && key.endsWith(`#${line}:queued`)) ids.push(id);
    return ids;
  }
  const ids: number[] = [];
  for (const [key, id] of index.byKey) if (key.startsWith(`${label}:`) || key.includes(`:${label}:`)) ids.push(id);
  return ids;
}
