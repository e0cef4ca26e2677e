/**
 * What deleting for good costs (store/sqlite/forget, store/sqlite/retention), each against a
 * baseline measured in the same run, interleaved:
 *
 * 1. ingest with `PRAGMA secure_delete = ON` (what every mnemo connection sets, so freed pages and
 *    cells are zeroed) against the same ingest with it OFF — two fresh stores fed the bench corpus
 *    side by side, batch by batch (500 events, like the spool drain), alternating which goes first;
 * 2. `forget` of one observation (delete + merge of the word index + WAL truncation) against the
 *    bare delete of the row and its index entry (which leaves the terms in the index's segments);
 * 3. a retention run deleting the oldest tenth by age, against ingesting the same number of rows.
 *
 * secure_delete is switched off for the baseline by wrapping the driver's connections' `pragma` in this
 * process only: production code has no switch to turn it off.
 *
 *   node --import tsx bench/retention.bench.ts     (or: npm run bench -- retention)
 *   MNEMO_BENCH_OBS=20000                          observations per store (default 20,000)
 *   MNEMO_BENCH_ROUNDS=3                           rounds (default 3; medians reported)
 *   --no-write                                     leave bench/RESULTS.md alone
 */
import { openSqlite, sqliteDriver } from '../src/store/sqlite/driver.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.ts';
import { Corpus } from './lib/corpus.ts';
import { machine, machineLine, shouldWrite, writeSection } from './lib/report.ts';
import { int, median, ms, ratio, table } from './lib/stats.ts';

const OBS = Math.max(1000, Number(process.env.MNEMO_BENCH_OBS) || 20_000);
const ROUNDS = Math.max(1, Number(process.env.MNEMO_BENCH_ROUNDS) || 3);
const FORGETS = 15;
const END = Date.UTC(2026, 10, 1);

let secureDelete = true;
const driver = sqliteDriver();
const open = driver.open;
driver.open = (path, flags) => {
  const db = open(path, flags);
  const pragma = db.pragma.bind(db);
  db.pragma = (source, options) => pragma(!secureDelete && /^\s*secure_delete\s*=/.test(source) ? 'secure_delete = OFF' : source, options);
  return db;
};

const fresh = () => join(mkdtempSync(join(tmpdir(), 'mnemo-bench-retention-')), 'mnemo.db');
const done = (path: string) => rmSync(join(path, '..'), { recursive: true, force: true });

/**
 * The same corpus into two fresh stores, one opened with secure_delete ON and one OFF, batch by
 * batch, alternating which goes first: load on this shared machine drifts, and it hits both alike.
 */
async function ingestBoth(first: 'on' | 'off'): Promise<{ on: number; off: number; path: string }> {
  const paths = { on: fresh(), off: fresh() };
  secureDelete = true;
  const on = SqliteStore.open({ path: paths.on, busyTimeoutMs: 5000 });
  secureDelete = false;
  const off = SqliteStore.open({ path: paths.off, busyTimeoutMs: 5000 });
  secureDelete = true;
  const spent = { on: 0, off: 0 };
  const corpus = new Corpus({ observations: OBS, endAt: END, spanDays: 365 });
  let k = 0;
  try {
    for (const batch of corpus.batches(500)) {
      const order = (k++ % 2 === 0) === (first === 'on') ? (['on', 'off'] as const) : (['off', 'on'] as const);
      for (const mode of order) {
        const t = performance.now();
        await (mode === 'on' ? on : off).ingest(batch);
        spent[mode] += performance.now() - t;
      }
    }
  } finally {
    await on.close();
    await off.close();
  }
  done(paths.off);
  return { ...spent, path: paths.on };
}

const m = machine();
console.log(`retention bench: ${int(OBS)} observations, ${ROUNDS} rounds`);
const ingest = { on: [] as number[], off: [] as number[] };
const forget = { purge: [] as number[], bare: [] as number[] };
const prune = { run: [] as number[], rows: 0, ingestSame: [] as number[] };
const forgetRounds: number[] = [];

