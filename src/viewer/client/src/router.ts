/** Hash routes: `#/feed`, `#/search?q=…`, `#/sessions`, `#/session/12`, `#/obs/34`, `#/insights`, `#/control`. */
import { useEffect, useState } from 'preact/hooks';

export type View = 'feed' | 'search' | 'sessions' | 'session' | 'obs' | 'insights' | 'control';

export interface Route {
  readonly view: View;
  readonly id?: number;
  readonly params: URLSearchParams;
}

const VIEWS: readonly View[] = ['feed', 'search', 'sessions', 'session', 'obs', 'insights', 'control'];

export function parseHash(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?');
  const [name, id] = path.split('/');
  const view = (VIEWS as readonly string[]).includes(name ?? '') ? (name as View) : 'feed';
  const n = Number(id);
  return { view, ...(Number.isSafeInteger(n) && n > 0 ? { id: n } : {}), params: new URLSearchParams(query) };
}

export function href(view: View, id?: number, params?: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) if (v) q.set(k, v);
  const s = q.toString();
  return `#/${view}${id !== undefined ? `/${id}` : ''}${s ? `?${s}` : ''}`;
}

export function navigate(to: string, replace = false): void {
  if (replace) history.replaceState(null, '', to);
  else location.hash = to;
  if (replace) window.dispatchEvent(new HashChangeEvent('hashchange'));
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const on = () => setRoute(parseHash(location.hash));
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return route;
}
