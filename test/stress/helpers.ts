/**
 * Shared pieces of the stress suites (issue 8): the scale knob, figure reporting, an MCP client over
 * stdio, a store-writing child process, SQLite checks that never modify the file, and mounts.
 *
 * Every process is spawned from the private copy of plugin/dist that the hook integration helpers
 * take (a concurrent `npm run build` cannot pull the bundle from under a running test), with
 * NODE_EXTRA_CA_CERTS and stray MNEMO_* variables removed from its environment.
 *
 * Scale: `npm test` runs the bounded CI form; `npm run test:stress` sets MNEMO_STRESS_SCALE=full.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqlite, type SqliteDb } from '../../src/store/sqlite/driver.ts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { REPO_ROOT, childEnv, cliJs } from '../integration/hooks/helpers.ts';

export * from '../integration/hooks/helpers.ts';

/** True under `npm run test:stress` (MNEMO_STRESS_SCALE=full): long runs, many processes. */
export const FULL = process.env.MNEMO_STRESS_SCALE === 'full';

/** The CI figure or the full-scale one. */
export function scale<T>(ci: T, full: T): T {
  return FULL ? full : ci;
}

/**
 * Print one suite's figures as a single greppable line (`[stress] name {...}`), the numbers the
 * README quotes: events sent, stored, duplicated, lost; crashes injected; inputs tried; secrets.
 */
export function report(name: string, figures: Record<string, unknown>): void {
  console.log(`[stress] ${name} ${JSON.stringify({ scale: FULL ? 'full' : 'ci', ...figures })}`);
}

export function percentiles(values: readonly number[]): { n: number; p50: number; p95: number; max: number } {
  const v = [...values].sort((a, b) => a - b);
  const at = (q: number) => v[Math.min(v.length - 1, Math.max(0, Math.ceil(q * v.length) - 1))] ?? 0;
  return { n: v.length, p50: at(0.5), p95: at(0.95), max: v[v.length - 1] ?? 0 };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A small seeded generator (xorshift32), so a failing chaos run can be replayed with its seed. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 0x9e3779b9;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}

/**
 * The seed of this run (printed with the figures): MNEMO_STRESS_SEED; else a fixed one in the CI
 * form (the same inputs every run) and the clock at full scale (new inputs every run).
 */
export const SEED = Number(process.env.MNEMO_STRESS_SEED) || (FULL ? Date.now() & 0x7fffffff : 20261129);

/** Text that must never reach a host: SQLite's lock errors. */
export const LOCKED_RE = /database is locked|SQLITE_BUSY|database is busy/i;

// ---------------------------------------------------------------------------------------------
// SQLite, read without writing: `immutable=1` opens the file without taking locks or creating
// -wal/-shm, so checking a store cannot change it (only used when no writer is running).

