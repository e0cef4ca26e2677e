/**
 * @module store/postgres/search
 * Search on the team server, shaped like the local one (store/sqlite/search) so rankings compare:
 * the same query plan (core/search/query-plan: quoted units, CJK bigram phrases, glossary
 * translations), the same lists (words and CJK apart when a query mixes them, the glossary as its own
 * list), the same fusion and priors (core/search/fusion), the current project first.
 *
 * Each unit becomes a tsquery phrase over the index words (`'src' <-> 'db' <-> 'pool' <-> 'ts'`),
 * stemmed by the `english` configuration on both sides, so `pooling` finds `pool`; CJK bigrams pass
 * through that configuration untouched. Like the local search, a list ranks (ts_rank, weights title
 * 1 : tags 0.5 : body 0.125, the local 8 : 4 : 1) the newest WINDOW matches, and the units that
 * match few rows (at most RARE_CAP) get a second list ranked over the whole history, which stands in
 * for BM25's inverse document frequency that ts_rank lacks.
 * All text reaches PostgreSQL as parameters; tsquery text is built from quoted lexemes only.
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
const RANK = `ts_rank('{0.125, 0, 0.5, 1}', r.search, q.q, 1)`;

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

interface Filter {
  sql: string;
  params: unknown[];
}

/** The WHERE conditions of a query's filters, parameters from `$first` on. */
function filterSql(q: TeamSearchQuery, first: number): Filter {
  const conds: string[] = [];
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${first + params.length - 1}`;
  };
  if (q.scope === 'mine') conds.push('r.author = session_user');
  else if (q.scope === 'team') conds.push('r.author <> session_user');
  if (q.projects?.length) conds.push(`r.project = ANY(${p([...q.projects])}::text[])`);
  if (q.types?.length) conds.push(`r.obs_type = ANY(${p([...q.types])}::text[])`);
  if (q.authors?.length) conds.push(`r.author = ANY(${p([...q.authors])}::name[])`);
  if (q.assistant) conds.push(`r.assistant = ${p(q.assistant)}`);
  if (q.branch) conds.push(`r.branch = ${p(q.branch)}`);
  if (q.since !== undefined) conds.push(`r.created_at >= ${p(Math.trunc(q.since))}::bigint`);
  if (q.until !== undefined) conds.push(`r.created_at <= ${p(Math.trunc(q.until))}::bigint`);
  return { sql: conds.map((c) => ` AND ${c}`).join(''), params };
}

interface Ctx {
  readonly db: ClientBase;
  readonly teamId: number;
  readonly q: TeamSearchQuery;
  readonly depth: number;
}

/** Ids (seq) of matches of `tsq`, ranked: the newest `window` of them, or all when `window` is null. */
async function rankedList(ctx: Ctx, name: string, tsq: string, window: number | null, weight = 1): Promise<{ list: RankedList; full: boolean }> {
  const f = filterSql(ctx.q, 4);
  const inner = `SELECT r.seq, r.search FROM mnemo.records r WHERE r.team_id = $1 AND r.kind = 'observation' AND r.search @@ (SELECT q FROM q)${f.sql}`;
  const sql = `WITH q AS (SELECT to_tsquery('english', $2) AS q)
    SELECT r.seq, count(*) OVER () AS n FROM (${window === null ? inner : `${inner} ORDER BY r.seq DESC LIMIT ${window}`}) r, q
    ORDER BY ${RANK} DESC, r.seq DESC LIMIT $3`;
  const res = await ctx.db.query<{ seq: string; n: string }>(sql, [ctx.teamId, tsq, ctx.depth, ...f.params]);
  const n = Number(res.rows[0]?.n ?? 0);
  return { list: { name, ids: res.rows.map((r) => Number(r.seq)), weight }, full: window !== null && n >= window };
}

/** How many rows each unit matches, counted up to RARE_CAP + 1. */
async function counts(ctx: Ctx, units: readonly QueryUnit[]): Promise<number[]> {
  const f = filterSql(ctx.q, 4);
  const sql = `SELECT t.i, (SELECT count(*) FROM (SELECT 1 FROM mnemo.records r WHERE r.team_id = $1 AND r.kind = 'observation'
      AND r.search @@ to_tsquery('english', t.u)${f.sql} LIMIT $3) x) AS n
    FROM unnest($2::text[]) WITH ORDINALITY AS t(u, i) ORDER BY t.i`;
  const res = await ctx.db.query<{ n: string }>(sql, [ctx.teamId, units.map(unitQuery), RARE_CAP + 1, ...f.params]);
  return res.rows.map((r) => Number(r.n));
}

/** The lists of one group of units: the window, and the rare units over the whole history. */
async function listsFor(ctx: Ctx, name: string, units: readonly QueryUnit[], weight = 1): Promise<{ lists: RankedList[]; full: boolean }> {
  const n = await counts(ctx, units);
  if (n.every((c) => c === 0)) return { lists: [], full: false };
  const rare = units.filter((_, i) => n[i]! > 0 && n[i]! <= RARE_CAP);
  const rareTotal = n.filter((c) => c > 0 && c <= RARE_CAP).reduce((a, b) => a + b, 0);
  // Everything selective: one ranking over the whole history is the list.
  if (rare.length === units.filter((_, i) => n[i]! > 0).length && rareTotal <= RARE_CAP) {
    const { list } = await rankedList(ctx, name, unitsQuery(units), null, weight);
    return { lists: [list], full: false };
  }
  const win = await rankedList(ctx, name, unitsQuery(units), WINDOW, weight);
  const lists = [win.list];
  if (rare.length) lists.push((await rankedList(ctx, `${name}-rare`, unitsQuery(rare), null, RARE_WEIGHT * weight)).list);
  return { lists, full: win.full };
}

/** Search the team's shared observations. Never throws on any query text. */
export async function searchTeam(db: ClientBase, teamId: number, q: TeamSearchQuery, now = Date.now()): Promise<TeamSearchHit[]> {
  const limit = Math.min(Math.max(Math.trunc(q.limit ?? 20), 1), 100);
  const plan = planQuery(q.query);
  if (!plan.match) return [];
  const ctx: Ctx = { db, teamId, q, depth: Math.max(limit * 2, 50) };
  const words = plan.units.filter((u) => u.script === 'word');
  const cjk = plan.units.filter((u) => u.script === 'cjk');
  const groups = words.length && cjk.length ? [listsFor(ctx, 'words', words), listsFor(ctx, 'cjk', cjk)] : [listsFor(ctx, words.length ? 'words' : 'cjk', plan.units)];
  const own = [];
  for (const g of groups) own.push(await g);
  const lists = own.flatMap((g) => g.lists);
  // As locally: Chinese questions always get their English translations; English ones get Chinese
  // ones only when their own words matched less than a window.
  const plentiful = cjk.length === 0 && own.some((g) => g.full);
  if (plan.expansions.length && !plentiful) lists.push(...(await listsFor(ctx, 'glossary', plan.expansions, GLOSSARY_WEIGHT)).lists);
  const fused = fuse(lists.filter((l) => l.ids.length)).slice(0, Math.max(limit * 3, 60));
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
