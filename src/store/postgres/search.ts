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
import { fuse, withPriors, type RankedList } from '../../core/search/fusion.ts';
import { isPrefix, planQuery, type QueryUnit } from '../../core/search/query-plan.ts';
import type { TeamSearchHit, TeamSearchQuery, TeamObservation } from '../../core/team/contract.ts';
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

/** One unit as tsquery text: its tokens as a phrase, the last one a prefix when the unit is. */
export function unitQuery(u: QueryUnit): string {
  const parts = u.tokens.map(lexeme);
  if (isPrefix(u)) parts[parts.length - 1] += ':*';
  return parts.length > 1 ? `(${parts.join(' <-> ')})` : parts[0]!;
}

export function unitsQuery(units: readonly QueryUnit[]): string {
  return units.map(unitQuery).join(' | ');
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
  readonly teamId: number;
  readonly filters: unknown[];
  readonly depth: number;
}

type Order = 'rank' | 'names' | 'heads';

/** Ids (seq) of matches of `tsq`, best first (see mnemo.match_list), and how many were considered. */
async function matchList(ctx: Ctx, tsq: string, order: Order, window: number | null): Promise<{ ids: number[]; considered: number }> {
  const res = await ctx.db.query<{ seq: string; considered: number }>(
    `SELECT seq, considered FROM mnemo.match_list($1, to_tsquery('english', $2), $3, $4, $5, ${filterParams(6)})`,
    [ctx.teamId, tsq, order, window, ctx.depth, ...ctx.filters],
  );
  return { ids: res.rows.map((r) => Number(r.seq)), considered: Number(res.rows[0]?.considered ?? 0) };
}

/** A unit with its matches counted up to RARE_CAP + 1. */
interface Counted {
  readonly unit: QueryUnit;
  readonly n: number;
}

/** Each unit with its match count, rarest first, in one round trip. */
async function countUnits(ctx: Ctx, units: readonly QueryUnit[]): Promise<Counted[]> {
  const res = await ctx.db.query<{ n: number }>(
    `SELECT mnemo.count_matches($1, to_tsquery('english', t.u), $3, ${filterParams(4)}) AS n
     FROM unnest($2::text[]) WITH ORDINALITY AS t(u, i) ORDER BY t.i`,
    [ctx.teamId, units.map(unitQuery), RARE_CAP + 1, ...ctx.filters],
  );
  return units.map((unit, i) => ({ unit, n: Number(res.rows[i]!.n) })).sort((a, b) => a.n - b.n);
}

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
  const counted = await countUnits(ctx, units);
  const total = counted.reduce((sum, c) => sum + c.n, 0);
  if (total === 0) return { lists: [], full: false };
  const live = counted.filter((c) => c.n > 0).map((c) => c.unit);
  if (total <= RARE_CAP) {
    const all = await matchList(ctx, unitsQuery(live), 'rank', null);
    return { lists: [{ name, ids: all.ids, weight }], full: all.considered >= WINDOW };
  }
  const win = await matchList(ctx, unitsQuery(live), 'rank', WINDOW);
  const lists: RankedList[] = [{ name, ids: win.ids, weight }];
  const full = win.considered >= WINDOW;
  const { selective } = splitSelective(counted);
  if (full && selective.length) lists.push({ name: `${name}-rare`, ids: (await matchList(ctx, unitsQuery(selective), 'rank', null)).ids, weight: RARE_WEIGHT * weight });
  return { lists, full };
}

/**
 * Glossary translations, as locally: the selective ones ranked over the whole history, the common
 * ones (often the other language's commonest words) only by their newest mentions in titles and tags.
 */
async function glossaryLists(ctx: Ctx, units: readonly QueryUnit[]): Promise<RankedList[]> {
  const { selective, common } = splitSelective(await countUnits(ctx, units));
  const out: RankedList[] = [];
  if (selective.length) out.push({ name: 'glossary', ids: (await matchList(ctx, unitsQuery(selective), 'rank', null)).ids, weight: GLOSSARY_WEIGHT });
  if (common.length) out.push({ name: 'glossary-recent', ids: (await matchList(ctx, unitsQuery(common), 'heads', null)).ids, weight: 0.5 * GLOSSARY_WEIGHT });
  return out;
}

/** The ranked lists of a query (before fusion). */
async function keywordLists(ctx: Ctx, query: string): Promise<RankedList[]> {
  const plan = planQuery(query);
  if (!plan.match) return [];
  const only = plan.units.length === 1 ? plan.units[0]! : undefined;
  // A lone path or dotted name: every match holds the same phrase, so rank by recency, titles first.
  if (only && only.script === 'word' && !only.prefix && only.tokens.length >= NAME_TOKENS) {
    return [{ name: 'name', ids: (await matchList(ctx, unitQuery(only), 'names', null)).ids }];
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
  const ctx: Ctx = { db, teamId, filters: filterArgs(q), depth: Math.max(limit * 2, 50) };
  const fused = fuse(await keywordLists(ctx, q.query)).slice(0, Math.max(limit * 3, 60));
  if (!fused.length) return [];

  const rows = await db.query<RecordRow>(`SELECT ${RECORD_COLUMNS} FROM mnemo.records r WHERE r.team_id = $1 AND r.seq = ANY($2::bigint[])`, [
    teamId,
    fused.map((f) => f.id),
  ]);
  const bySeq = new Map(rows.rows.map((r) => [Number(r.seq), r]));
  const ranked = withPriors(
    fused.filter((f) => bySeq.has(f.id)),
    { now, createdAt: (id) => Number(bySeq.get(id)!.created_at), priority: (id) => bySeq.get(id)!.priority ?? undefined },
  );
  const cur = q.currentProject;
  const ordered = cur ? [...ranked.filter((f) => bySeq.get(f.id)!.project === cur), ...ranked.filter((f) => bySeq.get(f.id)!.project !== cur)] : ranked;
  return ordered.slice(0, limit).map((f) => ({ record: fromRow(bySeq.get(f.id)!) as TeamObservation, score: f.score }));
}
