/**
 * @module store/sqlite/loanwords
 * English words of this index for katakana words no glossary translates (core/search/loanword):
 * the vocabulary is read through FTS5's own `fts5vocab` view, one initial letter at a time, and kept
 * per connection with what each katakana word resolved to, until the index grows or shrinks by 1 %.
 * Reading a letter walks all its terms' index entries: 5–15 ms at 5,000 records, 20–150 ms at 100,000,
 * 1–3.5 s at 1,000,000 (measured on the benchmark stores). It happens once per letter and connection,
 * and only for a katakana word outside the glossary; past MAX_DOCS records it does not happen at all —
 * such a word is then searched as typed, as before — until the vocabulary is kept by the background
 * worker instead of read at search time.
 */
import { englishSkeleton, initialLetters, katakanaSkeleton, loanwordMatch, type Skeleton } from '../../core/search/loanword.ts';
import { katakanaWords, planQuery } from '../../core/search/query-plan.ts';
import type { SqliteDb } from './driver.ts';
import { ftsTotals } from './scored-window.ts';
import { stmt } from './statements.ts';

/** Records above which the vocabulary is not read at search time (its first read would take about a second). */
export const MAX_DOCS = 300_000;

/** English words kept per katakana word: the likeliest, and one more that fits as well (`スキーマ`: scheme, schema). */
const TERMS = 2;

interface Word {
  readonly term: string;
  readonly docs: number;
  readonly skeleton: Skeleton;
}

interface Vocabulary {
  readonly docs: number;
  readonly letters: Map<string, readonly Word[]>;
  readonly resolved: Map<string, readonly string[]>;
}

const vocabularies = new WeakMap<SqliteDb, Vocabulary>();

function vocabularyOf(db: SqliteDb): Vocabulary {
  const docs = ftsTotals(db).docs;
  const held = vocabularies.get(db);
  if (held && Math.abs(held.docs - docs) <= held.docs / 100) return held;
  db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS temp.mnemo_vocabulary USING fts5vocab(main, observations_fts, row)');
  const fresh: Vocabulary = { docs, letters: new Map(), resolved: new Map() };
  vocabularies.set(db, fresh);
  return fresh;
}

/** The index's English words starting with `letter`, with their skeletons. */
function wordsFrom(db: SqliteDb, v: Vocabulary, letter: string): readonly Word[] {
  const held = v.letters.get(letter);
  if (held) return held;
  const rows = stmt(db, 'SELECT term, doc FROM temp.mnemo_vocabulary WHERE term >= @lo AND term < @hi').all({
    lo: letter,
    hi: String.fromCharCode(letter.charCodeAt(0) + 1),
  }) as { term: string; doc: number }[];
  const words: Word[] = [];
  for (const r of rows) {
    const skeleton = englishSkeleton(r.term);
    if (skeleton) words.push({ term: r.term, docs: r.doc, skeleton });
  }
  v.letters.set(letter, words);
  return words;
}

/** The index's English words for a katakana word (best first: the whole word before a stem, an r heard where one is written, then the commonest), or none. */
export function loanwordTerms(db: SqliteDb, word: string): readonly string[] {
  const kana = katakanaSkeleton(word);
  if (!kana || kana.consonants.length < 2) return [];
  const v = vocabularyOf(db);
  if (v.docs > MAX_DOCS) return [];
  const known = v.resolved.get(word);
  if (known) return known;
  const matches: { term: string; docs: number; fit: number }[] = [];
  for (const letter of initialLetters(word)) {
    for (const w of wordsFrom(db, v, letter)) {
      // A long vowel heard as an English r (`サーバー` server, not sub) fits better than one that is not.
      const fit = loanwordMatch(kana, w.skeleton) * 2 + (kana.rhotic === w.skeleton.rhotic ? 1 : 0);
      if (fit > 1) matches.push({ term: w.term, docs: w.docs, fit });
    }
  }
  matches.sort((a, b) => b.fit - a.fit || b.docs - a.docs);
  const terms = matches.filter((m) => m.fit === matches[0]!.fit).slice(0, TERMS).map((m) => m.term);
  v.resolved.set(word, terms);
  return terms;
}

/** English words for each katakana word of a query that no glossary translates (those found): what the team server is told. */
export function loanwordsOfQuery(db: SqliteDb, query: string): Record<string, readonly string[]> {
  const out: Record<string, readonly string[]> = {};
  for (const word of katakanaWords(planQuery(query))) {
    const terms = loanwordTerms(db, word);
    if (terms.length) out[word] = terms;
  }
  return out;
}
