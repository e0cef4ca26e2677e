/**
 * @module store/sqlite/driver
 * Opens the SQLite file with the settings every mnemo process must agree on. The only module
 * that imports better-sqlite3; the rest of store/sqlite uses the `SqliteDb` type alias.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { StoreError } from '../store.ts';

export type SqliteDb = Database.Database;

export interface OpenOptions {
  readonly path: string;
  /** Milliseconds to wait on a lock held by another process. */
  readonly busyTimeoutMs: number;
  readonly readonly?: boolean;
  /** Refuse (untouched) a store whose schema is newer than this. */
  readonly maxVersion?: number;
}

/** Map SQLite's error codes onto ours, so callers can tell "try later" from "broken". */
export function toStoreError(err: unknown): StoreError {
  if (err instanceof StoreError) return err;
  const code = (err as { code?: string })?.code ?? '';
  const message = err instanceof Error ? err.message : String(err);
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return new StoreError('BUSY', `database is busy: ${message}`, { cause: err });
  if (code === 'SQLITE_FULL') return new StoreError('DISK_FULL', `disk full: ${message}`, { cause: err });
  if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_PERM') return new StoreError('READ_ONLY', `cannot write the database: ${message}`, { cause: err });
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return new StoreError('CORRUPT', `database is damaged: ${message}`, { cause: err });
  return new StoreError('INTERNAL', message, { cause: err });
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Run `fn`, retrying on SQLITE_BUSY with short synchronous pauses until `budgetMs` is spent. */
function whileBusy<T>(fn: () => T, budgetMs: number): T {
  const deadline = Date.now() + Math.max(0, budgetMs);
  for (let wait = 5; ; wait = Math.min(wait * 2, 50)) {
    try {
      return fn();
    } catch (err) {
      const code = (err as { code?: string })?.code ?? '';
      if (!code.startsWith('SQLITE_BUSY') || Date.now() + wait > deadline) throw err;
      Atomics.wait(pause, 0, 0, wait);
    }
  }
}

export function openDatabase(opts: OpenOptions): SqliteDb {
  try {
    if (!opts.readonly) mkdirSync(dirname(opts.path), { recursive: true });
    const db = new Database(opts.path, { readonly: opts.readonly ?? false, fileMustExist: opts.readonly ?? false });
    // busy_timeout must be set before anything that can take a lock (WAL switch, migrations),
    // or concurrent openers fail with SQLITE_BUSY instead of waiting.
    db.pragma(`busy_timeout = ${Math.max(0, Math.trunc(opts.busyTimeoutMs))}`);
    // A store from a newer mnemo is refused before anything here could change its file.
    const version = db.pragma('user_version', { simple: true }) as number;
    if (opts.maxVersion !== undefined && version > opts.maxVersion) {
      db.close();
      throw new StoreError('NEWER_SCHEMA', `This mnemo store has schema version ${version}, newer than this mnemo understands (${opts.maxVersion}). Upgrade mnemo; the store was left untouched.`);
    }
    if (!opts.readonly) {
      // Switching a new file to WAL takes an exclusive lock that SQLite does not wait for through
      // busy_timeout: when many processes create the store at once, retry within the same budget.
      whileBusy(() => db.pragma('journal_mode = WAL'), opts.busyTimeoutMs);
      db.pragma('synchronous = NORMAL');
    }
    db.pragma('foreign_keys = ON');
    // Forgotten rows must not linger in free pages of the file.
    db.pragma('secure_delete = ON');
    return db;
  } catch (err) {
    throw toStoreError(err);
  }
}
