/**
 * @module bench/lib/stats
 * Small numeric helpers shared by the benchmarks. Timings are only ever compared as ratios
 * against a baseline measured in the same run: the machine is shared and noisy.
 */

/** Nearest-rank percentile (p in 0..100) of an unsorted sample. */
export function percentile(sample: readonly number[], p: number): number {
  if (sample.length === 0) return NaN;
  const sorted = [...sample].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const median = (s: readonly number[]): number => percentile(s, 50);
export const p95 = (s: readonly number[]): number => percentile(s, 95);

export function mean(s: readonly number[]): number {
  return s.length ? s.reduce((a, b) => a + b, 0) / s.length : NaN;
}

/** Milliseconds with a precision that suits the magnitude. */
export function ms(v: number): string {
  if (!Number.isFinite(v)) return 'n/a';
  if (v >= 100) return v.toFixed(0);
  if (v >= 10) return v.toFixed(1);
  if (v >= 1) return v.toFixed(2);
  return v.toFixed(3);
}

export function ratio(v: number): string {
  if (!Number.isFinite(v)) return 'n/a';
  return v >= 100 ? `${v.toFixed(0)}×` : v >= 10 ? `${v.toFixed(1)}×` : `${v.toFixed(2)}×`;
}

export function bytes(n: number): string {
  if (n >= 1024 * 1024 * 1024) return `${(n / 1024 / 1024 / 1024).toFixed(2)} GiB`;
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${n} B`;
}

export function int(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** A deterministic PRNG (mulberry32): the same seed gives the same corpus and the same order. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates shuffle in place with the given PRNG. */
export function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Render a Markdown table. */
export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const align = head.map((_, i) => (i === 0 ? '---' : '---:'));
  return [head, align, ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}
