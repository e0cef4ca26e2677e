/**
 * @module core/team/share-rules
 * What may leave the machine. One predicate, asked twice: when a record is queued (inside the
 * transaction that writes it) and again when the sync engine builds the shared record, because a
 * project's settings or a record's flags can change while it waits. Pure: no I/O.
 *
 * Never shared, whatever the settings:
 * - private records (`<private>` all over: stored as `[PRIVATE]`); private parts of other records and
 *   redacted secrets never reached the store in the first place;
 * - records marked local: a `<local>` marker in the user's own words (a saved note or decision; in a
 *   prompt, it keeps the whole turn: the prompt and what the assistant does until the next prompt),
 *   `mnemo team keep-local`, or a session kept local as a whole (`MNEMO_TEAM_LOCAL=1`);
 * - bookkeeping: "about to run" notes (their outcome replaces them) and markers;
 * - prompts, in a project shared with `--no-prompts`;
 * - anything of a project that is not shared, and records mirrored from the team (they are on the server).
 */
import type { ObsType } from '../types.ts';

/** How a project is shared from this machine. */
export interface ShareRule {
  /** The local project (canonical path). */
  readonly project: string;
  /** The project key on the server (the normalised git remote). */
  readonly identity: string;
  /** Whether prompts are shared. */
  readonly prompts: boolean;
}

/** The facts about a stored observation the rule looks at. */
export interface ShareCandidate {
  readonly type: ObsType;
  readonly private: boolean;
  readonly localOnly: boolean;
  readonly sessionLocalOnly: boolean;
  /** Pulled from the team server (never pushed back). */
  readonly mirrored: boolean;
}

/** Types that are bookkeeping, not memory. */
const NEVER: ReadonlySet<ObsType> = new Set<ObsType>(['pending', 'marker']);

export function isShareable(o: ShareCandidate, rule: ShareRule | undefined): boolean {
  if (!rule || o.private || o.localOnly || o.sessionLocalOnly || o.mirrored || NEVER.has(o.type)) return false;
  return o.type !== 'prompt' || rule.prompts;
}

/** Types whose text is the user's own words, where a `<local>` marker is honoured. */
const OWN_WORDS: ReadonlySet<ObsType> = new Set<ObsType>(['prompt', 'note', 'decision']);

/** `<local>`, `</local>` or `<local/>`, any case. Tool output is not the user's words: markers there are ignored. */
const LOCAL_MARKER = /<\/?local\s*\/?>/i;

/** Whether a new record asks to stay on this machine. */
export function markedLocal(o: { readonly type: ObsType; readonly title: string; readonly body: string }): boolean {
  return OWN_WORDS.has(o.type) && (LOCAL_MARKER.test(o.body) || LOCAL_MARKER.test(o.title));
}
