/**
 * @module store/sqlite/vectors
 * Observation embeddings in SQLite, searched with sqlite-vec.
 *
 * Two copies of each vector, one model at a time:
 * - `obs_vectors` (plain table, schema v3): the vector quantised to int8 (x·127 of the unit vector,
 *   one byte a dimension). It references `observations` with ON DELETE CASCADE, so every way a row is
 *   deleted — `forget`, eviction, a hook replacing a pending note — removes its vector too, in any
 *   process, with or without sqlite-vec loaded.
 * - `obs_vec_knn` (a sqlite-vec `vec0` table, created on first use): the sign bits. It is a derived
 *   index: its rows for deleted observations are dropped by `forget` where sqlite-vec is loaded and by
 *   `sweep` otherwise, and they never surface, because candidates are re-scored from `obs_vectors`.
 *
 * A query compares against every int8 vector while there are few (EXACT_UP_TO); past that it takes the
 * COARSE nearest by Hamming distance over the sign bits, re-ranks them by cosine over the int8 copy,
 * and returns the best. The Hamming scan runs over a copy of the sign bits in memory (store/sqlite/
 * sign-codes), read from the vec0 table's chunks and kept up to date from them: sqlite-vec's own top-k
 * costs rows × k (bench/RESULTS.md: 160 ms of CPU at 1,000,000 rows for k = 100, against 20 ms here). Where
 * those chunks cannot be read (a sqlite-vec whose layout differs), sqlite-vec's KNN serves instead.
 * Search filters (project, session, dates, event types, type, file…) apply before the cut, not after it.
 * Filters answered through an index (project, session, dates, event types, type) that leave few rows make the
 * query exact over those rows; when they leave many, their ids (read from the index) restrict the
 * Hamming selection. Other filters (platform, file) drop the coarse candidates outside them
 * before the re-ranking, and four times as many are taken while too few remain (up to MAX_COARSE):
 * one more selection over the same distances. bench/semantic.bench.ts measures each against the late
 * filter (the global nearest, then the filter) and sqlite-vec's KNN, and the recall against the exact KNN.
 * sqlite-vec rejects JavaScript numbers as vec0 rowids: they go in as BigInt.
 */
import { createRequire } from 'node:module';
import type { SearchFilters } from '../store.ts';
import type { SqliteDb } from './driver.ts';
import { filterSql } from './filters.ts';
import { stepDone } from './maintenance.ts';
import { SignCodes } from './sign-codes.ts';

/**
 * Coarse candidates taken by Hamming distance before the cosine re-ranking: 500 keep 99.5 % of the exact
 * top 10 and 95.7 % of the top 50 at 100,000 rows, 100 % and 99.1 % at 1,000,000 (bench/RESULTS.md),
 * for ~3 ms of re-ranking.
 */
const COARSE = 500;
/** Up to this many vectors in scope (after the filters), a query compares against all of them exactly (int8 cosine). */
const EXACT_UP_TO = 5000;
/**
 * The most coarse candidates a filtered query takes (growing ×4 from COARSE): a filter keeping 1 row
 * in 600 still finds ~50 neighbours inside it. The scan is done once; each growth costs a selection
 * and the filter check of the candidates.
 */
const MAX_COARSE = 32_000;
/** The same bounds for sqlite-vec's KNN (the fallback), whose cost grows with k. */
const VEC0_COARSE = 100;
const VEC0_MAX_COARSE = 400;
/** Characters of an observation sent to the embedder (title first). */
export const EMBED_CHARS = 1500;
/** Rows just below the high-water mark re-checked each pass (ids of deleted rows can be reused). */
const RECHECK = 500;
/**
 * Ids further below it checked per call, a slice at a time round the whole history: a vector dropped
 * because its text changed (narration attached after the row was embedded) is found again within a
 * few passes, without one pass scanning a million rows.
 */
const RECHECK_SLICE = 20_000;

