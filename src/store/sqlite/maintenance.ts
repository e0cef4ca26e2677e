/**
 * @module store/sqlite/maintenance
 * Deferred maintenance: the parts of a migration whose cost grows with the store (an index over every
 * observation, a backfill of a derived table). Every process migrates on open, hooks included, and a
 * hook has ~1.5 s and cannot be interrupted inside a synchronous SQLite call; migration 5 built two
 * indexes and filled observation_files from every row in one transaction (38 s at 1,000,000 rows).
 * So a migration only records such steps as pending, in the `maintenance` table (a row per pending
 * step), and long-lived processes (MCP server, viewer, CLI commands, doctor; never a hook) run them,
 * a short write transaction per chunk so writers wait at most one chunk. On a store without
 * observations a step costs nothing and runs inside the migration.
 *
 * Readers that depend on a step (the search filter planner) ask `stepDone`, which is cached per
 * connection and re-read only when another connection has committed since (PRAGMA data_version).
 */
import type { SqliteDb } from './driver.ts';
import { FINISH_SQL, FTS_NEXT, FTS_TABLE, fillNext, ftsDefinition } from './fts-index.ts';
import { stmt } from './statements.ts';

/** A cached statement taking positional parameters (`stmt`'s type assumes one named-parameter object). */
interface Positional {
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): unknown;
  pluck(): Positional;
}
const q = (db: SqliteDb, sql: string): Positional => stmt(db, sql) as unknown as Positional;

export type StepName = 'observations_type' | 'events_type_obs' | 'observation_files' | 'observations_team' | 'fts_narration';

/** The last component of the path in `expr`: the key of observation_files (shared with migration 5's trigger). */
export const pathName = (expr: string): string => `substr(${expr}, length(rtrim(${expr}, replace(${expr}, '/', ''))) + 1)`;

interface IndexStep {
  readonly name: StepName;
  /** One statement: building an index cannot be cut into pieces. */
  readonly sql: string;
}

interface BackfillStep {
  readonly name: StepName;
  /** Fill the derived rows of observations with id in (@from, @to]; idempotent (INSERT OR IGNORE). */
  readonly fill: string;
}

/** A derived structure rebuilt beside the one in service, row range by row range, then swapped in. */
interface RebuildStep {
  readonly name: StepName;
  /** On a store without observations: the new structure at once. */
  readonly now: string;
  /** When deferred: create the empty replacement (cheap). */
  readonly prepare: string;
  /** Fill rows with id in (from, to]; the chunk's transaction is the caller's. */
  readonly fillRows: (db: SqliteDb, from: number, to: number) => void;
  /** Once every row is in, in the last chunk's transaction: put the replacement in service. */
  readonly finish: string;
  /** Observations per chunk (index text is built in JavaScript: smaller chunks than SQL backfills). */
  readonly chunkRows: number;
}

export type MaintenanceStep = IndexStep | BackfillStep | RebuildStep;

export const STEPS: Readonly<Record<StepName, MaintenanceStep>> = {
  observations_type: { name: 'observations_type', sql: 'CREATE INDEX IF NOT EXISTS observations_type ON observations(type)' },
  events_type_obs: { name: 'events_type_obs', sql: 'CREATE INDEX IF NOT EXISTS events_type_obs ON events(type, obs_id)' },
  // Partial: holds only mirrored teammates' rows, but building it still reads every row.
  observations_team: { name: 'observations_team', sql: 'CREATE INDEX IF NOT EXISTS observations_team ON observations(project, created_at) WHERE author IS NOT NULL' },
  observation_files: {
    name: 'observation_files',
    fill: `INSERT OR IGNORE INTO observation_files (name, obs_id, path)
      SELECT ${pathName('f.value')}, o.id, f.value
      FROM observations o, json_each(CASE WHEN json_valid(o.files) THEN o.files ELSE '[]' END) f
      WHERE o.id > @from AND o.id <= @to AND f.type = 'text'`,
  },
  // Schema v6: the word index gains the narration columns (store/sqlite/fts-index).
  fts_narration: {
    name: 'fts_narration',
    now: `DROP TABLE ${FTS_TABLE}; ${ftsDefinition(FTS_TABLE)};`,
    prepare: `${ftsDefinition(FTS_NEXT)};`,
    fillRows: fillNext,
    finish: FINISH_SQL,
    chunkRows: 2_000,
  },
};

/** Observations per backfill transaction: a writer waits at most one chunk (~0.3 s on the bench machine, bench/RESULTS.md). */
export const CHUNK_ROWS = 20_000;

export interface PendingStep {
  readonly step: StepName;
  /** Backfills: the highest observation id done, and the highest id when the step was recorded (later rows are kept by a trigger). */
  readonly cursor: number;
  readonly target: number;
}

