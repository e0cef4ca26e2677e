/**
 * mnemo's viewer: a small single-page app over the local JSON API. Hash routes, no server-side
 * rendering, nothing loaded from anywhere but this server.
 */
import { Fragment, render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { MetaResponse } from '../../api-types.ts';
import { getJson } from './api.ts';
import { subscribe, type LiveState } from './live.ts';
import { href, navigate, useRoute, type View } from './router.ts';
import { ConfirmHost, NoticeHost } from './ui/dialogs.tsx';
import { Control } from './views/control.tsx';
import { Feed } from './views/feed.tsx';
import { Insights } from './views/insights.tsx';
import { ObservationView } from './views/observation.tsx';
import { Search } from './views/search.tsx';
import { SessionView } from './views/session.tsx';
import { Sessions } from './views/sessions.tsx';
import './styles.css';

const TABS: readonly { view: View; label: string; key: string }[] = [
  { view: 'feed', label: 'Feed', key: 'f' },
  { view: 'search', label: 'Search', key: '/' },
  { view: 'sessions', label: 'Sessions', key: 's' },
  { view: 'insights', label: 'Insights', key: 'i' },
  { view: 'control', label: 'Control', key: 'c' },
];

const SHORTCUTS: readonly [string, string][] = [
  ['/', 'search'],
  ['f · s · i · c', 'feed · sessions · insights · control'],
  ['j / k or ↓ / ↑', 'move through a list'],
  ['Enter', 'open the selected row (in search: the best result)'],
  ['[ / ]', 'previous / next observation'],
  ['Esc', 'back to the search box'],
  ['?', 'this help'],
];

function Help({ onClose }: { onClose: () => void }) {
  return (
    <div class="help" role="dialog" aria-label="Keyboard shortcuts" onClick={onClose}>
      <div class="help-box">
        <h2>Keyboard</h2>
        <dl>
          {SHORTCUTS.map(([k, v]) => (
            <Fragment key={k}>
              <dt>
                <kbd>{k}</kbd>
              </dt>
              <dd>{v}</dd>
            </Fragment>
          ))}
        </dl>
      </div>
    </div>
  );
}

function App() {
  const route = useRoute();
  const [meta, setMeta] = useState<MetaResponse>();
  const [metaNonce, setMetaNonce] = useState(0);
  const [live, setLive] = useState<LiveState>('connecting');
  const [help, setHelp] = useState(false);

  useEffect(() => {
    getJson<MetaResponse>('meta').then(setMeta, () => undefined);
  }, [metaNonce]);
  useEffect(() => subscribe({ state: setLive, forgotten: () => setMetaNonce((n) => n + 1) }), []);
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      if (e.ctrlKey || e.metaKey || e.altKey || t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || document.querySelector('dialog[open]')) return;
      if (e.key === '?') return setHelp((h) => !h);
      if (e.key === 'Escape') return setHelp(false);
      const tab = TABS.find((x) => x.key === e.key);
      if (tab) {
        e.preventDefault();
        navigate(href(tab.view));
      }
    };
    window.addEventListener('keydown', on);
    return () => window.removeEventListener('keydown', on);
  }, []);

  const active = route.view === 'session' ? 'sessions' : route.view === 'obs' ? undefined : route.view;
  return (
    <>
      <header class="top">
        <a class="brand" href={href('feed')} aria-label="mnemo">
          <svg viewBox="0 0 32 32" width="22" height="22" aria-hidden="true">
            <rect width="32" height="32" rx="7" class="brand-bg" />
            <path d="M7 23V10l4.5 7L16 10l4.5 7L25 10v13" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round" />
          </svg>
          mnemo
        </a>
        <nav>
          {TABS.map((t) => (
            <a key={t.view} href={href(t.view)} class={active === t.view ? 'on' : ''} aria-current={active === t.view ? 'page' : undefined}>
              {t.label}
            </a>
          ))}
        </nav>
        <span class={`live ${live}`} title={live === 'live' ? 'receiving new observations as they are recorded' : live} data-testid="live-state">
          <span class="dot" /> {live === 'live' ? 'live' : live}
        </span>
        <button class="help-btn" onClick={() => setHelp(true)} aria-label="Keyboard shortcuts">
          ?
        </button>
      </header>
      <main>
        {route.view === 'feed' ? <Feed route={route} meta={meta} /> : null}
        {route.view === 'search' ? <Search route={route} meta={meta} /> : null}
        {route.view === 'sessions' ? <Sessions route={route} meta={meta} /> : null}
        {route.view === 'session' ? <SessionView route={route} key={route.id} /> : null}
        {route.view === 'obs' ? <ObservationView route={route} key={route.id} /> : null}
        {route.view === 'insights' ? <Insights /> : null}
        {route.view === 'control' ? <Control meta={meta} onChanged={() => setMetaNonce((n) => n + 1)} /> : null}
      </main>
      {help ? <Help onClose={() => setHelp(false)} /> : null}
      <ConfirmHost />
      <NoticeHost />
    </>
  );
}

render(<App />, document.getElementById('app')!);
