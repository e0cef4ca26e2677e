/**
 * @module core/search/query-plan
 * Turns whatever a person or a model types into safe FTS5 MATCH expressions.
 * Raw input is never passed through: every unit is quoted, so `Next.js`, `a:b`, `foo*`,
 * brackets, quotes and SQL never raise a syntax error. Units are OR-ed so that a document
 * matching more of them ranks higher under BM25, instead of one missing word emptying the result.
 *
 * Chinese runs are segmented (core/search/glossary): glossary words and short runs stay phrases of
 * bigrams (`连接池` → "连接 接池"), particles and question words are dropped, and long unknown runs
 * fall back to one unit per bigram, the classic CJK bigram retrieval. Glossary translations of the
 * query (both directions) come back separately as `expansions`, to be searched as their own list.
 */
import { cjkFor, codeFor, englishFor, phrasesOf, segmentCjk } from './glossary.ts';
import { placesInTime } from './intent.ts';
import { otherTense } from './korean-tense.ts';
import { withoutMemoryTalk } from './memory-talk.ts';
import { cjkBigrams, CJK_RUN_RE, hasCjk, WORD_RE } from './text-index.ts';

/** One searchable unit of a query: a phrase of index tokens, optionally a prefix. */
export interface QueryUnit {
  /** Tokens matched as a phrase (adjacent, in order). */
  readonly tokens: readonly string[];
  readonly prefix: boolean;
  /** `cjk` when the tokens are CJK bigrams (or one CJK character), `word` otherwise. */
  readonly script: 'word' | 'cjk';
}

/** A planned query: the units, their MATCH expression and the glossary translations. */
export interface QueryPlan {
  /** FTS5 MATCH expression of every unit, or null when the query has nothing searchable. */
  readonly match: string | null;
  readonly units: readonly QueryUnit[];
  /** Lower-cased plain terms, for highlighting. */
  readonly terms: readonly string[];
  /** Glossary translations into the other language (Chinese ↔ English), never among `units`. */
  readonly expansions: readonly QueryUnit[];
  /**
   * What the query asks about, one concept per unit: the unit itself first, then the glossary
   * translations and code forms of that word (`件数` → count, number; `delete` → 削除, rm). A record
   * that holds any one form of a concept has it; holding three forms of one concept is not three
   * concepts (core/search/concepts).
   */
  readonly concepts: readonly Concept[];
}

/** One thing a query asks about, in every form it is searched in (the query's own first). */
export interface Concept {
  readonly forms: readonly QueryUnit[];
}

const MAX_QUERY_CHARS = 1000;
const MAX_UNITS = 32;
const MAX_EXPANSIONS = 16;
/** Unknown Chinese runs up to this many characters stay one phrase; longer ones become bigram units. */
const MAX_CJK_PHRASE = 4;
const QUOTED_RE = /"([^"]*)"/g;
const KATAKANA_RE = /^[\p{Script=Katakana}ー]+$/u;
const SPACE_RE = /\s+/;

/** English function words that only add noise to an OR query. Kept when the query has nothing else. */
const STOP_WORDS = new Set(
  ('a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'me my no not of on or our so than that the their them then there these they this to was we were what when ' +
    'where which who why will with would you your about after before did know we do any some ' +
    // Words a spoken question wraps its content in ("how did we get X to work", "what exactly happened").
    'should get got use used make made right exactly actually really just also still out all new way thing things ' +
    'happen happened happens need needed want wanted ask asked tell told say said end up whether instead claude ' +
    // When, to a memory, is anything at all: the past it holds.
    'earlier previously ago remind').split(' '),
);

/**
 * "The user" as the one who asked ("what did the user ask after …", "the user's request"): a model's
 * name for the person, as "Claude" is a person's name for the model — not the word `user` of the code
 * (`user table`), whose glossary entry would bring every ユーザー and 사용자 of the store.
 */