const hasTable = (db: SqliteDb): boolean => !!q(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'maintenance'").get();

/** The steps still to run, in the order recorded. A store without the table (created before it existed) has none. */
export function pendingSteps(db: SqliteDb): PendingStep[] {
  if (!hasTable(db)) return [];
  return q(db, 'SELECT step, cursor, target FROM maintenance ORDER BY rowid').all() as PendingStep[];
}

/**
 * Inside a migration's transaction: run `step` now when the store holds no observations (nothing to
 * index or fill), otherwise record it as pending up to the current highest observation id.
 */
export function deferStep(db: SqliteDb, name: StepName): void {
  const target = (db.prepare('SELECT max(id) FROM observations').pluck().get() as number | null) ?? 0;
  const step = STEPS[name];
  if (target === 0) {
    if ('sql' in step) db.exec(step.sql);
    else if ('now' in step) db.exec(step.now);
    return;
  }
  if ('prepare' in step) db.exec(step.prepare);
  db.prepare('INSERT OR IGNORE INTO maintenance (step, cursor, target) VALUES (?, 0, ?)').run(name, target);
  forget(db);
}

/** Per connection: the pending steps as last read, and the data_version they were read at. */
const known = new WeakMap<SqliteDb, { readonly version: number; readonly pending: ReadonlySet<string> }>();

function forget(db: SqliteDb): void {
  known.delete(db);
}

/** Whether `name` has run (or never needed to). Cheap: once nothing is pending, no query at all. */
export function stepDone(db: SqliteDb, name: StepName): boolean {
  let k = known.get(db);
  if (k && k.pending.size === 0) return true; // steps are never recorded again once done
  // Changes only when another connection committed: the one place a step can finish unseen.
  const version = q(db, 'PRAGMA data_version').pluck().get() as number;
  if (!k || k.version !== version) {
    k = { version, pending: new Set(pendingSteps(db).map((p) => p.step)) };
    known.set(db, k);
  }
  return !k.pending.has(name);
}

export interface MaintainOptions {
  /** Stop starting chunks after this long; at least one chunk runs. Default: no limit. */
  readonly budgetMs?: number;
  /** Stop after this many chunks. Default: no limit. */
  readonly maxChunks?: number;
  readonly chunkRows?: number;
}

export interface MaintenanceRun {
  /** Steps this call finished. */
  readonly completed: readonly StepName[];
  readonly chunks: number;
  /** Steps still pending afterwards. */
  readonly pending: readonly PendingStep[];
}

/**
 * Run pending steps a chunk at a time, each chunk in its own IMMEDIATE transaction that re-reads the
 * step first (another process may be running maintenance too). Interrupted anywhere, the store is
 * consistent: a chunk commits with its cursor, and refilling rows is harmless. Throws StoreError-able
 * SQLite errors (BUSY, READ_ONLY): callers log them and carry on, the work waits for the next run.
 */
export function runMaintenance(db: SqliteDb, opts: MaintainOptions = {}): MaintenanceRun {
  const started = Date.now();
  const rows = opts.chunkRows ?? CHUNK_ROWS;
  const completed: StepName[] = [];
  let chunks = 0;
  try {
    for (;;) {
      if (chunks > 0 && opts.budgetMs !== undefined && Date.now() - started >= opts.budgetMs) break;
      if (opts.maxChunks !== undefined && chunks >= opts.maxChunks) break;
      const next = pendingSteps(db)[0];
      if (!next) break;
      const finished = db.transaction(() => runChunk(db, next.step, rows)).immediate();
      chunks++;
      if (finished) completed.push(next.step);
    }
  } finally {
    if (chunks) forget(db);
  }
  return { completed, chunks, pending: pendingSteps(db) };
}

/** One chunk of `name`, inside a write transaction. True when this chunk finished the step. */
function runChunk(db: SqliteDb, name: StepName, rows: number): boolean {
  const row = q(db, 'SELECT cursor, target FROM maintenance WHERE step = ?').get(name) as { cursor: number; target: number } | undefined;
  if (!row) return false; // finished by another process meanwhile
  const step = STEPS[name];
  if ('sql' in step) {
    db.exec(step.sql);
  } else {
    const fill = 'fill' in step ? (from: number, to: number) => stmt(db, step.fill).run({ from, to }) : (from: number, to: number) => step.fillRows(db, from, to);
    const chunk = 'chunkRows' in step ? Math.min(rows, step.chunkRows) : rows;
    const to = q(db, `SELECT max(id) FROM (SELECT id FROM observations WHERE id > ? AND id <= ? ORDER BY id LIMIT ${Math.max(1, Math.trunc(chunk))})`)
      .pluck()
      .get(row.cursor, row.target) as number | null;
    if (to !== null && to < row.target) {
      fill(row.cursor, to);
      q(db, 'UPDATE maintenance SET cursor = ? WHERE step = ?').run(to, name);
      return false;
    }
    if (to !== null) fill(row.cursor, to);
    if ('finish' in step) db.exec(step.finish);
  }
  q(db, 'DELETE FROM maintenance WHERE step = ?').run(name);
  return true;
}
