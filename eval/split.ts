/**
 * @module eval/split
 * The dev/test split of a labelled set, decided before any result was looked at and committed next to
 * the set (`questions-v2.split.json`). Ranking is tuned on dev only; the figures quoted are test's.
 *
 * Deterministic and stratified: questions are grouped by kind × language group (English about English,
 * English about a Japanese/Korean session, Chinese, Japanese, Korean), ordered within a group by the
 * SHA-256 of their id, and dealt out alternately, each group starting on the side that is behind, so
 * every group and the whole set split ~50/50. Nothing about a question's text or results enters it.
 */
import { createHash } from 'node:crypto';

export type Split = 'dev' | 'test';

/** What the split reads of a question. */
export interface SplitInput {
  readonly question_id: string;
  readonly question_type: string;
  readonly language: string;
  readonly session_language?: string;
}

/** The stratum of a question: its kind and language group. */
export function stratumOf(q: SplitInput): string {
  const group = q.language === 'en' ? (q.session_language && q.session_language !== 'en' ? 'en-about-cjk' : 'en') : q.language;
  return `${q.question_type}/${group}`;
}

const hashOf = (id: string): string => createHash('sha256').update(id).digest('hex');

/** Each question's side of the split. */
export function splitQuestions(questions: readonly SplitInput[]): Map<string, Split> {
  const strata = new Map<string, SplitInput[]>();
  for (const q of questions) {
    const key = stratumOf(q);
    strata.set(key, [...(strata.get(key) ?? []), q]);
  }
  const out = new Map<string, Split>();
  const count = { dev: 0, test: 0 };
  for (const key of [...strata.keys()].sort()) {
    const members = [...strata.get(key)!].sort((a, b) => (hashOf(a.question_id) < hashOf(b.question_id) ? -1 : 1));
    let side: Split = count.dev <= count.test ? 'dev' : 'test';
    for (const q of members) {
      out.set(q.question_id, side);
      count[side]++;
      side = side === 'dev' ? 'test' : 'dev';
    }
  }
  return out;
}

/** The split as committed: the ids of each side, in the set's order. */
export function splitFile(questions: readonly SplitInput[]): { method: string; dev: string[]; test: string[] } {
  const sides = splitQuestions(questions);
  return {
    method: 'eval/split.ts: stratified by kind x language group, alternating in SHA-256(question_id) order',
    dev: questions.filter((q) => sides.get(q.question_id) === 'dev').map((q) => q.question_id),
    test: questions.filter((q) => sides.get(q.question_id) === 'test').map((q) => q.question_id),
  };
}
