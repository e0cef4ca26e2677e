/**
 * The page's only way to the server: the documented JSON API, same origin. Changes carry the run's
 * token (served in the page's meta tag) in the X-Mnemo-Token header.
 */
import type { ErrorBody } from '../../api-types.ts';

const TOKEN = document.querySelector<HTMLMetaElement>('meta[name="mnemo-token"]')?.content ?? '';

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

type Params = Record<string, string | number | boolean | readonly string[] | undefined>;

/** `/api/x` plus the defined parameters (arrays comma-joined). */
export function apiUrl(path: string, params: Params = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === '' || v === false) continue;
    if (Array.isArray(v)) {
      if (v.length) q.set(k, v.join(','));
    } else q.set(k, String(v));
  }
  const s = q.toString();
  return `/api/${path}${s ? `?${s}` : ''}`;
}

async function answer<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => undefined)) as unknown;
  if (!res.ok) {
    const e = (body as ErrorBody | undefined)?.error;
    throw new HttpError(res.status, e?.code ?? 'HTTP', e?.message ?? `${res.status} ${res.statusText}`);
  }
  return body as T;
}

export async function getJson<T>(path: string, params: Params = {}, signal?: AbortSignal): Promise<T> {
  return answer<T>(await fetch(apiUrl(path, params), { headers: { Accept: 'application/json' }, ...(signal ? { signal } : {}) }));
}

export async function postJson<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(apiUrl(path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Mnemo-Token': TOKEN },
    body: JSON.stringify(body),
  });
  return answer<T>(res);
}

export function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}
