/**
 * @module store/sqlite/driver
 * Opens the SQLite file with the settings every mnemo process must agree on, and turns SQLite's
 * failures into errors that name the problem (busy, read-only, disk full, not a database). The binding
 * behind it (node:sqlite or better-sqlite3) is chosen in drivers/choose.ts; the rest of store/sqlite
 * sees only the `SqliteDb` interface (sqlite-api.ts).
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StoreError } from '../store.ts';
import { openSqlite } from './drivers/choose.ts';
import { describeOpenFailure, diskIsFull, fileNotWritable, readOnlyForLackOfSpace } from './failures.ts';
import { sqliteCode } from './result-codes.ts';

export type { SqliteDb, SqliteStatement } from './sqlite-api.ts';
export { openSqlite, sqliteDriver, sqliteRuntime, SqliteUnavailableError } from './drivers/choose.ts';
import type { SqliteDb } from './sqlite-api.ts';

export interface OpenOptions {
  readonly path: string;
  /** Milliseconds to wait on a lock held by another process. */
  readonly busyTimeoutMs: number;
  readonly readonly?: boolean;
  /** Refuse (untouched) a store whose schema is newer than this. */
  readonly maxVersion?: number;
  /**
   * `FULL` (default): a commit is on disk when it returns, so a drain may delete its spool files
   * right after (one WAL fsync per transaction). `NORMAL` can lose the last commits on power loss.
   */
  readonly synchronous?: 'FULL' | 'NORMAL';
}

/**
 * Map SQLite's error codes onto ours, so callers can tell "try later" from "broken". With the store's
 * `path`, I/O errors on a full device become DISK_FULL and "unable to open" says why.
 */
