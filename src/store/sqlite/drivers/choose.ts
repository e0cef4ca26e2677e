/**
 * @module store/sqlite/drivers/choose
 * Which SQLite binding this process uses, decided once: Node's built-in node:sqlite where the running
 * Node has what the store needs (Node 22.16+, 23.11+, 24), else better-sqlite3 (Node 20, where it must
 * be installed beside mnemo). `MNEMO_SQLITE_DRIVER=node|better-sqlite3` forces one. When neither can be
 * had the error says, in one line, what to do.
 */
import { StoreError } from '../../store.ts';
import type { OpenFlags, SqliteDb, SqliteDriverName } from '../sqlite-api.ts';
import { openBetterSqlite3, type BetterSqlite3Module } from './better-sqlite3.ts';
import { requireBetterSqlite3 } from './better-sqlite3-module.ts';
import { nodeSqliteUsable, openNodeSqlite, type NodeSqliteModule } from './node-sqlite.ts';

export interface SqliteDriver {
  readonly name: SqliteDriverName;
  /** Why this one (forced, built in, the fallback). */
  readonly why: string;
  open: (path: string, flags?: OpenFlags) => SqliteDb;
}

/** No SQLite binding can be had in this process: the message is one line that says what to do. */
export class SqliteUnavailableError extends StoreError {
  readonly sqliteUnavailable = true;
  constructor(message: string, options?: { cause?: unknown }) {
    super('UNAVAILABLE', message, options);
  }
}

const NODE_NEEDED = 'node:sqlite needs Node 22.16+ or 24';
const FIX_NODE20 = 'use Node 22.16+ or 24 (the `node` on PATH), or install better-sqlite3 beside mnemo: npm install -g better-sqlite3@12';

/** Node 22 prints an ExperimentalWarning when node:sqlite loads; only that warning is kept quiet. */
function isSqliteWarning(warning: unknown, rest: unknown[]): boolean {
  const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: unknown } | undefined)?.type;
  const text = warning instanceof Error ? warning.message : String(warning);
  const kind = warning instanceof Error ? warning.name : type;
  return kind === 'ExperimentalWarning' && text.startsWith('SQLite ');
}

function loadNodeSqlite(): unknown {
  const get = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  if (typeof get !== 'function') return undefined;
  const emit = process.emitWarning;
  process.emitWarning = function (this: unknown, warning: string | Error, ...rest: unknown[]) {
    if (isSqliteWarning(warning, rest)) return;
    return (emit as (...a: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    return get.call(process, 'node:sqlite');
  } catch {
    return undefined;
  } finally {
    process.emitWarning = emit;
  }
}

function nodeDriver(mod: NodeSqliteModule, why: string): SqliteDriver {
  return { name: 'node', why, open: (path, flags) => openNodeSqlite(mod, path, flags) };
}

function betterDriver(mod: BetterSqlite3Module, why: string): SqliteDriver {
  return { name: 'better-sqlite3', why, open: (path, flags) => openBetterSqlite3(mod, path, flags) };
}

/**
 * better-sqlite3, or why it cannot be loaded: absent, or its addon built for another Node (which shows
 * only when the addon loads, at the first connection: hence one opened here).
 */
function loadBetter(): BetterSqlite3Module | Error {
  try {
    const mod = requireBetterSqlite3();
    // better-sqlite3 is built with URI filenames off; SQLite reads this once, when the addon loads.
    // Only names that start with `file:` change meaning, and mnemo's paths are absolute; the read-only
    // fallback (driver.ts) needs `file:…?immutable=1`.
    process.env.SQLITE_USE_URI ??= '1';
    openBetterSqlite3(mod, ':memory:').close();
    return mod;
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

function betterFailure(err: Error): string {
  const code = (err as { code?: unknown }).code;
  if (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') return 'better-sqlite3 is not installed';
  const first = err.message.split('\n')[0] ?? '';
  return `better-sqlite3 could not be loaded (${first.slice(0, 160)})`;
}

function choose(): SqliteDriver {
  const forced = process.env.MNEMO_SQLITE_DRIVER?.trim();
  if (forced && forced !== 'auto' && forced !== 'node' && forced !== 'better-sqlite3') {
    throw new SqliteUnavailableError(`MNEMO_SQLITE_DRIVER="${forced.slice(0, 40)}" is not a driver mnemo knows: use node, better-sqlite3 or auto`);
  }
  if (forced !== 'better-sqlite3') {
    const mod = loadNodeSqlite();
    if (nodeSqliteUsable(mod)) return nodeDriver(mod, forced === 'node' ? 'MNEMO_SQLITE_DRIVER=node' : 'built into this Node');
    if (forced === 'node') {
      throw new SqliteUnavailableError(`MNEMO_SQLITE_DRIVER=node, but Node ${process.version} has ${mod ? 'a node:sqlite without what mnemo needs' : 'no node:sqlite'} (${NODE_NEEDED})`);
    }
  }
  const better = loadBetter();
  if (!(better instanceof Error)) return betterDriver(better, forced === 'better-sqlite3' ? 'MNEMO_SQLITE_DRIVER=better-sqlite3' : `Node ${process.version} has no usable node:sqlite`);
  if (forced === 'better-sqlite3') {
    throw new SqliteUnavailableError(`MNEMO_SQLITE_DRIVER=better-sqlite3, but ${betterFailure(better)}: npm install -g better-sqlite3@12 (or npm rebuild better-sqlite3), or unset MNEMO_SQLITE_DRIVER`, { cause: better });
  }
  throw new SqliteUnavailableError(`mnemo has no SQLite on Node ${process.version}: ${NODE_NEEDED} and ${betterFailure(better)}. Fix: ${FIX_NODE20}`, { cause: better });
}

let chosen: SqliteDriver | undefined;

/** The driver of this process (chosen on first use; throws SqliteUnavailableError when there is none). */
export function sqliteDriver(): SqliteDriver {
  return (chosen ??= choose());
}

/** Open a connection with the process's driver, as it is: no mnemo settings (driver.ts applies those). */
export function openSqlite(path: string, flags?: OpenFlags): SqliteDb {
  return sqliteDriver().open(path, flags);
}

/** Each driver that can be loaded in this process, for tests that run one suite over both. */
export function availableDrivers(): SqliteDriver[] {
  const out: SqliteDriver[] = [];
  const mod = loadNodeSqlite();
  if (nodeSqliteUsable(mod)) out.push(nodeDriver(mod, 'built into this Node'));
  const better = loadBetter();
  if (!(better instanceof Error)) out.push(betterDriver(better, 'installed'));
  return out;
}

/** What `mnemo doctor` reports: the driver, the SQLite it runs, and the Node. */
export interface SqliteRuntime {
  readonly driver: SqliteDriverName;
  readonly why: string;
  readonly sqliteVersion: string;
  readonly node: string;
}

export function sqliteRuntime(): SqliteRuntime {
  const d = sqliteDriver();
  const db = d.open(':memory:');
  try {
    return { driver: d.name, why: d.why, sqliteVersion: String(db.prepare('SELECT sqlite_version()').pluck().get()), node: process.version };
  } finally {
    db.close();
  }
}