const ASKING_USER_RE = /\b(?:the\s+)?users?(?:'s|’s)?(?=\s+(?:asked|asks|ask|said|says|say|told|tells|tell|requested|requests|wanted|wants|want|mentioned|pointed|suggested|instructed|request|question|instruction|prompt|reply|replied)\b)|\bdid\s+the\s+user\b/giu;

function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(WORD_RE) ?? []) as string[];
}

const wordUnit = (tokens: string[], prefix = false): QueryUnit => ({ tokens, prefix, script: 'word' });
const cjkUnit = (text: string): QueryUnit => ({ tokens: cjkBigrams(text), prefix: false, script: 'cjk' });

/** Tokens of one piece of text as the index sees them (CJK runs as bigrams), for quoted phrases. */
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
 * Units of one CJK run: glossary words and short unknown pieces as phrases, long unknown pieces as
 * single bigrams, particles dropped. A run of nothing but particles is kept whole.
 */
function unitsOfCjkRun(run: string): QueryUnit[] {
  const segments = segmentCjk(run);
  const units: QueryUnit[] = [];
  for (const s of segments) {
    if (s.kind === 'stop') continue;
    const n = Array.from(s.text).length;
    // A katakana run is one word however long (`プロバイダー`), not a Chinese sentence to cut into bigrams.
    if (s.kind === 'term' || (n >= 2 && (n <= MAX_CJK_PHRASE || KATAKANA_RE.test(s.text)))) units.push(cjkUnit(s.text));
    else if (n > MAX_CJK_PHRASE) for (const b of cjkBigrams(s.text)) units.push({ tokens: [b], prefix: false, script: 'cjk' });
  }
  if (units.length) return units;
  // A lone character (`连`) or only particles: the run itself, searched only when the query has
  // nothing else (`は何をした` beside real words is the question's grammar, not its subject).
  const whole = cjkUnit(run);
  FILLER.add(whole);
  return [whole];
}

/** Units made of a CJK run with no word of its own. */
const FILLER = new WeakSet<QueryUnit>();

