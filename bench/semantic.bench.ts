/**
 * Semantic search costs at scale with the offline hash embedder: embedding the store, the KNN alone
 * (the Hamming scan of the sign codes in memory, and sqlite-vec's own KNN it replaced), hybrid search
 * against keyword-only search, filtered vector search against the late filtering (the global nearest,
 * then the filter — which keeps few or none of them) and against the previous sqlite-vec paths,
 * interleaved query by query in one process; and the recall of the approximate KNN against the exact
 * one. Times are CPU time of this thread, with wall time beside it (the machine is shared; wall time
 * inflates at random under load).
 *
 *   npm run bench -- semantic                       100,000 observations (the cached seeded store)
 *   MNEMO_BENCH_SCALE=20000 npm run bench -- semantic
 *   MNEMO_BENCH_SCALE=1000000 MNEMO_BENCH_STORE=<file> npm run bench -- semantic
 *                                                   a store seeded earlier at that scale (a copy is used;
 *                                                   e.g. the seed cache's, after `npm run bench -- search`)
 *   MNEMO_BENCH_RECALL=20                           queries checked against the exact KNN (default 20:
 *                                                   2.3 s of CPU each at 1,000,000 rows)
 */
import { openSqlite, type SqliteDb } from '../src/store/sqlite/driver.ts';
import { constants, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHashEmbedder, HASH_DIMS } from '../src/embed/hash.ts';
import { embedPending } from '../src/search/embed-loop.ts';
import type { SearchFilters } from '../src/store/store.ts';
import { filterSql } from '../src/store/sqlite/filters.ts';
import { searchObservations } from '../src/store/sqlite/search.ts';
import { VectorIndex } from '../src/store/sqlite/vectors.ts';
import { machine, machineLine, ROOT, shouldWrite, writeSection } from './lib/report.ts';
import { Corpus } from './lib/corpus.ts';
import { benchProjectDir, seededStore } from './lib/seed.ts';
import { int, mean, median, p95, ratio, table } from './lib/stats.ts';

const scale = Number(process.env.MNEMO_BENCH_SCALE ?? 100_000);
const m = machine();
const dir = mkdtempSync(join(tmpdir(), 'mnemo-bench-semantic-'));
/** CPU ms of this thread; the wall ms go to `wall` when given. */
const cpu = (f: () => unknown, wall?: number[]): number => {
  const c = process.cpuUsage();
  const t = performance.now();
  f();
  const d = process.cpuUsage(c);
  wall?.push(performance.now() - t);
  return (d.user + d.system) / 1000;
};
const cell = (s: readonly number[]) => `${median(s).toFixed(1)} / ${p95(s).toFixed(1)}`;

