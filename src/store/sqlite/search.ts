/**
 * @module store/sqlite/search
 * Full-text search over observations: planned FTS5 queries (core/search/query-plan), ranked lists
 * fused by reciprocal rank fusion (core/search/fusion), filters, and the current project first.
 *
 * Why the lists look the way they do (figures in eval/RESULTS.md):
 * - BM25 with column weights title 8 : body 1 : tags 4 — titles and extracted events say more than
 *   raw output.
 * - Cost is bounded. FTS5 must compute bm25 for every row a query matches before it can sort, so a
 *   common word over 100,000 rows (40–80k hits) costs ~100 ms. Each list instead walks the matches
 *   newest first (`ORDER BY rowid DESC`, which FTS5 serves straight from its doclists) and scores at
 *   most WINDOW of them. Each unit is first counted (an unranked walk of at most RARE_CAP rows). When
 *   all of them together match few rows, one exact ranking over the whole history is the list. Else
 *   the window is scored — by FTS5's bm25() while every unit is selective, and once one is common by
 *   the same formula computed over the window alone (scored-window), because bm25() first counts the
 *   documents of every unit by walking its whole doclist (3 ms at 100,000 rows, 30 ms at 1,000,000).
 *   The selective units get a second list ranked over the whole history. Old records that share only
 *   common words with the query are the one thing this gives up: among those, the newest WINDOW are
 *   ranked.
 * - Filters that an index can enumerate and that select few rows are tested as id sets within their
 *   id range, not by looking up each match's row (filters.ts). When the set is small and scattered over
 *   the history, a walk would meet nearly every match to find a few: the set's rows are then read from
 *   the index by rowid and all of them ranked (idsList, scored-window's rankIds), chosen by cost.
 * - Words and Chinese bigrams are separate lists when a query mixes them, and glossary translations
 *   (Chinese ↔ English) a list of their own: together they gather the candidates.
 * - The candidates are then ranked once by BM25F over the query's concepts (core/search/concepts): a
 *   concept counts once, by the best form a record holds it in, whatever the language. That ranking
 *   replaces the per-language lists in the fusion, where a record dense in one translated word used
 *   to beat the one holding every concept once (eval/RESULTS.md). Semantic neighbours, when an
 *   embedder is configured, are fused beside it (passed in as `extra`), and so are the structure lists.
 */
import { filterPlan } from '../../core/search/filter-plan.ts';
import { FINDING_CHARS, HEAD_CHARS, recordFact, type RecordHead } from '../../core/search/record-facts.ts';
import { candidatesOf, fuse, kindWeight, withPriors, type Fused, type RankedList } from '../../core/search/fusion.ts';
import { queryIntent, type QueryIntent } from '../../core/search/intent.ts';
import { liftAbove, neighbourRequests, structureLists, TOPIC_DEPTH, type NeighbourRequest, type RecordFact, type Structure } from '../../core/search/structure.ts';
import { isPrefix, planQuery, renderMatch, topicMask, withLoanwords, type Concept, type QueryPlan, type QueryUnit } from '../../core/search/query-plan.ts';
import { conceptEvidence, conceptIdf, rankWithTopic, WHY_NARRATION, type ConceptRanking } from '../../core/search/concepts.ts';
import { idf } from '../../core/search/bm25.ts';
import type { SearchHit, SearchOptions } from '../store.ts';
import type { SqliteDb } from './driver.ts';
import { OBS_COLUMNS, toObservation, type ObservationRow } from './rows.ts';
import { filterSql, planFilters, type FilterPlan } from './filters.ts';
import { Fts5FormatError, indexTerms } from './fts-postings.ts';
import { COLUMNS, columnFrequencies, ftsTotals, rankIds, scoreWindow, type CountedUnit } from './scored-window.ts';
import { loanwordTerms } from './loanwords.ts';
import { stmt } from './statements.ts';

/** BM25 with the column weights of scored-window (title 8, body 1, tags 4, why 6, finding 3: titles, extracted terms and the model's narration say more than raw output). */
const BM25 = `bm25(observations_fts, ${COLUMNS.map((c) => c.weight.toFixed(1)).join(', ')})`;
/** Matches scored per list, newest first. */
export const WINDOW = 600;
/** Selective units (rarest first) may match this many rows together: they are ranked over the whole history. */
export const RARE_CAP = 1500;
/**
 * Weight of the rare-terms list against the window. Its documents hold a discriminative word of the
 * query, while documents only in the window matched common words alone; at 1.5 the rare list's first
 * ~30 come before the window's first, much as BM25's IDF would order them.
 */
