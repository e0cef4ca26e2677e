/** Data loading for views: one request with abort on change, and cursor pages loaded on scroll. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { getJson, isAbort } from '../api.ts';

type Params = Parameters<typeof getJson>[1];

export interface Loaded<T> {
  readonly data: T | undefined;
  readonly error: string | undefined;
  readonly loading: boolean;
  readonly reload: () => void;
}

/** GET `path` whenever `key` changes (the previous request is aborted). */
export function useApi<T>(path: string | undefined, params: Params, key: string): Loaded<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const [nonce, setNonce] = useState(0);
  useEffect(() => {
    if (!path) return;
    const ctrl = new AbortController();
    setLoading(true);
    setError(undefined);
    getJson<T>(path, params, ctrl.signal)
      .then((d) => (setData(d), setLoading(false)))
      .catch((err: unknown) => {
        if (isAbort(err)) return;
        setError(err instanceof Error ? err.message : String(err));
        setLoading(false);
      });
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, key, nonce]);
  return { data, error, loading, reload: useCallback(() => setNonce((n) => n + 1), []) };
}

/** Calls `onVisible` when the returned element scrolls into view (infinite scroll). */
export function useSentinel(onVisible: () => void, enabled: boolean): (el: HTMLElement | null) => void {
  const cb = useRef(onVisible);
  cb.current = onVisible;
  const observer = useRef<IntersectionObserver | undefined>(undefined);
  return useCallback(
    (el: HTMLElement | null) => {
      observer.current?.disconnect();
      if (!el || !enabled) return;
      observer.current = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) cb.current();
      }, { rootMargin: '600px' });
      observer.current.observe(el);
    },
    [enabled],
  );
}

/** A debounced copy of a value. */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}
