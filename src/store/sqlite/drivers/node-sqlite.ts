/**
 * @module store/sqlite/drivers/node-sqlite
 * The store's SQLite API (sqlite-api.ts) over Node's built-in `node:sqlite` (`DatabaseSync`): no native
 * addon to build or load, the SQLite that ships with Node. What node:sqlite lacks is added here: a
 * `pluck` mode (through `setReturnArrays`), transactions with savepoints when nested, `pragma`, array
 * parameters spread like better-sqlite3's. Errors are node:sqlite's own (`errcode` holds SQLite's
 * extended result code; result-codes.ts names it).
 */
import { existsSync } from 'node:fs';
import type { BackupOptions, OpenFlags, RunResult, SqliteDb, SqliteStatement, SqliteTransaction } from '../sqlite-api.ts';

/** The part of node:sqlite used here (its types are not in every @types/node this project supports). */
interface NativeStatement {
  run(...params: unknown[]): RunResult;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  iterate(...params: unknown[]): IterableIterator<unknown>;
  setReturnArrays(on: boolean): void;
  setAllowUnknownNamedParameters(on: boolean): void;
}
interface NativeDb {
  readonly isOpen: boolean;
  readonly isTransaction: boolean;
  prepare(sql: string): NativeStatement;
  exec(sql: string): void;
  enableLoadExtension(on: boolean): void;
  loadExtension(path: string): void;
  close(): void;
}
export interface NodeSqliteModule {
  DatabaseSync: new (path: string, opts: Record<string, unknown>) => NativeDb;
  backup(source: NativeDb, destination: string, opts?: { rate?: number }): Promise<number>;
}

/**
 * What this driver needs of node:sqlite, checked before it is chosen: `backup()`, `setReturnArrays` and
 * `isTransaction` (an instance property, so not checked here) came together in Node 22.16 and 24.0;
 * extension loading in 22.13 and 23.5.
 */
export function nodeSqliteUsable(mod: unknown): mod is NodeSqliteModule {
  const m = mod as Partial<NodeSqliteModule> | undefined;
  const db = m?.DatabaseSync?.prototype as unknown as Record<string, unknown> | undefined;
  const st = (m as { StatementSync?: { prototype: Record<string, unknown> } } | undefined)?.StatementSync?.prototype;
  return typeof m?.backup === 'function' && typeof db?.['loadExtension'] === 'function' && typeof st?.['setReturnArrays'] === 'function';
}

/** better-sqlite3 binds the members of an array parameter one by one; node:sqlite refuses arrays. */
function spread(params: unknown[]): unknown[] {
  for (const p of params) if (Array.isArray(p)) return params.flat();
  return params;
}

class NodeStatement implements SqliteStatement {
  readonly #s: NativeStatement;
  #pluck = false;

  constructor(s: NativeStatement) {
    this.#s = s;
    // better-sqlite3 ignores keys of a parameter object that the SQL does not name; so do we.
    s.setAllowUnknownNamedParameters(true);
  }

  pluck(on = true): this {
    this.#pluck = on;
    this.#s.setReturnArrays(on);
    return this;
  }

  raw(on = true): this {
    this.#pluck = false;
    this.#s.setReturnArrays(on);
    return this;
  }

  run(...params: unknown[]): RunResult {
    return this.#s.run(...spread(params));
  }

  get(...params: unknown[]): unknown {
    const row = this.#s.get(...spread(params));
    return this.#pluck && row !== undefined ? (row as unknown[])[0] : row;
  }

  all(...params: unknown[]): unknown[] {
    const rows = this.#s.all(...spread(params));
    if (this.#pluck) for (let i = 0; i < rows.length; i++) rows[i] = (rows[i] as unknown[])[0];
    return rows;
  }

  iterate(...params: unknown[]): IterableIterator<unknown> {
    const rows = this.#s.iterate(...spread(params));
    return this.#pluck ? firstColumns(rows) : rows;
  }
}

function* firstColumns(rows: IterableIterator<unknown>): IterableIterator<unknown> {
  for (const row of rows) yield (row as unknown[])[0];
}

class NodeDb implements SqliteDb {
  readonly name: string;
  readonly readonly: boolean;
  readonly #db: NativeDb;
  readonly #mod: NodeSqliteModule;

  constructor(mod: NodeSqliteModule, path: string, flags: OpenFlags) {
    this.#mod = mod;
    this.name = path;
    this.readonly = flags.readonly === true;
    if (flags.fileMustExist && !this.readonly && !path.startsWith('file:') && !existsSync(path)) {
      // What SQLite says when it may not create the file (node:sqlite has no such flag).
      throw Object.assign(new Error('unable to open database file'), { code: 'ERR_SQLITE_ERROR', errcode: 14, errstr: 'unable to open database file' });
    }
    // The same defaults as better-sqlite3: foreign keys on, double-quoted strings are identifiers,
    // a 5 s wait on locks (the store sets its own busy_timeout).
    this.#db = new mod.DatabaseSync(path, {
      readOnly: this.readonly,
      allowExtension: true,
      enableForeignKeyConstraints: true,
      enableDoubleQuotedStringLiterals: false,
      timeout: 5000,
    });
  }

  get open(): boolean {
    return this.#db.isOpen;
  }

  get inTransaction(): boolean {
    return this.#db.isOpen && this.#db.isTransaction;
  }

  prepare(sql: string): SqliteStatement {
    return new NodeStatement(this.#db.prepare(sql));
  }

  exec(sql: string): void {
    this.#db.exec(sql);
  }

  pragma(source: string, opts?: { readonly simple?: boolean }): unknown {
    const s = this.#db.prepare(`PRAGMA ${source}`);
    if (!opts?.simple) return s.all();
    s.setReturnArrays(true);
    return (s.get() as unknown[] | undefined)?.[0];
  }

  transaction<F extends (...args: never[]) => unknown>(fn: F): SqliteTransaction<F> {
    const db = this.#db;
    const inMode = (begin: string) =>
      function (this: unknown, ...args: Parameters<F>): ReturnType<F> {
        // Inside another transaction: a savepoint, so a failure undoes only this part.
        const [open, commit, undo] = db.isTransaction
          ? ['SAVEPOINT mnemo_tx', 'RELEASE mnemo_tx', 'ROLLBACK TO mnemo_tx; RELEASE mnemo_tx']
          : [begin, 'COMMIT', 'ROLLBACK'];
        db.exec(open);
        try {
          const result = fn.apply(this, args) as ReturnType<F>;
          db.exec(commit);
          return result;
        } catch (err) {
          // SQLite may have rolled back already (a full disk, an interrupt): then there is nothing to undo.
          if (db.isTransaction) db.exec(undo);
          throw err;
        }
      };
    const deferred = inMode('BEGIN DEFERRED');
    return Object.assign(deferred, { deferred, immediate: inMode('BEGIN IMMEDIATE'), exclusive: inMode('BEGIN EXCLUSIVE') });
  }

  async backup(destination: string, opts?: BackupOptions): Promise<void> {
    await this.#mod.backup(this.#db, destination, { rate: opts?.pagesPerStep ?? 0x7fffffff });
  }

  loadExtension(path: string): void {
    // Extension loading (the SQL function too) is on only while mnemo loads one.
    this.#db.enableLoadExtension(true);
    try {
      this.#db.loadExtension(path);
    } finally {
      this.#db.enableLoadExtension(false);
    }
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }
}

export function openNodeSqlite(mod: NodeSqliteModule, path: string, flags: OpenFlags = {}): SqliteDb {
  return new NodeDb(mod, path, flags);
}
