/**
 * @module store/sqlite/drivers/better-sqlite3
 * The store's SQLite API (sqlite-api.ts) over better-sqlite3, the native addon used where Node has no
 * usable node:sqlite (Node 20). Its statements and transactions already have the shapes the store uses
 * and are handed out as they are; only the connection is wrapped. The module is loaded on first use
 * (better-sqlite3-module.ts), so a process on node:sqlite never loads the addon.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { BackupOptions, OpenFlags, SqliteDb, SqliteStatement, SqliteTransaction } from '../sqlite-api.ts';

export type BetterSqlite3Module = typeof BetterSqlite3;

class BetterDb implements SqliteDb {
  readonly #db: BetterSqlite3.Database;

  constructor(db: BetterSqlite3.Database) {
    this.#db = db;
  }

  get name(): string {
    return this.#db.name;
  }
  get open(): boolean {
    return this.#db.open;
  }
  get readonly(): boolean {
    return this.#db.readonly;
  }
  get inTransaction(): boolean {
    return this.#db.inTransaction;
  }

  prepare(sql: string): SqliteStatement {
    return this.#db.prepare(sql) as unknown as SqliteStatement;
  }

  exec(sql: string): void {
    this.#db.exec(sql);
  }

  pragma(source: string, opts?: { readonly simple?: boolean }): unknown {
    return this.#db.pragma(source, opts?.simple ? { simple: true } : undefined);
  }

  transaction<F extends (...args: never[]) => unknown>(fn: F): SqliteTransaction<F> {
    return this.#db.transaction(fn as unknown as (...args: unknown[]) => unknown) as unknown as SqliteTransaction<F>;
  }

  async backup(destination: string, opts?: BackupOptions): Promise<void> {
    const pages = opts?.pagesPerStep ?? 0x7fffffff;
    await this.#db.backup(destination, { progress: () => pages });
  }

  loadExtension(path: string): void {
    this.#db.loadExtension(path);
  }

  close(): void {
    if (this.#db.open) this.#db.close();
  }
}

export function openBetterSqlite3(Database: BetterSqlite3Module, path: string, flags: OpenFlags = {}): SqliteDb {
  return new BetterDb(new Database(path, { readonly: flags.readonly === true, fileMustExist: flags.fileMustExist === true }));
}