const RARE_WEIGHT = 1.5;
/**
 * Weight of the window when the selective units are ranked over the whole history beside it. The
 * window sees only the newest matches; the rare list sees every record holding a discriminative word,
 * so it says more about relevance, and the window mostly breaks its ties and brings recent common-word
 * matches.
 */
const SHADOWED_WINDOW_WEIGHT = 0.25;
/**
 * Weight of the glossary-translation list relative to the query's own lists. A CJK question's
 * translations carry its meaning into the language most records are in (commands, code and logs are
 * English), so they weigh as much as its own words; an English question's are a fallback for the
 * sessions held in another language, and for the forms its words take in commands.
 */
export const GLOSSARY_WEIGHT = 0.5;
export const CJK_GLOSSARY_WEIGHT = 1.2;
/** Share of the records above which a translation counts as common, and the least count that still is selective. */
const GLOSSARY_COMMON = 0.25;
const GLOSSARY_MIN_CAP = 50;

interface Ctx {
  readonly db: SqliteDb;
  readonly filters: FilterPlan;
  /** Match counts of the units counted so far in this search, by unit key (a count is a walk). */
  readonly counts: Map<string, Counted>;
  /** How many ids each list keeps. */
  readonly depth: number;
  readonly rareCap: number;
  readonly force: SearchTuning;
}

/** Overrides of the planner's choices, for tests that compare its plans on small stores. */
export interface SearchTuning {
  /** Matches a unit may have and still count as selective (default RARE_CAP). */
  readonly rareCap?: number;
  /** How a window with a common unit is scored: by FTS5's bm25() or from the index's position lists. */
  readonly windowScorer?: 'fts5' | 'postings';
  /** How a search with a small filter id set finds its matches: walking them, or from the ids. */
  readonly filterPlan?: 'walk' | 'ids';
}

function ftsFrom(ctx: Ctx): string {
  const { join, rowid } = ctx.filters;
  const conditions = [...rowid, ...join].map((c) => ` AND ${c}`).join('');
  return `FROM observations_fts${join.length ? ' JOIN observations o ON o.id = observations_fts.rowid' : ''} WHERE observations_fts MATCH @match${conditions}`;
}

/** The newest WINDOW matches scored by BM25; `full` says the window was filled. */
function windowList(ctx: Ctx, name: string, match: string, window = WINDOW): { list: RankedList; full: boolean } {
  const rows = stmt(ctx.db, `SELECT observations_fts.rowid AS id, ${BM25} AS r ${ftsFrom(ctx)} ORDER BY observations_fts.rowid DESC LIMIT ${window}`)
    .all({ ...ctx.filters.params, match }) as { id: number; r: number }[];
  rows.sort((a, b) => a.r - b.r || b.id - a.id);
  return { list: { name, ids: rows.slice(0, ctx.depth).map((r) => r.id) }, full: rows.length >= window };
}

/** Every match ranked by BM25 (only for expressions known to be selective). */
function rankedList(ctx: Ctx, name: string, match: string): RankedList {
  const rows = stmt(ctx.db, `SELECT observations_fts.rowid AS id, ${BM25} AS r ${ftsFrom(ctx)} ORDER BY r, observations_fts.rowid DESC LIMIT ${ctx.depth}`)
    .all({ ...ctx.filters.params, match }) as { id: number }[];
  return { name, ids: rows.map((r) => r.id) };
}

/** A unit with its matches counted up to the cap + 1, and the rowid where the count stopped. */
interface Counted {
  readonly unit: QueryUnit;
  readonly n: number;
  readonly last: number;
}

/** Matches of one unit, counted up to rareCap + 1 (an unranked walk from the oldest, cheap). */
function hits(ctx: Ctx, unit: QueryUnit): Counted {
  const match = renderMatch([unit])!;
  const r = stmt(ctx.db, `SELECT count(*) AS n, max(rowid) AS last FROM (SELECT rowid FROM observations_fts WHERE observations_fts MATCH @match LIMIT ${ctx.rareCap + 1})`).get({
    match,
  }) as { n: number; last: number | null };
  return { unit, n: r.n, last: r.last ?? 0 };
}

