/**
 * @module store/sqlite/filters
 * Search filters as SQL, in two forms.
 *
 * `filterSql`: conditions on an observation row `o`, for lists of known ids (a search's head).
 *
 * `planFilters`: the cheapest form for walking the full-text index. A condition on `o` makes every
 * match the walk meets cost a row lookup (~10 µs: observations are ~1.7 KB each); a search for a
 * common word within one session used to look up 70,000 rows to find its 60. So each filter that an
 * index can enumerate (session, project, time range, types, event types, file) is first counted, up to a
 * bound: when it selects few rows, the walk tests the index's id set instead (built once per statement,
 * a hash probe per match) and stays within the set's lowest and highest ids, which FTS5 seeks to.
 * Filters that select many rows stay row conditions: most matches pass them, so the walk stays short.
 * Types, event types and files have id sets only once their index is built or backfilled (deferred
 * maintenance after an upgrade, store/sqlite/maintenance); until then they are row conditions.
 */
import type { SearchFilters } from '../store.ts';
import type { SqliteDb } from './driver.ts';
import { stepDone, type StepName } from './maintenance.ts';
import { stmt } from './statements.ts';

type Params = Record<string, unknown>;

/** One filter: its condition on `o`, and when an index can enumerate it, the SELECT of its ids. */
interface Part {
  readonly where: string;
  readonly params: Params;
  readonly ids?: string;
}

const list = (prefix: string, values: readonly string[]): { sql: string; params: Params } => ({
  sql: values.map((_, i) => `@${prefix}${i}`).join(','),
  params: Object.fromEntries(values.map((v, i) => [`${prefix}${i}`, v])),
});

/** Which deferred steps are done: a filter whose index is not ready yet is tested on rows only. */
type Ready = (step: StepName) => boolean;