for (let round = 0; round < ROUNDS; round++) {
  // 1. Ingest, ON and OFF side by side.
  const both = await ingestBoth(round % 2 ? 'off' : 'on');
  ingest.on.push(both.on);
  ingest.off.push(both.off);
  const path = both.path;

  // 2. forget one row vs the bare delete of one row, alternating, on the same store.
  const store = SqliteStore.open({ path, busyTimeoutMs: 5000 });
  const raw = openSqlite(path);
  raw.pragma('foreign_keys = ON');
  const ids = raw.prepare('SELECT id FROM observations WHERE private = 0 ORDER BY random() LIMIT ?').pluck().all(2 * FORGETS) as number[];
  const bare = raw.transaction((id: number) => {
    raw.prepare('DELETE FROM observations_fts WHERE rowid = ?').run(id);
    raw.prepare('DELETE FROM observations WHERE id = ?').run(id);
  });
  for (let i = 0; i < FORGETS; i++) {
    let t = performance.now();
    await store.forget({ ids: [ids[2 * i]!] });
    forget.purge.push(performance.now() - t);
    t = performance.now();
    bare.immediate(ids[2 * i + 1]!);
    forget.bare.push(performance.now() - t);
  }
  raw.close();
  forgetRounds.push(median(forget.purge.slice(-FORGETS)) / median(forget.bare.slice(-FORGETS)));

  // 3. Retention: the oldest tenth by age, against ingesting that many rows (timed in step 1, scaled).
  const probe = openSqlite(path, { readonly: true });
  const total = probe.prepare('SELECT count(*) FROM observations').pluck().get() as number;
  const cutoffAt = probe.prepare('SELECT created_at FROM observations ORDER BY created_at LIMIT 1 OFFSET ?').pluck().get(Math.floor(total / 10)) as number;
  probe.close();
  const t = performance.now();
  const report = store.prune({ maxAgeMs: END - cutoffAt }, { now: END });
  prune.run.push(performance.now() - t);
  prune.rows = report.byAge;
  prune.ingestSame.push((ingest.on[ingest.on.length - 1]! * report.byAge) / OBS);
  await store.close();
  done(path);
  console.log(`round ${round + 1}: ingest on ${ms(ingest.on.at(-1)!)} / off ${ms(ingest.off.at(-1)!)} ms; forget ${ms(median(forget.purge))} ms vs bare ${ms(median(forget.bare))} ms; prune ${int(report.byAge)} rows in ${ms(prune.run.at(-1)!)} ms`);
}

const rate = (spent: number) => int(OBS / (spent / 1000));
const rows = [
  ['ingest (batches of 500): `secure_delete = ON` vs OFF', `${rate(median(ingest.on))} obs/s`, `${rate(median(ingest.off))} obs/s`, ratio(median(ingest.on.map((t, i) => t / ingest.off[i]!)))],
  ['`forget` of one observation (index merged, WAL truncated) vs the bare delete', `${ms(median(forget.purge))} ms`, `${ms(median(forget.bare))} ms`, ratio(median(forgetRounds))],
  [`retention run: the oldest tenth by age (${int(prune.rows)} rows, index merged) vs ingesting as many`, `${ms(median(prune.run))} ms`, `${ms(median(prune.ingestSame))} ms`, ratio(median(prune.run.map((t, i) => t / prune.ingestSame[i]!)))],
];
const section = [
  '## Deleting for good: secure_delete, forget, retention (bench/retention.bench.ts)',
  '',
  machineLine(m),
  '',
  `${int(OBS)} observations of the bench corpus per store (365 days), ${ROUNDS} rounds; times are medians, ratios the median of the per-round ratios (baselines interleaved in the same rounds).`,
  '',
  table(['', 'subject', 'baseline', 'subject × baseline'], rows),
  '',
  `Per round, ingest ON × OFF: ${ingest.on.map((t, i) => ratio(t / ingest.off[i]!)).join(', ')}; forget × bare delete (round medians): ${forgetRounds.map(ratio).join(', ')}.`,
  '',
  '"× baseline" is time over time (ingest: time per observation): above 1× the subject is slower. The forget figure grows with the size of the word index (it is rewritten as one segment); the bare delete leaves the forgotten terms readable in the file.',
].join('\n');
console.log(section);
if (shouldWrite()) writeSection('retention', section);