/** Each unit with its match count, rarest first (counts above rareCap stop there and read as common). */
function countUnits(ctx: Ctx, units: readonly QueryUnit[]): Counted[] {
  return units.map((unit) => counted(ctx, unit)).sort((a, b) => a.n - b.n);
}

function counted(ctx: Ctx, unit: QueryUnit): Counted {
  const key = `${unit.tokens.join(' ')}${isPrefix(unit) ? '*' : ''}`;
  const known = ctx.counts.get(key);
  if (known) return { ...known, unit };
  const c = hits(ctx, unit);
  ctx.counts.set(key, c);
  return c;
}

/** A common unit's document count, estimated from how far into the history its bounded count reached. */
function estimatedDf(c: Counted, maxId: number): number {
  return Math.round((c.n * maxId) / Math.max(c.last, 1));
}

/** Units for BM25 outside FTS5: exact counts, or for common units an estimate from the count's reach. */
function forScoring(ctx: Ctx, counted: readonly Counted[], maxId: number): CountedUnit[] {
  return counted.map((c) => (c.n > ctx.rareCap ? { unit: c.unit, df: undefined, estimate: estimatedDf(c, maxId) } : { unit: c.unit, df: c.n }));
}

/**
 * Lists for one group of units: the newest-first window, and when it filled, the selective units
 * (rarest first, while their matches together stay within RARE_CAP) ranked over the whole history.
 * When that covers every unit, the one exact ranking replaces the window.
 * The window is ranked by FTS5's bm25() while every unit is selective (its document counts are then
 * cheap); once a unit is common, by the same formula computed over the window alone (scored-window).
 */
function listsFor(ctx: Ctx, name: string, units: readonly QueryUnit[], window = WINDOW): RankedList[] & { full?: boolean } {
  const match = renderMatch(units);
  if (!match) return [];
  const counted = countUnits(ctx, units);
  const total = counted.reduce((sum, c) => sum + c.n, 0);
  if (total <= ctx.rareCap) {
    // Few matches in all: one exact ranking over the whole history — what a window that did not fill
    // holds anyway, and what replaces one that did.
    return Object.assign([rankedList(ctx, name, match)], { full: total >= window && filled(ctx, match, window) });
  }
  const common = counted.some((c) => c.n > ctx.rareCap);
  const byIds = common ? idsList(ctx, name, counted) : undefined;
  if (byIds) return Object.assign([byIds], { full: byIds.ids.length >= window });
  const { list, full } = common ? scoredWindowList(ctx, name, match, counted, window) : windowList(ctx, name, match, window);
  if (!full) return [list];
  const selective = splitSelective(ctx, counted).selective;
  const lists = selective.length === 0 ? [list] : [{ ...list, weight: SHADOWED_WINDOW_WEIGHT }, { ...rankedList(ctx, `${name}:rare`, renderMatch(selective)!), weight: RARE_WEIGHT }];
  return Object.assign(lists, { full: true });
}

/** Whether `match` (filters applied) has at least `window` matches: a bounded, unranked walk. */
function filled(ctx: Ctx, match: string, window: number): boolean {
  const n = stmt(ctx.db, `SELECT count(*) FROM (SELECT 1 ${ftsFrom(ctx)} LIMIT ${window})`).pluck().get({ ...ctx.filters.params, match }) as number;
  return n >= window;
}

/**
 * Column walks cost ~0.3 µs an index entry within the window's id range, FTS5's document counts ~35 ns
 * an entry of the whole history: past 1/SPREAD of the history, the counts are cheaper.
 */
const SPREAD = 25;

