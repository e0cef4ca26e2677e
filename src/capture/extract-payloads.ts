/**
 * @module capture/extract-payloads
 * What `mnemo extract` does with each payload: capture it exactly as a hook would
 * (`captureFromPayload`), then extract its typed events as ingestion would (`enrichEvent`), keeping
 * each session's extraction state from one payload to the next, so error → resolution and repeated
 * calls come out as they would in a live session. Nothing is stored.
 */
import { enrichEvent } from '../core/enrich.ts';
import type { ExtractedEvent } from '../core/extract/index.ts';
import type { CaptureLimits } from '../core/capture.ts';
import type { HookEvent, Place } from '../core/types.ts';
import { newUid } from '../core/uid.ts';
import { safeName, type Platform } from '../platforms/index.ts';
import type { Warn } from '../platforms/payload.ts';
import { captureFromPayload } from './from-payload.ts';

export interface ExtractorSetting {
  /** The adapter (or hook-less host name) payloads are read with. */
  readonly platform: Platform | string;
  /** The event name for payloads that do not name their own. */
  readonly hostEvent?: string | undefined;
  readonly limits: CaptureLimits;
  readonly place: (ev: HookEvent) => Place;
}

/** Extracts events payload by payload; one instance is one stream (sessions keep their state in it). */
export class PayloadExtractor {
  readonly #setting: ExtractorSetting;
  readonly #states = new Map<string, unknown>();

  constructor(setting: ExtractorSetting) {
    this.#setting = setting;
  }

  /**
   * The events one payload yields (`[]` for events that carry none). Throws PayloadError.
   * `hostEvent` names this payload's event where the payload does not and it differs from the
   * stream's (Copilot CLI's camelCase payloads carry no event name).
   */
  extract(payload: unknown, opts: { readonly warn?: Warn; readonly hostEvent?: string } = {}): readonly ExtractedEvent[] {
    const { warn } = opts;
    const hostEvent = opts.hostEvent ?? this.#setting.hostEvent;
    const read = captureFromPayload(payload, { ...this.#setting, hostEvent, now: Date.now(), uid: newUid(), ...(warn ? { warn } : {}) });
    if (read.kind === 'ignored') {
      warn?.(`${read.platform.name} event "${safeName(read.hostEvent)}" is not one mnemo records`);
      return [];
    }
    if (!read.captured) return [];
    const key = `${read.event.platform}:${read.event.sessionId}`;
    const r = enrichEvent(read.captured, this.#states.get(key));
    if (r.state) this.#states.set(key, r.state);
    return r.events;
  }
}
