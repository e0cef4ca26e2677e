/**
 * @module store/sqlite/salvage
 * Copies what can still be read from a damaged store into a fresh file built by the current
 * migrations, table by table in rowid order, stepping over pages SQLite cannot read. Indexes are
 * rebuilt by the inserts; the full-text index and semantic vectors are derived data and are rebuilt
 * from the salvaged rows (vectors by the next `mnemo embed`).
 */
import { closeSync, copyFileSync, openSync, readSync, writeSync } from 'node:fs';
import { openDatabase, type SqliteDb } from './driver.ts';
import { migrate } from './migrations.ts';

/**
 * Rebuilt from other tables rather than copied: by triggers (project_volume, observation_files) or
 * `mnemo embed`. `maintenance` lists work pending on the damaged store that the fresh one never needs.
 */
const DERIVED = new Set(['project_volume', 'observation_files', 'obs_vectors', 'vector_models', 'maintenance']);
/** Parents first, so the foreign-key pass below finds them. */
const FIRST = ['sessions', 'observations'];
const BATCH = 5000;

export interface TableSalvage {
  readonly table: string;
  readonly copied: number;
  /** Rows known to be lost: the table's count (read through an index when its own pages are damaged) minus those copied. */
  readonly lost: number | undefined;
}

export interface SalvageReport {
  readonly tables: readonly TableSalvage[];
  /** Sessions re-created (as `salvaged-<id>`) for observations whose session row was unreadable. */
  readonly placeholderSessions: number;
  /** Rows dropped because what they belong to was lost (events of a lost observation, …). */
  readonly orphansDropped: number;
}

type Row = Record<string, unknown> & { readonly _rid: number };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function tryGet<T>(read: () => T): { ok: true; value: T } | { ok: false } {
  try {
    return { ok: true, value: read() };
  } catch {
    return { ok: false };
  }
}

/**
 * The rows of `table` in rowid order. A scan stops at the first page it cannot read; from there, the
 * next readable rowid is found by seeking (a seek fails only when it lands on a damaged page), so a
 * damaged leaf costs the rows on it and nothing more.
 */
export function* readableRows(db: SqliteDb, table: string, columns: readonly string[]): Generator<Row> {
  const cols = columns.map(quote).join(', ');
  const scan = db.prepare(`SELECT rowid AS _rid, ${cols} FROM ${quote(table)} WHERE rowid >= ? ORDER BY rowid`);
  const seek = db.prepare(`SELECT rowid AS _rid FROM ${quote(table)} WHERE rowid >= ? ORDER BY rowid LIMIT 1`);
  const one = db.prepare(`SELECT rowid AS _rid, ${cols} FROM ${quote(table)} WHERE rowid = ?`);
  const seekable = (x: number) => tryGet(() => seek.get(x) as { _rid: number } | undefined);
  // The lowest rowid not yet read or skipped.
  let from = Number.MIN_SAFE_INTEGER;
  for (;;) {
    try {
      for (const r of scan.iterate(from) as IterableIterator<Row>) {
        yield r;
        from = r._rid + 1;
      }
      return;
    } catch {
      /* stopped on something unreadable at or past `from` */
    }
    const next = seekable(from);
    if (next.ok) {
      // The key is reachable but the scan failed: read that row alone, and move past it either way.
      if (next.value === undefined) return;
      const row = tryGet(() => one.get(next.value!._rid) as Row | undefined);
      if (row.ok && row.value) yield row.value;
      from = next.value._rid + 1;
      continue;
    }
    const resume = firstSeekable(from, (x) => seekable(x).ok);
    if (resume === undefined) return;
    from = resume;
  }
}