/** The newest `window` matches (filters applied), ranked by BM25 computed over the window alone. */
function scoredWindowList(ctx: Ctx, name: string, match: string, counted: readonly Counted[], window: number): { list: RankedList; full: boolean } {
  const totals = ftsTotals(ctx.db);
  const spread = (lo: number, hi: number) => (hi - lo + 1) * SPREAD > totals.maxId;
  const ids = stmt(ctx.db, `SELECT observations_fts.rowid AS id ${ftsFrom(ctx)} ORDER BY observations_fts.rowid DESC LIMIT ${window}`)
    .pluck()
    .all({ ...ctx.filters.params, match }) as number[];
  // Rare matches (or a sparse filter) spread the window thin: FTS5's counts are then the cheaper way.
  const scorer = ctx.force.windowScorer ?? (ids.length && spread(ids[ids.length - 1]!, ids[0]!) ? 'fts5' : 'postings');
  if (scorer === 'fts5') return windowList(ctx, name, match, window);
  const units = counted.map((c) => ({ unit: c.unit, df: c.n > ctx.rareCap ? undefined : c.n }));
  return { list: { name, ids: scoreWindow(ctx.db, ids, units, ctx.rareCap + 1, totals).slice(0, ctx.depth) }, full: ids.length >= window };
}

/**
 * With a filter whose few ids lie scattered over the history, walking the matches meets every match of
 * the range to find a few; then the filter's rows are read from the index instead and all of them
 * ranked (rankIds). Chosen by cost, from the counts in hand (core/search/filter-plan).
 */
function idsList(ctx: Ctx, name: string, counted: readonly Counted[]): RankedList | undefined {
  const set = ctx.filters.ids;
  // Uncommitted index writes of this connection sit in FTS5's memory, not in the pages read here.
  if (!set || ctx.force.filterPlan === 'walk' || ctx.db.inTransaction) return undefined;
  const totals = ftsTotals(ctx.db);
  const units = forScoring(ctx, counted, totals.maxId);
  const frequencies = units.map((u) => u.df ?? u.estimate ?? 0);
  const plan = ctx.force.filterPlan ?? filterPlan({ ids: set.size, span: set.hi - set.lo + 1, rows: totals.maxId, frequencies, window: WINDOW, spread: SPREAD });
  if (plan === 'walk') return undefined;
  const ids = stmt(ctx.db, set.sql).pluck().all(ctx.filters.params) as number[];
  try {
    return { name, ids: rankIds(ctx.db, ids, units, ctx.rareCap + 1, totals).slice(0, ctx.depth) };
  } catch (err) {
    if (err instanceof Fts5FormatError) return undefined;
    throw err;
  }
}

/** Counted units split: the rarest first, while their matches together stay within rareCap. */
function splitSelective(ctx: Ctx, counted: readonly Counted[]): { selective: QueryUnit[]; common: QueryUnit[] } {
  const selective: QueryUnit[] = [];
  let budget = ctx.rareCap;
  for (const c of counted) {
    if (c.n > budget) break;
    selective.push(c.unit);
    budget -= c.n;
  }
  return { selective, common: counted.map((c) => c.unit).filter((u) => !selective.includes(u)) };
}

/**
 * Lists for the glossary translations. Translations are often the commonest words of the other
 * language (`测试报错` → test, error), and BM25 over them would scan tens of thousands of index entries
 * per word. So each is counted first (a bounded walk): the selective ones are ranked over the whole
 * history, and the common ones only contribute their newest mentions in titles and tags, unranked.
 */
function glossaryLists(ctx: Ctx, units: readonly QueryUnit[]): RankedList[] {
  // A translation held by more than GLOSSARY_COMMON of the records (`error`, `test`) says little about
  // which one answers: it only contributes its mentions in titles and tags.
  const cap = Math.min(ctx.rareCap, Math.max(GLOSSARY_MIN_CAP, Math.round(ftsTotals(ctx.db).docs * GLOSSARY_COMMON)));
  const { selective, common } = splitSelective({ ...ctx, rareCap: cap }, countUnits(ctx, units));
  const out: RankedList[] = [];
  if (selective.length) out.push(rankedList(ctx, 'glossary', renderMatch(selective)!));
  if (common.length) {
    const match = `{title tags} : (${renderMatch(common)})`;
    const rows = stmt(ctx.db, `SELECT observations_fts.rowid AS id ${ftsFrom(ctx)} ORDER BY observations_fts.rowid DESC LIMIT ${ctx.depth}`)
      .all({ ...ctx.filters.params, match }) as { id: number }[];
    out.push({ name: 'glossary:recent', ids: rows.map((r) => r.id), weight: 0.5 });
  }
  return out;
}

/** Units of at least this many tokens are names (`src/db/pool.ts`, `a.b.c`), not prose. */
const NAME_TOKENS = 3;