const POSSESSIVE_RE = /(?<=\p{L})['’]s(?=[^\p{L}\p{N}]*$)/u;

/**
 * One whitespace-separated chunk of the query becomes one or more units:
 * `src/db/pool.ts` and `Next.js` stay phrases; `payload优先` splits into `payload` and `优先`,
 * which need not be adjacent in the record.
 */
function unitsOfChunk(raw: string): QueryUnit[] {
  // A possessive is the word: `repository's` must not become the phrase `repository s`.
  const chunk = raw.replace(POSSESSIVE_RE, '');
  const prefix = chunk.endsWith('*');
  if (!hasCjk(chunk)) {
    const tokens = wordsOf(chunk);
    return tokens.length ? [wordUnit(tokens, prefix)] : [];
  }
  const units: QueryUnit[] = [];
  let last = 0;
  for (const m of chunk.matchAll(CJK_RUN_RE)) {
    const before = wordsOf(chunk.slice(last, m.index));
    if (before.length) units.push(wordUnit(before));
    units.push(...unitsOfCjkRun(m[0]));
    last = m.index! + m[0].length;
  }
  const after = wordsOf(chunk.slice(last));
  if (after.length) units.push(wordUnit(after, prefix));
  return units;
}

function quote(token: string): string {
  return `"${token.replace(/"/g, '""')}"`;
}

/** Whether MATCH takes the unit's last token as a prefix: asked for (`conn*`), or a lone CJK character (the bigrams that start with it). */
export function isPrefix(unit: QueryUnit): boolean {
  return unit.prefix || (unit.script === 'cjk' && unit.tokens.length === 1 && Array.from(unit.tokens[0]!).length === 1);
}

function render(unit: QueryUnit): string {
  const phrase = quote(unit.tokens.join(' '));
  return isPrefix(unit) ? `${phrase}*` : phrase;
}

/** The FTS5 expression matching any of `units` (null for none). Safe for any unit content. */
export function renderMatch(units: readonly QueryUnit[]): string | null {
  return units.length ? units.map(render).join(' OR ') : null;
}

function keyOf(u: QueryUnit): string {
  return u.tokens.join(' ') + (u.prefix ? '*' : '');
}

function dedupe(units: readonly QueryUnit[], seen: Set<string>, max: number): QueryUnit[] {
  const out: QueryUnit[] = [];
  for (const u of units) {
    const key = keyOf(u);
    if (seen.has(key) || out.length >= max) continue;
    seen.add(key);
    out.push(u);
  }
  return out;
}

/** A translation, with the key of the query unit (or English glossary phrase) it translates. */
interface Translation {
  readonly source: string;
  readonly unit: QueryUnit;
}

/** An index unit for a glossary term of any language. */
function termUnit(t: string): QueryUnit | undefined {
  const tokens = indexTokens(t);
  if (!tokens.length) return undefined;
  return { tokens, prefix: tokens.length === 1 && Array.from(tokens[0]!).length === 1, script: hasCjk(t) && !/[A-Za-z0-9]/.test(t) ? 'cjk' : 'word' };
}

/** Glossary translations of the planned query, in the other languages, and code forms of its English words. */
function translate(units: readonly QueryUnit[], text: string): Translation[] {
  const out: Translation[] = [];
  // CJK → English: each glossary word of the question (Chinese, Japanese, Korean); a Korean verb's other tense.
  for (const run of text.match(CJK_RUN_RE) ?? []) {
    for (const s of segmentCjk(run)) {
      const tense = s.kind === 'other' ? otherTense(s.text) : undefined;
      if (tense) out.push({ source: keyOf(cjkUnit(s.text)), unit: cjkUnit(tense) });
      if (s.kind !== 'term') continue;
      const source = keyOf(cjkUnit(s.text));
      for (const en of englishFor(s.text)) {
        const tokens = wordsOf(en);
        if (tokens.length) out.push({ source, unit: wordUnit(tokens) });
      }
    }
  }
  // English → CJK and code: glossary phrases among the query's plain words, longest first. Paths and
  // identifiers (multi-token units such as `src/db/pool.ts`) are names, not words to translate.
  const words = units.filter((u) => u.script === 'word' && u.tokens.length === 1).map((u) => u.tokens[0]!);
  const phrases = phrasesOf(words);
  for (const p of phrases) {
    for (const code of codeFor([p])) {
      const tokens = wordsOf(code);
      if (tokens.length) out.push({ source: p, unit: wordUnit(tokens) });
    }
  }
  // One term per language for each concept: each expansion costs a count of its matches.
  for (const p of phrases) {
    for (const t of cjkFor([p], 1)) {
      const unit = termUnit(t);
      if (unit) out.push({ source: p, unit });
    }
  }
  return out;
}

/**
 * Concepts of a query: each unit with the translations made of it; a glossary phrase of several
 * words (`connection pool`) is a concept of its own, its words' concepts staying as they are.
 */
function conceptsOf(units: readonly QueryUnit[], translations: readonly Translation[], kept: ReadonlySet<QueryUnit>): Concept[] {
  const bySource = new Map<string, QueryUnit[]>();
  for (const t of translations) if (kept.has(t.unit)) bySource.set(t.source, [...(bySource.get(t.source) ?? []), t.unit]);
  const concepts: Concept[] = units.map((u) => ({ forms: [u, ...(bySource.get(keyOf(u)) ?? [])] }));
  const own = new Set(units.map(keyOf));
  for (const [source, forms] of bySource) {
    if (own.has(source)) continue;
    concepts.push({ forms: [wordUnit(source.split(' ')), ...forms] });
  }
  return concepts;
}

/** The text of a CJK unit: its bigrams joined back (`チャ ャー ーム` → `チャーム`). */
function surfaceOf(unit: QueryUnit): string {
  return unit.tokens.map((t, i) => (i === 0 ? t : Array.from(t).slice(1).join(''))).join('');
}

/**
 * Which of the concepts name the work rather than place the question in time (a compaction, "after",
 * the session: core/search/intent `placesInTime`); all false when none or every one does.
 */
export function topicMask(concepts: readonly Concept[]): boolean[] {
  const mask = concepts.map((c) => {
    const own = c.forms[0]!;
    return !placesInTime(own.script === 'cjk' ? surfaceOf(own) : own.tokens.join(' '));
  });
  return mask.every(Boolean) ? mask.map(() => false) : mask;
}

/** The katakana word a concept stands for when the glossary gave it no translation, else undefined. */
function untranslatedKatakana(c: Concept): string | undefined {
  const own = c.forms[0]!;
  if (c.forms.length > 1 || own.script !== 'cjk') return undefined;
  const surface = surfaceOf(own);
  return KATAKANA_RE.test(surface) ? surface : undefined;
}

/** The query's katakana words that no glossary translates: what `withLoanwords` asks a vocabulary about. */
export function katakanaWords(plan: QueryPlan): string[] {
  return plan.concepts.map(untranslatedKatakana).filter((w): w is string => w !== undefined);
}

/**
 * The plan with English words for its katakana words that no glossary translates, as a store's
 * vocabulary resolves them (core/search/loanword): each becomes a translation of its word, searched
 * with the glossary's and counted as one concept with it.
 */
export function withLoanwords(plan: QueryPlan, resolve: (katakana: string) => readonly string[]): QueryPlan {
  const seen = new Set([...plan.units, ...plan.expansions].map(keyOf));
  const added: QueryUnit[] = [];
  const concepts = plan.concepts.map((c) => {
    const word = untranslatedKatakana(c);
    if (word === undefined) return c;
    const forms = dedupe(resolve(word).map((t) => wordUnit(wordsOf(t))).filter((u) => u.tokens.length), seen, MAX_EXPANSIONS);
    added.push(...forms);
    return forms.length ? { forms: [c.forms[0]!, ...forms] } : c;
  });
  return added.length ? { ...plan, expansions: [...plan.expansions, ...added], concepts } : plan;
}

/** Plan a query. Never throws; an empty or punctuation-only query yields `match: null`. */
export function planQuery(raw: string): QueryPlan {
  const text = withoutMemoryTalk((typeof raw === 'string' ? raw : '').slice(0, MAX_QUERY_CHARS).normalize('NFKC')).replace(ASKING_USER_RE, ' ');
  const units: QueryUnit[] = [];

  // Balanced double quotes mark exact phrases; an unbalanced quote is just punctuation.
  const rest = text.replace(QUOTED_RE, (_m, inner: string) => {
    const tokens = indexTokens(inner);
    if (tokens.length) units.push({ tokens, prefix: false, script: hasCjk(inner) && !/[A-Za-z0-9]/.test(inner) ? 'cjk' : 'word' });
    return ' ';
  });

  const loose: QueryUnit[] = [];
  for (const chunk of rest.split(SPACE_RE)) if (chunk) loose.push(...unitsOfChunk(chunk));

  const meaningful = loose.filter((u) => !FILLER.has(u) && (u.tokens.length > 1 || u.prefix || u.script === 'cjk' || !STOP_WORDS.has(u.tokens[0]!)));
  units.push(...(meaningful.length || units.length ? meaningful : loose));

  const seen = new Set<string>();
  const unique = dedupe(units, seen, MAX_UNITS);
  const translations = translate(unique, text);
  const expansions = dedupe(
    translations.map((t) => t.unit),
    seen,
    MAX_EXPANSIONS,
  );
  const terms = [...new Set(unique.flatMap((u) => u.tokens))];
  return { match: renderMatch(unique), units: unique, terms, expansions, concepts: conceptsOf(unique, translations, new Set(expansions)) };
}
