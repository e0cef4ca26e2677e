/**
 * @module core/narration
 * The model's own words around a tool call, as its host's transcript records them: the text it wrote
 * before the call in the same turn (the *why*: "the retry loop never sees the timeout because the
 * client swallows it, so I'll surface the error first") and the text right after the call's result
 * (the *finding*: what it concluded). Hooks never see either; a transcript reader (src/narration)
 * reads them later and stores them beside the call's observation, keyed by the host's call id.
 *
 * Pure: text in, bounded and cleaned text out. Each text block is cleaned on its own (private blocks
 * removed, secrets redacted) before it is kept, so nothing unsafe waits in a reader's saved state,
 * and the kept text is bounded by its head and its tail, whatever the length of a turn.
 */
import { stripPrivate } from './privacy/private-tags.ts';
import { redactText } from './privacy/redact.ts';
import { truncateMiddle } from './truncate.ts';

/** One call's narration as a reader found it. A side left out has not been seen (yet). */
export interface NarrationRecord {
  /** The host's session id (the one its hooks send). */
  readonly session: string;
  /** The host's id of the tool call (Claude Code's `tool_use_id`, Codex's `call_id`). */
  readonly callId: string;
  readonly why?: string;
  readonly finding?: string;
  /**
   * For hosts whose hooks send no call id (Gemini CLI): the call is the session's `nth` (from 0)
   * observation of `tool`, made at about `at` (ms).
   */
  readonly match?: { readonly tool: string; readonly nth: number; readonly at?: number };
}

/** How much of each side is kept: its head and its tail (the words nearest the call say most). */
export interface SideLimit {
  readonly head: number;
  readonly tail: number;
}

export const WHY_LIMIT: SideLimit = { head: 400, tail: 600 };
export const FINDING_LIMIT: SideLimit = { head: 450, tail: 150 };

/** Between the head and the tail of a text that did not fit. */
export const ELISION = ' … ';

/** A block longer than this is cut before privacy and redaction look at it (bounded work, as capture does). */
const BLOCK_MAX = 8_000;
const SPACES_RE = /[ \t]+/g;
const BLANK_LINES_RE = /\n[ \t]*(?:\n[ \t]*)+/g;

/** One text block made safe to keep: private blocks removed, secrets redacted, blank runs folded. */
export function cleanBlock(text: string): string {
  const clipped = text.length > BLOCK_MAX ? truncateMiddle(text, BLOCK_MAX) : text;
  const p = stripPrivate(clipped);
  if (p.allPrivate) return '';
  return redactText(p.text).replace(SPACES_RE, ' ').replace(BLANK_LINES_RE, '\n').trim();
}

/**
 * A text that grows block by block and keeps only its first `head` and last `tail` characters: the
 * same result whether it is built in one go or across reads (its state is plain data that a reader
 * saves with its byte offset).
 */
export interface Bounded {
  head: string;
  tail: string;
  /** Characters appended in all. */
  total: number;
}

export const emptyBounded = (): Bounded => ({ head: '', tail: '', total: 0 });

/** Append a cleaned block (blocks are joined by a newline). */
export function append(b: Bounded, text: string, limit: SideLimit): void {
  if (!text) return;
  const piece = b.total > 0 ? `\n${text}` : text;
  b.total += piece.length;
  const room = limit.head - b.head.length;
  const toHead = room > 0 ? piece.slice(0, room) : '';
  b.head += toHead;
  const rest = piece.slice(toHead.length);
  if (rest) b.tail = (b.tail + rest).slice(-limit.tail);
}

/** The text kept: all of it when it fits, else head … tail. */
export function render(b: Bounded, limit: SideLimit): string {
  if (b.total <= limit.head + limit.tail) return (b.head + b.tail).trim();
  return (b.head.trimEnd() + ELISION + b.tail.trimStart()).trim();
}

/** Records gathered into one per call: a later side wins (a finding is handed out again each time it grows). */
export class RecordMerge {
  readonly #byCall = new Map<string, NarrationRecord>();

  add(records: readonly NarrationRecord[]): void {
    for (const r of records) {
      const key = `${r.session}\0${r.callId}`;
      const had = this.#byCall.get(key);
      this.#byCall.set(key, had ? { ...had, ...r } : r);
    }
  }

  get size(): number {
    return this.#byCall.size;
  }

  /** The records gathered, and a fresh start. */
  drain(): NarrationRecord[] {
    const out = [...this.#byCall.values()];
    this.#byCall.clear();
    return out;
  }
}