/**
 * A query that is one file path or dotted name: BM25 would first scan the index entries of every
 * token (`src`, `ts` are in most rows) only to order rows that all contain the same phrase. Instead the
 * newest matches come in one unranked walk, those naming it in the title first.
 */
function nameList(ctx: Ctx, unit: QueryUnit): RankedList {
  const conditions = [...ctx.filters.rowid, ...ctx.filters.join].map((c) => ` AND ${c}`).join('');
  const rows = stmt(
    ctx.db,
    `SELECT observations_fts.rowid AS id, o.title FROM observations_fts JOIN observations o ON o.id = observations_fts.rowid
     WHERE observations_fts MATCH @match${conditions} ORDER BY observations_fts.rowid DESC LIMIT ${ctx.depth}`,
  ).all({ ...ctx.filters.params, match: renderMatch([unit]) }) as { id: number; title: string }[];
  const phrase = ` ${unit.tokens.join(' ')} `;
  const inTitle = (t: string) => ` ${(t.toLowerCase().match(NAME_WORD_RE) ?? []).join(' ')} `.includes(phrase);
  const title = rows.filter((r) => inTitle(r.title));
  const rest = rows.filter((r) => !inTitle(r.title));
  return { name: 'name', ids: [...title, ...rest].map((r) => r.id) };
}
const NAME_WORD_RE = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * The keyword lists of a query (BM25 words, CJK, glossary), filters applied, before fusion.
 * Exposed for the evaluation, which scores keyword-only, semantic-only and hybrid retrieval.
 */
export function keywordLists(db: SqliteDb, opts: SearchOptions, depth: number, glossaryOn = true, tuning: SearchTuning = {}): RankedList[] {
  return keywordSearch(db, opts, depth, glossaryOn, tuning)?.lists ?? [];
}

/** The keyword lists with what made them: the plan, and the context holding the units' counts. */
interface KeywordSearch {
  readonly lists: RankedList[];
  readonly plan: QueryPlan;
  readonly ctx: Ctx;
}

function keywordSearch(db: SqliteDb, opts: SearchOptions, depth: number, glossaryOn = true, tuning: SearchTuning = {}): KeywordSearch | undefined {
  const planned = planQuery(opts.query);
  if (!planned.match) return undefined;
  const filters = planFilters(db, opts, () => ftsTotals(db).docs, WINDOW);
  if (filters.empty) return undefined;
  const ctx: Ctx = { db, filters, counts: new Map(), depth, rareCap: tuning.rareCap ?? RARE_CAP, force: tuning };
  const plan = glossaryOn ? withLoanwords(planned, (word) => loanwordTerms(db, word)) : planned;
  return { lists: listsOf(ctx, plan, glossaryOn), plan, ctx };
}

function listsOf(ctx: Ctx, plan: QueryPlan, glossaryOn: boolean): RankedList[] {
  const words = plan.units.filter((u) => u.script === 'word');
  const cjk = plan.units.filter((u) => u.script === 'cjk');
  const lists: RankedList[] = [];
  const only = plan.units.length === 1 ? plan.units[0]! : undefined;
  if (only && only.script === 'word' && !only.prefix && only.tokens.length >= NAME_TOKENS && plan.expansions.length === 0) return [nameList(ctx, only)];
  const own = words.length && cjk.length ? [listsFor(ctx, 'words', words), listsFor(ctx, 'cjk', cjk)] : [listsFor(ctx, words.length ? 'bm25' : 'cjk', plan.units)];
  for (const l of own) lists.push(...l);
  // CJK questions always get their English translations (code, commands and logs are English), and
  // English questions their CJK ones: a Japanese or Korean session's prose answers them.
  if (glossaryOn && plan.expansions.length) {
    const weight = cjk.length ? CJK_GLOSSARY_WEIGHT : GLOSSARY_WEIGHT;
    for (const l of glossaryLists(ctx, plan.expansions)) lists.push({ ...l, weight: weight * (l.weight ?? 1) });
  }
  return lists.filter((l) => l.ids.length > 0);
}