function parts(opts: SearchFilters, ready: Ready = () => false): Part[] {
  const out: Part[] = [];
  if (opts.project) out.push({ where: 'o.project = @project', params: { project: opts.project }, ids: 'SELECT id FROM observations WHERE project = @project' });
  if (opts.sessionId !== undefined) {
    out.push({ where: 'o.session_id = @session', params: { session: opts.sessionId }, ids: 'SELECT id FROM observations WHERE session_id = @session' });
  }
  if (opts.since !== undefined || opts.until !== undefined) {
    const params = { since: opts.since ?? Number.MIN_SAFE_INTEGER, until: opts.until ?? Number.MAX_SAFE_INTEGER };
    out.push({ where: 'o.created_at BETWEEN @since AND @until', params, ids: 'SELECT id FROM observations WHERE created_at BETWEEN @since AND @until' });
  }
  if (opts.platform) out.push({ where: 'o.platform = @platform', params: { platform: opts.platform } });
  if (opts.eventTypes?.length) {
    const l = list('e', opts.eventTypes);
    // As a row condition, a lookup per row (events_obs); as a set, the ids of those events (events_type_obs).
    const where = `EXISTS (SELECT 1 FROM events e WHERE e.obs_id = o.id AND e.type IN (${l.sql}))`;
    out.push({ where, params: l.params, ...(ready('events_type_obs') && { ids: `SELECT obs_id AS id FROM events WHERE type IN (${l.sql})` }) });
  }
  if (opts.file) {
    // files is a JSON array of absolute paths; a suffix match lets users type paths as they see them.
    const params = {
      file: opts.file,
      fileSuffix: '%/' + opts.file.replace(/^\.?\//, '').replace(/[\\%_]/g, (c) => '\\' + c),
      fileName: opts.file.slice(opts.file.lastIndexOf('/') + 1),
    };
    out.push({
      where: `EXISTS (SELECT 1 FROM json_each(o.files) f WHERE f.value = @file OR f.value LIKE @fileSuffix ESCAPE '\\')`,
      params,
      // The same test on the paths indexed by their last component (migration 5).
      ...(ready('observation_files') && {
        ids: `SELECT obs_id AS id FROM observation_files WHERE name = @fileName AND (path = @file OR path LIKE @fileSuffix ESCAPE '\\')`,
      }),
    });
  }
  if (opts.scope === 'mine') out.push({ where: 'o.author IS NULL', params: {} });
  if (opts.scope === 'team') {
    // Teammates' rows are few next to one's own: their ids come from the partial index on them.
    out.push({ where: 'o.author IS NOT NULL', params: {}, ...(ready('observations_team') && { ids: 'SELECT id FROM observations WHERE author IS NOT NULL' }) });
  }
  if (opts.types?.length) {
    const l = list('t', opts.types);
    out.push({ where: `o.type IN (${l.sql})`, params: l.params, ...(ready('observations_type') && { ids: `SELECT id FROM observations WHERE type IN (${l.sql})` }) });
  }
  return out;
}

/** SQL conditions on `o` (observations) for the filters, and their parameters. */
export function filterSql(opts: SearchFilters): { where: string[]; params: Params } {
  const ps = parts(opts);
  return { where: ps.map((p) => p.where), params: Object.assign({}, ...ps.map((p) => p.params)) as Params };
}

/** Filters for a walk of the full-text index. */
export interface FilterPlan {
  /** Conditions on `o`: the walk joins each match to its observation. */
  readonly join: readonly string[];
  /** Conditions on `observations_fts.rowid` alone: id sets from indexes, and their id range. */
  readonly rowid: readonly string[];
  readonly params: Params;
  /** No observation passes: a selective filter selects nothing, or the selective filters' id ranges do not meet. */
  readonly empty: boolean;
  /**
   * When every filter is an id set: the SELECT of the ids that pass them all (its parameters in `params`),
   * at most `size` of them, within `lo`…`hi`. A search may read these rows' entries from the index
   * instead of walking every match (search.ts decides by cost).
   */
  readonly ids?: { readonly sql: string; readonly size: number; readonly lo: number; readonly hi: number };
}

/**
 * Most ids a filter may select and still be tested as a set. Building a set costs ~0.1–0.2 µs an id
 * and a search's walks build it two or three times; a row lookup costs ~10 µs, and a walk for
 * `window` matches through a filter passing a share s of the rows meets window / s of them: the set
 * is cheaper while ids² < 10 · window · rows (24,000 ids at 100,000 rows, 77,000 at 1,000,000).
 */
export function setBound(rows: number, window: number): number {
  return Math.max(5000, Math.ceil(Math.sqrt(10 * window * Math.max(rows, 1))));
}

/** FTS5 takes a rowid bound only as an SQL integer; JavaScript numbers bind as reals and are ignored. */
const int = (n: number): bigint => BigInt(Math.trunc(n));

/** Plan the filters for walks of the full-text index over a store of `rows()` observations (asked only when needed). */
export function planFilters(db: SqliteDb, opts: SearchFilters, rows: () => number, window: number, bound?: number): FilterPlan {
  const join: string[] = [];
  const rowid: string[] = [];
  const params: Params = {};
  const all = parts(opts, (step) => stepDone(db, step));
  if (!all.some((p) => p.ids)) return { join: all.map((p) => p.where), rowid, params: Object.assign(params, ...all.map((p) => p.params)) as Params, empty: false };
  const most = bound ?? setBound(rows(), window);
  let lo = -Infinity;
  let hi = Infinity;
  const sets: { sql: string; n: number }[] = [];
  for (const part of all) {
    Object.assign(params, part.params);
    if (part.ids) {
      const probe = stmt(db, `SELECT count(*) AS n, min(id) AS lo, max(id) AS hi FROM (${part.ids} LIMIT ${most + 1})`).get(part.params) as {
        n: number;
        lo: number | null;
        hi: number | null;
      };
      if (probe.n <= most) {
        if (probe.lo === null || probe.hi === null) return { join: [], rowid: [], params: {}, empty: true };
        // The unary + keeps SQLite from turning the set into one FTS5 lookup per id (~45 µs each).
        rowid.push(`+observations_fts.rowid IN (${part.ids})`);
        sets.push({ sql: part.ids, n: probe.n });
        lo = Math.max(lo, probe.lo);
        hi = Math.min(hi, probe.hi);
        continue;
      }
    }
    join.push(part.where);
  }
  if (lo > hi) return { join: [], rowid: [], params: {}, empty: true };
  if (rowid.length) {
    rowid.push('observations_fts.rowid BETWEEN @rowidLo AND @rowidHi');
    params.rowidLo = int(lo);
    params.rowidHi = int(hi);
  }
  return { join, rowid, params, empty: false, ...(join.length === 0 && sets.length > 0 && { ids: intersection(sets, lo, hi) }) };
}

/** The ids in every set (the smallest one enumerated, the others probed), ascending. */
function intersection(sets: readonly { sql: string; n: number }[], lo: number, hi: number): NonNullable<FilterPlan['ids']> {
  const [first, ...rest] = [...sets].sort((a, b) => a.n - b.n);
  const tests = rest.map((r) => ` AND id IN (${r.sql})`).join('');
  return { sql: `SELECT DISTINCT id FROM (${first!.sql}) WHERE id BETWEEN @rowidLo AND @rowidHi${tests} ORDER BY id`, size: first!.n, lo, hi };
}
