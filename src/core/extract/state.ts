/**
 * @module core/extract/state
 * The per-session state that lets error→resolution and retry detection work when every hook is
 * a fresh process: a small JSON object the caller stores and hands back. Anything read back from
 * storage is validated here, so a corrupt or foreign value degrades to an empty state, never to
 * an exception.
 */
import { fnv1a } from '../privacy/redact.ts';
import { asRecord } from './fields.ts';
import type { CallRecord, PendingError, SessionState } from './types.ts';

/** Calls remembered for retry detection. */
export const MAX_RECENT = 10;
/** Unresolved errors remembered for resolution tracking. */
export const MAX_ERRORS = 5;

/** The state of a session nobody has seen a call of yet. */
export function initialState(): SessionState {
  return { v: 1, n: 0, recent: [], errors: [] };
}

function isRecord(v: unknown): v is CallRecord {
  const r = asRecord(v);
  return !!r && typeof r['t'] === 'string' && typeof r['s'] === 'string' && typeof r['ok'] === 'boolean' && typeof r['n'] === 'number';
}

function isPending(v: unknown): v is PendingError {
  const r = asRecord(v);
  return !!r && typeof r['t'] === 'string' && typeof r['k'] === 'string' && typeof r['n'] === 'number' && typeof r['d'] === 'string';
}

/** Validate a stored state; anything malformed becomes (part of) an empty state. */
export function normalizeState(raw: unknown): SessionState {
  const r = asRecord(raw);
  if (!r || r['v'] !== 1) return initialState();
  const n = typeof r['n'] === 'number' && Number.isSafeInteger(r['n']) && r['n'] >= 0 ? r['n'] : 0;
  const recent = Array.isArray(r['recent']) ? r['recent'].filter(isRecord).slice(-MAX_RECENT) : [];
  const errors = Array.isArray(r['errors']) ? r['errors'].filter(isPending).slice(-MAX_ERRORS) : [];
  return {
    v: 1,
    n,
    recent: recent.map((c) => ({ t: c.t.slice(0, 200), s: c.s.slice(0, 300), ok: c.ok, n: c.n })),
    errors: errors.map((e) => ({ t: e.t.slice(0, 200), k: e.k.slice(0, 300), n: e.n, d: e.d.slice(0, 300) })),
  };
}

const SIGNATURE_INPUT_CHARS = 8192;
/** Anything but NUL: a key of empty parts only (`\0\0…`) names nothing. */
const NOT_NUL_RE = /[^\u0000]/;

/**
 * A call's signature: the tool plus a hash of the input that makes it this call. Equal
 * signatures mean "the same call again". Long inputs hash a bounded prefix plus their length.
 */
export function callSignature(tool: string, input: Record<string, unknown>): string {
  const key = signaturePart(input, 'command') || SIGNATURE_FIELDS.map((k) => signaturePart(input, k)).join('\u0000');
  let text = NOT_NUL_RE.test(key) ? key : safeJson(input);
  if (text.length > SIGNATURE_INPUT_CHARS) text = text.slice(0, SIGNATURE_INPUT_CHARS) + `\u0000${text.length}`;
  return `${tool}:${fnv1a(text.trim()).toString(36)}`;
}

const SIGNATURE_FIELDS = ['file_path', 'offset', 'limit', 'old_string', 'new_string', 'content', 'pattern', 'url'];

function signaturePart(input: Record<string, unknown>, k: string): string {
  const v = input[k];
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return '';
  return v.length > SIGNATURE_INPUT_CHARS ? `${v.slice(0, SIGNATURE_INPUT_CHARS)}\u0000${v.length}` : v;
}

/** JSON of the input with long strings cut (plus their length): bounded work for 2 MB inputs. */
function safeJson(v: Record<string, unknown>): string {
  try {
    return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'string' && x.length > SIGNATURE_INPUT_CHARS ? `${x.slice(0, SIGNATURE_INPUT_CHARS)}\u0000${x.length}` : x)) ?? '';
  } catch {
    return '';
  }
}