/** What the store adds to a keyword search (semantic lists) or leaves out of it (evaluation modes). */
export interface SearchExtras {
  /** Further ranked lists to fuse (semantic neighbours); filtered here like the keyword lists. */
  readonly extra?: readonly RankedList[];
  /**
   * Ranked lists that only add: their documents come after every fused result, in their own order.
   * For embedders that do not improve the ranking (see eval/RESULTS.md) but still find what no
   * keyword matches, so hybrid search is never worse than keyword search.
   */
  readonly append?: readonly RankedList[];
  /** Leave the keyword lists out (semantic-only evaluation). */
  readonly keyword?: boolean;
  /** Leave the glossary translations out (evaluation ablation). */
  readonly glossary?: boolean;
  /** Keep the per-language keyword lists instead of the concept ranking (evaluation ablation, benchmarks). */
  readonly concepts?: boolean;
  /** Leave the structure lists out (evaluation ablation): order and kinds of records. */
  readonly structure?: boolean;
  /**
   * The semantic ranking of the keyword candidates (at most CANDIDATES of them, the lists' heads
   * first), fused as one more list: what the embedder adds without a search over every vector.
   */
  readonly rankAmong?: (ids: readonly number[]) => number[];
  readonly now?: number;
}

/** A candidate's facts: what the structure lists read (core/search/record-facts), the priors and the project tier. */
interface Light extends RecordHead {
  project: string;
  priority: number;
}

/** Candidate facts for the priors, the project tier and the structure lists, the filters applied again as a guard. */
function lightFacts(db: SqliteDb, opts: SearchOptions, ids: readonly number[]): Map<number, Light> {
  if (ids.length === 0) return new Map();
  const { where, params } = filterSql(opts);
  const rows = stmt(
    db,
    `SELECT o.id, o.project, o.session_id AS session, o.created_at AS at, o.priority, o.type, substr(o.title, 1, ${HEAD_CHARS}) AS head, coalesce(substr(n.finding, 1, ${FINDING_CHARS}), '') AS finding
     FROM observations o LEFT JOIN narration n ON n.obs_id = o.id WHERE o.id IN (SELECT value FROM json_each(@ids)) AND o.private = 0${where.length ? ` AND ${where.join(' AND ')}` : ''}`,
  ).all({ ...params, ids: JSON.stringify(ids) }) as Light[];
  return new Map(rows.map((r) => [r.id, r]));
}

/** Of `ids`, those whose extracted events say they report a problem (a blocker in a prompt, a failed call). */
function problemIds(db: SqliteDb, ids: readonly number[]): Set<number> {
  if (ids.length === 0) return new Set();
  const rows = stmt(db, `SELECT DISTINCT obs_id FROM events WHERE obs_id IN (SELECT value FROM json_each(@ids)) AND type IN ('blocker', 'error_tool')`)
    .pluck()
    .all({ ids: JSON.stringify(ids) }) as number[];
  return new Set(rows);
}

/** The records right after (or before) an anchor in its session, nearest first. */
function neighbours(db: SqliteDb, r: NeighbourRequest): RecordFact[] {
  const a = r.anchor;
  const sql =
    r.direction === 'after'
      ? `SELECT id, session_id AS session, created_at AS at, type, substr(title, 1, ${HEAD_CHARS}) AS head FROM observations WHERE session_id = @s AND private = 0 AND (created_at > @at OR (created_at = @at AND id > @id)) ORDER BY created_at, id LIMIT @n`
      : `SELECT id, session_id AS session, created_at AS at, type, substr(title, 1, ${HEAD_CHARS}) AS head FROM observations WHERE session_id = @s AND private = 0 AND (created_at < @at OR (created_at = @at AND id < @id)) ORDER BY created_at DESC, id DESC LIMIT @n`;
  const rows = stmt(db, sql).all({ s: a.session, at: a.at, id: a.id, n: r.span }) as RecordHead[];
  return rows.map((row) => recordFact(row));
}

/** The structure lists (core/search/structure) a query's intent asks for, given the fused head and, for a compaction, the topic's own ranking. */
function structureFor(db: SqliteDb, opts: SearchOptions, intent: QueryIntent, head: readonly Fused[], facts: ReadonlyMap<number, Light>, topicIds: readonly number[]): Structure {
  const candidates = head.filter((f) => facts.has(f.id)).map((f) => facts.get(f.id)!);
  const problems = intent.fix || intent.problem ? problemIds(db, candidates.slice(0, 10).map((c) => c.id)) : new Set<number>();
  const headFacts = candidates.map((c) => recordFact(c, problems.has(c.id)));
  const topicRows = lightFacts(db, opts, topicIds.slice(0, TOPIC_DEPTH));
  const topic = topicIds.filter((id) => topicRows.has(id)).map((id) => recordFact(topicRows.get(id)!));
  const requests = neighbourRequests(intent, headFacts, topic);
  return structureLists(intent, headFacts, requests, requests.map((r) => neighbours(db, r)));
}

