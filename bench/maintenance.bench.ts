/**
 * What a hook pays to open a store the first time after the upgrade to schema v5, now that the
 * migration defers its heavy parts (store/sqlite/maintenance), against opening a store that is
 * already current (the baseline), interleaved in the same rounds:
 *
 *   - current store: `SqliteStore.open` + close of an up-to-date store (what every hook pays anyway);
 *   - v4 store, hook-style open: the migration to v5 as it runs now (steps recorded as pending);
 *   - v4 store, everything at once: the same open followed by all the deferred work in one go, the
 *     work migration 5 used to do inside the open (two indexes and the observation_files backfill).
 *
 * Then, once, the deferred work as the long-lived processes run it: how long each chunk holds the
 * write lock (what a concurrent writer may wait), and in total.
 *
 *   npm run bench -- maintenance
 *   MNEMO_BENCH_ROUNDS=7       rounds (default 5; each copies the store twice)
 *   MNEMO_BENCH_STORE=path     measure this store (any current mnemo store) instead of the seeded 100,000
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openSqlite, type SqliteDb } from '../src/store/sqlite/driver.ts';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.ts';
import { pendingSteps } from '../src/store/sqlite/maintenance.ts';
import { downgradeToV4 } from '../test/integration/store/v4-store.ts';
import { machine, machineLine, ROOT, shouldWrite, writeSection } from './lib/report.ts';
import { seededStore } from './lib/seed.ts';
import { int, median, ms, ratio, rng, shuffle, table } from './lib/stats.ts';

const ROUNDS = Math.max(3, Number(process.env.MNEMO_BENCH_ROUNDS) || 5);
const N = 100_000;
const dir = mkdtempSync(join(tmpdir(), 'mnemo-bench-maint-'));

const m = machine();
const current = join(dir, 'current.db');
if (process.env.MNEMO_BENCH_STORE) copyFileSync(process.env.MNEMO_BENCH_STORE, current);
else await seededStore(current, N, ROOT, (done) => done % 10_000 === 0 && console.error(`seeding ${done}`));
// Bring the store to this code's current schema and finish any pending work: the baseline.
{
  const s = SqliteStore.open({ path: current, busyTimeoutMs: 5000 });
  s.maintain();
  await s.close();
}
const countDb = openSqlite(current, { readonly: true });
const rows = countDb.prepare('SELECT count(*) FROM observations').pluck().get() as number;
countDb.close();
const v4 = join(dir, 'v4.db');
copyFileSync(current, v4);
downgradeToV4(v4);

type Case = 'current' | 'hook-style' | 'all at once';
const samples: Record<Case, number[]> = { current: [], 'hook-style': [], 'all at once': [] };
const random = rng(5);

function timeOpen(path: string, then?: (s: SqliteStore) => void): number {
  const t = performance.now();
  const s = SqliteStore.open({ path, busyTimeoutMs: 5000 });
  then?.(s);
  void s.close();
  return performance.now() - t;
}

for (let round = 0; round < ROUNDS; round++) {
  for (const c of shuffle<Case>(['current', 'hook-style', 'all at once'], random)) {
    if (c === 'current') {
      samples[c].push(timeOpen(current));
      continue;
    }
    const copy = join(dir, `round.db`);
    copyFileSync(v4, copy);
    samples[c].push(timeOpen(copy, c === 'all at once' ? (s) => s.maintain() : undefined));
    if (c === 'hook-style') {
      const db = openSqlite(copy, { readonly: true });
      const pending = pendingSteps(db as never).length;
      db.close();
      if (pending !== 3) throw new Error(`hook-style open left ${pending} pending steps, expected 3`);
    }
    rmSync(copy, { force: true });
    rmSync(`${copy}-wal`, { force: true });
    rmSync(`${copy}-shm`, { force: true });
  }
  console.error(`round ${round + 1}/${ROUNDS}`);
}

// The deferred work as the MCP server runs it: one chunk at a time.
const work = join(dir, 'work.db');
copyFileSync(v4, work);
await SqliteStore.open({ path: work, busyTimeoutMs: 5000 }).close();
const store = SqliteStore.open({ path: work, busyTimeoutMs: 5000 });
const chunks: { step: string; ms: number }[] = [];
for (;;) {
  const step = store.maintain({ maxChunks: 0 }).pending[0]?.step;
  if (!step) break;
  const t = performance.now();
  store.maintain({ maxChunks: 1 });
  chunks.push({ step, ms: performance.now() - t });
}
await store.close();
rmSync(dir, { recursive: true, force: true });

const base = median(samples.current);
const line = (label: string, c: Case) => [label, ms(median(samples[c])), ms(Math.max(...samples[c])), ratio(median(samples[c]) / base)];
const fills = chunks.filter((c) => c.step === 'observation_files');
const byStep = (s: string) => chunks.filter((c) => c.step === s).reduce((a, c) => a + c.ms, 0);
const md = `## Opening a store after the upgrade to schema v5 at ${int(rows)} observations (bench/maintenance.bench.ts)

${machineLine(m)}

\`SqliteStore.open\` + close in this process (what a hook's open costs, Node start excluded), ${ROUNDS} rounds, cases shuffled within each round; a fresh copy of the v4 store for each v4 open.

${table(['open', 'median ms', 'max ms', 'median × current store'], [
  line('current store (baseline)', 'current'),
  line('v4 store, hook-style open (indexes and backfill left pending)', 'hook-style'),
  line('v4 store, open + all deferred work at once (what migration 5 did inside the open)', 'all at once'),
])}

The deferred work, run afterwards a chunk (one write transaction) at a time as the MCP server, viewer and CLI do:

${table(['step', 'chunks', 'total ms', 'longest chunk ms'], [
  ['index observations_type', '1', ms(byStep('observations_type')), ms(byStep('observations_type'))],
  ['index events_type_obs', '1', ms(byStep('events_type_obs')), ms(byStep('events_type_obs'))],
  ['backfill observation_files (20,000 observations a chunk)', String(fills.length), ms(byStep('observation_files')), ms(Math.max(0, ...fills.map((c) => c.ms)))],
])}
`;
console.log(md);
if (shouldWrite()) writeSection(`maintenance-${rows}`, md);
