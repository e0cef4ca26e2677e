/**
 * @module llm/fetch-guard
 * The `fetch` every SDK is given. It ties each request to the attempt's deadline (the Ollama SDK passes no
 * signal on non-streamed calls), tells the Stainless SDKs not to honour a `retry-after` that would outlast
 * the deadline (the OpenAI SDK would otherwise keep the process alive sleeping it off), and can turn a
 * non-JSON error body into JSON (the Ollama SDK `console.log`s on those, and stdout may be MCP's).
 */

import type { FetchFn } from './provider.ts';

export interface FetchGuardOptions {
  /** Aborts every request when the attempt is over. */
  readonly signal: AbortSignal;
  /** `Date.now()` value after which no retry is worth waiting for. */
  readonly deadline: number;
  /** Rewrite non-JSON error bodies as `{"error": "<text>"}`. */
  readonly jsonErrors?: boolean;
}

/** Milliseconds a response asks us to wait before retrying, if it says. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && Number.isFinite(parseFloat(ms))) return parseFloat(ms);
  const after = headers.get('retry-after');
  if (after === null || after.trim() === '') return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(after);
  return Number.isFinite(date) ? date - now : undefined;
}

function withHeaders(res: Response, body: ConstructorParameters<typeof Response>[0], extra: Record<string, string>): Response {
  const headers = new Headers(res.headers);
  for (const [k, v] of Object.entries(extra)) headers.set(k, v);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(body, { status: res.status, statusText: res.statusText, headers });
}

/** Wraps the global `fetch` for one summarization attempt. */
export function guardedFetch({ signal, deadline, jsonErrors = false }: FetchGuardOptions): FetchFn {
  return async (input, init) => {
    // The SDK's own per-request signal still counts; AbortSignal.any needs Node ≥ 20.3.
    const merged = init?.signal && typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, init.signal]) : signal;
    const res = await fetch(input, { ...init, signal: merged });
    if (res.ok) return res;
    const extra: Record<string, string> = {};
    const wait = retryAfterMs(res.headers);
    if (wait !== undefined && wait > deadline - Date.now()) extra['x-should-retry'] = 'false';
    const type = res.headers.get('content-type') ?? '';
    if (jsonErrors && !type.includes('application/json')) {
      const text = await res.text().catch(() => '');
      return withHeaders(res, JSON.stringify({ error: text.trim() || `HTTP ${res.status}` }), {
        ...extra,
        'content-type': 'application/json',
      });
    }
    return Object.keys(extra).length > 0 ? withHeaders(res, res.body, extra) : res;
  };
}
