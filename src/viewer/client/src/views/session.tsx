/**
 * One session read whole: its summaries, the files it touched, what failed and how it was fixed,
 * the decisions taken, and its timeline from the first prompt on.
 */
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { FeedResponse, ForgetResponse, ObservationView, SessionReport } from '../../../api-types.ts';
import { getJson, postJson } from '../api.ts';
import { count, dateTime, duration, projectName, shortPath } from '../format.ts';
import { href, navigate, type Route } from '../router.ts';
import { Empty, ErrorNote, ObsRow, Spinner, TypeIcon } from '../ui/common.tsx';
import { askConfirm, notify } from '../ui/dialogs.tsx';
import { useApi, useSentinel } from '../ui/hooks.ts';
import { subscribe } from '../live.ts';

/** Summaries are short Markdown: `## heading` and `- item` lines. Rendered as such, never as HTML. */
function SummaryText({ text }: { text: string }) {
  const blocks: ComponentChildren[] = [];
  let items: string[] = [];
  const flush = () => {
    if (items.length) blocks.push(<ul key={blocks.length}>{items.map((t, i) => <li key={i}>{t}</li>)}</ul>);
    items = [];
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) (flush(), blocks.push(<h3 key={blocks.length}>{line.slice(3)}</h3>));
    else if (/^\s*[-*] /.test(line)) items.push(line.replace(/^\s*[-*] /, ''));
    else if (line.trim()) (flush(), blocks.push(<p key={blocks.length}>{line}</p>));
  }
  flush();
  return <>{blocks}</>;
}

function Summary({ report }: { report: SessionReport }) {
  const [detailed, setDetailed] = useState(false);
  const s = report.summary;
  if (!s) return <Empty>No summary yet: it is written when the session ends.</Empty>;
  return (
    <div class="summary">
      <div class="tabs" role="tablist">
        <button role="tab" aria-selected={!detailed} class={!detailed ? 'on' : ''} onClick={() => setDetailed(false)}>
          Brief
        </button>
        <button role="tab" aria-selected={detailed} class={detailed ? 'on' : ''} onClick={() => setDetailed(true)}>
          Detailed
        </button>
        <span class="by">
          by {s.provider}
          {s.model ? ` (${s.model})` : ''} · {count(s.observationCount)} observations
          {s.fallbackReason ? (
            <span class="fallback" data-testid="summary-fallback" title={s.fallbackReason}>
              {' '}
              · the LLM summary was not kept: {s.fallbackReason}
            </span>
          ) : null}
        </span>
      </div>
      <div class="summary-text" data-testid="summary-text">
        <SummaryText text={detailed ? s.detailed : s.brief} />
      </div>
    </div>
  );
}