/**
 * Weight of the semantic list (an embedder's nearest neighbours, or its ranking of the keyword
 * candidates) against a keyword list: the offline embedder is lexical too, so its list adds a second
 * opinion on the same evidence more than new evidence (eval/RESULTS.md).
 */
export const VECTOR_WEIGHT = 0.3;

/**
 * Questions about order ("what did I ask after X", "the first count", "after the compaction") are
 * answered by position: the structure lists find the answer next to X, and a semantic list, which
 * ranks by likeness to the question, would lift X's look-alikes over it. Dev halves (eval/RESULTS.md):
 * without the vector list for them, hybrid gains R@5, R@10 and MRR in both question styles.
 */
function askedByPosition(intent: QueryIntent): boolean {
  return intent.after || intent.before || intent.compaction || intent.first || intent.last;
}

/**
 * Concepts whose own words the index stems alike (`delete`, `deleted`) are one concept: each form
 * counts once.
 */
function sameStems(db: SqliteDb, concepts: readonly Concept[]): Concept[] {
  const byStem = new Map<string, QueryUnit[]>();
  for (const c of concepts) {
    const own = c.forms[0]!;
    const key = own.script === 'word' ? indexTerms(db, own.tokens.join(' ')).join(' ') : own.tokens.join(' ');
    const known = byStem.get(key);
    if (known) known.push(...c.forms.slice(1));
    else byStem.set(key, [...c.forms]);
  }
  return [...byStem.values()].map((forms) => ({ forms }));
}

/**
 * The keyword candidates ranked by how many of the query's concepts they hold, in any of their forms
 * (core/search/concepts). Undefined when the index's pages cannot be read for them.
 */
function conceptList(ks: KeywordSearch, candidates: readonly number[], intent: QueryIntent): ConceptRanking | undefined {
  const { ctx } = ks;
  if (candidates.length === 0 || ks.plan.concepts.length === 0) return undefined;
  const plan = { concepts: sameStems(ctx.db, ks.plan.concepts) };
  const totals = ftsTotals(ctx.db);
  // Only selective forms are read: a form in more than rareCap records has an IDF near zero (it says
  // little about which record answers), and reading its position lists for candidates scattered over
  // the whole history would cost more than the rest of the search.
  const selective = plan.concepts.map((c) => c.forms.map((unit) => counted(ctx, unit)));
  const idfOf = (f: Counted) => idf(totals.docs, f.n > ctx.rareCap ? estimatedDf(f, totals.maxId) : f.n);
  const kept = selective.map((forms) => forms.filter((f) => f.n > 0 && f.n <= ctx.rareCap));
  if (kept.every((forms) => forms.length === 0)) return undefined;
  let freq;
  try {
    freq = columnFrequencies(ctx.db, candidates, kept.flat().map((f) => f.unit));
  } catch (err) {
    if (err instanceof Fts5FormatError) return undefined;
    throw err;
  }
  let k = 0;
  const concepts = selective.map((forms, c) => conceptEvidence(conceptIdf(idfOf(forms[0]!), forms.filter((f) => f.n > 0).map(idfOf)), kept[c]!.map((f) => ({ own: f === forms[0], idf: idfOf(f), freq: freq.perUnit[k++]! }))));
  const weights = COLUMNS.map((c) => (intent.why && (c.name === 'why' || c.name === 'finding') ? c.weight * WHY_NARRATION : c.weight));
  return rankWithTopic(candidates, concepts, freq.lengths, { weights, averages: totals.columnAverages }, intent.compaction ? topicMask(plan.concepts) : []);
}

/**
 * Search: the keyword lists (plus `extras`), fused, filtered, nudged by recency and importance, the
 * current project first, `limit` results with their rows. Never throws on any query text.
 */