/** Filters SQLite answers through an index of `observations` or `events`; the others (platform, file; type before its index) need a scan. */
const INDEXED: ReadonlySet<string> = new Set(['project', 'sessionId', 'since', 'until', 'eventTypes']);
/** Whether every filter is answered through an index (types too once migration 5's deferred index on them is built). */
const indexedOnly = (f: SearchFilters, typesIndexed: boolean): boolean =>
  Object.entries(f).every(([k, v]) => v === undefined || INDEXED.has(k) || (k === 'types' && typesIndexed) || (Array.isArray(v) && v.length === 0));

/** An observation waiting for its vector, with the text to embed. */
export interface PendingText {
  readonly id: number;
  readonly text: string;
}

/** Load sqlite-vec into this connection. Returns false (never throws) when it cannot be loaded. */
export function loadSqliteVec(db: SqliteDb): boolean {
  try {
    // Loaded on demand: only processes that embed or search by vector pay for the extension.
    const require = createRequire(import.meta.url);
    (require('sqlite-vec') as { load(db: unknown): void }).load(db);
    return true;
  } catch {
    return false;
  }
}

function quantize(v: Float32Array): { q: Buffer; bits: Buffer } {
  const q = Buffer.alloc(v.length);
  const bits = Buffer.alloc(Math.ceil(v.length / 8));
  for (let i = 0; i < v.length; i++) {
    const x = v[i]!;
    q.writeInt8(Math.max(-127, Math.min(127, Math.round(x * 127))), i);
    if (x > 0) bits[i >> 3]! |= 1 << (i & 7);
  }
  return { q, bits };
}

/** The KNN thresholds (defaults above); tests and benchmarks lower them to reach every path with few rows. */
export interface KnnTuning {
  readonly exactUpTo?: number;
  readonly coarse?: number;
  readonly maxCoarse?: number;
  /** False: candidates from sqlite-vec's KNN instead of the sign codes in memory (the fallback; benchmarks compare them). */
  readonly signCodes?: boolean;
}

/**
 * Cosine distance to the query over the int8 copies. NULL for a vector of zeros (a text without a
 * feature: only numbers or function words), which must not rank first as SQLite sorts NULL.
 */
const COSINE = 'vec_distance_cosine(vec_int8(v.q), vec_int8(@q))';

/** The `@n` nearest of the rows `from` selects (`id` and distance `d`), nearest first; ties newest first. */
const nearestSql = (from: string) => `SELECT id FROM (${from}) WHERE d IS NOT NULL ORDER BY d, id DESC LIMIT @n`;

/** Sign codes in memory and how far into the KNN table they reach. */
interface HeldCodes {
  readonly codes: SignCodes;
  lastChunk: number;
  lastValidity: Buffer;
  /** Rows held before the last chunk read. */
  rowsBefore: number;
}

/** The rows an embedder is given (their text with the narration), and the test for a row without a vector. */
const EMBEDDABLE = `SELECT o.id, o.title, o.body, n.why, n.finding FROM observations o LEFT JOIN narration n ON n.obs_id = o.id
  WHERE o.private = 0 AND o.type NOT IN ('pending', 'marker')`;
const NO_VECTOR = 'NOT EXISTS (SELECT 1 FROM obs_vectors v WHERE v.obs_id = o.id)';

interface PendingRow {
  id: number;
  title: string;
  body: string;
  why: string | null;
  finding: string | null;
}

/** Vector storage and KNN for one embedding model (see the module comment). */
export class VectorIndex {
  readonly #db: SqliteDb;
  readonly #model: string;
  readonly #tuning: Required<KnnTuning>;
  /** The sign codes in memory (see #codes); null once they proved unreadable here. */
  #signCodes: HeldCodes | undefined | null;
  /** Where the next slice of the rolling re-check starts (see RECHECK_SLICE). */
  #recheckFrom = 0;

