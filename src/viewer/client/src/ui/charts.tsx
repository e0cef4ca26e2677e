/** Inline SVG charts: no library, nothing loaded from elsewhere. */
import { count } from '../format.ts';

export interface DayValue {
  readonly day: string;
  readonly observations: number;
  readonly sessions: number;
}

/** Observations per day as columns, every day of the range shown (empty days included). */
export function ActivityChart({ days, data }: { days: number; data: readonly DayValue[] }) {
  const byDay = new Map(data.map((d) => [d.day, d]));
  const series: DayValue[] = [];
  const today = new Date();
  for (let i = days - 1; i >= 0; i--) {
    const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() - i);
    const key = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    series.push(byDay.get(key) ?? { day: key, observations: 0, sessions: 0 });
  }
  const max = Math.max(1, ...series.map((d) => d.observations));
  const W = 900;
  const H = 180;
  const pad = { l: 44, r: 8, t: 10, b: 24 };
  const bw = (W - pad.l - pad.r) / series.length;
  const y = (v: number) => pad.t + (H - pad.t - pad.b) * (1 - v / max);
  const ticks = [0, Math.round(max / 2), max];
  return (
    <svg class="chart activity" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Observations per day, last ${days} days`}>
      {ticks.map((t) => (
        <g key={t}>
          <line class="grid" x1={pad.l} x2={W - pad.r} y1={y(t)} y2={y(t)} />
          <text class="axis" x={pad.l - 6} y={y(t) + 4} text-anchor="end">
            {t >= 1000 ? `${Math.round(t / 100) / 10}k` : t}
          </text>
        </g>
      ))}
      {series.map((d, i) => {
        const h = H - pad.b - y(d.observations);
        return (
          <rect key={d.day} class="bar" x={pad.l + i * bw + bw * 0.12} y={y(d.observations)} width={Math.max(1, bw * 0.76)} height={Math.max(0, h)}>
            <title>{`${d.day}: ${count(d.observations)} observations, ${d.sessions} sessions`}</title>
          </rect>
        );
      })}
      {series.map((d, i) =>
        i % Math.ceil(series.length / 8) === 0 ? (
          <text key={`l${d.day}`} class="axis" x={pad.l + i * bw + bw / 2} y={H - 6} text-anchor="middle">
            {d.day.slice(5)}
          </text>
        ) : null,
      )}
    </svg>
  );
}

export interface BarItem {
  readonly label: string;
  readonly value: number;
  readonly title?: string;
  readonly href?: string;
  readonly note?: string;
  readonly cls?: string;
}

/** Horizontal bars with labels and values. */
export function Bars({ items, unit = '', wide = false }: { items: readonly BarItem[]; unit?: string; wide?: boolean }) {
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <div class={wide ? 'bars wide' : 'bars'}>
      {items.map((it) => (
        <div class="bar-row" key={it.label} title={it.title ?? it.label}>
          <span class="bar-label">{it.href ? <a href={it.href}>{it.label}</a> : it.label}</span>
          <svg class="bar-track" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
            <rect class={`bar ${it.cls ?? ''}`} x="0" y="0" height="10" width={Math.max(0.5, (it.value / max) * 100)} />
          </svg>
          <span class="bar-value">
            {count(it.value)}
            {unit}
            {it.note ? <span class="note"> {it.note}</span> : null}
          </span>
        </div>
      ))}
    </div>
  );
}

/** Two bars on one scale: what is stored against what is injected. */
export function CompareBars({ a, b, aLabel, bLabel }: { a: number; b: number; aLabel: string; bLabel: string }) {
  const max = Math.max(1, a, b);
  return (
    <svg class="chart compare" viewBox="0 0 300 34" preserveAspectRatio="none" role="img" aria-label={`${aLabel} against ${bLabel}`}>
      <rect class="bar history" x="0" y="2" height="13" width={(a / max) * 300} />
      <rect class="bar injected" x="0" y="19" height="13" width={Math.max(1.5, (b / max) * 300)} />
    </svg>
  );
}
