/**
 * @module store/sqlite/sqlite-api
 * The part of a SQLite binding that mnemo uses, and nothing more: what both drivers (node:sqlite,
 * better-sqlite3; see drivers/) implement, so the store's code never names a binding. The shapes follow
 * better-sqlite3's (the store was written against it): statements with `run/get/all/iterate` and a
 * `pluck` mode, `transaction(fn)` with savepoints when nested, `pragma(…, { simple })`, an online `backup`.
 */

/** A value SQLite can bind. BLOBs come back as Uint8Array (better-sqlite3 hands out Buffers, a subclass). */
export type SqliteValue = null | number | bigint | string | Uint8Array;

export interface RunResult {
  readonly changes: number;
  readonly lastInsertRowid: number | bigint;
}

/**
 * A prepared statement. Parameters: positional values, or one object of named ones (`@name`, `:name`,
 * `$name`, keyed without the sigil; keys the SQL does not use are ignored); an array is spread.
 */
export interface SqliteStatement {
  run(...params: unknown[]): RunResult;
  /** The first row (an object keyed by column, or the first column's value in `pluck` mode), or undefined. */
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  iterate(...params: unknown[]): IterableIterator<unknown>;
  /** Rows become their first column's value (on by default, `pluck(false)` turns it off). */
  pluck(on?: boolean): this;
  /** Rows become arrays of their columns' values. */
  raw(on?: boolean): this;
}

/** `fn` run in a transaction (BEGIN … COMMIT; a savepoint inside another); rolled back if it throws. */
export interface SqliteTransaction<F extends (...args: never[]) => unknown> {
  (...args: Parameters<F>): ReturnType<F>;
  /** BEGIN DEFERRED (the default): a read transaction until the first write. */
  deferred(...args: Parameters<F>): ReturnType<F>;
  /** BEGIN IMMEDIATE: takes the write lock up front (or waits busy_timeout for it). */
  immediate(...args: Parameters<F>): ReturnType<F>;
  exclusive(...args: Parameters<F>): ReturnType<F>;
}

export interface BackupOptions {
  /** Pages copied per step (between steps other connections may write); default: all at once. */
  readonly pagesPerStep?: number;
}

/** An open connection. */
export interface SqliteDb {
  /** The file (as opened: a path or a `file:` URI). */
  readonly name: string;
  readonly open: boolean;
  readonly readonly: boolean;
  /** Whether a transaction is open on this connection (SQLite's own view: a failed COMMIT may have ended it). */
  readonly inTransaction: boolean;
  prepare(sql: string): SqliteStatement;
  exec(sql: string): void;
  /** `PRAGMA source`: its rows, or with `simple` the first row's first value. */
  pragma(source: string, opts?: { readonly simple?: boolean }): unknown;
  transaction<F extends (...args: never[]) => unknown>(fn: F): SqliteTransaction<F>;
  /** A consistent copy of the database (WAL content included) into `destination`, with SQLite's online backup. */
  backup(destination: string, opts?: BackupOptions): Promise<void>;
  /** Load a SQLite extension (a shared library) into this connection. */
  loadExtension(path: string): void;
  close(): void;
}

export interface OpenFlags {
  readonly readonly?: boolean;
  /** Refuse to create the file (read-only connections never do). */
  readonly fileMustExist?: boolean;
}

/** The drivers. */
export type SqliteDriverName = 'node' | 'better-sqlite3';
