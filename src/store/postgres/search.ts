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
 * The matching runs inside the schema's functions `mnemo.count_matches` / `mnemo.match_list` (server
 * migration 2): there the GIN index serves `@@`, which row-level security would otherwise forbid for a
 * member's query (ts_match_vq is not LEAKPROOF). Each tsquery is built once per call from quoted
 * lexemes (`to_tsquery` of a parameter) and reaches the functions' queries as a bound value, so
 * PostgreSQL plans each with the actual query in hand. All text reaches PostgreSQL as parameters.
 */
import type { ClientBase } from 'pg';
import { fuse, kindWeight, withPriors, type RankedList } from '../../core/search/fusion.ts';
import { isPrefix, planQuery, type QueryUnit } from '../../core/search/query-plan.ts';
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
async function keywordLists(ctx: Ctx, query: string): Promise<RankedList[]> {
  const plan = planQuery(query);
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

/** Search the team's shared observations. Never throws on any query text. */
export async function searchTeam(db: ClientBase, teamId: number, q: TeamSearchQuery, now = Date.now()): Promise<TeamSearchHit[]> {
  const limit = Math.min(Math.max(Math.trunc(q.limit ?? 20), 1), 100);
  const ctx: Ctx = { db, teamId, query: q.query, filters: filterArgs(q), depth: Math.max(limit * 2, 50) };
  const fused = fuse(await keywordLists(ctx, q.query)).slice(0, Math.max(limit * 3, 60));
  if (!fused.length) return [];

  const rows = await db.query<RecordRow>(`SELECT ${RECORD_COLUMNS} FROM mnemo.records r WHERE r.team_id = $1 AND r.seq = ANY($2::bigint[])`, [
    teamId,
    fused.map((f) => f.id),
  ]);
  const bySeq = new Map(rows.rows.map((r) => [Number(r.seq), r]));
  const ranked = withPriors(
    fused.filter((f) => bySeq.has(f.id)),
    { now, createdAt: (id) => Number(bySeq.get(id)!.created_at), priority: (id) => bySeq.get(id)!.priority ?? undefined, kind: (id) => kindWeight(bySeq.get(id)!.obs_type ?? '', bySeq.get(id)!.title) },
  );
  const cur = q.currentProject;
  const ordered = cur ? [...ranked.filter((f) => bySeq.get(f.id)!.project === cur), ...ranked.filter((f) => bySeq.get(f.id)!.project !== cur)] : ranked;
  return ordered.slice(0, limit).map((f) => ({ record: fromRow(bySeq.get(f.id)!) as TeamObservation, score: f.score }));
}
