/**
 * @module store/sqlite/scored-window
 * BM25 over a bounded window of matches without FTS5's `bm25()`, whose first call walks the whole
 * doclist of every phrase of the query to count documents (≈35 ns an entry: 3 ms for three common
 * words at 100,000 rows, 30 ms at 1,000,000). Instead, each unit's occurrences per column in the
 * window's rowid range are read from the index's position lists (fts-postings: a few page reads per
 * term and segment); `_docsize` gives each document's length and the averages record the collection's
 * size. Document frequencies come from the caller's bounded counts, or, for common units, from the
 * share of the range's documents that hold them. Given the same frequencies the scores are bm25()'s.
 *
 * What this gives up against FTS5's `bm25()`: common units' frequencies are estimates (their IDF is
 * small either way). When the position lists cannot be read (index writes not yet committed on this
 * connection, an unknown format), each column holding a unit counts once, from MATCH walks.
 *
 * rankIds does the same for a filter's few rows scattered over the history, read by rowid.
 */
import { bm25, estimateDf, hexVarintSum, idf, readVarints, type TermInDoc } from '../../core/search/bm25.ts';
import { columnOf } from '../../core/search/fts5-format.ts';
import { isPrefix, renderMatch, type QueryUnit } from '../../core/search/query-plan.ts';
import type { SqliteDb } from './driver.ts';
import { Fts5FormatError, RangePostings } from './fts-postings.ts';
import { stmt } from './statements.ts';

/**
 * The index's columns and their BM25 weights (title 8 : body 1 : tags 4, see search.ts; the model's
 * narration of a call, why 3 : finding 2, above its raw output — store/sqlite/fts-index). An index
 * of an older schema, not yet rebuilt, has the first three only: the rest score nothing.
 */
export const COLUMNS = [
  { name: 'title', weight: 8 },
  { name: 'body', weight: 1 },
  { name: 'tags', weight: 4 },
  { name: 'why', weight: 6 },
  { name: 'finding', weight: 3 },
] as const;

/** What BM25 needs to know about the collection. */
export interface FtsTotals {
  /** Documents in the index. */
  readonly docs: number;
  /** Mean tokens per document, all columns together. */
  readonly avgLength: number;
  /**
   * Mean tokens per document in each column (COLUMNS order), over the documents that have the column:
   * the narration columns over the narrated records only, as most records (prompts, answers, records
   * from before narration was read) hold none, and an average over all of them would make every
   * narration look several times longer than usual (BM25F's length norm, core/search/concepts).
   */
  readonly columnAverages: readonly number[];
  /** The largest observation id: with `docs`, how densely ids are used (for range estimates). */
  readonly maxId: number;
}

/** The index's size from FTS5's averages record (row 1 of `_data`: row count, then tokens per column). */
export function ftsTotals(db: SqliteDb): FtsTotals {
  const block = stmt(db, 'SELECT block FROM observations_fts_data WHERE id = 1').pluck().get({}) as Uint8Array | undefined;
  const [docs = 0, ...columns] = block ? readVarints(block, 1 + COLUMNS.length) : [];
  const tokens = columns.reduce((a, b) => a + b, 0);
  const maxId = (stmt(db, 'SELECT max(id) FROM observations').pluck().get({}) as number | null) ?? 0;
  const narrated = Math.min(docs, narratedDocs(db, docs));
  const holding = (i: number) => (COLUMNS[i]!.name === 'why' || COLUMNS[i]!.name === 'finding' ? narrated : docs);
  return { docs, avgLength: docs > 0 ? tokens / docs : 0, columnAverages: COLUMNS.map((_, i) => (holding(i) > 0 ? (columns[i] ?? 0) / holding(i) : 0)), maxId };
}

/** Per connection: records with narration, counted when the index had `docs` rows. */
const narratedCount = new WeakMap<SqliteDb, { readonly docs: number; readonly n: number }>();

/** Records linked to narration: counted through its index (~1 ms at 100,000), again once the index has grown or shrunk by 1 %. */
function narratedDocs(db: SqliteDb, docs: number): number {
  const held = narratedCount.get(db);
  if (held && Math.abs(held.docs - docs) <= held.docs / 100) return held.n;
  const n = stmt(db, 'SELECT count(obs_id) FROM narration').pluck().get({}) as number;
  narratedCount.set(db, { docs, n });
  return n;
}

