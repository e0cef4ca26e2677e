/**
 * @module store/postgres/search
 * Search on the team server, shaped like the local one (store/sqlite/search) so rankings compare:
 * the same query plan (core/search/query-plan: quoted units, CJK bigram phrases, glossary
 * translations), the same lists (words and CJK apart when a query mixes them, the glossary as its own
 * list, a lone path or dotted name as an unranked newest-first list), the same fusion and priors
 * (core/search/fusion), the current project first.
 *
 * Each unit becomes a tsquery phrase over the index words (`'src' <-> 'db' <-> 'pool' <-> 'ts'`),
 * stemmed by the `english` configuration on both sides, so `pooling` finds `pool`; CJK bigrams pass
 * through that configuration untouched. As locally, cost is bounded: each unit is counted first (up to
 * RARE_CAP + 1); when all of them together match few rows, one ranking over the whole history is the
 * list; otherwise a list ranks (ts_rank, weights title 1 : tags 0.5 : body 0.125, the local 8 : 4 : 1)
 * the newest WINDOW matches, and the selective units (rarest first, while their matches together stay
 * within RARE_CAP) get a second list ranked over the whole history, which stands in for BM25's inverse
 * document frequency that ts_rank lacks.
 *
 * Then, as locally, the lists' candidates are ranked once by every concept of the query (BM25F,
 * core/search/concepts): each form's document frequency from its count, its occurrences per weight
 * class read from the candidates' stored tsvectors, and that ranking replaces the lists; and the
 * structure lists (core/search/structure: a failure's fix, what came after a match, the first or last
 * of several alike) are fused in, their neighbours read through the project-and-time index. Records
 * they bring in pass the query's filters before they are shown. On the dev questions (eval/tune.ts, MODE=team)
 * these took the server from R@10 44 to 76 (full questions) and 53 to 79 (short queries), against the
 * local store's 88 and 83 on the same records.
 *
 * The matching runs inside the schema's functions `mnemo.count_matches` / `mnemo.match_list` (server
 * migration 2): there the GIN index serves `@@`, which row-level security would otherwise forbid for a
 * member's query (ts_match_vq is not LEAKPROOF). Each tsquery is built once per call from quoted
 * lexemes (`to_tsquery` of a parameter) and reaches the functions' queries as a bound value, so
 * PostgreSQL plans each with the actual query in hand. All text reaches PostgreSQL as parameters.
 */
import type { ClientBase } from 'pg';
import { candidatesOf, fuse, kindWeight, withPriors, type Fused, type RankedList } from '../../core/search/fusion.ts';
import { queryIntent, type QueryIntent } from '../../core/search/intent.ts';
import { FINDING_CHARS, HEAD_CHARS, recordFact, type RecordHead } from '../../core/search/record-facts.ts';
import { liftAbove, neighbourRequests, structureLists, TOPIC_DEPTH, type NeighbourRequest } from '../../core/search/structure.ts';
import { isPrefix, planQuery, topicMask, withLoanwords, type QueryPlan, type QueryUnit } from '../../core/search/query-plan.ts';
import { conceptEvidence, conceptIdf, rankWithTopic, WHY_NARRATION, type ConceptRanking, type CountedForm } from '../../core/search/concepts.ts';
import { idf } from '../../core/search/bm25.ts';
import type { TeamSearchHit, TeamSearchQuery, TeamObservation } from '../../core/team/contract.ts';
import { joinedIn, pairWord } from './name-joins.ts';
import { fromRow, RECORD_COLUMNS, type RecordRow } from './records.ts';

export const WINDOW = 600;
export const RARE_CAP = 1500;
const RARE_WEIGHT = 1.5;
const GLOSSARY_WEIGHT = 0.8;
/** Units of at least this many tokens are names (`src/db/pool.ts`, `a.b.c`), not prose (as locally). */
const NAME_TOKENS = 3;

