/**
 * @module store/postgres/name-joins
 * Extra index words for names (paths, dotted and qualified names: `src/db/pool.ts`, `a.b.c`), so the
 * team server finds a name without rechecking every row that holds its common parts.
 *
 * A name query is a phrase of index words (`'src' <-> 'db' <-> 'pool' <-> 'ts'`). PostgreSQL's GIN
 * index keeps no positions: it finds the rows holding every word (`src` and `ts` are in most rows)
 * and reads each one back to test the phrase, thousands of rows for one path. So the index text also
 * carries, for every two words written next to each other with only punctuation between them, the
 * pair as one word (`src·db` spelled `src0db`: a digit keeps PostgreSQL's parser from splitting it);
 * a name query then also asks for its pairs, which only rows that hold the name have, and the phrase
 * test runs on those alone. The pairs narrow, the phrase decides: a pair can only miss, never add.
 * It misses where a name's words stand apart (by spaces, or CJK between them): a query keeps its
 * pairs only when it wrote the words joined (see `joinedIn`), so a quoted phrase still matches prose.
 * Pure: no I/O.
 */
import { WORD_RE } from '../../core/search/text-index.ts';

/** What joins the two words of a pair (a digit: the pair stays one word for PostgreSQL's parser). */
const JOIN = '0';
const CHUNK_RE = /\S+/gu;
/** A word of a chunk, as toIndexWords cuts it (letters, digits, marks), ASCII-only pairs. */
const PAIRABLE = /^[a-z0-9]+$/;
/** Pairs kept per text (bounds a huge body's extra words). */
const MAX_PAIRS = 4000;

/** The words of one whitespace-free chunk, lower-cased as the index has them (toIndexWords). */
function wordsOf(chunk: string): string[] {
  return (chunk.normalize('NFKC').toLowerCase().match(WORD_RE) ?? []) as string[];
}

export function pairWord(a: string, b: string): string {
  return `${a}${JOIN}${b}`;
}

/** The pair words of a text, space-separated (appended to its index text). */
export function nameJoins(text: string): string {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(CHUNK_RE)) {
    const w = wordsOf(m[0]);
    for (let i = 0; i + 1 < w.length; i++) {
      if (!PAIRABLE.test(w[i]!) || !PAIRABLE.test(w[i + 1]!)) continue;
      const p = pairWord(w[i]!, w[i + 1]!);
      if (seen.has(p)) continue;
      seen.add(p);
      out.push(p);
      if (out.length >= MAX_PAIRS) return out.join(' ');
    }
  }
  return out.join(' ');
}

/**
 * Whether the query text writes these words joined, as one name (`src/db/pool.ts`), rather than
 * apart (a quoted phrase `"connection pool timeout"`): only then do its pairs narrow the search.
 */
export function joinedIn(query: string, tokens: readonly string[]): boolean {
  if (tokens.length < 2 || !tokens.every((t) => PAIRABLE.test(t))) return false;
  for (const m of query.matchAll(CHUNK_RE)) {
    const w = wordsOf(m[0]);
    for (let i = 0; i + tokens.length <= w.length; i++) if (tokens.every((t, k) => w[i + k] === t)) return true;
  }
  return false;
}