/** A unit of the query with its document count, when a bounded count found it (else it is common). */
export interface CountedUnit {
  readonly unit: QueryUnit;
  /** Exact document frequency, or undefined when it exceeded the count's bound. */
  readonly df: number | undefined;
  /** For a common unit, its frequency estimated from how far into the history the bounded count reached. */
  readonly estimate?: number;
}

/** FTS5 takes a rowid bound only as an SQL integer; JavaScript numbers bind as reals and are ignored. */
const int = (n: number): bigint => BigInt(Math.trunc(n));

/** What `_docsize` says about the window: each document's tokens (all columns), and the flushes that indexed them. */
interface WindowSizes {
  readonly length: Map<number, number>;
  /** The least and greatest `origin` of the window's documents (contentless_delete tables record it). */
  readonly origins: readonly [number, number] | undefined;
}

/** Token counts and origins of the documents in `ids`, read from FTS5's `_docsize`. */
function windowSizes(db: SqliteDb, ids: readonly number[], lo: number, hi: number): WindowSizes {
  // One string for all rows: better-sqlite3 spends ~1 µs on each Buffer it returns, ~0.1 µs a row this way.
  // A dense window is one range scan; a sparse one (filtered searches) is looked up id by id.
  const pairs = "group_concat(id || ' ' || hex(sz) || ' ' || coalesce(origin, ''), ' ')";
  const text = (
    hi - lo + 1 <= ids.length * 4
      ? stmt(db, `SELECT ${pairs} FROM observations_fts_docsize WHERE id BETWEEN @lo AND @hi`).pluck().get({ lo: int(lo), hi: int(hi) })
      : stmt(db, `SELECT ${pairs} FROM observations_fts_docsize WHERE id IN (SELECT value FROM json_each(@ids))`).pluck().get({ ids: JSON.stringify(ids) })
  ) as string | null;
  const length = new Map<number, number>();
  let least = Infinity;
  let most = -Infinity;
  const parts = text ? text.split(' ') : [];
  for (let i = 0; i + 2 < parts.length; i += 3) {
    length.set(Number(parts[i]), hexVarintSum(parts[i + 1]!, COLUMNS.length));
    // A row without an origin (not a contentless_delete index) leaves the segments unfiltered.
    const origin = parts[i + 2] === '' ? NaN : Number(parts[i + 2]);
    least = Math.min(least, origin);
    most = Math.max(most, origin);
  }
  return { length, origins: least <= most ? [least, most] : undefined };
}

/**
 * The window's documents, best first, by BM25 over `units`. `ids` are matches of the units' OR,
 * and `floor` is the bound a count proved for units without an exact frequency.
 */
export function scoreWindow(db: SqliteDb, ids: readonly number[], units: readonly CountedUnit[], floor: number, totals = ftsTotals(db)): number[] {
  if (ids.length === 0) return [];
  // Uncommitted index writes of this connection sit in FTS5's memory, not in its pages: then MATCH walks.
  const pagesCurrent = !db.inTransaction;
  return pagesCurrent ? snapshot(db, () => scoreWindowIn(db, ids, units, floor, totals, true)) : scoreWindowIn(db, ids, units, floor, totals, false);
}

/**
 * `f` in one read transaction: the structure record and the pages it names from one state of the index,
 * though another process may merge segments between two statements.
 */
function snapshot<T>(db: SqliteDb, f: () => T): T {
  return db.transaction(f).deferred();
}