  private constructor(db: SqliteDb, model: string, tuning: KnnTuning) {
    this.#db = db;
    this.#model = model;
    this.#tuning = { exactUpTo: EXACT_UP_TO, coarse: COARSE, maxCoarse: MAX_COARSE, signCodes: true, ...tuning };
    if (!this.#tuning.signCodes) this.#signCodes = null;
  }

  /**
   * The index for `model` on a connection, or undefined when sqlite-vec cannot be loaded. A store
   * that held vectors of another model is cleared (one vector space at a time), unless `readOnly`
   * (a one-shot search: then there is no index for this model, and its KNN is sqlite-vec's).
   */
  static open(db: SqliteDb, model: string, opts: { readOnly?: boolean; tuning?: KnnTuning } = {}): VectorIndex | undefined {
    if (!loadSqliteVec(db)) return undefined;
    const other = db.prepare('SELECT model FROM vector_models WHERE model != ?').all(model) as { model: string }[];
    // A one-shot search never throws away vectors another process (the MCP server) keeps up to date.
    if (other.length && opts.readOnly) return undefined;
    if (other.length) {
      db.transaction(() => {
        db.prepare('DELETE FROM obs_vectors WHERE model != ?').run(model);
        db.prepare('DELETE FROM vector_models WHERE model != ?').run(model);
        db.exec('DROP TABLE IF EXISTS obs_vec_knn');
      }).immediate();
    }
    // A one-shot search (readOnly) asks one query: reading every sign code into memory first would cost
    // it more (0.7 s at 1,000,000 rows) than sqlite-vec's KNN (0.15 s).
    return new VectorIndex(db, model, { signCodes: !opts.readOnly, ...opts.tuning });
  }

  get model(): string {
    return this.#model;
  }

  #state(): { dims: number; high_water: number } | undefined {
    return this.#db.prepare('SELECT dims, high_water FROM vector_models WHERE model = ?').get(this.#model) as { dims: number; high_water: number } | undefined;
  }

