/**
 * @module core/search/concepts
 * One score for how well a record answers every concept of a query, whatever language or form it
 * holds each in. The keyword lists rank each language's words apart (a CJK question's own bigrams,
 * its English translations, the English words it typed), and rank fusion then favours a record that
 * one list ranks first over one that holds every concept once: for `conventional fix コミット 件数`,
 * any record dense in `commit` beat the one that says "86 conventional fix commits". Here each concept
 * counts once, by the best of its forms:
 *
 *   score(d) = Σ_concepts max_forms  w(form) · idf(form) · f·(k1 + 1) / (f + k1·(1 − b + b·|d| / avg|d|))
 *
 * with f the form's column-weighted frequency in d (title and the model's narration above raw
 * output), the query's own form at weight 1 and a translation at TRANSLATION_WEIGHT. BM25's length
 * normalisation keeps a long log from winning by holding more words. Pure: no I/O.
 */

const K1 = 1.2;
const B = 0.75;
/** A translation is evidence of the concept, a little weaker than the word the user typed. */
export const TRANSLATION_WEIGHT = 0.8;

/** One form of a concept: its inverse document frequency and its frequency in each candidate. */
export interface FormEvidence {
  readonly idf: number;
  readonly freq: ReadonlyMap<number, number>;
  /** 1 for the query's own form, TRANSLATION_WEIGHT for a translation. */
  readonly weight: number;
}

/** Candidates, best first by the concept score; those holding no concept are left out. */
export function rankByConcepts(
  ids: readonly number[],
  concepts: readonly (readonly FormEvidence[])[],
  length: ReadonlyMap<number, number>,
  avgLength: number,
): number[] {
  const avg = avgLength > 0 ? avgLength : 1;
  const scored: { id: number; score: number }[] = [];
  for (const id of ids) {
    const norm = K1 * (1 - B + (B * (length.get(id) ?? avg)) / avg);
    let score = 0;
    for (const forms of concepts) {
      let best = 0;
      for (const f of forms) {
        const tf = f.freq.get(id) ?? 0;
        if (tf === 0) continue;
        const s = f.weight * f.idf * ((tf * (K1 + 1)) / (tf + norm));
        if (s > best) best = s;
      }
      score += best;
    }
    if (score > 0) scored.push({ id, score });
  }
  scored.sort((a, b) => b.score - a.score || b.id - a.id);
  return scored.map((s) => s.id);
}
