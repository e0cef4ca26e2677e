/**
 * @module viewer/guard
 * Who may talk to the viewer. The server holds everyone's memory, so every request is checked:
 * - the Host header must name the server by a loopback name and its port (defeats DNS rebinding);
 * - cross-site requests are refused (Sec-Fetch-Site, Origin), except a plain navigation to the page;
 * - anything that changes data needs the per-run token the page is served with, and JSON;
 * - no CORS headers are ever sent, so no other origin can read an answer.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Names a loopback server answers to; the explicitly configured bind host is added to these. */
export const LOOPBACK_NAMES: readonly string[] = ['127.0.0.1', 'localhost', '[::1]'];

/** True for addresses that never leave the machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(?:\.\d{1,3}){3}$/.test(h);
}

/** What the guard needs to know about the running server. */
export interface GuardConfig {
  readonly port: number;
  /** Extra accepted host names (the bind address when it is not a loopback name). */
  readonly extraHosts?: readonly string[];
  readonly token: string;
}

/** Why a request is refused, as the answer will say it. */
export interface Refusal {
  readonly status: 400 | 403 | 415;
  readonly code: string;
  readonly message: string;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SAFE_FETCH_SITES = new Set(['same-origin', 'none']);

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Host header values this server accepts (`name:port`, and the bare name on port 80). */
export function allowedHosts(cfg: GuardConfig): Set<string> {
  const names = [...LOOPBACK_NAMES, ...(cfg.extraHosts ?? [])].map((n) => (n.includes(':') && !n.startsWith('[') ? `[${n}]` : n).toLowerCase());
  const out = new Set<string>();
  for (const n of names) {
    out.add(`${n}:${cfg.port}`);
    if (cfg.port === 80) out.add(n);
  }
  return out;
}

function tokenMatches(given: string | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checks one request; returns why it is refused, or undefined when it may proceed.
 * `hosts` comes from {@link allowedHosts} (computed once per server).
 */
export function checkRequest(req: IncomingMessage, pathname: string, hosts: ReadonlySet<string>, cfg: GuardConfig): Refusal | undefined {
  const host = (header(req, 'host') ?? '').toLowerCase();
  if (!hosts.has(host)) return { status: 403, code: 'FORBIDDEN_HOST', message: `Host ${JSON.stringify(host)} is not this server; use http://127.0.0.1:${cfg.port}/` };

  const method = req.method ?? 'GET';
  const site = header(req, 'sec-fetch-site');
  const origin = header(req, 'origin');
  // A person following a link to the page is fine: the page itself reveals nothing to the linking site.
  const navigation = method === 'GET' && pathname === '/' && header(req, 'sec-fetch-mode') === 'navigate';
  if (site !== undefined && !SAFE_FETCH_SITES.has(site) && !navigation) {
    return { status: 403, code: 'CROSS_SITE', message: 'cross-site requests are refused' };
  }
  if (origin !== undefined && !hosts.has(originHost(origin))) {
    return { status: 403, code: 'CROSS_SITE', message: `origin ${JSON.stringify(origin)} is refused` };
  }

  if (MUTATING.has(method)) {
    if (!tokenMatches(header(req, 'x-mnemo-token'), cfg.token)) {
      return { status: 403, code: 'BAD_TOKEN', message: 'this request changes data and needs the X-Mnemo-Token header the page was served with' };
    }
    const type = (header(req, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'send the request body as application/json' };
  }
  return undefined;
}

/** `http://127.0.0.1:7777` → `127.0.0.1:7777`; anything else (including `null`) → a value no host matches. */
function originHost(origin: string): string {
  try {
    const u = new URL(origin);
    return u.protocol === 'http:' ? u.host.toLowerCase() : '\0';
  } catch {
    return '\0';
  }
}

/** Headers on every answer: no framing, no sniffing, no referrer, nothing loaded from elsewhere. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; " +
    "manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
});
