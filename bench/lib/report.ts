/**
 * @module bench/lib/report
 * Machine facts and the shared results file. Each benchmark owns one marked section of
 * bench/RESULTS.md and rewrites only that section, so running one benchmark keeps the others' figures.
 */
import { openSqlite, type SqliteDb } from '../../src/store/sqlite/driver.ts';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = join(BENCH_DIR, '..');
export const RESULTS = join(BENCH_DIR, 'RESULTS.md');

export interface Machine {
  readonly date: string;
  readonly nproc: string;
  readonly node: string;
  readonly cpu: string;
  readonly memGiB: string;
  readonly sqlite: string;
  readonly commit: string;
  /** 1- and 5-minute load averages when the run started: above `nproc`, other work competed. */
  readonly load: string;
}

function run(cmd: string, args: string[]): string {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '?';
  }
}

export function machine(): Machine {
  const db = openSqlite(':memory:');
  const sqlite = (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
  db.close();
  const dirty = run('git', ['-C', ROOT, 'status', '--porcelain', '--untracked-files=no', '--', 'src']) ? ' (src/ modified)' : '';
  return {
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    nproc: run('nproc', []),
    node: process.version,
    cpu: cpus()[0]?.model.trim() ?? '?',
    memGiB: (totalmem() / 1024 ** 3).toFixed(0),
    sqlite,
    commit: run('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD']) + dirty,
    load: loadavg().slice(0, 2).map((l) => l.toFixed(1)).join(' / '),
  };
}

export function machineLine(m: Machine): string {
  return `${m.date} · \`nproc\` ${m.nproc} (${m.cpu}) · ${m.memGiB} GiB RAM · \`node --version\` ${m.node} · SQLite ${m.sqlite} · commit ${m.commit} · load average at start ${m.load}`;
}

const PREAMBLE = `# Benchmarks

Produced by \`npm run bench\` (all) or \`npm run bench -- <name>\` (one: \`hooks\`, \`search\`, …);
each benchmark rewrites only its own section below. The machine is shared and noisy, so every
figure that matters is a **ratio to a baseline measured in the same run**, interleaved with the
subject; absolute milliseconds are for orientation only. \`NODE_EXTRA_CA_CERTS\` is unset in every
timed process (it adds ~85 ms to each Node start on this machine). Timings are never asserted in tests.
`;

/** Replace (or append) the section between `<!-- name:begin -->` and `<!-- name:end -->`. */
export function writeSection(name: string, markdown: string, opts: { onlyIfMissing?: boolean } = {}): void {
  const begin = `<!-- ${name}:begin -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${begin}\n${markdown.trim()}\n${end}`;
  let text = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : PREAMBLE;
  const i = text.indexOf(begin);
  const j = text.indexOf(end);
  if (opts.onlyIfMissing && i >= 0) return;
  if (i >= 0 && j > i) text = text.slice(0, i) + block + text.slice(j + end.length);
  else text = `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(RESULTS, text);
}

/** `--no-write` (or MNEMO_BENCH_WRITE=0) leaves RESULTS.md alone. */
export function shouldWrite(): boolean {
  return !process.argv.includes('--no-write') && process.env.MNEMO_BENCH_WRITE !== '0';
}

/** An environment for timed child processes: no extra CA bundle to parse at start. */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.NODE_EXTRA_CA_CERTS;
  delete env.NODE_OPTIONS;
  return env;
}