export function toStoreError(err: unknown, path?: string): StoreError {
  if (err instanceof StoreError) return err;
  const code = sqliteCode(err);
  const message = err instanceof Error ? err.message : String(err);
  const where = path ? ` ${path}` : '';
  // Node's own file errors (creating the folder).
  if (code === 'ENOSPC') return new StoreError('DISK_FULL', `disk full: no space left for the store${where}: ${message}`, { cause: err });
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM') return new StoreError('READ_ONLY', `cannot write the store${where}: ${message}`, { cause: err });
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return new StoreError('BUSY', `database is busy: ${message}`, { cause: err });
  // SQLite reports ENOSPC as SQLITE_FULL only for the database file; growing the WAL or its shared
  // memory file fails as SQLITE_IOERR_WRITE, _SHMSIZE, _FSYNC… Ask the file system.
  if (code === 'SQLITE_FULL' || (code.startsWith('SQLITE_IOERR') && path !== undefined && diskIsFull(path))) {
    return new StoreError('DISK_FULL', `disk full: no space left on the device of the store${where} (SQLite: ${message}); free some space and retry`, { cause: err });
  }
  // A store opened read-only because the disk was full (see openDatabase): say so, not "read-only".
  if (code.startsWith('SQLITE_READONLY') && path !== undefined && readOnlyForLackOfSpace(path)) {
    return new StoreError('DISK_FULL', `disk full: no space left on the device of the store${where}, which was opened for reading only (SQLite: ${message}); free some space and retry`, { cause: err });
  }
  if (code === 'SQLITE_CANTOPEN' && path !== undefined) {
    const why = describeOpenFailure(path);
    if (why) return new StoreError(why.code, why.message, { cause: err });
  }
  if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_PERM') return new StoreError('READ_ONLY', `cannot write the database${where}: ${message}`, { cause: err });
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return new StoreError('CORRUPT', `database${where} is damaged: ${message}`, { cause: err });
  return new StoreError('INTERNAL', message, { cause: err });
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Run `fn` with another `synchronous` level, then restore the connection's own. In WAL mode NORMAL
 * still commits atomically and keeps the file consistent; a power cut may lose only the last commits,
 * which the next FULL commit or checkpoint makes durable along with its own.
 */
export function withSynchronous<T>(db: SqliteDb, level: 'FULL' | 'NORMAL', fn: () => T): T {
  const own = db.pragma('synchronous', { simple: true }) as number;
  db.pragma(`synchronous = ${level}`);
  try {
    return fn();
  } finally {
    db.pragma(`synchronous = ${own}`);
  }
}

/** Run `fn`, retrying on SQLITE_BUSY with short synchronous pauses until `budgetMs` is spent. */
function whileBusy<T>(fn: () => T, budgetMs: number): T {
  const deadline = Date.now() + Math.max(0, budgetMs);
  for (let wait = 5; ; wait = Math.min(wait * 2, 50)) {
    try {
      return fn();
    } catch (err) {
      if (!sqliteCode(err).startsWith('SQLITE_BUSY') || Date.now() + wait > deadline) throw err;
      Atomics.wait(pause, 0, 0, wait);
    }
  }
}

/** Settings shared by every connection; reads the schema version, which also proves the file is readable. */
function configure(db: SqliteDb, opts: OpenOptions): void {
  // busy_timeout must be set before anything that can take a lock (WAL switch, migrations),
  // or concurrent openers fail with SQLITE_BUSY instead of waiting.
  db.pragma(`busy_timeout = ${Math.max(0, Math.trunc(opts.busyTimeoutMs))}`);
  // A store from a newer mnemo is refused before anything here could change its file.
  const version = db.pragma('user_version', { simple: true }) as number;
  if (opts.maxVersion !== undefined && version > opts.maxVersion) {
    throw new StoreError('NEWER_SCHEMA', `This mnemo store has schema version ${version}, newer than this mnemo understands (${opts.maxVersion}). Upgrade mnemo; the store was left untouched.`);
  }
}

function withSettings(db: SqliteDb, opts: OpenOptions, write: boolean): SqliteDb {
  try {
    configure(db, opts);
    if (write) {
      // Switching a new file to WAL takes an exclusive lock that SQLite does not wait for through
      // busy_timeout: when many processes create the store at once, retry within the same budget.
      whileBusy(() => db.pragma('journal_mode = WAL'), opts.busyTimeoutMs);
      db.pragma(`synchronous = ${opts.synchronous ?? 'FULL'}`);
    }
    db.pragma('foreign_keys = ON');
    // Forgotten rows must not linger in free pages of the file.
    db.pragma('secure_delete = ON');
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

function openForWriting(opts: OpenOptions): SqliteDb {
  mkdirSync(dirname(opts.path), { recursive: true });
  // SQLite quietly opens a file it cannot write read-only (its writes then fail) while the driver
  // still reports the connection as writable; asking first makes such a store say it is read-only.
  const denied = existsSync(opts.path) ? fileNotWritable(opts.path) : undefined;
  if (denied) throw new StoreError(denied.code, denied.message);
  return withSettings(openSqlite(opts.path), opts, true);
}

/**
 * A read-only connection. A WAL store needs its `-shm` file even to read; where that cannot be
 * created (read-only file system, no write permission on the folder) or sized (full disk), SQLite is
 * told the file is immutable, which it may assume only while no one can write it: so only when no
 * `-wal` holds commits the main file lacks (with one, such a read could see a half-checkpointed file).
 */
function openForReading(opts: OpenOptions): SqliteDb {
  try {
    return withSettings(openSqlite(opts.path, { readonly: true, fileMustExist: true }), opts, false);
  } catch (err) {
    const code = sqliteCode(err);
    if ((code !== 'SQLITE_CANTOPEN' && !code.startsWith('SQLITE_IOERR_SHM')) || !walIsEmpty(opts.path)) throw err;
    const immutable = `${pathToFileURL(opts.path).href}?immutable=1`;
    return withSettings(openSqlite(immutable, { readonly: true, fileMustExist: true }), opts, false);
  }
}

function walIsEmpty(path: string): boolean {
  try {
    return statSync(`${path}-wal`).size === 0;
  } catch {
    return true;
  }
}

/**
 * Open the store's database. One that exists but cannot be written (read-only file system or file,
 * no permission, no space left to open it for writing) is opened read-only instead, so memory can
 * still be read; its writes then fail and the hooks' events wait in the spool.
 */
export function openDatabase(opts: OpenOptions): SqliteDb {
  if (opts.readonly) {
    try {
      return openForReading(opts);
    } catch (err) {
      throw toStoreError(err, opts.path);
    }
  }
  try {
    return openForWriting(opts);
  } catch (err) {
    const failure = toStoreError(err, opts.path);
    if ((failure.code !== 'READ_ONLY' && failure.code !== 'DISK_FULL') || !existsSync(opts.path)) throw failure;
    try {
      return openForReading(opts);
    } catch {
      throw failure; // why writing failed says more than why the fallback did
    }
  }
}