/** A lexeme in tsquery syntax: single-quoted, quotes doubled, backslashes escaped. */
function lexeme(token: string): string {
  return `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * One unit as tsquery text: its tokens as a phrase, the last one a prefix when the unit is. A name the
 * query wrote joined (`src/db/pool.ts`) also asks for its pair words (name-joins), so the index, not a
 * recheck of every row holding `src` and `ts`, finds the few rows that can hold it.
 */
export function unitQuery(u: QueryUnit, query = ''): string {
  const parts = u.tokens.map(lexeme);
  if (isPrefix(u)) parts[parts.length - 1] += ':*';
  if (parts.length === 1) return parts[0]!;
  const phrase = `(${parts.join(' <-> ')})`;
  if (isPrefix(u) || !joinedIn(query, u.tokens)) return phrase;
  const pairs = u.tokens.slice(1).map((t, i) => lexeme(pairWord(u.tokens[i]!, t)));
  return `(${[...pairs, phrase].join(' & ')})`;
}

export function unitsQuery(units: readonly QueryUnit[], query = ''): string {
  return units.map((u) => unitQuery(u, query)).join(' | ');
}

/** The filter arguments of mnemo.count_matches / match_list, in their order (NULL: no filter). */
function filterArgs(q: TeamSearchQuery): unknown[] {
  const list = <T>(xs: readonly T[] | undefined) => (xs?.length ? [...xs] : null);
  return [
    q.scope === 'mine' || q.scope === 'team' ? q.scope : null,
    list(q.projects),
    list(q.types),
    list(q.authors),
    q.assistant || null,
    q.branch || null,
    q.since === undefined ? null : Math.trunc(q.since),
    q.until === undefined ? null : Math.trunc(q.until),
  ];
}
/** `$first, …` placeholders for the filter arguments, typed. */
function filterParams(first: number): string {
  return ['text', 'text[]', 'text[]', 'name[]', 'text', 'text', 'bigint', 'bigint'].map((t, i) => `$${first + i}::${t}`).join(', ');
}

interface Ctx {
  readonly db: ClientBase;
  /** The query as typed (whether a name was written joined). */
  readonly query: string;
  readonly teamId: number;
  readonly filters: unknown[];
  readonly depth: number;
}

type Order = 'rank' | 'names' | 'heads';

/**
 * Testing a row's tsvector while walking the newest rows costs about this many times a row fetched
 * through the search index (measured on this machine: the tsvector is read back, often from TOAST).
 */
const WALK_COST = 2.5;

/**
 * Whether the newest `window` of matches of density `d` (matches / rows) are cheaper found by walking
 * the newest rows (window / d rows tested) than by fetching every match through the index (d × rows).
 */
export function walkNewest(matches: number, rows: number, window: number): boolean {
  if (rows <= 0 || matches <= 0) return false;
  const d = Math.min(1, matches / rows);
  return (window / d) * WALK_COST < d * rows;
}

/** Ids (seq) of matches of `tsq`, best first (see mnemo.match_list), and how many were considered. */
async function matchList(ctx: Ctx, tsq: string, order: Order, window: number | null, walk: boolean): Promise<{ ids: number[]; considered: number }> {
  const res = await ctx.db.query<{ seq: string; considered: number }>(
    `SELECT seq, considered FROM mnemo.match_list($1, to_tsquery('english', $2), $3, $4, $5, $6, ${filterParams(7)})`,
    [ctx.teamId, tsq, order, window, ctx.depth, walk, ...ctx.filters],
  );
  return { ids: res.rows.map((r) => Number(r.seq)), considered: Number(res.rows[0]?.considered ?? 0) };
}

/** A unit with its matches counted up to RARE_CAP + 1, and the planner's estimate of them. */
interface Counted {
  readonly unit: QueryUnit;
  readonly n: number;
  readonly estimate: number;
}

/** Each unit with its match count, rarest first, in one round trip; and the rows under the filters (estimated). */
async function countUnits(ctx: Ctx, units: readonly QueryUnit[]): Promise<{ counted: Counted[]; rows: number }> {
  const res = await ctx.db.query<{ n: number; estimate: number; total: number }>(
    `SELECT c.n, c.estimate, c.total FROM unnest($2::text[]) WITH ORDINALITY AS t(u, i),
       LATERAL mnemo.count_matches($1, to_tsquery('english', t.u), $3, ${filterParams(4)}) c ORDER BY t.i`,
    [ctx.teamId, units.map((u) => unitQuery(u, ctx.query)), RARE_CAP + 1, ...ctx.filters],
  );
  const counted = units.map((unit, i) => ({ unit, n: Number(res.rows[i]!.n), estimate: Number(res.rows[i]!.estimate) })).sort((a, b) => a.n - b.n);
  return { counted, rows: Number(res.rows[0]?.total ?? 0) };
}

/** Matches of the units together, as well as they are known: counted when few, else estimated. */
const matchesOf = (counted: readonly Counted[]) => counted.reduce((sum, c) => sum + (c.n > RARE_CAP ? Math.max(c.n, c.estimate) : c.n), 0);

/** Counted units split: the rarest first, while their matches together stay within RARE_CAP. */
function splitSelective(counted: readonly Counted[]): { selective: QueryUnit[]; common: QueryUnit[] } {
  const selective: QueryUnit[] = [];
  let budget = RARE_CAP;
  for (const c of counted) {
    if (c.n > budget) break;
    if (c.n > 0) selective.push(c.unit);
    budget -= c.n;
  }
  return { selective, common: counted.filter((c) => c.n > 0 && !selective.includes(c.unit)).map((c) => c.unit) };
}

/**
 * The lists of one group of units, as locally: one exact ranking when they match few rows in all;
 * else the newest WINDOW ranked, and when the window filled, the selective units over the whole history.
 */
async function listsFor(ctx: Ctx, name: string, units: readonly QueryUnit[], weight = 1): Promise<{ lists: RankedList[]; full: boolean }> {
  const { counted, rows } = await countUnits(ctx, units);
  const total = counted.reduce((sum, c) => sum + c.n, 0);
  if (total === 0) return { lists: [], full: false };
  const live = counted.filter((c) => c.n > 0).map((c) => c.unit);
  if (total <= RARE_CAP) {
    const all = await matchList(ctx, unitsQuery(live, ctx.query), 'rank', null, false);
    return { lists: [{ name, ids: all.ids, weight }], full: all.considered >= WINDOW };
  }
  const win = await matchList(ctx, unitsQuery(live, ctx.query), 'rank', WINDOW, walkNewest(matchesOf(counted), rows, WINDOW));
  const lists: RankedList[] = [{ name, ids: win.ids, weight }];
  const full = win.considered >= WINDOW;
  const { selective } = splitSelective(counted);
  if (full && selective.length) lists.push({ name: `${name}-rare`, ids: (await matchList(ctx, unitsQuery(selective, ctx.query), 'rank', null, false)).ids, weight: RARE_WEIGHT * weight });
  return { lists, full };
}

/**
 * Glossary translations, as locally: the selective ones ranked over the whole history, the common
 * ones (often the other language's commonest words) only by their newest mentions in titles and tags.
 */
async function glossaryLists(ctx: Ctx, units: readonly QueryUnit[]): Promise<RankedList[]> {
  const { counted, rows } = await countUnits(ctx, units);
  const { selective, common } = splitSelective(counted);
  const out: RankedList[] = [];
  if (selective.length) out.push({ name: 'glossary', ids: (await matchList(ctx, unitsQuery(selective, ctx.query), 'rank', null, false)).ids, weight: GLOSSARY_WEIGHT });
  if (common.length) {
    const walk = walkNewest(matchesOf(counted.filter((c) => common.includes(c.unit))), rows, WINDOW);
    out.push({ name: 'glossary-recent', ids: (await matchList(ctx, unitsQuery(common, ctx.query), 'heads', WINDOW, walk)).ids, weight: 0.5 * GLOSSARY_WEIGHT });
  }
  return out;
}

/** The ranked lists of a query (before fusion). */
async function keywordLists(ctx: Ctx, query: string, plan: QueryPlan = planQuery(query)): Promise<RankedList[]> {
  if (!plan.match) return [];
  const only = plan.units.length === 1 ? plan.units[0]! : undefined;
  // A lone path or dotted name: every match holds the same phrase, so rank by recency, titles first.
  if (only && only.script === 'word' && !only.prefix && only.tokens.length >= NAME_TOKENS) {
    return [{ name: 'name', ids: (await matchList(ctx, unitQuery(only, query), 'names', null, false)).ids }];
  }
  const words = plan.units.filter((u) => u.script === 'word');
  const cjk = plan.units.filter((u) => u.script === 'cjk');
  const own = words.length && cjk.length ? [await listsFor(ctx, 'words', words), await listsFor(ctx, 'cjk', cjk)] : [await listsFor(ctx, words.length ? 'words' : 'cjk', plan.units)];
  const lists = own.flatMap((g) => g.lists);
  // As locally: Chinese questions always get their English translations; English ones get Chinese
  // ones only when their own words matched less than a window.
  const plentiful = cjk.length === 0 && own.some((g) => g.full);
  if (plan.expansions.length && !plentiful) lists.push(...(await glossaryLists(ctx, plan.expansions)));
  return lists.filter((l) => l.ids.length);
}

/**
 * The index's weight classes as the concept ranking sees them (core/search/concepts): title (A), tags
 * and the narration (B), body (D) — locally title 8, tags 4, why 6, finding 3, body 1.
 */
const CLASSES = [
  { weight: 'A', score: 8 },
  { weight: 'B', score: 5 },
  { weight: 'D', score: 1 },
] as const;

/**
 * The candidates ranked by how many of the query's concepts they hold, in any form, as locally
 * (core/search/concepts): each form's document frequency from its count, its occurrences per weight
 * class read from the candidates' stored tsvectors (a phrase counts as often as its rarest word), the
 * classes' lengths from their text. Undefined when there is nothing to rank.
 */
async function conceptList(ctx: Ctx, plan: QueryPlan, candidates: readonly number[], intent: QueryIntent): Promise<ConceptRanking | undefined> {
  if (candidates.length === 0 || plan.concepts.length === 0) return undefined;
  const forms = plan.concepts.flatMap((c, ci) => c.forms.map((unit, fi) => ({ unit, ci, own: fi === 0 })));
  const [{ counted, rows }, lexemes] = await Promise.all([
    countUnits(ctx, forms.map((f) => f.unit)),
    ctx.db.query<{ i: string; lexemes: string[] | null }>(
      `SELECT x.i, (SELECT array_agg(u.lexeme) FROM unnest(to_tsvector('english', x.t)) u) AS lexemes FROM unnest($1::text[]) WITH ORDINALITY AS x(t, i)`,
      [forms.map((f) => f.unit.tokens.join(' '))],
    ),
  ]);
  const countOf = new Map(counted.map((c) => [c.unit, c]));
  const lexemesOf = forms.map((_, i) => lexemes.rows.find((r) => Number(r.i) === i + 1)?.lexemes ?? []);
  const all = [...new Set(lexemesOf.flat())];
  if (all.length === 0) return undefined;
  const [tf, lengths] = await Promise.all([
    ctx.db.query<{ seq: string; lexeme: string; weights: string[] }>(
      `SELECT c.seq, u.lexeme, u.weights::text[] AS weights FROM mnemo.records c CROSS JOIN LATERAL unnest(c.search) u
       WHERE c.team_id = $1 AND c.seq = ANY($2::bigint[]) AND u.lexeme = ANY($3::text[])`,
      [ctx.teamId, candidates, all],
    ),
    ctx.db.query<{ seq: string; a: number; b: number; d: number }>(
      `SELECT c.seq, length(c.title) AS a, length(c.tags) + length(coalesce(c.extra->>'why', '')) + length(coalesce(c.extra->>'finding', '')) AS b, length(c.body) AS d
       FROM mnemo.records c WHERE c.team_id = $1 AND c.seq = ANY($2::bigint[])`,
      [ctx.teamId, candidates],
    ),
  ]);
  // Occurrences of each lexeme per candidate, per class.
  const occ = new Map<string, number[]>();
  for (const r of tf.rows) {
    const counts = CLASSES.map((c) => r.weights.filter((w) => w === c.weight).length);
    occ.set(`${r.seq}\u0000${r.lexeme}`, counts);
  }
  const idfOf = (unit: QueryUnit) => {
    const c = countOf.get(unit);
    return idf(Math.max(rows, 1), c ? (c.n > RARE_CAP ? Math.max(c.n, c.estimate) : c.n) : 0);
  };
  const readForms: CountedForm[][] = plan.concepts.map(() => []);
  forms.forEach((f, i) => {
    const lx = lexemesOf[i]!;
    if (!lx.length) return;
    const freq = new Map<number, number[]>();
    for (const id of candidates) {
      const per = lx.map((l) => occ.get(`${id}\u0000${l}`));
      if (per.some((p) => !p)) continue;
      freq.set(id, CLASSES.map((_, k) => Math.min(...per.map((p) => p![k]!))));
    }
    if (freq.size) readForms[f.ci]!.push({ own: f.own, idf: idfOf(f.unit), freq });
  });
  if (readForms.every((c) => c.length === 0)) return undefined;
  const byConcept = plan.concepts.map((c, ci) => conceptEvidence(conceptIdf(idfOf(c.forms[0]!), c.forms.filter((u) => (countOf.get(u)?.n ?? 0) > 0).map(idfOf)), readForms[ci]!));
  const lengthOf = new Map(lengths.rows.map((r) => [Number(r.seq), [Number(r.a), Number(r.b), Number(r.d)]]));
  const averages = CLASSES.map((_, k) => {
    const held = [...lengthOf.values()].map((l) => l[k]!).filter((n) => n > 0);
    return held.length ? held.reduce((a, b) => a + b, 0) / held.length : 1;
  });
  const weights = CLASSES.map((c) => (intent.why && c.weight === 'B' ? c.score * WHY_NARRATION : c.score));
  return rankWithTopic(candidates, byConcept, lengthOf, { weights, averages }, intent.compaction ? topicMask(plan.concepts) : []);
}

/** A record row as search reads it: whether I wrote it, for the scope filter. */
type SearchRow = RecordRow & { readonly mine: boolean };

/**
 * Whether a row passes the query's filters. The lists' rows passed them inside the matching functions;
 * the records the structure lists bring in (a failure's fix, the prompt after a match) are checked here.
 */
function passes(q: TeamSearchQuery, r: SearchRow): boolean {
  return (
    r.kind === 'observation' &&
    (q.scope !== 'mine' || r.mine) &&
    (q.scope !== 'team' || !r.mine) &&
    (!q.projects?.length || q.projects.includes(r.project)) &&
    (!q.types?.length || q.types.includes(r.obs_type as never)) &&
    (!q.authors?.length || q.authors.includes(r.author)) &&
    (!q.assistant || r.assistant === q.assistant) &&
    (!q.branch || r.branch === q.branch) &&
    (q.since === undefined || Number(r.created_at) >= q.since) &&
    (q.until === undefined || Number(r.created_at) <= q.until)
  );
}

const ROW_COLUMNS = `${RECORD_COLUMNS}, author = session_user AS mine`;

/** What the structure lists read of a row (core/search/record-facts); sessions numbered per search. */
function headOf(r: SearchRow, sessions: Map<string, number>): RecordHead {
  const uid = r.session_uid ?? '';
  if (!sessions.has(uid)) sessions.set(uid, sessions.size + 1);
  const finding = typeof r.extra?.finding === 'string' ? r.extra.finding.slice(0, FINDING_CHARS) : '';
  return { id: Number(r.seq), session: sessions.get(uid)!, at: Number(r.created_at), type: r.obs_type ?? '', head: r.title.slice(0, HEAD_CHARS), finding };
}

/**
 * The records right after (or before) each anchor in its session, nearest first: one round trip per
 * direction, each anchor's neighbours read by the project-and-time index.
 */
async function neighbourRows(db: ClientBase, teamId: number, requests: readonly NeighbourRequest[]): Promise<SearchRow[][]> {
  const out: SearchRow[][] = requests.map(() => []);
  for (const direction of ['after', 'before'] as const) {
    const asked = requests.map((r, i) => ({ r, i })).filter((x) => x.r.direction === direction);
    if (!asked.length) continue;
    const [cmp, order] = direction === 'after' ? ['>', 'ASC'] : ['<', 'DESC'];
    const res = await db.query<SearchRow & { i: number }>(
      `SELECT a.i, n.* FROM unnest($2::bigint[], $3::integer[], $4::integer[]) AS a(seq, span, i)
         JOIN mnemo.records x ON x.team_id = $1 AND x.seq = a.seq
         CROSS JOIN LATERAL (
           SELECT ${ROW_COLUMNS} FROM mnemo.records r
           WHERE r.team_id = $1 AND r.kind = 'observation' AND r.project = x.project AND r.session_uid = x.session_uid
             AND (r.created_at, r.seq) ${cmp} (x.created_at, x.seq)
           ORDER BY r.created_at ${order}, r.seq ${order} LIMIT a.span) n
       ORDER BY a.i, n.created_at ${order}, n.seq ${order}`,
      [teamId, asked.map((x) => x.r.anchor.id), asked.map((x) => x.r.span), asked.map((x) => x.i)],
    );
    for (const row of res.rows) out[row.i]!.push(row);
  }
  return out;
}

/**
 * Order and kinds of records, as locally (core/search/structure): the fix after the failure, what came
 * after the match, the first or last of several alike — fused in. The neighbours read join `bySeq`.
 */
async function withStructure(db: ClientBase, teamId: number, intent: QueryIntent, lists: readonly RankedList[], fused: Fused[], bySeq: Map<number, SearchRow>, width: number, topicIds: readonly number[]): Promise<Fused[]> {
  const sessions = new Map<string, number>();
  const head = fused.filter((f) => bySeq.has(f.id)).map((f) => recordFact(headOf(bySeq.get(f.id)!, sessions)));
  const topicSeqs = topicIds.slice(0, TOPIC_DEPTH);
  const unread = topicSeqs.filter((id) => !bySeq.has(id));
  if (unread.length) for (const r of (await db.query<SearchRow>(`SELECT ${ROW_COLUMNS} FROM mnemo.records r WHERE r.team_id = $1 AND r.seq = ANY($2::bigint[])`, [teamId, unread])).rows) bySeq.set(Number(r.seq), r);
  const topic = topicSeqs.filter((id) => bySeq.has(id)).map((id) => recordFact(headOf(bySeq.get(id)!, sessions)));
  const requests = neighbourRequests(intent, head, topic);
  const found = requests.length ? await neighbourRows(db, teamId, requests) : [];
  for (const r of found.flat()) bySeq.set(Number(r.seq), r);
  const structure = structureLists(intent, head, requests, found.map((rs) => rs.map((r) => recordFact(headOf(r, sessions)))));
  return structure.lists.length ? liftAbove(fuse([...lists, ...structure.lists]), structure.lifts).slice(0, width) : fused;
}

/** Parts of the ranking to leave out (benchmarks, evaluation ablations): the lists alone are what the server ranked by before. */
export interface TeamSearchTuning {
  readonly concepts?: boolean;
  readonly structure?: boolean;
}

/** At most this many English words per katakana word, of at most LOANWORD_CHARS each, are taken from a query. */
const LOANWORDS = 4;
const LOANWORD_CHARS = 64;

/** The English words a query names for one of its katakana words, only well-formed ones. */
function loanwordsOf(q: TeamSearchQuery, word: string): string[] {
  const given = q.loanwords && Object.hasOwn(q.loanwords, word) ? q.loanwords[word] : undefined;
  return Array.isArray(given) ? given.filter((w): w is string => typeof w === 'string' && w.length > 0 && w.length <= LOANWORD_CHARS).slice(0, LOANWORDS) : [];
}

/** Search the team's shared observations. Never throws on any query text. */
export async function searchTeam(db: ClientBase, teamId: number, q: TeamSearchQuery, now = Date.now(), tuning: TeamSearchTuning = {}): Promise<TeamSearchHit[]> {
  const limit = Math.min(Math.max(Math.trunc(q.limit ?? 20), 1), 100);
  const ctx: Ctx = { db, teamId, query: q.query, filters: filterArgs(q), depth: Math.max(limit * 2, 50) };
  const plan = withLoanwords(planQuery(q.query), (word) => loanwordsOf(q, word));
  const intent = queryIntent(q.query);
  let lists = await keywordLists(ctx, q.query, plan);
  let topic: readonly number[] = [];
  // As locally: one ranking of the candidates by every concept replaces the per-language lists; a lone
  // path or dotted name keeps its own list.
  if (tuning.concepts !== false && !(lists.length === 1 && lists[0]!.name === 'name')) {
    const concepts = await conceptList(ctx, plan, candidatesOf(lists), intent);
    if (concepts) (lists = [{ name: 'concepts', ids: concepts.ids }]), (topic = concepts.topic);
  }
  const width = Math.max(limit * 3, 60);
  let fused = fuse(lists).slice(0, width);
  if (!fused.length) return [];
  const read = await db.query<SearchRow>(`SELECT ${ROW_COLUMNS} FROM mnemo.records r WHERE r.team_id = $1 AND r.seq = ANY($2::bigint[])`, [teamId, fused.map((f) => f.id)]);
  const bySeq = new Map(read.rows.map((r) => [Number(r.seq), r]));
  if (tuning.structure !== false) fused = await withStructure(db, teamId, intent, lists, fused, bySeq, width, topic);

  const row = (id: number) => bySeq.get(id)!;
  const ranked = withPriors(
    fused.filter((f) => bySeq.has(f.id) && passes(q, row(f.id))),
    { now, createdAt: (id) => Number(row(id).created_at), priority: (id) => row(id).priority ?? undefined, kind: (id) => kindWeight(row(id).obs_type ?? '', row(id).title) },
  );
  const cur = q.currentProject;
  const ordered = cur ? [...ranked.filter((f) => row(f.id).project === cur), ...ranked.filter((f) => row(f.id).project !== cur)] : ranked;
  return ordered.slice(0, limit).map((f) => ({ record: fromRow(row(f.id)) as TeamObservation, score: f.score }));
}
