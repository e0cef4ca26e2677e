/**
 * @module capture/from-payload
 * The one capture path: a host's parsed JSON payload → its platform adapter (the host that really
 * sent it, when hosts read each other's hook files) → the common hook event → `captureEvent`
 * (privacy, redaction, titles, truncation). The hook entry, the MCP `hook_event` tool, `mnemo
 * extract` and `mnemo import claude-code` all call this, so a payload is captured the same way
 * whichever door it came through; each caller only says where the event happened and when.
 * Pure but for what the caller's callbacks do (resolving a folder's project reads `.git`).
 */
import { captureEvent, type CaptureLimits } from '../core/capture.ts';
import type { CapturedEvent, HookEvent, Place } from '../core/types.ts';
import { readClaudeShaped } from '../platforms/claude-code.ts';
import { adapterFor, asPayload, platformNamed, type Parsed, type Platform } from '../platforms/index.ts';
import { lookupEvent } from '../platforms/platform.ts';
import type { Rec, Warn } from '../platforms/payload.ts';
import { platform as claudeCode } from '../platforms/claude-code.ts';

/** What the caller knows besides the payload. */
export interface CaptureSetting {
  /**
   * The adapter the payload came through (`--platform`, the MCP tool's `platform`), or its name. A name
   * without an adapter is a hook-less host (Trae) that sends Claude Code's field names: read as such,
   * stored under its own name.
   */
  readonly platform: Platform | string;
  /** The event name the caller gave (command line, MCP `event`); the payload's own name wins. */
  readonly hostEvent?: string | undefined;
  readonly limits: CaptureLimits;
  readonly now: number;
  readonly uid: string;
  /** The project (and branch) the event belongs to. */
  readonly place: (ev: HookEvent) => Place;
  /** Stop and SubagentStop without the final answer (older Claude Code builds): where else to read it. */
  readonly lastAssistantMessage?: (ev: HookEvent) => string | undefined;
  /** Hears what the adapter or capture had to drop (field names, never contents). */
  readonly warn?: Warn;
}

/** A payload the host documents but mnemo does not record. */
export interface IgnoredPayload {
  readonly kind: 'ignored';
  readonly platform: Platform;
  readonly hostEvent: string;
}

/** A payload read and captured; `captured` is undefined when the event carries nothing to keep. */
export interface CapturedPayload {
  readonly kind: 'event';
  /** The adapter that read it (the one the host's answer is formatted by). */
  readonly platform: Platform;
  readonly event: HookEvent;
  readonly place: Place;
  readonly captured?: CapturedEvent;
}

export type PayloadCapture = IgnoredPayload | CapturedPayload;

/** An adapter for a hook-less host speaking Claude Code's payloads under its own name. */
function claudeShapedAs(name: string): Platform {
  const parse = (hostEvent: string | undefined, p: Rec, warn?: Warn): Parsed => {
    const named = typeof p.hook_event_name === 'string' ? p.hook_event_name : hostEvent;
    const event = lookupEvent(name, claudeCode.events, named);
    if (event === null) return { kind: 'ignored', hostEvent: named! };
    return { kind: 'event', event: readClaudeShaped(name, event, p, warn) };
  };
  return { ...claudeCode, name, parse };
}

function adapterOf(declared: Platform | string, p: Rec): Platform {
  if (typeof declared !== 'string') return adapterFor(declared, p);
  const known = platformNamed(declared);
  return known ? adapterFor(known, p) : claudeShapedAs(declared);
}

/**
 * Read and capture one payload. Throws PayloadError (not an object, no session id, an event the
 * platform does not document); never anything else for any JSON value.
 */
export function captureFromPayload(payload: unknown, setting: CaptureSetting): PayloadCapture {
  const p = asPayload(payload);
  const platform = adapterOf(setting.platform, p);
  const parsed = platform.parse(setting.hostEvent, p, setting.warn);
  if (parsed.kind === 'ignored') return { kind: 'ignored', platform, hostEvent: parsed.hostEvent };
  let ev = parsed.event;
  if ((ev.event === 'Stop' || ev.event === 'SubagentStop') && !ev.lastAssistantMessage && setting.lastAssistantMessage) {
    const last = setting.lastAssistantMessage(ev);
    if (last) ev = { ...ev, lastAssistantMessage: last };
  }
  const place = setting.place(ev);
  const captured = captureEvent(ev, {
    place,
    now: setting.now,
    uid: setting.uid,
    limits: setting.limits,
    ...(setting.warn ? { warn: setting.warn } : {}),
  });
  return { kind: 'event', platform, event: ev, place, ...(captured ? { captured } : {}) };
}
