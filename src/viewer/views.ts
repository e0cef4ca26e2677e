/**
 * @module viewer/views
 * Shapes store rows into what the page shows: observations with their extracted events, session
 * labels for grouping, and one session read whole (files, failures and their fixes, decisions).
 */
import { phrasesFor } from '../core/summarize/phrases.ts';
import { openIssuesOf } from '../core/summarize/reply-check.ts';
import type { Observation, Session, SessionSummary, StoredEvent } from '../core/types.ts';
import type { Store } from '../store/store.ts';
import type { EventView, ObservationView, SessionBrief, SessionReport } from './api-types.ts';

const BRIEF_CHARS = 300;

function eventView(e: StoredEvent): EventView {
  return { type: e.type, category: e.category, priority: e.priority, data: e.data, ...(e.bytesAvoided !== undefined ? { bytesAvoided: e.bytesAvoided } : {}) };
}

/** Attach each observation's extracted events (one query for the whole page). */
export async function withEvents(store: Store, observations: readonly Observation[], scores?: ReadonlyMap<number, number>): Promise<ObservationView[]> {
  const events = observations.length ? await store.eventsFor({ obsIds: observations.map((o) => o.id) }) : [];
  const byObs = new Map<number, EventView[]>();
  for (const e of events) {
    const list = byObs.get(e.obsId);
    if (list) list.push(eventView(e));
    else byObs.set(e.obsId, [eventView(e)]);
  }
  return observations.map((o) => {
    const score = scores?.get(o.id);
    return { ...o, events: byObs.get(o.id) ?? [], ...(score !== undefined ? { score: Number(score.toFixed(4)) } : {}) };
  });
}

/** A session's label for grouping rows (its summary cut to a line or two). */
export function sessionBrief(s: Session): SessionBrief {
  return {
    id: s.id,
    platform: s.platform,
    project: s.project,
    ...(s.branch ? { branch: s.branch } : {}),
    startedAt: s.startedAt,
    ...(s.endedAt !== undefined ? { endedAt: s.endedAt } : {}),
    observationCount: s.observationCount,
    ...(s.summary ? { brief: s.summary.brief.slice(0, BRIEF_CHARS) } : {}),
    ...(s.author ? { author: s.author } : {}),
  };
}

/** Labels for the sessions some observations belong to, keyed by session id. */
export async function sessionBriefs(store: Store, observations: readonly Observation[]): Promise<Record<string, SessionBrief>> {
  const ids = [...new Set(observations.map((o) => o.sessionId))];
  const sessions = await Promise.all(ids.map((id) => store.getSession(id)));
  const out: Record<string, SessionBrief> = {};
  for (const s of sessions) if (s) out[String(s.id)] = sessionBrief(s);
  return out;
}

const DECISION_EVENTS = new Set(['decision', 'decision_question']);

/**
 * What is still open: the summary's open issues once the session has one (the same resolution as
 * the summary, over the whole session), else the failures the extraction state still holds.
 */
function openErrorsOf(summary: SessionSummary | undefined, state: unknown): string[] {
  if (summary) return openIssuesOf(summary.detailed, phrasesFor(summary.language).nothing);
  const errors = (state as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.map((e) => (e as { d?: unknown }).d).filter((d): d is string => typeof d === 'string');
}

/** One session read whole; undefined when it does not exist. */
export async function sessionReport(store: Store, id: number): Promise<SessionReport | undefined> {
  const session = await store.getSession(id);
  if (!session) return undefined;
  const [files, errors, decisionRows, events, state] = await Promise.all([
    store.topFiles({ sessionId: id, limit: 200, scan: 1 }),
    store.feed({ sessionId: id, types: ['error'], order: 'asc', limit: 200 }),
    store.feed({ sessionId: id, types: ['decision'], order: 'asc', limit: 100 }),
    store.eventsFor({ sessionId: id }),
    store.sessionState(id),
  ]);
  const eventCounts: Record<string, number> = {};
  for (const e of events) eventCounts[e.type] = (eventCounts[e.type] ?? 0) + 1;
  const decisions = [
    ...decisionRows.map((o) => ({ obsId: o.id, text: o.title, at: o.createdAt })),
    ...events.filter((e) => DECISION_EVENTS.has(e.type)).map((e) => ({ obsId: e.obsId, text: e.data, at: e.createdAt })),
  ].sort((a, b) => a.at - b.at || a.obsId - b.obsId);
  return {
    session,
    ...(session.summary ? { summary: session.summary } : {}),
    files,
    errors,
    resolutions: events.filter((e) => e.type === 'error_resolved').map((e) => ({ ...eventView(e), obsId: e.obsId })),
    openErrors: openErrorsOf(session.summary, state),
    decisions,
    eventCounts,
  };
}