/** Seeks from `after` land on a damaged page: the first key from which they work, found by doubling then bisecting. */
function firstSeekable(after: number, ok: (x: number) => boolean): number | undefined {
  let lo = after;
  let hi: number | undefined;
  for (let step = 1; after + step < Number.MAX_SAFE_INTEGER; step *= 2) {
    if (ok(after + step)) {
      hi = after + step;
      break;
    }
    lo = after + step;
  }
  if (hi === undefined) return undefined;
  while (hi - lo > 1) {
    const mid: number = lo + Math.floor((hi - lo) / 2);
    if (ok(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

function columnsOf(db: SqliteDb, table: string): string[] {
  return db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[];
}

/** Plain tables of the fresh schema, minus virtual tables, their shadow tables and derived data. */
function tablesToCopy(target: SqliteDb): string[] {
  const rows = target.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string; sql: string }[];
  const virtual = rows.filter((r) => /^CREATE VIRTUAL TABLE/i.test(r.sql)).map((r) => r.name);
  const names = rows.map((r) => r.name).filter((n) => !virtual.includes(n) && !virtual.some((v) => n.startsWith(`${v}_`)) && !DERIVED.has(n));
  return [...FIRST.filter((n) => names.includes(n)), ...names.filter((n) => !FIRST.includes(n)).sort()];
}

function copyTable(source: SqliteDb, target: SqliteDb, table: string): TableSalvage {
  const have = tryGet(() => columnsOf(source, table));
  if (!have.ok || have.value.length === 0) return { table, copied: 0, lost: undefined };
  const want = columnsOf(target, table);
  const columns = want.filter((c) => have.value.includes(c));
  const insert = target.prepare(`INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  const expected = tryGet(() => (source.prepare(`SELECT count(*) AS n FROM ${quote(table)}`).get() as { n: number }).n);
  let copied = 0;
  let batch: Row[] = [];
  const flush = target.transaction((rows: Row[]) => {
    for (const r of rows) {
      try {
        insert.run(...columns.map((c) => r[c]));
        copied++;
      } catch {
        /* a row the damage garbled past the schema's types and checks */
      }
    }
  });
  for (const r of readableRows(source, table, columns)) {
    batch.push(r);
    if (batch.length >= BATCH) (flush(batch), (batch = []));
  }
  flush(batch);
  return { table, copied, lost: expected.ok ? Math.max(0, expected.value - copied) : undefined };
}

/**
 * Keep observations whose session row was lost under a stand-in session, then drop what still
 * points nowhere (foreign keys were off during the copy so that order did not matter).
 */
function mendReferences(target: SqliteDb): { placeholderSessions: number; orphansDropped: number } {
  return target.transaction(() => {
    const placeholderSessions = target
      .prepare(
        `INSERT INTO sessions (id, platform, external_id, project, started_at)
         SELECT session_id, min(platform), 'salvaged-' || session_id, min(project), min(created_at)
         FROM observations WHERE session_id NOT IN (SELECT id FROM sessions) GROUP BY session_id`,
      )
      .run().changes;
    let orphansDropped = 0;
    for (let pass = 0; pass < 8; pass++) {
      const bad = target.pragma('foreign_key_check') as { table: string; rowid: number }[];
      if (bad.length === 0) break;
      for (const b of bad) orphansDropped += target.prepare(`DELETE FROM ${quote(b.table)} WHERE rowid = ?`).run(b.rowid).changes;
    }
    return { placeholderSessions, orphansDropped };
  })();
}

/**
 * Copy what is readable in `sourcePath` into a new store at `targetPath` (which must not exist).
 * Throws when not even the source's schema can be read. The caller rebuilds the full-text index.
 */
export function salvageStore(sourcePath: string, targetPath: string): SalvageReport {
  const source = openDatabase({ path: sourcePath, busyTimeoutMs: 5000, readonly: true });
  try {
    source.prepare('SELECT count(*) FROM sqlite_master').get();
    const target = openDatabase({ path: targetPath, busyTimeoutMs: 5000 });
    try {
      migrate(target);
      target.pragma('foreign_keys = OFF');
      const tables = tablesToCopy(target).map((t) => copyTable(source, target, t));
      target.pragma('foreign_keys = ON');
      return { tables, ...mendReferences(target) };
    } finally {
      target.close();
    }
  } finally {
    source.close();
  }
}

const MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * When only the 16-byte magic string of the header is gone and the rest of the header still looks
 * like SQLite's (a power-of-two page size, the fixed payload fractions), write a copy at `copyPath`
 * with the magic restored, so a salvage can read it. Returns whether it did.
 */
export function restoreMagic(path: string, copyPath: string): boolean {
  const fd = openSync(path, 'r');
  const header = Buffer.alloc(100);
  try {
    if (readSync(fd, header, 0, 100, 0) < 100) return false;
  } finally {
    closeSync(fd);
  }
  if (header.subarray(0, 16).equals(MAGIC)) return false;
  const raw = header.readUInt16BE(16);
  const pageSize = raw === 1 ? 65536 : raw;
  const sane = pageSize >= 512 && (pageSize & (pageSize - 1)) === 0 && header[21] === 64 && header[22] === 32 && header[23] === 32;
  if (!sane) return false;
  copyFileSync(path, copyPath);
  const out = openSync(copyPath, 'r+');
  try {
    writeSync(out, MAGIC, 0, 16, 0);
  } finally {
    closeSync(out);
  }
  return true;
}
