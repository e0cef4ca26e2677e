/**
 * Search quality and index cost on real data: the retrieval evaluation (eval/, 52 labelled questions
 * over 611 observations replayed from public Claude Code transcripts) for every mode, with the time
 * per query, and the full-text index size per raw megabyte of that text for mnemo's design (CJK
 * bigrams rewritten into one porter/unicode61 index) against a trigram index over the same rows.
 * With MNEMO_BENCH_SCALE=100000 (or 1000000) it also times every query class against the single FTS5
 * query the search replaced, at that size (bench/search.bench.ts has the latency budget figures).
 *
 *   npm run bench -- search-quality
 *   MNEMO_EVAL_EMBEDDERS=hash,ollama npm run bench -- search-quality
 */
import { openSqlite, type SqliteDb } from '../src/store/sqlite/driver.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmbedderName } from '../src/embed/index.ts';
import { toIndexText } from '../src/core/search/text-index.ts';
import { buildEvalStore } from '../eval/corpus.ts';
import { evaluate, renderTable } from '../eval/evaluate.ts';

const embedders = (process.env.MNEMO_EVAL_EMBEDDERS ?? 'hash').split(',').map((s) => s.trim()).filter(Boolean) as EmbedderName[];
const result = await evaluate({ embedders, log: (l) => process.stderr.write(`${l}\n`) });
console.log(renderTable(result));

// Index size per raw MB: the same rows in three full-text tables.
const dir = mkdtempSync(join(tmpdir(), 'mnemo-bench-quality-'));
try {
  const { store } = await buildEvalStore(join(dir, 'mnemo.db'));
  await store.close();
  const src = openSqlite(join(dir, 'mnemo.db'), { readonly: true });
  const rows = src.prepare('SELECT id, title, body, tags FROM observations WHERE private = 0').all() as { id: number; title: string; body: string; tags: string }[];
  src.close();
  const raw = rows.reduce((s, r) => s + Buffer.byteLength(r.title) + Buffer.byteLength(r.body) + Buffer.byteLength(r.tags), 0);
  const size = (tokenize: string, rewrite: boolean) => {
    const db = openSqlite(':memory:');
    db.exec(`CREATE VIRTUAL TABLE f USING fts5(title, body, tags, content='', contentless_delete=1, tokenize='${tokenize}')`);
    const ins = db.prepare('INSERT INTO f(rowid, title, body, tags) VALUES (?, ?, ?, ?)');
    const t = performance.now();
    db.transaction(() => {
      for (const r of rows) ins.run(r.id, ...[r.title, r.body, r.tags].map((x) => (rewrite ? toIndexText(x) : x)));
    })();
    const ms = performance.now() - t;
    const bytes = (db.prepare("SELECT sum(pgsize) AS b FROM dbstat WHERE name LIKE 'f%'").get() as { b: number }).b;
    db.close();
    return `${(bytes / raw).toFixed(2)} bytes per raw byte, ${Math.round(rows.length / (ms / 1000))} rows/s`;
  };
  console.log(`\nFull-text index over ${rows.length} observations (${(raw / 1e6).toFixed(2)} MB of title, body and tags):`);
  console.log(`- mnemo (porter unicode61, CJK as bigrams): ${size('porter unicode61 remove_diacritics 2', true)}`);
  console.log(`- trigram: ${size('trigram', false)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// Cost at scale (MNEMO_BENCH_SCALE=100000 or 1000000): search CPU time per query class against the
// single FTS5 query it replaced (`MATCH … ORDER BY bm25 LIMIT 60` on the same plan), interleaved in
// one loop. CPU time of this thread (process.cpuUsage) is reported next to wall time because this
// machine is shared: on an idle core they are equal, under load only the wall time inflates.
const scale = Number(process.env.MNEMO_BENCH_SCALE);
if (Number.isInteger(scale) && scale > 0) {
  const { seededStore } = await import('./lib/seed.ts');
  const { ROOT } = await import('./lib/report.ts');
  const { planQuery } = await import('../src/core/search/query-plan.ts');
  const { searchObservations } = await import('../src/store/sqlite/search.ts');
  const scaleDir = mkdtempSync(join(tmpdir(), 'mnemo-bench-quality-scale-'));
  try {
    const path = join(scaleDir, 'mnemo.db');
    const { corpus } = await seededStore(path, scale, ROOT, (done) => process.stderr.write(`\rseeded ${done}`));
    const db = openSqlite(path, { readonly: true });
    const before = db.prepare('SELECT o.id FROM observations_fts JOIN observations o ON o.id = observations_fts.rowid WHERE observations_fts MATCH ? ORDER BY bm25(observations_fts, 8.0, 1.0, 4.0) LIMIT 60');
    const q = corpus.queries(200);
    const cross = ['连接池 超时', '测试 报错', '部署 失败', '数据库 迁移', '重试 错误'];
    const classes: Record<string, string[]> = { ...q, 'Chinese about English': q.english.map((_, i) => cross[i % cross.length]!) };
    const time = (f: () => unknown): [number, number] => {
      const c = process.cpuUsage();
      const t = performance.now();
      f();
      const d = process.cpuUsage(c);
      return [(d.user + d.system) / 1000, performance.now() - t];
    };
    const pick = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(p * a.length))]!;
    console.log(`\nSearch at ${scale.toLocaleString('en')} observations, ms per query (CPU time of the search; wall time in brackets):`);
    console.log('| queries | p50 | p95 | single BM25 query p50 | p95 |\n|---|---|---|---|---|');
    for (const [name, qs] of Object.entries(classes)) {
      for (const x of qs.slice(0, 20)) searchObservations(db, { query: x, limit: 20, currentProject: corpus.bigProject.path });
      const cpu: number[] = [], wall: number[] = [], base: number[] = [];
      for (const x of qs) {
        const m = planQuery(x).match;
        if (m) base.push(time(() => before.all(m))[0]);
        const [c, w] = time(() => searchObservations(db, { query: x, limit: 20, currentProject: corpus.bigProject.path }));
        cpu.push(c);
        wall.push(w);
      }
      console.log(`| ${name} | ${pick(cpu, 0.5).toFixed(1)} (${pick(wall, 0.5).toFixed(1)}) | ${pick(cpu, 0.95).toFixed(1)} (${pick(wall, 0.95).toFixed(1)}) | ${pick(base, 0.5).toFixed(1)} | ${pick(base, 0.95).toFixed(1)} |`);
    }
    db.close();
  } finally {
    rmSync(scaleDir, { recursive: true, force: true });
  }
}