/** `PRAGMA integrity_check` rows ("ok" when healthy), through a fresh normal connection. */
export function integrityCheck(dbPath: string): string[] {
  const db = openSqlite(dbPath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    return (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
  } finally {
    db.close();
  }
}

/** Row counts the suites compare with what they sent. */
export function countRows(dbPath: string): { observations: number; fts: number; publicObservations: number; sessions: number } {
  const db = openSqlite(dbPath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    const one = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    return {
      observations: one('SELECT count(*) AS n FROM observations'),
      publicObservations: one('SELECT count(*) AS n FROM observations WHERE private = 0'),
      fts: one('SELECT count(*) AS n FROM observations_fts'),
      sessions: one('SELECT count(*) AS n FROM sessions'),
    };
  } finally {
    db.close();
  }
}

/** sha256 of every file in a folder (not recursive), for "left byte-identical" checks. */
export function hashFiles(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of readdirSync(dir).sort()) {
    const p = join(dir, n);
    if (statSync(p).isFile()) out[n] = createHash('sha256').update(readFileSync(p)).digest('hex');
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// MCP over stdio, through the SDK's own client.

export interface McpHandle {
  readonly client: Client;
  readonly stderr: () => string;
  call(name: string, args: Record<string, unknown>, timeoutMs?: number): Promise<CallToolResult>;
  close(): Promise<void>;
  readonly pid: number | null;
}

export function textOf(r: CallToolResult): string {
  return (r.content ?? []).map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');
}

/** Start `mnemo mcp` on `dataDir` with `cwd` as the host's folder and connect a client. */
export async function startMcp(dataDir: string, cwd: string, env: Record<string, string | undefined> = {}): Promise<McpHandle> {
  let stderr = '';
  const e = childEnv(dataDir, env);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliJs(), 'mcp'],
    cwd,
    env: Object.fromEntries(Object.entries(e).filter((kv): kv is [string, string] => kv[1] !== undefined)),
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
  const client = new Client({ name: 'mnemo-stress', version: '0.0.0' });
  client.onerror = () => undefined;
  try {
    await client.connect(transport, { timeout: 20_000 });
  } catch (err) {
    await sleep(100);
    throw new Error(`${(err as Error).message}; server stderr: ${stderr.trim().slice(0, 500)}`);
  }
  return {
    client,
    stderr: () => stderr,
    pid: transport.pid,
    call: async (name, args, timeoutMs = 30_000) => (await client.callTool({ name, arguments: args }, undefined, { timeout: timeoutMs })) as CallToolResult,
    close: async () => {
      await client.close().catch(() => undefined);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// A child process that writes to a store directly through SqliteStore (src, via tsx): a big ingest
// transaction to kill, a migration to interrupt.

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'store-child.ts');

export interface StoreChild {
  readonly child: ChildProcessWithoutNullStreams;
  /** Resolves with the first stdout line that matches. */
  waitFor(re: RegExp, timeoutMs?: number): Promise<string>;
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/**
 * `mode` is `ingest` (args: dbPath, count, tag, sessions): one `store.ingest` of `count` events
 * in one transaction, printing `begin` before and `committed <applied>` after; or `open`
 * (args: dbPath): open (and so migrate) the store, printing `opened <version>`.
 */
export function storeChild(mode: 'ingest' | 'open', args: readonly (string | number)[], dataDir: string): StoreChild {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, mode, ...args.map(String)], {
    cwd: REPO_ROOT,
    env: childEnv(dataDir),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: { re: RegExp; res: (l: string) => void }[] = [];
  child.stdout.on('data', (b: Buffer) => {
    stdout += b.toString();
    for (const w of [...waiters]) {
      const line = stdout.split('\n').find((l) => w.re.test(l));
      if (line !== undefined) (waiters.splice(waiters.indexOf(w), 1), w.res(line));
    }
  });
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((res) =>
    child.on('close', (code, signal) => res({ code, signal, stdout, stderr })),
  );
  return {
    child,
    waitFor: (re, timeoutMs = 60_000) =>
      new Promise((res, rej) => {
        const line = stdout.split('\n').find((l) => re.test(l));
        if (line !== undefined) return res(line);
        const t = setTimeout(() => rej(new Error(`store child printed no ${re} in ${timeoutMs} ms; stdout: ${stdout}; stderr: ${stderr}`)), timeoutMs);
        waiters.push({ re, res: (l) => (clearTimeout(t), res(l)) });
        void done.then(() => {
          clearTimeout(t);
          const l = stdout.split('\n').find((x) => re.test(x));
          if (l !== undefined) res(l);
          else rej(new Error(`store child exited without ${re}; stdout: ${stdout}; stderr: ${stderr}`));
        });
      }),
    exited: () => done,
  };
}

// ---------------------------------------------------------------------------------------------
// Mounts (root only): a small tmpfs for a full disk, remounted read-only for a read-only data dir.

let mountProbe: boolean | undefined;

/** Whether this process may mount a tmpfs (root in a permissive container). */
export function canMount(): boolean {
  if (mountProbe !== undefined) return mountProbe;
  const dir = join(REPO_ROOT, '.tmp', `mount-probe-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { encoding: 'utf8' });
  mountProbe = r.status === 0;
  if (mountProbe) spawnSync('umount', [dir]);
  rmSync(dir, { recursive: true, force: true });
  return mountProbe;
}

const mounted: string[] = [];
process.once('exit', () => {
  for (const m of mounted.reverse()) spawnSync('umount', ['-l', m]);
});

/** Mount a tmpfs of `size` (e.g. "2m") on `dir`; unmounted when the process exits. */
export function mountTmpfs(dir: string, size: string): void {
  mkdirSync(dir, { recursive: true });
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`mount tmpfs on ${dir} failed: ${r.stderr}`);
  mounted.push(dir);
}

export function remount(dir: string, mode: 'ro' | 'rw'): void {
  const r = spawnSync('mount', ['-o', `remount,${mode}`, dir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`remount ${mode} ${dir} failed: ${r.stderr}`);
}

export function unmount(dir: string): void {
  spawnSync('umount', ['-l', dir]);
  const i = mounted.indexOf(dir);
  if (i >= 0) mounted.splice(i, 1);
}

/** Every regular file under `dir`, recursively (db, WAL, spool, quarantine, log, backups). */
export function allFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else if (st.isFile()) out.push(p);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}
