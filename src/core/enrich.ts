/**
 * @module core/enrich
 * What ingestion adds to a captured event: its typed events (core/extract) given the session's
 * extraction state, the searchable key terms, and the observation's importance. Runs where the
 * session state lives (inside the store's write transaction), so error → resolution and repeated
 * calls are tracked across hook processes, in order, without races.
 */
import { extractKeyInfo, extractToolEvents, extractUserEvents, type ExtractedEvent, type SessionState } from './extract/index.ts';
import type { CapturedEvent } from './types.ts';

export interface Enrichment {
  readonly events: readonly ExtractedEvent[];
  /** The session's extraction state after this event (undefined: unchanged). */
  readonly state?: SessionState;
  /** Extra search terms: identifiers, error codes, paths, event text. */
  readonly tags: string;
  /** The most important event's priority (5 when none). */
  readonly priority: number;
}

/** An extraction engine: `enrichEvent`, or one that returns exactly what it would. */
export type EnrichFn = (ev: CapturedEvent, state: unknown) => Enrichment;

const TAG_CHARS = 1200;
const KEY_INFO_WINDOW = 1500;

export function enrichEvent(ev: CapturedEvent, state: unknown): Enrichment {
  const obs = ev.observation;
  let events: ExtractedEvent[] = [];
  let next: SessionState | undefined;
  if (ev.call) {
    const r = extractToolEvents(ev.call, state as SessionState | null | undefined);
    events = r.events;
    if (ev.call.phase === 'post') next = r.state;
  } else if (obs && obs.type === 'prompt' && !obs.private) {
    events = extractUserEvents(obs.body);
  }
  // Key terms come from the title and the head of the body: that is where commands, paths and
  // error lines sit, and it bounds the work per event (ingestion runs this for every row).
  const text = obs && !obs.private ? `${obs.title}\n${obs.body.slice(0, KEY_INFO_WINDOW)}` : '';
  const tags = [obs?.tags ?? '', ...events.map((e) => `${e.type} ${e.data}`), text ? extractKeyInfo(text, TAG_CHARS) : '']
    .filter(Boolean)
    .join(' ')
    .slice(0, TAG_CHARS * 2);
  const priority = events.reduce((min, e) => Math.min(min, e.priority), 5);
  return { events, ...(next ? { state: next } : {}), tags, priority };
}