try {
  const path = join(dir, 'mnemo.db');
  const given = process.env.MNEMO_BENCH_STORE;
  if (given) copyFileSync(given, path, constants.COPYFILE_FICLONE); // a reflink where the file system has them
  const { corpus } = given
    ? { corpus: new Corpus({ observations: scale, bigProjectPath: benchProjectDir() }) }
    : await seededStore(path, scale, ROOT, (done) => process.stderr.write(`\rseeded ${done}`));
  const db = openSqlite(path);
  const embedder = createHashEmbedder();
  const index = VectorIndex.open(db, embedder.id)!;
  /** The previous KNN: candidates from sqlite-vec's own top-k (restricted by `rowid IN` for indexed filters). */
  const previous = VectorIndex.open(db, embedder.id, { tuning: { signCodes: false } })!;
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  const { embedded } = await embedPending(index, embedder, { batch: 256, onBatch: (k) => k % 25_600 < 256 && process.stderr.write(`\rembedded ${k}`) });
  const embedWall = performance.now() - w0;
  const embedCpu = process.cpuUsage(c0);
  const embedMs = (embedCpu.user + embedCpu.system) / 1000;
  const total = index.count();
  process.stderr.write(`\nembedded ${embedded} in ${Math.round(embedMs)} ms CPU\n`);
  const vecBytes = (db.prepare("SELECT sum(pgsize) AS b FROM dbstat WHERE name = 'obs_vectors'").get() as { b: number }).b;
  const knnBytes = (db.prepare("SELECT sum(pgsize) AS b FROM dbstat WHERE name LIKE 'obs_vec_knn%'").get() as { b: number }).b;

  const q = corpus.queries(60);
  const queries = [...q.english, ...q.cjk.slice(0, 20)];
  const vectors = await embedder.embed(queries, 'query');
  const N = 50;

  // Filters: the big project (~20 % of rows), a small project, the last 30 days, one session (few rows:
  // exact), two observation types (one rare).
  const byProject = db.prepare('SELECT project, count(*) AS n FROM observations GROUP BY project ORDER BY n DESC').all() as { project: string; n: number }[];
  const newest = (db.prepare('SELECT max(created_at) AS t FROM observations').get() as { t: number }).t;
  const small = byProject.find((p) => p.n < 4000) ?? byProject[byProject.length - 1]!;
  const longest = (db.prepare('SELECT session_id AS id FROM observations GROUP BY session_id ORDER BY count(*) DESC LIMIT 1').get() as { id: number }).id;
  const filters: [string, SearchFilters, number][] = [
    [`big project (${int(byProject[0]!.n)} rows)`, { project: byProject[0]!.project }, byProject[0]!.n],
    [`small project (${int(small.n)} rows)`, { project: small.project }, small.n],
    ['last 30 days', { since: newest - 30 * 86_400_000 }, 0],
    ['the longest session', { sessionId: longest }, 0],
    ["type 'error'", { types: ['error'] }, 0],
    ["type 'decision' (rare)", { types: ['decision'] }, 0],
  ];
  for (const f of filters) {
    const { where, params } = filterSql(f[1]);
    if (!f[2]) f[2] = (db.prepare(`SELECT count(*) AS n FROM observations o WHERE ${where.join(' AND ')}`).get(params) as { n: number }).n;
  }

  /** The previous behaviour: the global nearest, then the filter over them. */
  const late = (v: Float32Array, f: SearchFilters): number[] => {
    const ids = index.knn(v, N);
    const { where, params } = filterSql(f);
    const keep = new Set(
      (db.prepare(`SELECT o.id FROM observations o WHERE o.id IN (SELECT value FROM json_each(@ids)) AND ${where.join(' AND ')}`).all({ ...params, ids: JSON.stringify(ids) }) as { id: number }[]).map((r) => r.id),
    );
    return ids.filter((id) => keep.has(id));
  };

  // The first query past the exact threshold reads the sign codes into memory: measured alone.
  const loadWall: number[] = [];
  const loadCpu = cpu(() => index.knn(vectors[0]!, N), loadWall);
  // Warm up, then interleave subject and baselines per query.
  for (const v of vectors.slice(0, 10)) (index.knn(v, N), previous.knn(v, N));
  const t = { keyword: [] as number[], knn: [] as number[], vec0: [] as number[], hybrid: [] as number[], among: [] as number[] };
  const w = { keyword: [] as number[], knn: [] as number[], vec0: [] as number[], hybrid: [] as number[], among: [] as number[] };
  queries.forEach((text, i) => {
    t.keyword.push(cpu(() => searchObservations(db, { query: text, limit: 20 }), w.keyword));
    t.knn.push(cpu(() => index.knn(vectors[i]!, N), w.knn));
    t.vec0.push(cpu(() => previous.knn(vectors[i]!, N), w.vec0));
    t.hybrid.push(cpu(() => searchObservations(db, { query: text, limit: 20 }, { extra: [{ name: 'vector', ids: index.knn(vectors[i]!, N) }] }), w.hybrid));
    // MNEMO_EMBED_SCOPE=candidates: no KNN, the keyword candidates ranked by their vectors.
    t.among.push(cpu(() => searchObservations(db, { query: text, limit: 20 }, { rankAmong: (ids) => index.rankAmong(vectors[i]!, ids) }), w.among));
  });

  // Recall of the approximate KNN (Hamming candidates, cosine re-ranking) against the exact one (cosine
  // over every int8 vector), on the first queries.
  const exact = VectorIndex.open(db, embedder.id, { tuning: { exactUpTo: Number.MAX_SAFE_INTEGER } })!;
  const recallQueries = vectors.slice(0, Number(process.env.MNEMO_BENCH_RECALL ?? 20));
  const truth = recallQueries.map((v, i) => (process.stderr.write(`\rexact KNN ${i + 1}/${recallQueries.length}`), exact.knn(v, N)));
  process.stderr.write('\n');
  const overlap = (got: number[], want: number[], k: number) => got.slice(0, k).filter((id) => want.slice(0, k).includes(id)).length / Math.max(1, Math.min(k, want.length));
  const recallRows = [100, 500, 2000].map((coarse) => {
    const approx = VectorIndex.open(db, embedder.id, { tuning: { coarse } })!;
    const ms: number[] = [];
    const got = recallQueries.map((v) => {
      let ids: number[] = [];
      ms.push(cpu(() => (ids = approx.knn(v, N))));
      return ids;
    });
    return [`${coarse}${coarse === 500 ? ' (default)' : ''}`, mean(got.map((g, i) => overlap(g, truth[i]!, 10))).toFixed(3), mean(got.map((g, i) => overlap(g, truth[i]!, N))).toFixed(3), `${median(ms).toFixed(1)}`];
  });

  /** Fewer queries per filter: five filters, three ways each. */
  const filterVectors = vectors.filter((_, i) => i % 2 === 0);
  const filterRows = filters.map(([name, f, rows]) => {
    process.stderr.write(`filter: ${name}\n`);
    const pre: number[] = [];
    const preWall: number[] = [];
    const post: number[] = [];
    const old: number[] = [];
    let kept = 0;
    let keptLate = 0;
    let keptOld = 0;
    filterVectors.forEach((v) => {
      let a: number[] = [];
      let b: number[] = [];
      let c: number[] = [];
      post.push(cpu(() => (b = late(v, f))));
      pre.push(cpu(() => (a = index.knn(v, N, f)), preWall));
      old.push(cpu(() => (c = previous.knn(v, N, f))));
      kept += a.length;
      keptLate += b.length;
      keptOld += c.length;
    });
    const per = (x: number) => (x / filterVectors.length).toFixed(1);
    return [name, int(rows), `${per(keptLate)} / ${per(keptOld)} / ${per(kept)}`, cell(post), cell(old), cell(pre), `${median(preWall).toFixed(1)} / ${p95(preWall).toFixed(1)}`, ratio(median(pre) / median(post)), ratio(median(pre) / median(old))];
  });
  db.close();

  const md = [
    `## Semantic search at ${int(scale)} observations (bench/semantic.bench.ts, ${embedder.id})`,
    '',
    machineLine(m),
    '',
    embedded
      ? `Embedding ${int(embedded)} observations (the backfill the MCP server runs in the background, batches of 256): ${(embedMs / 1000).toFixed(1)} s CPU, ${(embedWall / 1000).toFixed(1)} s wall (${((1000 * embedMs) / embedded).toFixed(0)} µs each). `
      : `The store held its ${int(total)} vectors already (nothing to embed). `,
    `Vectors: ${(vecBytes / 1e6).toFixed(1)} MB int8 + ${(knnBytes / 1e6).toFixed(1)} MB sign-bit index; the sign codes in memory: ${((total * HASH_DIMS) / 8 / 1e6).toFixed(1)} MB, read on the first query in ${loadCpu.toFixed(0)} ms CPU (${loadWall[0]!.toFixed(0)} ms wall, that query included).`,
    '',
    `${queries.length} queries (English and Chinese), ms p50 / p95; the keyword-only search is the baseline, run right before each:`,
    '',
    table(
      ['', 'CPU p50 / p95 ms', 'wall p50 / p95 ms', 'vs keyword-only (CPU p50)'],
      [
        ['keyword-only search (baseline)', cell(t.keyword), cell(w.keyword), '1.00×'],
        [`KNN alone (${N} neighbours): Hamming scan in memory + cosine re-ranking`, cell(t.knn), cell(w.knn), ratio(median(t.knn) / median(t.keyword))],
        [`KNN alone, previous: sqlite-vec top-k + cosine re-ranking`, cell(t.vec0), cell(w.vec0), ratio(median(t.vec0) / median(t.keyword))],
        ['hybrid search (keyword lists + KNN, fused)', cell(t.hybrid), cell(w.hybrid), ratio(median(t.hybrid) / median(t.keyword))],
        ['hybrid search, scope `candidates` (the keyword candidates ranked by their vectors, fused)', cell(t.among), cell(w.among), ratio(median(t.among) / median(t.keyword))],
      ],
    ),
    '',
    `Recall of the approximate KNN against the exact one (cosine over all ${int(total)} int8 vectors), ${recallQueries.length} queries: share of the exact top 10 / top ${N} found, by the number of Hamming candidates re-ranked:`,
    '',
    table(['Hamming candidates', 'overlap@10', `overlap@${N}`, 'KNN CPU p50 ms'], recallRows),
    '',
    `Filtered KNN (${N} neighbours wanted, ${filterVectors.length} queries per filter), interleaved: the late filter (the ${N} global nearest, then the filter), the previous sqlite-vec paths (its KNN restricted by \`rowid IN\` for indexed filters, over-fetch up to 400 for the others), and now:`,
    '',
    table(['filter', 'rows in scope', 'returned: late / previous / now (mean)', 'late CPU p50 / p95 ms', 'previous CPU p50 / p95', 'now CPU p50 / p95', 'now wall p50 / p95', 'now / late p50', 'now / previous p50'], filterRows),
  ].join('\n');
  console.log(md);
  if (shouldWrite()) writeSection(`semantic-${scale}`, md);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