function scoreWindowIn(db: SqliteDb, ids: readonly number[], units: readonly CountedUnit[], floor: number, totals: FtsTotals, pagesCurrent: boolean): number[] {
  let lo = ids[0]!;
  let hi = ids[0]!;
  for (const id of ids) (id < lo && (lo = id), id > hi && (hi = id));
  const inWindow = new Set(ids);
  // Documents in the rowid range, assuming ids are used evenly (private rows are not indexed).
  const rangeDocs = totals.maxId > 0 ? ((hi - lo + 1) * totals.docs) / totals.maxId : 0;

  const sizes = windowSizes(db, ids, lo, hi);
  const postings = pagesCurrent ? openPostings(db, lo, hi, sizes.origins) : undefined;
  const perUnit = units.map((c) => {
    const { freq, holders } = unitFrequencies(db, postings, c.unit, inWindow, lo, hi);
    const df = c.df ?? estimateDf(holders, rangeDocs, totals.docs, floor);
    return { idf: idf(totals.docs, df), freq };
  });
  const { length } = sizes;
  const scored = ids.map((id) => {
    const terms: TermInDoc[] = perUnit.map((u) => ({ idf: u.idf, freq: u.freq.get(id) ?? 0 }));
    return { id, score: bm25(terms, length.get(id) ?? totals.avgLength, totals.avgLength) };
  });
  scored.sort((a, b) => b.score - a.score || b.id - a.id);
  return scored.map((s) => s.id);
}

/** A unit's column-weighted frequency in each window document that holds it, and how many documents of lo…hi hold it. */
interface UnitFrequencies {
  readonly freq: Map<number, number>;
  readonly holders: number;
}

/**
 * Σ weight(column) × occurrences of `unit`, per window document, from the index's position lists
 * (fts-postings). Those are unreadable while this connection has index writes it has not committed
 * (they sit in FTS5's memory until then) or in a format this code does not know; then each column
 * that holds the unit counts once, from one MATCH walk per column.
 */
function unitFrequencies(db: SqliteDb, postings: RangePostings | undefined, unit: QueryUnit, inWindow: ReadonlySet<number>, lo: number, hi: number): UnitFrequencies {
  if (postings) {
    try {
      const freq = new Map<number, number>();
      const occ = postings.unit(unit, isPrefix(unit), inWindow);
      for (const [id, list] of occ) {
        if (!inWindow.has(id)) continue;
        let f = 0;
        for (const o of list) f += COLUMNS[columnOf(o)]?.weight ?? 0;
        freq.set(id, f);
      }
      return { freq, holders: occ.size };
    } catch (err) {
      if (!(err instanceof Fts5FormatError)) throw err;
    }
  }
  return columnWalks(db, unit, inWindow, lo, hi);
}

/** The index's position lists for lo…hi (undefined when their format is not the one known here). */
function openPostings(db: SqliteDb, lo: number, hi: number, origins: readonly [number, number] | undefined): RangePostings | undefined {
  try {
    return new RangePostings(db, { lo, hi, ...(origins && { origins }) });
  } catch (err) {
    if (err instanceof Fts5FormatError) return undefined;
    throw err;
  }
}

/** One MATCH walk per column within lo…hi: which window documents hold the unit in which columns. */
function columnWalks(db: SqliteDb, unit: QueryUnit, inWindow: ReadonlySet<number>, lo: number, hi: number): UnitFrequencies {
  // Ids as one JSON text, not a row each (a third cheaper through better-sqlite3).
  const walk = stmt(db, 'SELECT json_group_array(rowid) FROM observations_fts WHERE observations_fts MATCH @match AND rowid BETWEEN @lo AND @hi').pluck();
  const expr = renderMatch([unit])!;
  const freq = new Map<number, number>();
  const seen = new Set<number>();
  for (const col of COLUMNS) {
    for (const id of JSON.parse(walk.get({ match: `{${col.name}} : (${expr})`, lo: int(lo), hi: int(hi) }) as string) as number[]) {
      seen.add(id);
      if (inWindow.has(id)) freq.set(id, (freq.get(id) ?? 0) + col.weight);
    }
  }
  return { freq, holders: seen.size };
}

/**
 * Every document of `ids` (ascending; a filter's few rows spread over the whole history) that holds a
 * unit, best first by BM25, the units' occurrences read for those rows alone (pages holding none of them
 * are leapt over). Frequencies of common units are their estimates. Throws Fts5FormatError when the
 * index cannot be read that way (the caller then walks the matches).
 */
