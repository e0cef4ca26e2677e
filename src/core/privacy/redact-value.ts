/**
 * @module core/privacy/redact-value
 * Redaction of JSON-like values: every string by shape, and everything under a secret-looking key.
 */
import { placeholder, isPlaceholderValue } from './placeholder.ts';
import { redactText } from './redact-text.ts';
import { isSecretLiteral } from './secret-literal.ts';
import { secretNameKind } from './secret-names.ts';
import { AUTH_SCHEME_RE, isCredential } from './shape.ts';

const MAX_DEPTH = 64;

/** Sets an own property, even one named `__proto__` (which plain assignment would treat as the prototype). */
function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** Kubernetes / GitHub Actions style `{name: "DB_PASSWORD", value: "…"}` pairs. */
function pairKind(obj: Record<string, unknown>): string | null {
  const n = obj['name'] ?? obj['key'] ?? obj['Name'] ?? obj['Key'];
  return typeof n === 'string' ? secretNameKind(n) : null;
}

/**
 * Redact a JSON-like value: every string by shape, and every string (or password-like number)
 * under a secret-looking key at any depth. Returns a new value; the input is not modified.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  try {
    return walk(value, depth);
  } catch {
    return '[REDACTED:unreadable]';
  }
}

function walk(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[REDACTED:too_deep]';
  if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
  const obj = value as Record<string, unknown>;
  const pair = pairKind(obj);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(obj)) {
    const v = obj[k];
    const kind = pair && (k === 'value' || k === 'Value') ? pair : secretNameKind(k);
    // A key can be a secret too ({"ghp_…": "alice"}): keys get the same shape rules as values.
    const key = redactText(k);
    if (kind && typeof v === 'string') setOwn(out, key, redactKeyedString(v, kind));
    else if (kind === 'password' && typeof v === 'number') setOwn(out, key, placeholder(kind, String(v)));
    else if (kind && kind !== 'auth' && v !== null && typeof v === 'object') setOwn(out, key, walkAll(v, kind, depth + 1));
    else setOwn(out, key, walk(v, depth + 1));
  }
  return out;
}

/** Everything under `secrets: {…}` or `credentials: [...]` is secret, whatever its own key. */
function walkAll(value: unknown, kind: string, depth: number): unknown {
  if (typeof value === 'string') return value.length === 0 || isPlaceholderValue(value) ? value : placeholder(kind, value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[REDACTED:too_deep]';
  if (Array.isArray(value)) return value.map((v) => walkAll(v, kind, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) setOwn(out, redactText(k), walkAll(v, kind, depth + 1));
  return out;
}

function redactKeyedString(v: string, kind: string): string {
  const scheme = AUTH_SCHEME_RE.exec(v);
  if (scheme) {
    const secret = v.slice(scheme[0].length);
    return isCredential(secret) ? scheme[0] + placeholder(kind, secret) : redactText(v);
  }
  if (!isSecretLiteral(v, { quoted: true, kind, configStyle: true, lineInitial: true, header: false, after: '' })) return redactText(v);
  return placeholder(kind, v);
}