export function searchObservations(db: SqliteDb, opts: SearchOptions, extras: SearchExtras = {}): SearchHit[] {
  const limit = Math.min(Math.max(Math.trunc(opts.limit ?? 20), 1), 200);
  const depth = Math.max(limit * 2, 50);
  // What the question asks beyond its words: read once, for the concept ranking and the structure lists.
  const intent = queryIntent(opts.query);
  const bySimilarity = !askedByPosition(intent);
  const semantic = bySimilarity ? (extras.extra ?? []).map((l) => (l.name === 'vector' && l.weight === undefined ? { ...l, weight: VECTOR_WEIGHT } : l)) : [];
  const ks = extras.keyword === false ? undefined : keywordSearch(db, opts, depth, extras.glossary !== false);
  let keyword: RankedList[] = ks?.lists ?? [];
  // The keyword lists gather the candidates; one ranking of them by every concept of the query, in
  // whichever language and form a record holds it, replaces the per-language lists in the fusion.
  // A lone file path or dotted name keeps its own list: its phrase is the whole query.
  const concepts = ks && extras.concepts !== false && !(keyword.length === 1 && keyword[0]!.name === 'name') && conceptList(ks, candidatesOf(keyword), intent);
  if (concepts) keyword = [{ name: 'concepts', ids: concepts.ids }];
  const lists = [...keyword, ...semantic];
  if (extras.rankAmong && bySimilarity) {
    const ranked = extras.rankAmong(candidatesOf(lists));
    if (ranked.length) lists.push({ name: 'vector', ids: ranked.slice(0, depth), weight: VECTOR_WEIGHT });
  }
  // Fusion first, then facts for the head only: looking rows up costs ~10 µs each at 100k rows.
  const width = Math.max(limit * 3, 60);
  let fusedHead = fuse(lists).slice(0, width);
  let facts = lightFacts(db, opts, fusedHead.map((f) => f.id));
  if (extras.structure !== false && fusedHead.length) {
    // Order and kinds of records (what came after the match, the fix after the failure), fused in.
    const structure = structureFor(db, opts, intent, fusedHead, facts, concepts ? concepts.topic : []);
    if (structure.lists.length) {
      fusedHead = liftAbove(fuse([...lists, ...structure.lists]), structure.lifts).slice(0, width);
      const missing = fusedHead.map((f) => f.id).filter((id) => !facts.has(id));
      if (missing.length) facts = new Map([...facts, ...lightFacts(db, opts, missing)]);
    }
  }
  const seen = new Set(fusedHead.map((f) => f.id));
  const appended = (extras.append ?? [])
    .flatMap((l) => l.ids)
    .filter((id) => !seen.has(id) && (seen.add(id), true))
    .slice(0, Math.max(0, width - fusedHead.length));
  if (appended.length) facts = new Map([...facts, ...lightFacts(db, opts, appended.filter((id) => !facts.has(id)))]);
  const head = [...fusedHead, ...appended.map((id) => ({ id, score: 0, via: ['append'] }))];
  if (head.length === 0) return [];
  const ranked = [
    ...withPriors(
      fusedHead.filter((f) => facts.has(f.id)),
      {
        now: extras.now ?? Date.now(),
        createdAt: (id) => facts.get(id)?.at,
        priority: (id) => facts.get(id)?.priority,
        kind: (id) => kindWeight(facts.get(id)!.type, facts.get(id)!.head),
      },
    ),
    ...head.slice(fusedHead.length).filter((f) => facts.has(f.id)),
  ];
  const current = opts.currentProject;
  // The current project's results come first (README: "Search covers every project with the current
  // one ranked first"); fusion order holds within each tier.
  const ordered = current
    ? [...ranked.filter((f) => facts.get(f.id)!.project === current), ...ranked.filter((f) => facts.get(f.id)!.project !== current)]
    : ranked;
  const top = ordered.slice(0, limit);
  const rows = stmt(db, `SELECT ${OBS_COLUMNS} FROM observations o WHERE o.id IN (SELECT value FROM json_each(@ids))`)
    .all({ ids: JSON.stringify(top.map((f) => f.id)) }) as ObservationRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return top.flatMap((f) => {
    const r = byId.get(f.id);
    return r ? [{ observation: toObservation(r), score: f.score }] : [];
  });
}
