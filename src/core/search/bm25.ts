/**
 * @module core/search/bm25
 * BM25 as SQLite's FTS5 computes it (`bm25()` in fts5_aux.c), for scoring a bounded window of
 * documents outside SQLite. FTS5's own function first counts, for every phrase of the query, every
 * document that contains it (one walk of each phrase's whole doclist) before it scores a single row;
 * for common words over 100,000 rows that count is most of a search's cost. Here the caller supplies
 * the document frequencies (exact when small, estimated when large) and each phrase's occurrences per
 * column of each document, so the cost is that of the window alone.
 *
 *   idf(t)    = ln((N − df + 0.5) / (df + 0.5)), floored at 1e-6 (as FTS5 does)
 *   score(d)  = Σ_t idf(t) · f·(k1 + 1) / (f + k1·(1 − b + b·|d| / avg|d|)),  k1 = 1.2, b = 0.75
 *   f         = Σ over columns of weight(column) × occurrences of t in that column
 *
 * Pure: no I/O. Higher scores are better (FTS5 returns the negation, so that ORDER BY ascends).
 */

const K1 = 1.2;
const B = 0.75;

/** FTS5's inverse document frequency: common terms still count, a little (the 1e-6 floor). */
export function idf(docs: number, df: number): number {
  const v = Math.log((docs - df + 0.5) / (df + 0.5));
  return v > 0 ? v : 1e-6;
}

/** One query term as it occurs in one document. */
export interface TermInDoc {
  readonly idf: number;
  /** Column-weighted frequency (Σ weight × occurrences); 0 when the document lacks the term. */
  readonly freq: number;
}

/** BM25 of one document: `length` its tokens over all columns, `avgLength` the collection's mean. */
export function bm25(terms: readonly TermInDoc[], length: number, avgLength: number): number {
  const norm = K1 * (1 - B + (B * length) / (avgLength > 0 ? avgLength : 1));
  let score = 0;
  // Associated as fts5_aux.c does, so equal inputs give FTS5's scores to the last bit.
  for (const t of terms) if (t.freq > 0) score += t.idf * ((t.freq * (K1 + 1)) / (t.freq + norm));
  return score;
}

/**
 * Document frequency of a term from a sample: `hits` of the `sampled` most recent documents hold it,
 * out of `docs` in all. `atLeast` is what a bounded count already proved.
 */
export function estimateDf(hits: number, sampled: number, docs: number, atLeast: number): number {
  const scaled = sampled > 0 ? Math.round((hits / sampled) * docs) : atLeast;
  return Math.min(docs, Math.max(atLeast, scaled));
}

/**
 * SQLite varints as FTS5 writes them in its shadow tables (big-endian, 7 bits a byte, the ninth byte
 * whole): the first `max` values of `buf`. Used for `_docsize` rows (tokens per column) and the
 * averages record (row count, then tokens per column).
 */
export function readVarints(buf: ArrayLike<number>, max: number): number[] {
  const out: number[] = [];
  let i = 0;
  while (out.length < max && i < buf.length) {
    let v = 0;
    for (let n = 0; i < buf.length; n++) {
      const byte = buf[i++]!;
      if (n === 8) {
        v = v * 256 + byte;
        break;
      }
      v = v * 128 + (byte & 0x7f);
      if (byte < 0x80) break;
    }
    out.push(v);
  }
  return out;
}

/**
 * Sum of the first `count` varints of a blob given as SQLite's `hex()` text (no byte array is built:
 * a window reads hundreds of `_docsize` rows per search).
 */
export function hexVarintSum(hex: string, count: number): number {
  let sum = 0;
  let i = 0;
  for (let k = 0; k < count && i + 1 < hex.length; k++) {
    let v = 0;
    for (let n = 0; i + 1 < hex.length; n++) {
      const byte = parseInt(hex.slice(i, i + 2), 16);
      i += 2;
      if (n === 8) {
        v = v * 256 + byte;
        break;
      }
      v = v * 128 + (byte & 0x7f);
      if (byte < 0x80) break;
    }
    sum += v;
  }
  return sum;
}