export function SessionView({ route }: { route: Route }) {
  const id = route.id ?? 0;
  const report = useApi<SessionReport>(id ? `sessions/${id}` : undefined, {}, String(id));
  const [rows, setRows] = useState<ObservationView[]>([]);
  const [next, setNext] = useState<string>();
  const busy = useRef(false);

  const load = useCallback(
    async (cursor?: string) => {
      const page = await getJson<FeedResponse>(`sessions/${id}/observations`, { cursor, limit: 200 });
      setRows((old) => (cursor ? [...old, ...page.observations] : [...page.observations]));
      setNext(page.next);
    },
    [id],
  );
  useEffect(() => {
    setRows([]);
    if (id) void load().catch(() => undefined);
  }, [id, load]);
  useEffect(
    () =>
      subscribe({
        observations: (e) => {
          const mine = e.observations.filter((o) => o.sessionId === id && o.type !== 'pending');
          if (mine.length && !next) setRows((old) => [...old, ...mine.filter((o) => !old.some((r) => r.id === o.id))]);
        },
        forgotten: (f) => setRows((old) => old.filter((o) => !(f.ids ?? []).includes(o.id))),
      }),
    [id, next],
  );
  const sentinel = useSentinel(() => {
    if (busy.current || !next) return;
    busy.current = true;
    load(next).finally(() => (busy.current = false));
  }, !!next);

  if (report.error) return <ErrorNote message={report.error} />;
  const r = report.data;
  if (!r) return <Spinner />;
  const s = r.session;

  const forget = async () => {
    const ok = await askConfirm({
      title: `Forget session ${s.id}?`,
      message: `All ${count(s.observationCount)} observations of this session in ${projectName(s.project)} and its summary are deleted for good.`,
      action: 'Forget session',
    });
    if (!ok) return;
    try {
      const res = await postJson<ForgetResponse>('forget', { sessionId: s.id });
      notify(`Forgot session ${s.id} (${count(res.removed)} observations).`);
      navigate(href('sessions'));
    } catch (err) {
      notify(`Could not forget: ${(err as Error).message}`, 'error');
    }
  };

  return (
    <section class="view session" aria-label={`Session ${s.id}`}>
      <div class="view-head">
        <h1>
          {projectName(s.project)} <span class="platform">{s.platform}</span>
          {s.branch ? <span class="branch"> ⎇ {s.branch}</span> : null}
        </h1>
        <div class="sub">
          session {s.id} · {dateTime(s.startedAt)}
          {s.endedAt ? ` → ${dateTime(s.endedAt)} (${duration(s.endedAt - s.startedAt)}, ${s.endReason ?? 'ended'})` : ' · still open'} ·{' '}
          {count(s.observationCount)} observations · {count(s.eventCount ?? 0)} events · <span class="path">{s.project}</span>
        </div>
        <div class="head-actions">
          <button class="btn danger-outline" onClick={forget} data-testid="forget-session">
            Forget session…
          </button>
        </div>
      </div>
      <div class="session-grid">
        <div class="col-main">
          <h2>Summary</h2>
          <Summary report={r} />
          <h2>Timeline</h2>
          <div class="timeline" data-testid="session-timeline">
            {rows.map((o) => (
              <ObsRow key={o.id} o={o} />
            ))}
            {!rows.length ? <Empty>No observations.</Empty> : null}
          </div>
          {next ? (
            <div ref={sentinel} class="more">
              <Spinner />
            </div>
          ) : null}
        </div>
        <aside class="col-side">
          <h2>Files touched</h2>
          {r.files.length ? (
            <ul class="file-list">
              {r.files.slice(0, 40).map((f) => (
                <li key={f.file} title={f.file}>
                  <span class="file">{shortPath(f.file, s.project)}</span>
                  <span class="counts">
                    {f.changes ? <span class="changes">✎ {f.changes}</span> : null} <span class="touches">{f.touches}×</span>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>None.</Empty>
          )}
          <h2>Errors and fixes</h2>
          {r.errors.length || r.openErrors.length ? (
            <ul class="error-list">
              {r.errors.map((o) => (
                <li key={o.id}>
                  <a href={href('obs', o.id)}>
                    <TypeIcon type={o.type} /> {o.title}
                  </a>
                </li>
              ))}
              {r.resolutions.map((e, i) => (
                <li key={`r${i}`} class="resolved">
                  <a href={href('obs', e.obsId)}>
                    <span class="sym t-conclusion">✓</span> {e.data}
                  </a>
                </li>
              ))}
              {r.openErrors.map((d, i) => (
                <li key={`o${i}`} class="open-error">
                  <span class="sym t-error">!</span> still open: {d}
                </li>
              ))}
            </ul>
          ) : (
            <Empty>No failures.</Empty>
          )}
          <h2>Decisions</h2>
          {r.decisions.length ? (
            <ul class="decision-list">
              {r.decisions.map((d, i) => (
                <li key={i}>
                  <a href={href('obs', d.obsId)}>
                    <span class="sym t-decision">◆</span> {d.text}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>None recorded.</Empty>
          )}
          {Object.keys(r.eventCounts).length ? (
            <>
              <h2>Events</h2>
              <div class="event-counts">
                {Object.entries(r.eventCounts)
                  .sort((a, b) => b[1] - a[1])
                  .map(([t, n]) => (
                    <span class="chip" key={t}>
                      {t.replace(/_/g, ' ')} {n}
                    </span>
                  ))}
              </div>
            </>
          ) : null}
        </aside>
      </div>
    </section>
  );
}
