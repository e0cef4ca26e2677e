/**
 * One observation in full, as stored (already redacted at capture), with what the model wrote
 * around the call (its narration, from the host transcript), its extracted events and the
 * observations just before and after it in its session. `[` and `]` step through neighbours.
 */
import { useEffect } from 'preact/hooks';
import type { ForgetResponse, ObservationDetailResponse } from '../../../api-types.ts';
import { postJson } from '../api.ts';
import { dateTime, projectName } from '../format.ts';
import { href, navigate, type Route } from '../router.ts';
import { Author, ErrorNote, ObsRow, SessionLabel, Spinner, TypeIcon } from '../ui/common.tsx';
import { askConfirm, notify } from '../ui/dialogs.tsx';
import { useApi } from '../ui/hooks.ts';

export function ObservationView({ route }: { route: Route }) {
  const id = route.id ?? 0;
  const res = useApi<ObservationDetailResponse>(id ? `observations/${id}` : undefined, {}, String(id));
  const d = res.data?.observation.id === id ? res.data : undefined;

  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      if (!d || (e.target as HTMLElement).tagName === 'INPUT' || document.querySelector('dialog[open]')) return;
      const prev = d.before[d.before.length - 1];
      const next = d.after[0];
      if (e.key === '[' && prev) navigate(href('obs', prev.id));
      if (e.key === ']' && next) navigate(href('obs', next.id));
    };
    window.addEventListener('keydown', on);
    return () => window.removeEventListener('keydown', on);
  }, [d]);

  if (res.error) return <ErrorNote message={res.error} />;
  if (!d) return <Spinner />;
  const o = d.observation;

  const forget = async () => {
    const ok = await askConfirm({ title: `Forget observation #${o.id}?`, message: `“${o.title.slice(0, 160)}” is deleted from memory for good, with its index entries and events.`, action: 'Forget' });
    if (!ok) return;
    try {
      const r = await postJson<ForgetResponse>('forget', { ids: [o.id] });
      notify(r.removed ? `Forgot #${o.id}.` : `#${o.id} was already gone.`);
      const next = d.after[0] ?? d.before[d.before.length - 1];
      navigate(next ? href('obs', next.id) : href('session', o.sessionId));
    } catch (err) {
      notify(`Could not forget: ${(err as Error).message}`, 'error');
    }
  };

  return (
    <section class="view observation" aria-label={`Observation ${o.id}`}>
      <div class="view-head">
        <h1 class="obs-title">
          <TypeIcon type={o.type} /> <span data-testid="obs-title">{o.title}</span>
        </h1>
        <div class="head-actions">
          <button class="btn danger-outline" onClick={forget} data-testid="forget-observation">
            Forget…
          </button>
        </div>
      </div>
      <SessionLabel s={d.session} id={o.sessionId} />
      <div class="obs-grid">
        <div class="col-main">
          <dl class="fields">
            <dt>id</dt>
            <dd>#{o.id}</dd>
            <dt>when</dt>
            <dd>{dateTime(o.createdAt)}</dd>
            <dt>type</dt>
            <dd>
              {o.type} ({o.kind}){o.private ? ' · private' : ''}
            </dd>
            <dt>project</dt>
            <dd title={o.project}>
              {projectName(o.project)} <span class="path">{o.project}</span>
            </dd>
            <dt>assistant</dt>
            <dd>{o.platform}</dd>
            <dt>author</dt>
            <dd>{o.author ? <Author name={o.author} /> : 'me'}</dd>
            {o.toolName ? (
              <>
                <dt>tool</dt>
                <dd>
                  {o.toolName}
                  {o.toolUseId ? <span class="path"> {o.toolUseId}</span> : null}
                </dd>
              </>
            ) : null}
            {o.files.length ? (
              <>
                <dt>files</dt>
                <dd>
                  {o.files.map((f) => (
                    <div key={f} class="path">
                      <a href={href('search', undefined, { q: f.split('/').pop() ?? f, file: f })}>{f}</a>
                    </div>
                  ))}
                </dd>
              </>
            ) : null}
            {o.priority !== undefined ? (
              <>
                <dt>priority</dt>
                <dd>{o.priority} (1 most important … 5 least)</dd>
              </>
            ) : null}
            {o.tags ? (
              <>
                <dt>tags</dt>
                <dd class="tags">{o.tags}</dd>
              </>
            ) : null}
          </dl>
          {o.why || o.finding ? (
            <>
              <h2>In the model's words</h2>
              <dl class="fields narration" data-testid="obs-narration">
                {o.why ? (
                  <>
                    <dt>why</dt>
                    <dd class="narration-text" data-testid="obs-why">
                      {o.why}
                    </dd>
                  </>
                ) : null}
                {o.finding ? (
                  <>
                    <dt>found</dt>
                    <dd class="narration-text" data-testid="obs-finding">
                      {o.finding}
                    </dd>
                  </>
                ) : null}
              </dl>
            </>
          ) : null}
          {o.events.length ? (
            <>
              <h2>Extracted events</h2>
              <ul class="event-list">
                {o.events.map((e, i) => (
                  <li key={i}>
                    <span class={`chip c-${e.category}`}>{e.type.replace(/_/g, ' ')}</span> <span class="event-data">{e.data}</span>
                    {e.bytesAvoided ? <span class="note"> · {e.bytesAvoided} bytes kept out of context</span> : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <h2>Record</h2>
          <pre class="body" data-testid="obs-body">{o.body || '(empty)'}</pre>
        </div>
        <aside class="col-side neighbours">
          <h2>Before</h2>
          {d.before.length ? d.before.map((n) => <ObsRow key={n.id} o={n} />) : <div class="muted">Start of the session.</div>}
          <h2>After</h2>
          {d.after.length ? d.after.map((n) => <ObsRow key={n.id} o={n} />) : <div class="muted">Nothing after it (yet).</div>}
          <div class="hint">[ and ] step to the previous and next observation.</div>
        </aside>
      </div>
    </section>
  );
}
