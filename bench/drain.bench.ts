/**
 * What durable drains cost. A drain deletes its spool files once the transaction that stored them has
 * committed; with `synchronous = NORMAL` (WAL) a commit is not yet on disk, so a power loss right
 * after could lose events whose spool files are already gone. mnemo commits with `synchronous = FULL`
 * (one fsync of the WAL per transaction, i.e. per batch of up to 500 events); this measures that
 * against NORMAL, interleaved in the same rounds on fresh stores, for spools of several sizes.
 *
 *   npm run bench -- drain
 *   MNEMO_BENCH_ROUNDS=30     rounds per size (default 15, after 2 warm-up rounds)
 *
 * Timed: `drainSpool` alone (read the files, one `ingest` transaction per 500 events, delete the
 * files), on a store opened beforehand; creating the store and writing the spool are not timed.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { captureEvent } from '../src/core/capture.ts';
import type { HookEvent } from '../src/core/types.ts';
import { drainSpool } from '../src/store/drain.ts';
import { spoolWrite } from '../src/store/spool.ts';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.ts';
import { machine, machineLine, ROOT, shouldWrite, writeSection } from './lib/report.ts';
import { median, ms, p95, ratio, rng, shuffle, table } from './lib/stats.ts';

const ROUNDS = Math.max(5, Number(process.env.MNEMO_BENCH_ROUNDS) || 15);
const WARMUP = 2;
const SIZES = [1, 10, 100, 1000];
const MODES = ['NORMAL', 'FULL'] as const;
type Mode = (typeof MODES)[number];

const work = join(ROOT, '.tmp');
mkdirSync(work, { recursive: true });
const project = '/home/dev/shop';

function hookEvent(i: number): HookEvent {
  const session = `drain-${Math.floor(i / 200)}`;
  if (i % 5 === 4) return { event: 'UserPromptSubmit', platform: 'claude-code', sessionId: session, cwd: project, prompt: `Step ${i}: make the checkout retry on ECONNRESET`, promptId: `p${i}` };
  return {
    event: 'PostToolUse',
    platform: 'claude-code',
    sessionId: session,
    cwd: project,
    toolUseId: `toolu_drain_${i}`,
    toolName: i % 2 ? 'Bash' : 'Edit',
    toolInput: i % 2 ? { command: `npm test -- checkout ${i}` } : { file_path: `${project}/src/db/pool${i % 13}.ts`, old_string: 'getConn', new_string: `acquire${i}` },
    toolResponse: i % 2 ? { stdout: `PASS test/checkout.test.ts (${i} tests)\n`.repeat(4), stderr: '' } : { filePath: `${project}/src/db/pool${i % 13}.ts` },
  } as HookEvent;
}

/** One spool of `n` events per size, written once (each file fsync'd) and copied for every run. */
const templates = new Map<number, string>();
function template(n: number): string {
  let dir = templates.get(n);
  if (dir) return dir;
  dir = mkdtempSync(join(work, `bench-drain-spool-${n}-`));
  const now = Date.now();
  for (let i = 0; i < n; i++) {
    const ev = captureEvent(hookEvent(i), { place: { project }, now: now + i, uid: `drain-${now}-${i}`, limits: { maxInputChars: 4000, maxOutputChars: 4000 } });
    if (ev) spoolWrite(dir, ev);
  }
  templates.set(n, dir);
  return dir;
}

/** A fresh store (created and closed) with `n` events waiting in its spool. */
function prepare(n: number): { dir: string; db: string; spool: string } {
  const dir = mkdtempSync(join(work, 'bench-drain-'));
  const db = join(dir, 'mnemo.db');
  const spool = join(dir, 'spool');
  void SqliteStore.open({ path: db, busyTimeoutMs: 5000 }).close();
  cpSync(template(n), spool, { recursive: true });
  return { dir, db, spool };
}

async function drainOnce(n: number, mode: Mode): Promise<number> {
  const { dir, db, spool } = prepare(n);
  const store = SqliteStore.open({ path: db, busyTimeoutMs: 5000, synchronous: mode });
  try {
    const t0 = performance.now();
    const r = await drainSpool(store, spool, { maxMs: 600_000 });
    const elapsed = performance.now() - t0;
    if (r.remaining !== 0 || r.applied + r.duplicates < n) throw new Error(`drain of ${n} left ${r.remaining}, applied ${r.applied}`);
    return elapsed;
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const random = rng(20261129);
const m = machine();
const rows: string[][] = [];
console.log(`drain: ${ROUNDS} rounds per size (+${WARMUP} warm-up), sizes ${SIZES.join(', ')}`);
for (const n of SIZES) {
  const rounds = ROUNDS;
  const times: Record<Mode, number[]> = { NORMAL: [], FULL: [] };
  const ratios: number[] = [];
  const extra: number[] = [];
  for (let r = 0; r < rounds + WARMUP; r++) {
    const got: Partial<Record<Mode, number>> = {};
    for (const mode of shuffle([...MODES], random)) got[mode] = await drainOnce(n, mode);
    if (r < WARMUP) continue;
    times.NORMAL.push(got.NORMAL!);
    times.FULL.push(got.FULL!);
    ratios.push(got.FULL! / got.NORMAL!);
    extra.push(got.FULL! - got.NORMAL!);
  }
  const batches = Math.ceil(n / 500);
  rows.push([
    String(n),
    String(batches),
    ms(median(times.NORMAL)),
    ms(median(times.FULL)),
    ms(p95(times.FULL)),
    ratio(median(ratios)),
    ms(median(extra)),
  ]);
  console.log(`  ${n} events: NORMAL ${ms(median(times.NORMAL))} ms, FULL ${ms(median(times.FULL))} ms, FULL/NORMAL ${ratio(median(ratios))}`);
}

const md = [
  '## Durable spool drains (bench/drain.bench.ts)',
  '',
  machineLine(m),
  '',
  `\`drainSpool\` of N spooled events into a fresh store on the data directory's file system, \`synchronous = FULL\` (what mnemo uses) against \`NORMAL\` (the baseline), interleaved in the same rounds in a shuffled order; medians of ${ROUNDS} rounds. The ratio and the difference are medians of per-round values (each round runs both modes on the same spool).`,
  '',
  table(['events', 'transactions', 'NORMAL ms', 'FULL ms', 'FULL p95 ms', 'FULL / NORMAL', 'FULL − NORMAL ms'], rows),
  '',
  'FULL adds one fsync of the WAL per transaction (per batch of up to 500 events); in exchange an event whose spool file the drain deletes is on disk, power loss or not.',
].join('\n');
console.log(`\n${md}`);
if (shouldWrite()) writeSection('drain', md);
for (const dir of templates.values()) rmSync(dir, { recursive: true, force: true });
