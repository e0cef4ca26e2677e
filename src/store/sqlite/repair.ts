/**
 * @module store/sqlite/repair
 * `doctor --repair` on the store file: the least that makes it healthy, after a backup.
 * - a half-applied migration: undo the partial step, migrate;
 * - index entries lost or gained: REINDEX; a full-text index out of step: rebuild it from the table;
 * - unreadable pages: salvage the readable rows into a fresh file and copy that over the store;
 * - not a database any more: set the file aside (renamed, kept), salvage from a copy with the
 *   header's magic restored when that is all that is gone, else start a fresh store.
 * Other mnemo processes should be stopped meanwhile: rows they write during a salvage are not in it.
 */
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { bumpGeneration } from '../generation.ts';
import { openDatabase, toStoreError, type SqliteDb } from './driver.ts';
import { examine, planRepair, type Finding } from './health.ts';
import { HalfAppliedMigration, LATEST_VERSION, findHalfApplied, redoHalfApplied } from './migrations.ts';
import { restoreMagic, salvageStore, type SalvageReport } from './salvage.ts';
import { SqliteStore } from './sqlite-store.ts';

export interface RepairResult {
  /** What was done, in order, for the user. */
  readonly steps: readonly string[];
  /** Files kept: the backup, or the damaged file set aside. */
  readonly kept: readonly string[];
  /** What is still wrong afterwards (empty: healthy). */
  readonly remaining: readonly Finding[];
}

/** `<db>.<label>-<UTC time>`, next to the store. */
function sidePath(dbPath: string, label: string): string {
  return `${dbPath}.${label}-${new Date().toISOString().replace(/[-:]/g, '').replace('.', '-')}`;
}

function removeWithSidecars(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
}

/** A backup through SQLite (the WAL's content included); a plain copy when SQLite cannot read the file. */
async function backupOf(db: SqliteDb | undefined, dbPath: string): Promise<string> {
  const dest = sidePath(dbPath, 'backup');
  try {
    if (!db) throw new Error('not open');
    await db.backup(dest);
  } catch {
    removeWithSidecars(dest);
    copyFileSync(dbPath, dest);
    if (existsSync(`${dbPath}-wal`)) copyFileSync(`${dbPath}-wal`, `${dest}-wal`);
  }
  return dest;
}

function rebuildFullText(dbPath: string, busyTimeoutMs: number): number {
  const store = SqliteStore.open({ path: dbPath, busyTimeoutMs });
  try {
    return store.rebuildIndex();
  } finally {
    void store.close();
  }
}

function describeSalvage(r: SalvageReport): string {
  const tables = r.tables.map((t) => `${t.table} ${t.copied} salvaged${t.lost === undefined ? ' (loss unknown)' : `, ${t.lost} lost`}`).join('; ');
  const extra = [
    r.placeholderSessions ? `${r.placeholderSessions} stand-in session(s) for observations whose session was lost` : '',
    r.orphansDropped ? `${r.orphansDropped} row(s) dropped that pointed at lost rows` : '',
  ].filter(Boolean);
  return `salvaged into a fresh file: ${tables}${extra.length ? `; ${extra.join('; ')}` : ''}; semantic vectors, if any, come back with \`mnemo embed\``;
}

/**
 * Put the fresh file's content in place of the store's. Through SQLite's backup API when it can
 * (one locked step: processes that have the store open see the new content, not a stale file);
 * otherwise by renaming over it.
 */
async function replaceContents(dbPath: string, freshPath: string, busyTimeoutMs: number): Promise<void> {
  try {
    const fresh = openDatabase({ path: freshPath, busyTimeoutMs, readonly: true });
    try {
      await fresh.backup(dbPath);
    } finally {
      fresh.close();
    }
    removeWithSidecars(freshPath);
  } catch {
    for (const suffix of ['-wal', '-shm', '-journal']) rmSync(dbPath + suffix, { force: true });
    renameSync(freshPath, dbPath);
  }
}

/** Salvage `sourcePath` into a fresh file with its full-text index rebuilt; returns the fresh file. */
function salvageToFresh(sourcePath: string, dbPath: string, busyTimeoutMs: number): { path: string; report: SalvageReport; indexed: number } {
  const path = sidePath(dbPath, 'salvage');
  try {
    const report = salvageStore(sourcePath, path);
    return { path, report, indexed: rebuildFullText(path, busyTimeoutMs) };
  } catch (err) {
    removeWithSidecars(path);
    throw err;
  }
}

