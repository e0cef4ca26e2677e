/**
 * Search: the same engine and filters as the CLI and the MCP tool (project, assistant, type, event
 * type, file, dates), matches highlighted, keyboard-first: type, ↓/↑ to move, Enter to open, Esc to
 * come back to the box.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { MetaResponse, SearchResponse } from '../../../api-types.ts';
import { count } from '../format.ts';
import { Highlight, snippet, termsRegex } from '../highlight.tsx';
import { href, navigate, type Route } from '../router.ts';
import { Empty, ErrorNote, ObsRow, Spinner } from '../ui/common.tsx';
import { useApi, useDebounced } from '../ui/hooks.ts';
import { useListKeys } from '../ui/list-keys.ts';
import { Filters, setParams } from './filters.tsx';

/** `2026-11-29` → local midnight (or the day's last millisecond) in ms. */
function localDay(v: string | null, end: boolean): number | undefined {
  if (!v) return undefined;
  const [y, m, d] = v.split('-').map(Number);
  if (!y || !m || !d) return undefined;
  return end ? new Date(y, m - 1, d, 23, 59, 59, 999).getTime() : new Date(y, m - 1, d).getTime();
}

export function Search({ route, meta }: { route: Route; meta: MetaResponse | undefined }) {
  const p = route.params;
  const [text, setText] = useState(p.get('q') ?? '');
  const input = useRef<HTMLInputElement>(null);
  const debounced = useDebounced(text, 180);

  useEffect(() => {
    if ((p.get('q') ?? '') !== debounced) setParams(route, 'search', { q: debounced || undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  useEffect(() => input.current?.focus(), []);

  const q = p.get('q') ?? '';
  const params = {
    q,
    limit: 100,
    project: p.get('project') ?? undefined,
    platform: p.get('platform') ?? undefined,
    scope: p.get('scope') ?? undefined,
    type: (p.get('type') ?? '').split(',').filter(Boolean),
    event: p.get('event') ?? undefined,
    file: p.get('file') ?? undefined,
    since: localDay(p.get('since'), false),
    until: localDay(p.get('until'), true),
  };
  const res = useApi<SearchResponse>(q.trim() ? 'search' : undefined, params, p.toString());
  const data = q.trim() ? res.data : undefined;
  const re = useMemo(() => termsRegex(data?.terms ?? []), [data]);
  const results = data?.results ?? [];
  const open = useCallback((i: number) => {
    const o = results[i];
    if (o) navigate(href('obs', o.id));
  }, [results]);
  const [sel, setSel] = useListKeys(results.length, open, { fromInput: true });

  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && document.activeElement !== input.current && !document.querySelector('dialog[open]')) {
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener('keydown', on);
    return () => window.removeEventListener('keydown', on);
  }, []);

  return (
    <section class="view search" aria-label="Search">
      <div class="view-head">
        <h1>Search</h1>
        <input
          ref={input}
          class="search-box"
          type="search"
          placeholder="Search memory: words, a file path, an identifier, 中文…"
          aria-label="Search memory"
          value={text}
          onInput={(e) => (setText((e.target as HTMLInputElement).value), setSel(-1))}
          spellcheck={false}
          data-testid="search-input"
        />
        <Filters meta={meta} route={route} view="search" showTypes extra />
      </div>
      {res.error ? <ErrorNote message={res.error} /> : null}
      {q && data ? (
        <div class="result-count">
          {count(results.length)} result{results.length === 1 ? '' : 's'} · {data.tookMs} ms
          {results.length ? <span class="hint"> · ↓↑ to move, Enter to open, Esc back to the box</span> : null}
        </div>
      ) : null}
      {res.loading && !data ? <Spinner /> : null}
      {!q ? <Empty>Type to search every project. The engine is the one the CLI and MCP tools use: English, identifiers, paths and CJK alike.</Empty> : null}
      {q && data && !results.length ? <Empty>No observations match “{q}”.</Empty> : null}
      <div class="results" data-testid="search-results">
        {results.map((o, i) => (
          <ObsRow key={o.id} o={o} re={re} selected={i === sel} showDate showProject>
            {o.body.trim() !== o.title.trim() ? (
              <span class="snippet">
                <Highlight text={snippet(o.body, re)} re={re} />
              </span>
            ) : null}
          </ObsRow>
        ))}
      </div>
    </section>
  );
}
