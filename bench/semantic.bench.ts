/**
 * Semantic search costs at scale with the offline hash embedder: embedding the store, the KNN alone,
 * hybrid search against keyword-only search, and filtered vector search against the late filtering it
 * replaced (the global nearest, then the filter — which keeps few or none of them), interleaved query by
 * query in one process. Times are CPU time of this thread (the machine is shared; wall time inflates
 * at random under load).
 *
 *   npm run bench -- semantic                       100,000 observations (the cached seeded store)
 *   MNEMO_BENCH_SCALE=20000 npm run bench -- semantic
 *   MNEMO_BENCH_STORE=<file> npm run bench -- semantic   a store seeded earlier at that scale (a copy is used)
 */
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHashEmbedder } from '../src/embed/hash.ts';
import { embedPending } from '../src/search/embed-loop.ts';
import type { SearchFilters } from '../src/store/store.ts';
import { filterSql } from '../src/store/sqlite/filters.ts';
import { searchObservations } from '../src/store/sqlite/search.ts';
import { VectorIndex } from '../src/store/sqlite/vectors.ts';
import { machine, machineLine, ROOT, shouldWrite, writeSection } from './lib/report.ts';
import { Corpus } from './lib/corpus.ts';
import { benchProjectDir, seededStore } from './lib/seed.ts';
import { int, median, p95, ratio, table } from './lib/stats.ts';

const scale = Number(process.env.MNEMO_BENCH_SCALE ?? 100_000);
const m = machine();
const dir = mkdtempSync(join(tmpdir(), 'mnemo-bench-semantic-'));
const cpu = (f: () => unknown): number => {
  const c = process.cpuUsage();
  f();
  const d = process.cpuUsage(c);
  return (d.user + d.system) / 1000;
};

