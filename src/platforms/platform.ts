/**
 * @module platforms/platform
 * The one shape every assistant adapter has (Hono's runtime adapters: each file exports the same name,
 * `platform`, under this type). An adapter owns its host's event names, payload spellings and output
 * format; everything behind it sees only mnemo's common `HookEvent`.
 */
import type { HookEvent, HookEventName } from '../core/types.ts';
import { UnknownEventError, type Rec, type Warn } from './payload.ts';

/** What a handler hands back: context to inject, if any. */
export interface HookResult {
  readonly context?: string;
}

/** A payload read: the common event, or a host event mnemo knows and deliberately does not record. */
export type Parsed = { readonly kind: 'event'; readonly event: HookEvent } | { readonly kind: 'ignored'; readonly hostEvent: string };

/** Host event name → mnemo event, or null for events the host documents that mnemo does not record. */
export type EventTable = ReadonlyMap<string, HookEventName | null>;

/** An assistant adapter: its event names, how to read its payloads, how to answer it. */
export interface Platform {
  /** The `--platform` name, also stored on sessions and observations. */
  readonly name: string;
  /** Every event name the host documents (in each spelling it uses), mapped or deliberately ignored. */
  readonly events: EventTable;
  /**
   * Read one payload. The event named in the payload wins over `hostEvent` (the command line's).
   * Throws PayloadError (UnknownEventError for names the host does not document).
   */
  parse(hostEvent: string | undefined, payload: Rec, warn?: Warn): Parsed;
  /**
   * The stdout for an event: exactly one JSON object, or nothing where any output could keep the
   * agent going. `event` is undefined when the payload could not be read.
   */
  format(event: HookEventName | undefined, result: HookResult): string;
}

/** An event table from an object literal (host name → mnemo event, or null for known-but-not-recorded). */
export function eventTable(entries: Readonly<Record<string, HookEventName | null>>): EventTable {
  return new Map(Object.entries(entries));
}

/** The mnemo event for a host event name; null when known but not recorded. Throws UnknownEventError. */
export function lookupEvent(platform: string, table: EventTable, named: string | undefined): HookEventName | null {
  if (named === undefined || !table.has(named)) throw new UnknownEventError(platform, named);
  return table.get(named) ?? null;
}

/** `{"hookSpecificOutput": {...}}` with context for the events that inject it, `{}` otherwise. */
export function hookSpecificOutput(event: HookEventName | undefined, result: HookResult, injects: readonly HookEventName[]): string {
  if (result.context && event && injects.includes(event)) {
    return JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: result.context } });
  }
  return '{}';
}
