/**
 * @module core/search/concepts
 * One score for how well a record answers every concept of a query, whatever language or form it
 * holds each in. The keyword lists rank each language's words apart (a CJK question's own bigrams,
 * its English translations, the English words it typed), and rank fusion then favours a record that
 * one list ranks first over one that holds every concept once: for `conventional fix コミット 件数`,
 * any record dense in `commit` beat the one that says "86 conventional fix commits". Here each concept
 * counts once, by the best of its forms, scored by BM25F (Robertson, Zaragoza & Taylor, 2004):
 *
 *   f̃(form, d) = Σ_columns weight(c) · tf(form, d, c) / (1 − b + b · |d|_c / avg|d|_c)
 *   score(d)   = Σ_concepts max_forms  w(form) · idf(form) · f̃ · (k1 + 1) / (k1 + f̃)
 *
 * Each column is normalised by its own length, so a long raw output neither drowns a match in the
 * title or the model's narration of the same record nor wins by holding more words; the query's own
 * form counts at weight 1 and a translation at TRANSLATION_WEIGHT. Pure: no I/O.
 */

const K1 = 1.2;
const B = 0.75;
/** A translation is evidence of the concept, a little weaker than the word the user typed. */
export const TRANSLATION_WEIGHT = 0.8;
/** How much more the model's narration weighs when the question asks why: the reason lives in what it wrote around a call. */
export const WHY_NARRATION = 2;

/** One form of a concept: its inverse document frequency and its occurrences per column in each candidate. */
export interface FormEvidence {
  readonly idf: number;
  readonly freq: ReadonlyMap<number, readonly number[]>;
  /** 1 for the query's own form, TRANSLATION_WEIGHT for a translation. */
  readonly weight: number;
}

/** A form as a store counted it: whether it is the word typed (the concept's first form), its IDF, its occurrences. */
export interface CountedForm {
  readonly own: boolean;
  readonly idf: number;
  readonly freq: ReadonlyMap<number, readonly number[]>;
}

/**
 * How much finding a concept says about which record answers. A word's rarity is partly its
 * language's: in a store of mostly English sessions `수정` (fix) is rare only because few records are
 * Korean, and as the query's own form it would outweigh every other concept, pulling a Korean question
 * about a Japanese session onto the one Korean session's records that say "fix". So the own form's IDF
 * is drawn toward the IDF of the concept's commonest form in any language (their geometric mean): a
 * generic concept stays generic in every language, while the own form keeps part of its rarity (a
 * Japanese question about a Japanese session still prefers records in Japanese). Dev halves, both
 * styles (eval/RESULTS.md): short queries +2 points R@5 and R@10, full questions level.
 */
export function conceptIdf(ownIdf: number, formIdfs: readonly number[]): number {
  return Math.sqrt(ownIdf * Math.min(ownIdf, ...formIdfs));
}

/**
 * A concept's forms as evidence: the word typed at weight 1, each translation at TRANSLATION_WEIGHT and
 * never rarer than the word typed (`ownIdf`, whether or not that form was read) — `pool` held by a few
 * records must not turn `连接池`, held by one, into the query's strongest term.
 */
export function conceptEvidence(ownIdf: number, forms: readonly CountedForm[]): FormEvidence[] {
  return forms.map((f) => ({ idf: Math.min(ownIdf, f.idf), freq: f.freq, weight: f.own ? 1 : TRANSLATION_WEIGHT }));
}

/** The index's columns as the score sees them: weight, and mean length over the whole index. */
export interface ColumnModel {
  readonly weights: readonly number[];
  readonly averages: readonly number[];
}

/** The candidates ranked by every concept, and by the concepts a topic mask marks alone (none marked: none). */
export interface ConceptRanking {
  readonly ids: readonly number[];
  readonly topic: readonly number[];
}

/**
 * `rankByConcepts` of every concept and, where `topic` marks some (core/search/query-plan `topicMask`,
 * for a question about a compaction), of those alone: what structure looks for the compaction around.
 */
export function rankWithTopic(
  ids: readonly number[],
  concepts: readonly (readonly FormEvidence[])[],
  lengths: ReadonlyMap<number, readonly number[]>,
  columns: ColumnModel,
  topic: readonly boolean[],
): ConceptRanking {
  return {
    ids: rankByConcepts(ids, concepts, lengths, columns),
    topic: topic.some(Boolean) ? rankByConcepts(ids, concepts.filter((_, i) => topic[i]), lengths, columns) : [],
  };
}

/** Candidates, best first by the concept score; those holding no concept are left out. */
export function rankByConcepts(
  ids: readonly number[],
  concepts: readonly (readonly FormEvidence[])[],
  lengths: ReadonlyMap<number, readonly number[]>,
  columns: ColumnModel,
): number[] {
  const scored: { id: number; score: number }[] = [];
  const norms = new Array<number>(columns.weights.length);
  for (const id of ids) {
    const length = lengths.get(id);
    for (let c = 0; c < norms.length; c++) {
      const avg = columns.averages[c]! > 0 ? columns.averages[c]! : 1;
      norms[c] = 1 - B + (B * (length?.[c] ?? avg)) / avg;
    }
    let score = 0;
    for (const forms of concepts) {
      let best = 0;
      for (const f of forms) {
        const tf = f.freq.get(id);
        if (!tf) continue;
        let weighted = 0;
        for (let c = 0; c < tf.length; c++) if (tf[c]) weighted += (columns.weights[c]! * tf[c]!) / norms[c]!;
        const s = f.weight * f.idf * ((weighted * (K1 + 1)) / (K1 + weighted));
        if (s > best) best = s;
      }
      score += best;
    }
    if (score > 0) scored.push({ id, score });
  }
  scored.sort((a, b) => b.score - a.score || b.id - a.id);
  return scored.map((s) => s.id);
}
