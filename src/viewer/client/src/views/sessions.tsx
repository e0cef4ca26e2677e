/** Sessions: newest first, with their summary's first line; older ones load as you scroll. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Session } from '../../../../core/types.ts';
import type { MetaResponse, SessionsResponse } from '../../../api-types.ts';
import { getJson } from '../api.ts';
import { count, dateTime, duration, projectName } from '../format.ts';
import { href, navigate, type Route } from '../router.ts';
import { Empty, ErrorNote, firstLine, Spinner } from '../ui/common.tsx';
import { useSentinel } from '../ui/hooks.ts';
import { useListKeys } from '../ui/list-keys.ts';
import { Filters } from './filters.tsx';

export function Sessions({ route, meta }: { route: Route; meta: MetaResponse | undefined }) {
  const project = route.params.get('project') ?? undefined;
  const platform = route.params.get('platform') ?? undefined;
  const [rows, setRows] = useState<Session[]>([]);
  const [next, setNext] = useState<string>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(true);
  const busy = useRef(false);
  const load = useCallback(
    async (cursor?: string) => {
      const page = await getJson<SessionsResponse>('sessions', { project, platform, cursor, limit: 50 });
      setRows((old) => (cursor ? [...old, ...page.sessions] : [...page.sessions]));
      setNext(page.next);
    },
    [project, platform],
  );
  useEffect(() => {
    setLoading(true);
    load()
      .catch((e: unknown) => setError(String((e as Error).message)))
      .finally(() => setLoading(false));
  }, [load]);
  const sentinel = useSentinel(() => {
    if (busy.current || !next) return;
    busy.current = true;
    load(next).finally(() => (busy.current = false));
  }, !!next);
  const open = useCallback((i: number) => {
    const s = rows[i];
    if (s) navigate(href('session', s.id));
  }, [rows]);
  const [sel] = useListKeys(rows.length, open);

  return (
    <section class="view sessions" aria-label="Sessions">
      <div class="view-head">
        <h1>Sessions</h1>
        <Filters meta={meta} route={route} view="sessions" />
      </div>
      {error ? <ErrorNote message={error} /> : null}
      {loading && !rows.length ? <Spinner /> : null}
      {!loading && !rows.length ? <Empty>No sessions yet.</Empty> : null}
      <div class="session-list">
        {rows.map((s, i) => (
          <a key={s.id} class={`row session-row${i === sel ? ' selected' : ''}`} href={href('session', s.id)}>
            <span class="when">{dateTime(s.startedAt)}</span>
            <span class="main">
              <span class="title">
                <span class="proj-name">{projectName(s.project)}</span> <span class="platform">{s.platform}</span>
                {s.branch ? <span class="branch"> ⎇ {s.branch}</span> : null}
              </span>
              <span class="meta">
                {count(s.observationCount)} observations
                {s.endedAt ? ` · ${duration(s.endedAt - s.startedAt)}` : ' · open'}
                {s.summary ? <span class="brief-line"> · {firstLine(s.summary.brief)}</span> : null}
              </span>
            </span>
            <span class="id">session {s.id}</span>
          </a>
        ))}
      </div>
      {next ? (
        <div ref={sentinel} class="more">
          <Spinner />
        </div>
      ) : null}
    </section>
  );
}
