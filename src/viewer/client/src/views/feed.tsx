/**
 * Feed: everything as it arrives (live over SSE), newest first, grouped by day and session, with
 * type symbols and extracted events; older pages load as you scroll.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ObsType } from '../../../../core/types.ts';
import type { FeedResponse, MetaResponse, ObservationView, SessionBrief } from '../../../api-types.ts';
import { getJson } from '../api.ts';
import { dayKey, dayLabel, projectName } from '../format.ts';
import { subscribe } from '../live.ts';
import { href, navigate, type Route } from '../router.ts';
import { Empty, ErrorNote, ObsRow, SessionLabel, Spinner } from '../ui/common.tsx';
import { useSentinel } from '../ui/hooks.ts';
import { useListKeys } from '../ui/list-keys.ts';
import { Filters } from './filters.tsx';

const PAGE = 100;

interface State {
  rows: ObservationView[];
  sessions: Record<string, SessionBrief>;
  next: string | undefined;
  fresh: Set<number>;
}

const EMPTY: State = { rows: [], sessions: {}, next: undefined, fresh: new Set() };

function newestFirst(a: ObservationView, b: ObservationView): number {
  return b.createdAt - a.createdAt || b.id - a.id;
}

export function Feed({ route, meta }: { route: Route; meta: MetaResponse | undefined }) {
  const project = route.params.get('project') ?? undefined;
  const platform = route.params.get('platform') ?? undefined;
  const scope = route.params.get('scope') ?? undefined;
  const types = (route.params.get('type') ?? '').split(',').filter(Boolean) as ObsType[];
  const key = `${project}|${platform}|${scope}|${types.join(',')}`;
  const [state, setState] = useState<State>(EMPTY);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string>();
  const loadingMore = useRef(false);
  const filters = { project, platform, scope, type: types, limit: PAGE };

  const load = useCallback(
    async (cursor?: string) => {
      const page = await getJson<FeedResponse>('feed', { ...filters, cursor });
      setState((s) => {
        const base = cursor ? s : EMPTY;
        const seen = new Set(base.rows.map((r) => r.id));
        return { rows: [...base.rows, ...page.observations.filter((o) => !seen.has(o.id))], sessions: { ...base.sessions, ...page.sessions }, next: page.next, fresh: base.fresh };
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );

  useEffect(() => {
    setLoading(true);
    setError(undefined);
    setState(EMPTY);
    load()
      .catch((err: unknown) => setError(String((err as Error).message ?? err)))
      .finally(() => setLoading(false));
  }, [load]);

  // Live: new rows that pass the filters go on top, marked fresh for a moment.
  useEffect(
    () =>
      subscribe({
        observations: (e) => {
          const incoming = e.observations.filter(
            (o) =>
              o.type !== 'pending' &&
              (!project || o.project === project) &&
              (!platform || o.platform === platform) &&
              (!scope || (scope === 'team') === (o.author !== undefined)) &&
              (!types.length || types.includes(o.type)),
          );
          if (!incoming.length) return;
          setState((s) => {
            const seen = new Set(s.rows.map((r) => r.id));
            const add = incoming.filter((o) => !seen.has(o.id));
            const fresh = new Set([...s.fresh, ...add.map((o) => o.id)]);
            return { ...s, rows: [...add, ...s.rows].sort(newestFirst), sessions: { ...s.sessions, ...e.sessions }, fresh };
          });
        },
        forgotten: (f) => {
          const ids = new Set(f.ids ?? []);
          setState((s) => ({
            ...s,
            rows: s.rows.filter((o) => !ids.has(o.id) && o.sessionId !== f.sessionId && o.project !== f.project),
          }));
        },
        reset: () => void load(),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, load],
  );

  const more = useCallback(() => {
    if (loadingMore.current || !state.next) return;
    loadingMore.current = true;
    load(state.next)
      .catch((err: unknown) => setError(String((err as Error).message ?? err)))
      .finally(() => (loadingMore.current = false));
  }, [state.next, load]);
  const sentinel = useSentinel(more, !!state.next);
  const open = useCallback((i: number) => {
    const o = state.rows[i];
    if (o) navigate(href('obs', o.id));
  }, [state.rows]);
  const [sel] = useListKeys(state.rows.length, open);

  const groups = useMemo(() => {
    const out: { day: string; dayMs: number; sessions: { id: number; rows: { o: ObservationView; index: number }[] }[] }[] = [];
    state.rows.forEach((o, index) => {
      const day = dayKey(o.createdAt);
      let g = out[out.length - 1];
      if (!g || g.day !== day) out.push((g = { day, dayMs: o.createdAt, sessions: [] }));
      let s = g.sessions[g.sessions.length - 1];
      if (!s || s.id !== o.sessionId) g.sessions.push((s = { id: o.sessionId, rows: [] }));
      s.rows.push({ o, index });
    });
    return out;
  }, [state.rows]);

  return (
    <section class="view feed" aria-label="Feed">
      <div class="view-head">
        <h1>Feed</h1>
        <Filters meta={meta} route={route} view="feed" showTypes />
      </div>
      {error ? <ErrorNote message={error} /> : null}
      {loading && !state.rows.length ? <Spinner /> : null}
      {!loading && !state.rows.length && !error ? (
        <Empty>
          Nothing recorded yet{project ? ` for ${projectName(project)}` : ''}. Work with your assistant and observations appear here as they happen.
        </Empty>
      ) : null}
      <div class="groups" data-testid="feed-list">
        {groups.map((g) => (
          <div class="day" key={g.day}>
            <h2 class="day-head">{dayLabel(g.dayMs)}</h2>
            {g.sessions.map((s, si) => (
              <div class="session-group" key={`${s.id}-${si}`}>
                <SessionLabel s={state.sessions[String(s.id)]} id={s.id} />
                {s.rows.map(({ o, index }) => (
                  <ObsRow key={o.id} o={o} selected={index === sel} fresh={state.fresh.has(o.id)} />
                ))}
              </div>
            ))}
          </div>
        ))}
      </div>
      {state.next ? (
        <div ref={sentinel} class="more">
          <Spinner />
        </div>
      ) : state.rows.length ? (
        <div class="end">The beginning of memory.</div>
      ) : null}
    </section>
  );
}
