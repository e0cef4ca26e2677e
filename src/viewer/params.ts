/**
 * @module viewer/params
 * Reading query parameters and bodies strictly: a bad value is a 400 with a message that says which
 * parameter and what was expected, never a silent default and never a 500.
 */
import { OBS_TYPES, type ObsType } from '../core/types.ts';
import type { FeedCursor } from '../store/store.ts';

/** An error the API reports to its caller as is. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** A 400: the caller sent something the route cannot take. */
export const badRequest = (message: string): ApiError => new ApiError(400, 'BAD_REQUEST', message);
/** A 404: no such record or route. */
export const notFound = (message: string): ApiError => new ApiError(404, 'NOT_FOUND', message);

const CURSOR_RE = /^(-?\d{1,16})\.(\d{1,16})$/;
const MAX_PARAM_CHARS = 2000;

/** Typed access to one request's query string. */
export class Query {
  readonly #params: URLSearchParams;
  constructor(params: URLSearchParams) {
    this.#params = params;
  }

  str(name: string, max = MAX_PARAM_CHARS): string | undefined {
    const v = this.#params.get(name);
    if (v === null || v.trim() === '') return undefined;
    if (v.length > max) throw badRequest(`${name} is longer than ${max} characters`);
    return v;
  }

  int(name: string, min: number, max: number, fallback: number): number;
  int(name: string, min: number, max: number): number | undefined;
  int(name: string, min: number, max: number, fallback?: number): number | undefined {
    const v = this.str(name, 20);
    if (v === undefined) return fallback;
    if (!/^-?\d+$/.test(v.trim())) throw badRequest(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(v)}`);
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n < min || n > max) throw badRequest(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(v)}`);
    return n;
  }

  /** A date (`2026-11-29`, an ISO timestamp) or milliseconds since the epoch. */
  date(name: string): number | undefined {
    const v = this.str(name, 40);
    if (v === undefined) return undefined;
    const ms = /^\d{10,15}$/.test(v) ? Number(v) : Date.parse(v);
    if (!Number.isFinite(ms)) throw badRequest(`${name} must be a date such as 2026-11-29 or an ISO timestamp, got ${JSON.stringify(v)}`);
    return ms;
  }

  /** Comma-separated values (the parameter may also repeat). */
  list(name: string, maxItems = 50): string[] | undefined {
    const all = this.#params.getAll(name).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
    if (all.length === 0) return undefined;
    if (all.length > maxItems) throw badRequest(`${name} takes at most ${maxItems} values`);
    for (const v of all) if (v.length > 200) throw badRequest(`a ${name} value is longer than 200 characters`);
    return [...new Set(all)];
  }

  types(name: string): ObsType[] | undefined {
    const list = this.list(name);
    if (!list) return undefined;
    for (const t of list) if (!(OBS_TYPES as readonly string[]).includes(t)) throw badRequest(`unknown ${name} ${JSON.stringify(t)}; one of ${OBS_TYPES.join(', ')}`);
    return list as ObsType[];
  }

  ids(name: string, maxItems: number): number[] | undefined {
    const list = this.list(name, maxItems);
    return list?.map((v) => positiveId(v.replace(/^#/, ''), name));
  }

  cursor(name: string): FeedCursor | undefined {
    const v = this.str(name, 40);
    if (v === undefined) return undefined;
    const m = CURSOR_RE.exec(v);
    if (!m) throw badRequest(`${name} must be a cursor from a previous answer's "next", got ${JSON.stringify(v)}`);
    return { at: Number(m[1]), id: Number(m[2]) };
  }

  bool(name: string): boolean {
    const v = this.str(name, 10);
    return v === '1' || v === 'true' || v === 'yes';
  }
}

/** `"12"` → 12; anything but a positive safe integer is a 400. */
export function positiveId(v: string | number | undefined, name: string): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,16}$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw badRequest(`${name} must be a positive integer id, got ${JSON.stringify(v)}`);
  return n;
}

/** The cursor a page's last row gives for the next page. */
export function cursorOf(o: { createdAt: number; id: number }): string {
  return `${o.createdAt}.${o.id}`;
}
