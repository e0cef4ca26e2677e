/**
 * @module eval/metrics
 * Retrieval metrics as LongMemEval computes them, per question then averaged: R@k = 1 when any
 * answering observation is among the first k results (recall_any@k), MRR = the mean of 1 / rank of
 * the first answering one (0 when none is returned). Pure.
 */

export interface Score {
  readonly r5: number;
  readonly r10: number;
  readonly mrr: number;
  readonly n: number;
}

/** The rank (from 1) of the first result in `relevant`, or undefined. */
export function firstRank(results: readonly number[], relevant: ReadonlySet<number>): number | undefined {
  const i = results.findIndex((id) => relevant.has(id));
  return i >= 0 ? i + 1 : undefined;
}

export function score(ranks: readonly (number | undefined)[]): Score {
  const n = ranks.length;
  if (n === 0) return { r5: 0, r10: 0, mrr: 0, n: 0 };
  const at = (k: number) => ranks.filter((r) => r !== undefined && r <= k).length / n;
  return { r5: at(5), r10: at(10), mrr: ranks.reduce<number>((s, r) => s + (r ? 1 / r : 0), 0) / n, n };
}

const pct = (x: number) => (100 * x).toFixed(1);

/** `R@5 / R@10 / MRR` as a table cell. */
export function cell(s: Score): string {
  return s.n === 0 ? '—' : `${pct(s.r5)} / ${pct(s.r10)} / ${s.mrr.toFixed(3)}`;
}

/** Scores grouped by a key of each item. */
export function groupScores<T>(items: readonly T[], rank: (t: T) => number | undefined, key: (t: T) => string): Map<string, Score> {
  const groups = new Map<string, (number | undefined)[]>();
  for (const t of items) {
    const k = key(t);
    groups.set(k, [...(groups.get(k) ?? []), rank(t)]);
  }
  return new Map([...groups].map(([k, r]) => [k, score(r)]));
}