/** The file is not a database (or its schema cannot be read): keep it aside, start over from what a salvage finds. */
async function startAfresh(dbPath: string, busyTimeoutMs: number, why: string): Promise<RepairResult> {
  const aside = sidePath(dbPath, 'damaged');
  renameSync(dbPath, aside);
  if (existsSync(`${dbPath}-wal`)) renameSync(`${dbPath}-wal`, `${aside}-wal`);
  rmSync(`${dbPath}-shm`, { force: true });
  const steps = [`${why}; set the damaged file aside as ${aside}`];
  const restored = sidePath(dbPath, 'restored');
  try {
    const source = restoreMagic(aside, restored) ? restored : aside;
    if (source === restored && existsSync(`${aside}-wal`)) copyFileSync(`${aside}-wal`, `${restored}-wal`);
    const fresh = salvageToFresh(source, dbPath, busyTimeoutMs);
    renameSync(fresh.path, dbPath);
    steps.push(`${source === restored ? 'restored the header in a copy; ' : ''}${describeSalvage(fresh.report)}; full-text index rebuilt over ${fresh.indexed} observations`);
  } catch (err) {
    steps.push(`nothing could be salvaged (${toStoreError(err).message}); started a fresh store`);
  } finally {
    removeWithSidecars(restored);
  }
  await SqliteStore.open({ path: dbPath, busyTimeoutMs }).close();
  return { steps, kept: [aside], remaining: recheck(dbPath, busyTimeoutMs) };
}

function recheck(dbPath: string, busyTimeoutMs: number): Finding[] {
  try {
    const db = openDatabase({ path: dbPath, busyTimeoutMs, maxVersion: LATEST_VERSION });
    try {
      return examine(db);
    } finally {
      db.close();
    }
  } catch (err) {
    return [{ kind: 'damaged', detail: toStoreError(err).message }];
  }
}

/** REINDEX what lost entries and rebuild a full-text index out of step; false when SQLite refuses. */
function rebuildInPlace(db: SqliteDb, dbPath: string, findings: readonly Finding[], busyTimeoutMs: number, steps: string[]): boolean {
  try {
    for (const index of new Set(findings.flatMap((f) => (f.kind === 'index' ? [f.index] : [])))) {
      db.exec(`REINDEX "${index.replace(/"/g, '""')}"`);
      steps.push(`index ${index} rebuilt (REINDEX)`);
    }
    if (findings.some((f) => f.kind === 'fulltext')) steps.push(`full-text index rebuilt over ${rebuildFullText(dbPath, busyTimeoutMs)} observations`);
    return true;
  } catch (err) {
    steps.push(`rebuilding in place failed (${toStoreError(err).message})`);
    return false;
  }
}

/** Repair the store at `dbPath`. Throws (StoreError) only when it cannot start: busy, read-only, newer. */
export async function repairStore(dbPath: string, busyTimeoutMs: number): Promise<RepairResult> {
  const result = await repair(dbPath, busyTimeoutMs);
  // What was restored may differ from what copies derived from the store (the index cache) hold.
  if (result.steps.length > 0) bumpGeneration(dbPath);
  return result;
}

async function repair(dbPath: string, busyTimeoutMs: number): Promise<RepairResult> {
  let db: SqliteDb;
  try {
    db = openDatabase({ path: dbPath, busyTimeoutMs, maxVersion: LATEST_VERSION });
  } catch (err) {
    const e = toStoreError(err);
    if (e.code === 'CORRUPT') return startAfresh(dbPath, busyTimeoutMs, e.message);
    throw e;
  }
  const steps: string[] = [];
  const kept: string[] = [];
  try {
    let findings: Finding[];
    try {
      const half = findHalfApplied(db);
      if (half) {
        kept.push(await backupOf(db, dbPath));
        steps.push(`backup at ${kept[0]}`);
        redoHalfApplied(db);
        steps.push(`${half.message.replace(/; run .*$/, '')}: undid the partial step and migrated to v${LATEST_VERSION}`);
      }
      findings = examine(db);
    } catch (err) {
      // Not even the schema reads: the file is as good as not a database. (Busy, read-only: try later.)
      const e = toStoreError(err);
      if (e.code !== 'CORRUPT' || e instanceof HalfAppliedMigration) throw e;
      db.close();
      return startAfresh(dbPath, busyTimeoutMs, e.message);
    }
    const plan = planRepair(findings);
    if (plan === 'none') return { steps, kept, remaining: [] };
    if (kept.length === 0) {
      kept.push(await backupOf(db, dbPath));
      steps.push(`backup at ${kept[0]}`);
    }
    if (plan === 'rebuild' && rebuildInPlace(db, dbPath, findings, busyTimeoutMs, steps)) {
      findings = examine(db);
      if (findings.length === 0) return { steps, kept, remaining: [] };
    }
    db.close();
    const fresh = salvageToFresh(dbPath, dbPath, busyTimeoutMs);
    await replaceContents(dbPath, fresh.path, busyTimeoutMs);
    steps.push(`${describeSalvage(fresh.report)}; full-text index rebuilt over ${fresh.indexed} observations; copied over the store`);
    return { steps, kept, remaining: recheck(dbPath, busyTimeoutMs) };
  } finally {
    if (db.open) db.close();
  }
}
