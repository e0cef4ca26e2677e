/**
 * Insights: activity over time, where the memory comes from (projects, assistants), what it is made
 * of, the most-touched files, and the context saved: raw history stored against what SessionStart
 * injects for it.
 */
import { useState } from 'preact/hooks';
import type { InsightsResponse } from '../../../api-types.ts';
import { bytes, count, projectName, shortPath, SYMBOLS, tokens } from '../format.ts';
import { href } from '../router.ts';
import { ActivityChart, Bars, CompareBars } from '../ui/charts.tsx';
import { ErrorNote, Spinner } from '../ui/common.tsx';
import { useApi } from '../ui/hooks.ts';

const RANGES = [30, 90, 180, 365];

function Card({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div class="card">
      <div class="card-value">{value}</div>
      <div class="card-label">{label}</div>
      {note ? <div class="card-note">{note}</div> : null}
    </div>
  );
}

export function Insights() {
  const [days, setDays] = useState(90);
  const tz = -new Date().getTimezoneOffset();
  const res = useApi<InsightsResponse>('insights', { days, tz }, String(days));
  const d = res.data;
  if (res.error) return <ErrorNote message={res.error} />;
  if (!d) return <Spinner />;
  const inRange = d.activity.reduce((a, x) => a + x.observations, 0);
  const saved = d.context.reduce((a, c) => ({ history: a.history + c.historyChars, injected: a.injected + c.injectedChars }), { history: 0, injected: 0 });
  return (
    <section class="view insights" aria-label="Insights">
      <div class="view-head">
        <h1>Insights</h1>
        <div class="sub">
          computed in {d.tookMs} ms · cached for a few seconds
        </div>
      </div>
      <div class="cards">
        <Card label="observations" value={count(d.db.observations)} />
        <Card label="sessions" value={count(d.db.sessions)} />
        <Card label="projects" value={count(d.db.projects)} />
        <Card label="database" value={bytes(d.db.dbBytes)} note={`schema v${d.db.schemaVersion}${d.db.spoolPending ? ` · ${d.db.spoolPending} in spool` : ''}`} />
      </div>

      <div class="panel">
        <div class="panel-head">
          <h2>Activity</h2>
          <span class="sub">{count(inRange)} observations in the last {d.days} days</span>
          <div class="seg" role="group" aria-label="Range">
            {RANGES.map((r) => (
              <button key={r} class={r === days ? 'on' : ''} aria-pressed={r === days} onClick={() => setDays(r)}>
                {r} d
              </button>
            ))}
          </div>
        </div>
        <ActivityChart days={d.days} data={d.activity} />
      </div>

      <div class="panel">
        <div class="panel-head">
          <h2>Context saved</h2>
          <span class="sub">
            raw history stored ≈{tokens(saved.history)} tokens → injected at session start ≈{tokens(saved.injected)} tokens
          </span>
        </div>
        <div class="context-rows">
          {d.context.map((c) => {
            const pct = c.historyChars ? 100 * (1 - c.injectedChars / c.historyChars) : 0;
            return (
              <div class="context-row" key={c.project} title={c.project}>
                <span class="bar-label">
                  <a href={href('feed', undefined, { project: c.project })}>{projectName(c.project)}</a>
                </span>
                <CompareBars a={c.historyChars} b={c.injectedChars} aLabel="history" bLabel="injected" />
                <span class="bar-value">
                  {tokens(c.historyChars)} → {tokens(c.injectedChars)} tokens
                  <span class="note"> ({pct >= 99.95 ? '>99.9' : pct.toFixed(1)}% kept out)</span>
                </span>
              </div>
            );
          })}
        </div>
        <div class="legend">
          <span class="key history" /> history stored <span class="key injected" /> index injected (within the {count(10_000)}-character budget)
        </div>
      </div>

      <div class="two-col">
        <div class="panel">
          <h2>Projects</h2>
          <Bars
            items={d.projects.slice(0, 12).map((p) => ({ label: projectName(p.project), value: p.observations, title: p.project, href: href('feed', undefined, { project: p.project }), note: `${p.sessions} sess.` }))}
          />
        </div>
        <div class="panel">
          <h2>Assistants</h2>
          <Bars items={d.platforms.map((p) => ({ label: p.platform, value: p.observations, href: href('feed', undefined, { platform: p.platform }), note: `${p.sessions} sess.` }))} />
          <h2>Types</h2>
          <div class="sub">newest {count(d.typeSample)} observations</div>
          <Bars items={d.types.map((t) => ({ label: `${SYMBOLS[t.type]} ${t.type}`, value: t.observations, cls: `t-${t.type}`, href: href('feed', undefined, { type: t.type }) }))} />
        </div>
      </div>

      <div class="panel">
        <h2>Most-touched files</h2>
        <div class="sub">newest {count(d.fileSample)} observations; changes first</div>
        <Bars
          wide
          items={d.files.map((f) => ({ label: shortPath(f.file), value: f.touches, title: f.file, href: href('search', undefined, { q: f.file.split('/').pop() ?? f.file, file: f.file }), note: f.changes ? `✎ ${count(f.changes)}` : '' }))}
        />
      </div>
    </section>
  );
}
