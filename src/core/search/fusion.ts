/**
 * @module core/search/fusion
 * Reciprocal rank fusion (Cormack, Clarke & Büttcher, SIGIR 2009) of the ranked lists one search
 * produces — BM25 over the words, the Chinese bigram path, glossary translations, semantic
 * neighbours — followed by mild priors for recency and importance.
 *
 *   rrf(d)   = Σ over lists L containing d of  weight(L) / (K + rank_L(d)),   rank from 1, K = 60
 *   score(d) = rrf(d) × (1 + 0.01 × 2^(−age / 30 days)) × (1 + 0.005 × (5 − priority) / 4) × kind(d)
 *
 * RRF needs no score calibration between lists (a BM25 value and a cosine are not comparable, their
 * ranks are), and a document found by several lists rises above one found by a single list. The priors
 * are small on purpose: at K = 60 the first ranks of one list differ by about 1.6 %, and the priors
 * together add at most 1.5 %, so they reorder near-ties (documents the lists disagree on) and never
 * lift a list's second result over its first. The kind factor is the one exception, and only lowers:
 * the store sets it below 1 for records that match many words without being what happened (file reads).
 * Pure: no I/O.
 */
import { isFileReadTitle } from '../titles.ts';

/** One ranked list of observation ids, best first. */
export interface RankedList {
  /** What produced it (`bm25`, `cjk`, `glossary`, `rare`, `vector`…), for explanations and tests. */
  readonly name: string;
  readonly ids: readonly number[];
  /** Multiplies this list's contribution; 1 by default. */
  readonly weight?: number;
}

/** What the priors read about a candidate, looked up by the caller (fusion itself has no I/O). */
export interface FusionPriors {
  /** Milliseconds since the epoch of each candidate (for the recency prior). */
  readonly createdAt: (id: number) => number | undefined;
  /** 1 (most important) … 5 (routine); undefined counts as 5. */
  readonly priority: (id: number) => number | undefined;
  /** A factor for what kind of record a candidate is (1 when absent): see the store's search. */
  readonly kind?: (id: number) => number;
  readonly now: number;
}

/** The RRF constant from the original paper; larger values flatten the head of each list. */
export const RRF_K = 60;
const RECENCY = 0.01;
const HALF_LIFE_MS = 30 * 24 * 3600 * 1000;
const PRIORITY = 0.005;


/** One fused result: its score and which lists found it at which rank (for tests and explanations). */
export interface Fused {
  readonly id: number;
  readonly score: number;
  /** Lists that found it, best rank first, e.g. `bm25#1 vector#4`. */
  readonly via: readonly string[];
}

/** Fuse ranked lists into one by RRF, best first. Ties keep the newer (larger) id first. */
export function fuse(lists: readonly RankedList[]): Fused[] {
  const acc = new Map<number, { score: number; via: string[] }>();
  for (const list of lists) {
    const w = list.weight ?? 1;
    list.ids.forEach((id, i) => {
      const e = acc.get(id) ?? { score: 0, via: [] };
      e.score += w / (RRF_K + i + 1);
      e.via.push(`${list.name}#${i + 1}`);
      acc.set(id, e);
    });
  }
  return [...acc].map(([id, e]) => ({ id, score: e.score, via: e.via })).sort((a, b) => b.score - a.score || b.id - a.id);
}

/**
 * A file read's text is the file as it was when the model looked: it holds many of a question's words
 * without being what happened. It still ranks, a little below an act that matches as well
 * (eval/RESULTS.md: chosen on the dev split).
 */
const READ_WEIGHT = 0.9;

/** The kind factor of a record of this type and title. */
export function kindWeight(type: string, title: string): number {
  return isFileReadTitle(type, title) ? READ_WEIGHT : 1;
}

/** Apply the recency and importance priors to fused results and re-sort them. */
export function withPriors(fused: readonly Fused[], priors: FusionPriors): Fused[] {
  return fused
    .map((f) => {
      let score = f.score;
      const at = priors.createdAt(f.id);
      if (at !== undefined) score *= 1 + RECENCY * Math.pow(2, -Math.max(0, priors.now - at) / HALF_LIFE_MS);
      const p = priors.priority(f.id) ?? 5;
      score *= 1 + (PRIORITY * (5 - Math.min(5, Math.max(1, p)))) / 4;
      score *= priors.kind?.(f.id) ?? 1;
      return { ...f, score };
    })
    .sort((a, b) => b.score - a.score || b.id - a.id);
}

/** Candidates a second ranking reads (the concept ranking, an embedder's): every list's head first. */
export const CANDIDATES = 200;

/** The lists' records interleaved by rank (each list's first, then each one's second …), at most CANDIDATES. */
export function candidatesOf(lists: readonly RankedList[]): number[] {
  const out = new Set<number>();
  for (let i = 0; out.size < CANDIDATES; i++) {
    let any = false;
    for (const l of lists) {
      const id = l.ids[i];
      if (id === undefined) continue;
      any = true;
      out.add(id);
    }
    if (!any) break;
  }
  return [...out].slice(0, CANDIDATES);
}