try {
  const path = join(dir, 'mnemo.db');
  const given = process.env.MNEMO_BENCH_STORE;
  if (given) copyFileSync(given, path);
  const { corpus } = given
    ? { corpus: new Corpus({ observations: scale, bigProjectPath: benchProjectDir() }) }
    : await seededStore(path, scale, ROOT, (done) => process.stderr.write(`\rseeded ${done}`));
  const db = new Database(path);
  const embedder = createHashEmbedder();
  const index = VectorIndex.open(db, embedder.id)!;
  const c0 = process.cpuUsage();
  const { embedded } = await embedPending(index, embedder, { batch: 256 });
  const embedCpu = process.cpuUsage(c0);
  const embedMs = (embedCpu.user + embedCpu.system) / 1000;
  process.stderr.write(`\nembedded ${embedded} in ${Math.round(embedMs)} ms CPU\n`);
  const vecBytes = (db.prepare("SELECT sum(pgsize) AS b FROM dbstat WHERE name = 'obs_vectors'").get() as { b: number }).b;
  const knnBytes = (db.prepare("SELECT sum(pgsize) AS b FROM dbstat WHERE name LIKE 'obs_vec_knn%'").get() as { b: number }).b;

  const q = corpus.queries(60);
  const queries = [...q.english, ...q.cjk.slice(0, 20)];
  const vectors = await embedder.embed(queries, 'query');
  const N = 50;

  // Filters: the big project (~20 % of rows: coarse path with over-fetch), a small project (exact path),
  // the last 30 days, one observation type.
  const byProject = db.prepare('SELECT project, count(*) AS n FROM observations GROUP BY project ORDER BY n DESC').all() as { project: string; n: number }[];
  const newest = (db.prepare('SELECT max(created_at) AS t FROM observations').get() as { t: number }).t;
  const small = byProject.find((p) => p.n < 4000) ?? byProject[byProject.length - 1]!;
  const filters: [string, SearchFilters, number][] = [
    [`big project (${int(byProject[0]!.n)} rows)`, { project: byProject[0]!.project }, byProject[0]!.n],
    [`small project (${int(small.n)} rows)`, { project: small.project }, small.n],
    ['last 30 days', { since: newest - 30 * 86_400_000 }, 0],
    ["type 'error' (no index)", { types: ['error'] }, 0],
    ["type 'decision' (no index)", { types: ['decision'] }, 0],
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

  /** The alternative: sqlite-vec's own KNN restricted to the rows in scope (`rowid IN (…)`), then the cosine re-ranking. */
  const rowidIn = (v: Float32Array, f: SearchFilters): number[] => {
    const { where, params } = filterSql(f);
    const scope = (db.prepare(`SELECT o.id FROM observations o WHERE ${where.join(' AND ')}`).all(params) as { id: number }[]).map((r) => r.id);
    const bits = Buffer.alloc(v.length / 8);
    v.forEach((x, i) => x > 0 && (bits[i >> 3]! |= 1 << (i & 7)));
    const coarse = db.prepare('SELECT rowid AS id FROM obs_vec_knn WHERE bits MATCH vec_bit(?) AND k = ? AND rowid IN (SELECT value FROM json_each(?))').all(bits, 100, JSON.stringify(scope)) as { id: number }[];
    return coarse.map((c) => Number(c.id)).slice(0, N);
  };

  // Warm up, then interleave subject and baseline per query.
  for (const v of vectors.slice(0, 10)) index.knn(v, N);
  const knnMs: number[] = [];
  const hybridMs: number[] = [];
  const keywordMs: number[] = [];
  queries.forEach((text, i) => {
    keywordMs.push(cpu(() => searchObservations(db, { query: text, limit: 20 })));
    knnMs.push(cpu(() => index.knn(vectors[i]!, N)));
    hybridMs.push(cpu(() => searchObservations(db, { query: text, limit: 20 }, { extra: [{ name: 'vector', ids: index.knn(vectors[i]!, N) }] })));
  });
  /** Fewer queries per filter: five filters, three ways each. */
  const filterVectors = vectors.filter((_, i) => i % 2 === 0);
  const filterRows = filters.map(([name, f, rows]) => {
    process.stderr.write(`filter: ${name}\n`);
    const pre: number[] = [];
    const post: number[] = [];
    const alt: number[] = [];
    let kept = 0;
    let keptLate = 0;
    filterVectors.forEach((v) => {
      let a: number[] = [];
      let b: number[] = [];
      post.push(cpu(() => (b = late(v, f))));
      pre.push(cpu(() => (a = index.knn(v, N, f))));
      alt.push(cpu(() => rowidIn(v, f)));
      kept += a.length;
      keptLate += b.length;
    });
    return [name, int(rows), (keptLate / filterVectors.length).toFixed(1), (kept / filterVectors.length).toFixed(1), `${median(post).toFixed(1)} / ${p95(post).toFixed(1)}`, `${median(pre).toFixed(1)} / ${p95(pre).toFixed(1)}`, ratio(median(pre) / median(post)), `${median(alt).toFixed(1)} (${ratio(median(alt) / median(post))})`];
  });
  db.close();

  const md = [
    `## Semantic search at ${int(scale)} observations (bench/semantic.bench.ts, ${embedder.id})`,
    '',
    machineLine(m),
    '',
    `Embedding ${int(embedded)} observations: ${(embedMs / 1000).toFixed(1)} s CPU (${((1000 * embedMs) / embedded).toFixed(0)} µs each). Vectors: ${(vecBytes / 1e6).toFixed(1)} MB int8 + ${(knnBytes / 1e6).toFixed(1)} MB sign-bit index.`,
    '',
    `${queries.length} queries (English and Chinese), CPU ms p50 / p95; the keyword-only search is the baseline, run right before each:`,
    '',
    table(
      ['', 'p50 / p95 ms', 'vs keyword-only p50'],
      [
        ['keyword-only search (baseline)', `${median(keywordMs).toFixed(1)} / ${p95(keywordMs).toFixed(1)}`, '1.00×'],
        [`KNN alone (${N} neighbours)`, `${median(knnMs).toFixed(1)} / ${p95(knnMs).toFixed(1)}`, ratio(median(knnMs) / median(keywordMs))],
        ['hybrid search (keyword lists + KNN, fused)', `${median(hybridMs).toFixed(1)} / ${p95(hybridMs).toFixed(1)}`, ratio(median(hybridMs) / median(keywordMs))],
      ],
    ),
    '',
    `Filtered KNN (${N} neighbours wanted, ${filterVectors.length} queries per filter) against the late filter it replaced (the ${N} global nearest, then the filter), interleaved:`,
    '',
    table(['filter', 'rows in scope', 'kept by late filter (mean)', 'returned now (mean)', 'late p50 / p95 ms', 'now p50 / p95 ms', 'now / late p50', 'vec0 `rowid IN` p50 (/ late)'], filterRows),
  ].join('\n');
  console.log(md);
  if (shouldWrite()) writeSection(`semantic-${scale}`, md);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
