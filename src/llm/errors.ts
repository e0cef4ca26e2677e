/**
 * @module llm/errors
 * Every way an LLM attempt can fail, reduced to one short, log-safe sentence: the `fallbackReason`
 * stored next to the heuristic summary that replaced the model's.
 */

/** A failure we detect ourselves (no credentials, a refusal), as opposed to one an SDK throws. */
export class SummarizerError extends Error {
  override readonly name = 'SummarizerError';
}

/** Thrown into the provider call when the overall deadline passes. */
export class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
  constructor(readonly timeoutMs: number) {
    super(`timeout after ${timeoutMs} ms`);
  }
}

const MAX_DETAIL = 160;

function oneLine(s: string): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_DETAIL ? `${flat.slice(0, MAX_DETAIL - 1)}…` : flat;
}

function prop(err: unknown, key: string): unknown {
  return err !== null && typeof err === 'object' ? (err as Record<string, unknown>)[key] : undefined;
}

function httpStatus(err: unknown): number | undefined {
  const s = prop(err, 'status') ?? prop(err, 'status_code');
  return typeof s === 'number' && s >= 100 && s < 600 ? s : undefined;
}

function statusMeaning(status: number): string {
  if (status === 401 || status === 403) return 'authentication failed';
  if (status === 404) return 'not found (unknown model or wrong base URL?)';
  if (status === 408 || status === 504) return 'upstream timeout';
  if (status === 429) return 'rate limited';
  if (status === 529) return 'overloaded';
  if (status >= 500) return 'server error';
  return 'request rejected';
}

function causeCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = prop(e, 'cause'), depth++) {
    const code = prop(e, 'code');
    if (typeof code === 'string' && code !== '') return code;
  }
  return undefined;
}

/** Describes a thrown value as a fallback reason (without the provider prefix). */
export function describeFailure(err: unknown): string {
  if (err instanceof DeadlineError || err instanceof SummarizerError) return err.message;
  const status = httpStatus(err);
  const message = err instanceof Error ? oneLine(err.message) : oneLine(String(err));
  if (status !== undefined) {
    const detail = message && !/^\d{3}\b/.test(message) ? `: ${message}` : message ? ` (${message})` : '';
    return `HTTP ${status} ${statusMeaning(status)}${detail}`;
  }
  const name = err instanceof Error ? err.name : '';
  if (name === 'APIConnectionTimeoutError' || name === 'TimeoutError') return `timeout (${message || 'request timed out'})`;
  if (name === 'APIUserAbortError' || name === 'AbortError') return 'aborted';
  const code = causeCode(err);
  if (name === 'APIConnectionError' || (err instanceof TypeError && /fetch failed/i.test(message)) || code) {
    return `network error${code ? ` ${code}` : ''}${message ? `: ${message}` : ''}`;
  }
  return `unexpected error${name ? ` ${name}` : ''}: ${message || 'unknown'}`;
}
