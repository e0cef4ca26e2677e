/** Filter controls that live in the URL, so a filtered view can be bookmarked and shared locally. */
import type { ObsType } from '../../../../core/types.ts';
import type { MetaResponse } from '../../../api-types.ts';
import { projectName, SYMBOLS } from '../format.ts';
import { href, navigate, type Route, type View } from '../router.ts';

const MAIN_TYPES: readonly ObsType[] = ['prompt', 'change', 'error', 'command', 'discovery', 'conclusion', 'decision', 'note', 'subagent', 'compact'];

export function setParams(route: Route, view: View, changes: Record<string, string | undefined>): void {
  const params: Record<string, string | undefined> = {};
  route.params.forEach((v, k) => (params[k] = v));
  Object.assign(params, changes);
  navigate(href(view, route.id, params), true);
}

export function Filters({ meta, route, view, showTypes, extra }: { meta: MetaResponse | undefined; route: Route; view: View; showTypes?: boolean; extra?: boolean }) {
  const p = route.params;
  const types = (p.get('type') ?? '').split(',').filter(Boolean);
  const toggle = (t: ObsType) => {
    const next = types.includes(t) ? types.filter((x) => x !== t) : [...types, t];
    setParams(route, view, { type: next.join(',') || undefined });
  };
  const set = (k: string) => (e: Event) => setParams(route, view, { [k]: (e.target as HTMLInputElement | HTMLSelectElement).value || undefined });
  return (
    <div class="filters">
      <select aria-label="Project" value={p.get('project') ?? ''} onChange={set('project')}>
        <option value="">All projects</option>
        {(meta?.projects ?? []).map((pr) => (
          <option key={pr} value={pr} title={pr}>
            {projectName(pr)}
          </option>
        ))}
      </select>
      {meta?.team ? (
        <select aria-label="Whose records" value={p.get('scope') ?? ''} onChange={set('scope')}>
          <option value="">Mine and teammates'</option>
          <option value="mine">Mine</option>
          <option value="team">Teammates' ({(meta.authors ?? []).length})</option>
        </select>
      ) : null}
      <select aria-label="Assistant" value={p.get('platform') ?? ''} onChange={set('platform')}>
        <option value="">All assistants</option>
        {(meta?.platforms ?? []).map((pl) => (
          <option key={pl} value={pl}>
            {pl}
          </option>
        ))}
      </select>
      {extra ? (
        <>
          <select aria-label="Event type" value={p.get('event') ?? ''} onChange={set('event')}>
            <option value="">Any event</option>
            {(meta?.eventTypes ?? []).map((t) => (
              <option key={t} value={t}>
                {t.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
          <input class="file-filter" aria-label="File" placeholder="file, e.g. src/db/pool.ts" value={p.get('file') ?? ''} onChange={set('file')} spellcheck={false} />
          <label class="date">
            from <input type="date" aria-label="Since" value={p.get('since') ?? ''} onChange={set('since')} />
          </label>
          <label class="date">
            to <input type="date" aria-label="Until" value={p.get('until') ?? ''} onChange={set('until')} />
          </label>
        </>
      ) : null}
      {showTypes ? (
        <div class="type-toggles" role="group" aria-label="Types">
          {MAIN_TYPES.map((t) => (
            <button key={t} type="button" class={`type-toggle t-${t}${types.includes(t) ? ' on' : ''}`} aria-pressed={types.includes(t)} title={t} onClick={() => toggle(t)}>
              <span class="sym">{SYMBOLS[t]}</span> {t}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