export function rankIds(db: SqliteDb, ids: readonly number[], units: readonly CountedUnit[], floor: number, totals = ftsTotals(db)): number[] {
  if (ids.length === 0) return [];
  if (db.inTransaction) throw new Fts5FormatError('uncommitted index writes are not in the pages');
  return snapshot(db, () => rankIdsIn(db, ids, units, floor, totals));
}

function rankIdsIn(db: SqliteDb, ids: readonly number[], units: readonly CountedUnit[], floor: number, totals: FtsTotals): number[] {
  const postings = new RangePostings(db, { only: ids });
  const holds = new Set<number>();
  const perUnit = units.map((c) => {
    const freq = new Map<number, number>();
    for (const [id, list] of postings.unit(c.unit, isPrefix(c.unit))) {
      let f = 0;
      for (const o of list) f += COLUMNS[columnOf(o)]?.weight ?? 0;
      if (f > 0) (freq.set(id, f), holds.add(id));
    }
    return { idf: idf(totals.docs, c.df ?? Math.max(floor, c.estimate ?? floor)), freq };
  });
  const matched = [...holds].sort((a, b) => a - b);
  if (matched.length === 0) return [];
  const { length } = windowSizes(db, matched, matched[0]!, matched[matched.length - 1]!);
  const scored = matched.map((id) => {
    const terms: TermInDoc[] = perUnit.map((u) => ({ idf: u.idf, freq: u.freq.get(id) ?? 0 }));
    return { id, score: bm25(terms, length.get(id) ?? totals.avgLength, totals.avgLength) };
  });
  scored.sort((a, b) => b.score - a.score || b.id - a.id);
  return scored.map((s) => s.id);
}

/** Each unit's occurrences per column in each of a few documents, and those documents' lengths per column. */
export interface ColumnFrequencies {
  /** Per unit (same order as asked), document id → occurrences in each column (COLUMNS order). */
  readonly perUnit: readonly ReadonlyMap<number, readonly number[]>[];
  /** Tokens of each document in each column. */
  readonly lengths: ReadonlyMap<number, readonly number[]>;
}

/** Tokens per column of each of `ids`, from `_docsize`. */
function columnLengths(db: SqliteDb, ids: readonly number[]): Map<number, number[]> {
  const text = stmt(db, "SELECT group_concat(id || ' ' || hex(sz), ' ') FROM observations_fts_docsize WHERE id IN (SELECT value FROM json_each(@ids))")
    .pluck()
    .get({ ids: JSON.stringify(ids) }) as string | null;
  const out = new Map<number, number[]>();
  const parts = text ? text.split(' ') : [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const hex = parts[i + 1]!;
    const bytes = new Uint8Array(hex.length / 2);
    for (let j = 0; j < bytes.length; j++) bytes[j] = parseInt(hex.slice(2 * j, 2 * j + 2), 16);
    const sizes = readVarints(bytes, COLUMNS.length);
    out.set(Number(parts[i]), COLUMNS.map((_, c) => sizes[c] ?? 0));
  }
  return out;
}

/**
 * How often each unit occurs in each column of each of `ids` (a search's few candidates, any order),
 * read from the index's position lists for those rows alone. Throws Fts5FormatError when the index
 * cannot be read that way (uncommitted writes on this connection, an unknown format).
 */
export function columnFrequencies(db: SqliteDb, ids: readonly number[], units: readonly QueryUnit[]): ColumnFrequencies {
  if (ids.length === 0) return { perUnit: units.map(() => new Map()), lengths: new Map() };
  if (db.inTransaction) throw new Fts5FormatError('uncommitted index writes are not in the pages');
  const sorted = [...ids].sort((a, b) => a - b);
  return snapshot(db, () => {
    const postings = new RangePostings(db, { only: sorted });
    const perUnit = units.map((unit) => {
      const freq = new Map<number, number[]>();
      for (const [id, list] of postings.unit(unit, isPrefix(unit))) {
        const counts = COLUMNS.map(() => 0);
        for (const o of list) {
          const c = columnOf(o);
          if (c < counts.length) counts[c]!++;
        }
        freq.set(id, counts);
      }
      return freq;
    });
    return { perUnit, lengths: columnLengths(db, sorted) };
  });
}
