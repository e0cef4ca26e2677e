/**
 * @module core/search/query-plan
 * Turns whatever a person or a model types into a safe FTS5 MATCH expression.
 * Raw input is never passed through: every unit is quoted, so `Next.js`, `a:b`, `foo*`,
 * brackets, quotes and SQL never raise a syntax error. Units are OR-ed so that a document
 * matching more of them ranks higher under BM25, instead of one missing word emptying the result.
 */
import { cjkBigrams, CJK_RUN_RE, hasCjk } from './text-index.ts';

export interface QueryUnit {
  /** Tokens matched as a phrase (adjacent, in order). */
  readonly tokens: readonly string[];
  readonly prefix: boolean;
}

export interface QueryPlan {
  /** FTS5 MATCH expression, or null when the query has nothing searchable. */
  readonly match: string | null;
  readonly units: readonly QueryUnit[];
  /** Lower-cased plain terms, for highlighting. */
  readonly terms: readonly string[];
}

const MAX_QUERY_CHARS = 1000;
const MAX_UNITS = 32;
const WORD_RE = /[\p{L}\p{N}\p{M}]+/gu;
const QUOTED_RE = /"([^"]*)"/g;

/** English function words that only add noise to an OR query. Kept when the query has nothing else. */
const STOP_WORDS = new Set(
  ('a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'me my no not of on or our so than that the their them then there these they this to was we were what when ' +
    'where which who why will with would you your about after before did know we do any some').split(' '),
);

function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(WORD_RE) ?? []) as string[];
}

/** Tokens of one piece of text as the index sees them (CJK runs as bigrams). */
function indexTokens(text: string): string[] {
  if (!hasCjk(text)) return wordsOf(text);
  const out: string[] = [];
  let last = 0;
  for (const m of text.matchAll(CJK_RUN_RE)) {
    out.push(...wordsOf(text.slice(last, m.index)));
    out.push(...cjkBigrams(m[0]));
    last = m.index! + m[0].length;
  }
  out.push(...wordsOf(text.slice(last)));
  return out;
}

/**
 * One whitespace-separated chunk of the query becomes one or more units:
 * `src/db/pool.ts` and `Next.js` stay phrases; `payload优先` splits into `payload` and `优先`,
 * which need not be adjacent in the record.
 */
function unitsOfChunk(chunk: string): QueryUnit[] {
  const prefix = chunk.endsWith('*');
  const units: QueryUnit[] = [];
  if (hasCjk(chunk)) {
    let last = 0;
    for (const m of chunk.matchAll(CJK_RUN_RE)) {
      const before = wordsOf(chunk.slice(last, m.index));
      if (before.length) units.push({ tokens: before, prefix: false });
      units.push({ tokens: cjkBigrams(m[0]), prefix: false });
      last = m.index! + m[0].length;
    }
    const after = wordsOf(chunk.slice(last));
    if (after.length) units.push({ tokens: after, prefix });
    return units;
  }
  const tokens = wordsOf(chunk);
  return tokens.length ? [{ tokens, prefix }] : [];
}

function quote(token: string): string {
  return `"${token.replace(/"/g, '""')}"`;
}

function render(unit: QueryUnit): string {
  // A one-character CJK unit is matched as a prefix of the bigrams that start with it.
  const single = unit.tokens.length === 1 && Array.from(unit.tokens[0]!).length === 1 && hasCjk(unit.tokens[0]!);
  const phrase = quote(unit.tokens.join(' '));
  return unit.prefix || single ? `${phrase}*` : phrase;
}

/** Plan a query. Never throws; an empty or punctuation-only query yields `match: null`. */
export function planQuery(raw: string): QueryPlan {
  const text = (typeof raw === 'string' ? raw : '').slice(0, MAX_QUERY_CHARS).normalize('NFKC');
  const units: QueryUnit[] = [];

  // Balanced double quotes mark exact phrases; an unbalanced quote is just punctuation.
  const rest = text.replace(QUOTED_RE, (_m, inner: string) => {
    const tokens = indexTokens(inner);
    if (tokens.length) units.push({ tokens, prefix: false });
    return ' ';
  });

  const loose: QueryUnit[] = [];
  for (const chunk of rest.split(/\s+/)) if (chunk) loose.push(...unitsOfChunk(chunk));

  const meaningful = loose.filter((u) => u.tokens.length > 1 || u.prefix || !STOP_WORDS.has(u.tokens[0]!));
  units.push(...(meaningful.length || units.length ? meaningful : loose));

  const seen = new Set<string>();
  const unique = units.filter((u) => {
    const key = u.tokens.join(' ') + (u.prefix ? '*' : '');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }).slice(0, MAX_UNITS);

  const terms = [...new Set(unique.flatMap((u) => u.tokens))];
  return { match: unique.length ? unique.map(render).join(' OR ') : null, units: unique, terms };
}
