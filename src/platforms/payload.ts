/**
 * @module platforms/payload
 * What every platform adapter needs to read a host's stdin JSON without trusting it: a typed field
 * reader that remembers which fields had the wrong type (names only, never values), the two error
 * classes, and small shape helpers. Pure: no I/O.
 */
import type { HookEvent, HookEventName } from '../core/types.ts';

/** A parsed JSON object. */
export type Rec = Record<string, unknown>;

/** Hears what an adapter had to drop (field names, never their contents). */
export type Warn = (message: string) => void;

/** A payload that cannot become an event: not an object, no session id. Callers log it and answer empty. */
export class PayloadError extends Error {
  override readonly name: string = 'PayloadError';
}

/** An event name the platform does not document. A person gets told; a host gets an empty answer. */
export class UnknownEventError extends PayloadError {
  override readonly name = 'UnknownEventError';
  constructor(
    readonly platform: string,
    readonly hostEvent: string | undefined,
  ) {
    super(`unknown hook event: ${hostEvent === undefined ? 'none given' : safeName(hostEvent)}`);
  }
}

const NOT_NAME_CHAR_RE = /[^A-Za-z0-9_.:-]/g;

/** An event name safe to echo in a log line or on stderr: name characters only, bounded (it may hold anything). */
export function safeName(v: unknown): string {
  return typeof v === 'string' ? v.replace(NOT_NAME_CHAR_RE, '?').slice(0, 60) : typeof v;
}

/** A plain JSON object: not null, not an array (hosts put tool inputs, results and events in these). */
export function isRecord(v: unknown): v is Rec {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The payload as an object, or a PayloadError saying what it was instead. */
export function asPayload(payload: unknown): Rec {
  if (isRecord(payload)) return payload;
  const what = Array.isArray(payload) ? 'an array' : payload === null ? 'null' : typeof payload;
  throw new PayloadError(`payload is not a JSON object (got ${what})`);
}

const MAX_DEPTH = 64;

/** True when a parsed payload nests deeper than any real hook payload does (bounded walk). */
export function nestsTooDeep(value: unknown): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  let visited = 0;
  while (stack.length && visited++ < 200_000) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d > MAX_DEPTH) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, d + 1]);
  }
  return false;
}

/**
 * Reads fields by any of their spellings (`session_id`, `sessionId`), first present wins. A field that
 * is present with the wrong type is skipped and remembered, so the log can say what was ignored.
 */
export class Fields {
  readonly #p: Rec;
  readonly #bad = new Set<string>();

  constructor(p: Rec) {
    this.#p = p;
  }

  #pick<T>(keys: readonly string[], ok: (v: unknown) => v is T): T | undefined {
    for (const k of keys) {
      const v = this.#p[k];
      if (v === undefined || v === null) continue;
      if (ok(v)) return v;
      this.#bad.add(k);
    }
    return undefined;
  }

  /** A string. */
  str(...keys: string[]): string | undefined {
    return this.#pick(keys, (v): v is string => typeof v === 'string');
  }

  /** A boolean. */
  bool(...keys: string[]): boolean | undefined {
    return this.#pick(keys, (v): v is boolean => typeof v === 'boolean');
  }

  /** A finite number. */
  num(...keys: string[]): number | undefined {
    return this.#pick(keys, (v): v is number => typeof v === 'number' && Number.isFinite(v));
  }

  /** A plain object (not an array). */
  obj(...keys: string[]): Rec | undefined {
    return this.#pick(keys, isRecord);
  }

  /** A plain object, or a string holding one in JSON (Cursor and Copilot send tool arguments as strings). */
  objOrJson(...keys: string[]): Rec | undefined {
    for (const k of keys) {
      const v = this.#p[k];
      if (v === undefined || v === null) continue;
      if (isRecord(v)) return v;
      const parsed = typeof v === 'string' ? parseJson(v) : undefined;
      if (isRecord(parsed)) return parsed;
      this.#bad.add(k);
    }
    return undefined;
  }

  /** Any present value, untyped (tool responses have a shape per tool). */
  any(...keys: string[]): unknown {
    for (const k of keys) if (this.#p[k] !== undefined && this.#p[k] !== null) return this.#p[k];
    return undefined;
  }

  /** The first string of an array field (Cursor's `workspace_roots`). */
  firstOf(key: string): string | undefined {
    const v = this.#p[key];
    if (v === undefined || v === null) return undefined;
    if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
    if (!Array.isArray(v) || v.length > 0) this.#bad.add(key);
    return undefined;
  }

  /** Names of the fields that were present with the wrong type. */
  get wrongTyped(): string[] {
    return [...this.#bad];
  }
}

/** JSON.parse that answers undefined instead of throwing. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Tell the log which fields were dropped and whether the payload nests absurdly deep. */
export function reportShape(f: Fields, p: Rec, warn: Warn | undefined): void {
  if (!warn) return;
  const bad = f.wrongTyped;
  if (bad.length) warn(`ignored field(s) of the wrong type: ${bad.join(', ')}`);
  if (nestsTooDeep(p)) warn(`payload nests deeper than ${MAX_DEPTH} levels; deeper parts are dropped`);
}

/** The fields of a HookEvent as adapters assemble them: anything may be undefined. */
export type EventFields = { -readonly [K in keyof HookEvent]?: HookEvent[K] | undefined } & {
  event: HookEventName;
  platform: string;
  sessionId: string;
};

/** A HookEvent without the undefined fields (adapters never invent values). */
export function hookEvent(fields: EventFields): HookEvent {
  const out: Rec = {};
  for (const k of Object.keys(fields)) {
    const v = (fields as Rec)[k];
    if (v !== undefined) out[k] = v;
  }
  return out as unknown as HookEvent;
}

/** The session id, or a PayloadError naming the spellings that were looked for. */
export function requireSessionId(id: string | undefined, spellings: string): string {
  if (!id) throw new PayloadError(`payload has no ${spellings} string`);
  return id;
}

/** Host `source` values that mean a brand-new session, in Claude Code's spelling. */
export function startSource(source: string | undefined): string | undefined {
  return source === 'new' ? 'startup' : source;
}

/** The text of a list of content parts (`[{type:"text", text}]`, Gemini `{text}` parts, or a plain string). */
export function partsText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  const list = Array.isArray(v) ? v : isRecord(v) ? [v] : [];
  const texts: string[] = [];
  for (const part of list) {
    if (typeof part === 'string') texts.push(part);
    else if (isRecord(part) && typeof part.text === 'string' && part.synthetic !== true && (part.type === undefined || part.type === 'text')) texts.push(part.text);
  }
  return texts.length ? texts.join('\n') : undefined;
}