  /**
   * Observations waiting for a vector: those past the high-water mark or just below it, oldest first,
   * then those whose vector was dropped further back, one slice of the history per call.
   */
  pending(limit: number): PendingText[] {
    const hw = this.#state()?.high_water ?? 0;
    const low = Math.max(0, hw - RECHECK);
    const rows = this.#db.prepare(`${EMBEDDABLE} AND o.id > @low AND (o.id > @hw OR ${NO_VECTOR}) ORDER BY o.id LIMIT @limit`).all({ low, hw, limit }) as PendingRow[];
    if (rows.length < limit && low > 0) rows.push(...this.#dropped(low, limit - rows.length));
    return rows.map((r) => ({ id: r.id, text: [r.title, r.why, r.finding, r.body].filter(Boolean).join('\n').slice(0, EMBED_CHARS) }));
  }

  /** Rows below `below` without a vector, from the next slice of the rolling re-check. */
  #dropped(below: number, limit: number): PendingRow[] {
    if (this.#recheckFrom >= below) this.#recheckFrom = 0;
    const from = this.#recheckFrom;
    const to = Math.min(below, from + RECHECK_SLICE);
    const rows = this.#db.prepare(`${EMBEDDABLE} AND o.id > @from AND o.id <= @to AND ${NO_VECTOR} ORDER BY o.id LIMIT @limit`).all({ from, to, limit }) as PendingRow[];
    // A full slice may hold more: start the next call after the last row taken, else past the slice.
    this.#recheckFrom = rows.length === limit ? rows[rows.length - 1]!.id : to;
    return rows;
  }

  /** Store vectors (all of one length) and advance the high-water mark past `upTo`. */
  save(rows: readonly { id: number; vector: Float32Array }[], upTo: number): void {
    const dims = rows[0]?.vector.length;
    this.#db.transaction(() => {
      const state = this.#state();
      if (dims !== undefined && state && state.dims !== dims) throw new Error(`embedder ${this.#model} changed dimensions (${state.dims} → ${dims})`);
      if (dims !== undefined) this.#db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS obs_vec_knn USING vec0(bits bit[${dims}])`);
      this.#db
        .prepare(
          `INSERT INTO vector_models (model, dims, high_water) VALUES (?, ?, ?)
           ON CONFLICT (model) DO UPDATE SET high_water = max(high_water, excluded.high_water)`,
        )
        .run(this.#model, dims ?? state?.dims ?? 0, upTo);
      const exists = this.#db.prepare('SELECT 1 FROM observations WHERE id = ?');
      const put = this.#db.prepare('INSERT OR REPLACE INTO obs_vectors (obs_id, model, q) VALUES (?, ?, ?)');
      const del = this.#db.prepare('DELETE FROM obs_vec_knn WHERE rowid = ?');
      const knn = this.#db.prepare('INSERT INTO obs_vec_knn (rowid, bits) VALUES (?, vec_bit(?))');
      for (const r of rows) {
        if (!exists.get(r.id)) continue; // forgotten while it was being embedded
        const { q, bits } = quantize(r.vector);
        put.run(r.id, this.#model, q);
        del.run(BigInt(r.id));
        knn.run(BigInt(r.id), bits);
      }
    }).immediate();
  }

  /**
   * Ids of the `n` nearest observations to a query vector among those the filters keep, nearest first.
   * Filtering happens before the cut, not after it: a filtered search gets its `n` neighbours from
   * inside the filter (see the module comment for how).
   */
  knn(query: Float32Array, n: number, filters: SearchFilters = {}): number[] {
    const state = this.#state();
    if (!state || state.dims !== query.length) return [];
    const { q, bits } = quantize(query);
    if (!q.some((x) => x !== 0)) return []; // a query without a feature has no neighbours
    const { where, params } = filterSql(filters);
    const scope = where.length
      ? `FROM observations o JOIN obs_vectors v ON v.obs_id = o.id WHERE v.model = @model AND ${where.join(' AND ')}`
      : 'FROM obs_vectors v WHERE v.model = @model';
    const args = { ...params, model: this.#model, q, n };
    const { exactUpTo, coarse: first, maxCoarse } = this.#tuning;
    const within = (from: string) => (this.#db.prepare(`SELECT count(*) AS n FROM (SELECT 1 ${from} LIMIT ${exactUpTo + 1})`).get(args) as { n: number }).n <= exactUpTo;
    // Exact when the store is small, or when indexed filters leave few rows (counting through an
    // index is cheap; counting rows by type or file would read the whole table).
    const indexed = where.length > 0 && indexedOnly(filters, stepDone(this.#db, 'observations_type'));
    if (within('FROM obs_vectors v WHERE v.model = @model') || (indexed && within(scope))) {
      return (this.#db.prepare(nearestSql(`SELECT v.obs_id AS id, ${COSINE} AS d ${scope}`)).all(args) as { id: number }[]).map((r) => r.id);
    }
    // The candidates drive the join (CROSS JOIN fixes the order): left to itself, the planner walks a
    // filter's index — every row of a big project — and tests each against the candidate list.
    const candidatesScope = where.length
      ? `FROM json_each(@ids) c CROSS JOIN observations o ON o.id = c.value CROSS JOIN obs_vectors v ON v.obs_id = o.id WHERE v.model = @model AND ${where.join(' AND ')}`
      : 'FROM json_each(@ids) c CROSS JOIN obs_vectors v ON v.obs_id = c.value WHERE v.model = @model';
    const rerank = this.#db.prepare(nearestSql(`SELECT v.obs_id AS id, ${COSINE} AS d ${candidatesScope}`));
    const best = (ids: number[]) => (ids.length ? (rerank.all({ ...args, ids: JSON.stringify(ids) }) as { id: number }[]).map((r) => r.id) : []);
    // The Hamming-nearest candidates, re-ranked by cosine among those the filters keep. Too few
    // survivors means the filters keep a small share: take four times as many, up to the cap.
    const grow = (candidates: (k: number) => number[], k0: number, cap: number): number[] => {
      for (let k = k0; ; k *= 4) {
        const ids = candidates(k);
        const rows = best(ids);
        if (rows.length >= n || ids.length < k || k * 4 > cap) return rows;
      }
    };
    const codes = this.#codes(state.dims);
    if (!codes) return grow(this.#vec0Candidates(bits, where, params, indexed), Math.max(Math.min(first, VEC0_COARSE), n), Math.min(maxCoarse, VEC0_MAX_COARSE));
    codes.scan(bits);
    const k0 = Math.max(first, n);
    if (!indexed) return grow((k) => codes.nearest(k), k0, maxCoarse);
    // Indexed filters: the global nearest are often enough (a big project); otherwise the filter's
    // rows, listed through its index (ids only), restrict the selection.
    const global = codes.nearest(k0);
    const rows = best(global);
    if (rows.length >= n || global.length < k0) return rows;
    const scopeIds = this.#db.prepare(`SELECT o.id FROM observations o WHERE ${where.join(' AND ')}`).pluck().all(params) as number[];
    return grow((k) => codes.nearestAmong(scopeIds, k), k0, maxCoarse);
  }

  /**
   * The records of `ids` ranked by cosine to a query vector, nearest first (those without a vector of
   * this model left out): the semantic list over the keyword candidates, exact and bounded by their
   * number instead of the store's.
   */
  rankAmong(query: Float32Array, ids: readonly number[]): number[] {
    const state = this.#state();
    if (!state || state.dims !== query.length || ids.length === 0) return [];
    const { q } = quantize(query);
    if (!q.some((x) => x !== 0)) return [];
    const sql = nearestSql(`SELECT v.obs_id AS id, ${COSINE} AS d FROM json_each(@ids) c CROSS JOIN obs_vectors v ON v.obs_id = c.value WHERE v.model = @model`);
    return (this.#db.prepare(sql).all({ model: this.#model, q, n: ids.length, ids: JSON.stringify(ids) }) as { id: number }[]).map((r) => r.id);
  }

  /**
   * The sign codes in memory, brought up to date with the KNN table; undefined where they cannot be
   * read (a sqlite-vec whose table layout is not the one below): then sqlite-vec's KNN serves.
   * New rows always land in the table's last chunk, so an update re-reads the chunks from the last
   * one read onwards; a table that shrank is read anew.
   */
  #codes(dims: number): SignCodes | undefined {
    if (this.#signCodes === null) return undefined;
    try {
      const last = this.#db.prepare('SELECT chunk_id AS id, validity FROM obs_vec_knn_chunks ORDER BY chunk_id DESC LIMIT 1').get() as { id: number; validity: Uint8Array } | undefined;
      const held = this.#signCodes;
      if (held && last && last.id === held.lastChunk && Buffer.compare(last.validity, held.lastValidity) === 0) return held.codes;
      if (!held || !last || last.id < held.lastChunk) this.#signCodes = { codes: new SignCodes(dims), lastChunk: 0, lastValidity: Buffer.alloc(0), rowsBefore: 0 };
      this.#readChunks(this.#signCodes!, dims);
      return this.#signCodes!.codes;
    } catch {
      this.#signCodes = null;
      return undefined;
    }
  }

  /** Append the chunks from `held.lastChunk` on (that one re-read: it may have grown). */
  #readChunks(held: HeldCodes, dims: number): void {
    const bytes = dims / 8;
    held.codes.truncate(held.rowsBefore);
    held.codes.reserve(held.rowsBefore + (this.#db.prepare('SELECT coalesce(sum(size), 0) FROM obs_vec_knn_chunks WHERE chunk_id >= ?').pluck().get(held.lastChunk) as number));
    const chunks = this.#db
      .prepare('SELECT c.chunk_id AS id, c.size, c.validity, c.rowids, v.vectors FROM obs_vec_knn_chunks c JOIN obs_vec_knn_vector_chunks00 v ON v.rowid = c.chunk_id WHERE c.chunk_id >= ? ORDER BY c.chunk_id')
      .iterate(held.lastChunk) as IterableIterator<{ id: number; size: number; validity: Uint8Array; rowids: Uint8Array; vectors: Uint8Array }>;
    for (const c of chunks) {
      if (c.validity.length * 8 < c.size || c.rowids.length !== c.size * 8 || c.vectors.length !== c.size * bytes) throw new Error(`unexpected sqlite-vec chunk layout (chunk ${c.id})`);
      held.rowsBefore = held.codes.size;
      held.lastChunk = c.id;
      held.lastValidity = Buffer.from(c.validity);
      const rowids = new DataView(c.rowids.buffer, c.rowids.byteOffset, c.rowids.byteLength);
      const ids = Array.from({ length: c.size }, (_, i) => Number(rowids.getBigInt64(i * 8, true)));
      held.codes.append(ids, c.vectors, (i) => (c.validity[i >> 3]! & (1 << (i & 7))) !== 0);
    }
  }

  /** Candidates from sqlite-vec's own KNN: restricted to the rows of indexed filters, else global. */
  #vec0Candidates(bits: Buffer, where: string[], params: Record<string, unknown>, indexed: boolean): (k: number) => number[] {
    const sql = indexed
      ? `SELECT rowid AS id FROM obs_vec_knn WHERE bits MATCH vec_bit(@bits) AND k = @k AND rowid IN (SELECT o.id FROM observations o WHERE ${where.join(' AND ')})`
      : 'SELECT rowid AS id FROM obs_vec_knn WHERE bits MATCH vec_bit(@bits) AND k = @k';
    const knn = this.#db.prepare(sql);
    return (k) => (knn.all({ ...(indexed ? params : {}), bits, k }) as { id: number | bigint }[]).map((c) => Number(c.id));
  }

  /**
   * Read the sign codes into memory ahead of the first query that needs them (the MCP server's embedding
   * loop calls it once): at 1,000,000 rows that read is the one slow query otherwise.
   */
  warm(): void {
    try {
      const state = this.#state();
      const { exactUpTo } = this.#tuning;
      const many = (this.#db.prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM obs_vectors WHERE model = ? LIMIT ${exactUpTo + 1})`).get(this.#model) as { n: number }).n > exactUpTo;
      if (state && many) this.#codes(state.dims);
    } catch {
      /* the first query reads them instead */
    }
  }

  /** Rows whose sign codes are held in memory (0 before the first query past the exact threshold, or where they cannot be read). */
  get signCodesHeld(): number {
    return this.#signCodes?.codes.size ?? 0;
  }

  /** Vectors stored for this model. */
  count(): number {
    return (this.#db.prepare('SELECT count(*) AS n FROM obs_vectors WHERE model = ?').get(this.#model) as { n: number }).n;
  }

  /** Drop KNN entries whose observation is gone (deleted by a process without sqlite-vec). */
  sweep(): number {
    if (!this.#state()) return 0;
    try {
      const dropped = this.#db.prepare('DELETE FROM obs_vec_knn WHERE rowid NOT IN (SELECT obs_id FROM obs_vectors)').run().changes;
      // The codes in memory keep deleted rows (they only ever append): past a tenth, read them anew.
      const held = this.#signCodes?.codes.size ?? 0;
      if (held && this.count() < held * 0.9) this.#signCodes = undefined;
      return dropped;
    } catch {
      return 0; // no KNN table yet
    }
  }

  /** Remove the KNN entries of these observations (their obs_vectors rows go by cascade). */
  forget(ids: readonly number[]): void {
    try {
      const del = this.#db.prepare('DELETE FROM obs_vec_knn WHERE rowid = ?');
      for (const id of ids) del.run(BigInt(id));
    } catch {
      /* no KNN table yet */
    }
  }
}
