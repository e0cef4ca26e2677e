/**
 * Search quality and index cost on real data: the retrieval evaluation (eval/, 52 labelled questions
 * over 611 observations replayed from public Claude Code transcripts) for every mode, with the time
 * per query, and the full-text index size per raw megabyte of that text for mnemo's design (CJK
 * bigrams rewritten into one porter/unicode61 index) against a trigram index over the same rows.
 * Latency at 100,000 and 1,000,000 observations is bench/search.bench.ts's job.
 *
 *   npm run bench -- search-quality
 *   MNEMO_EVAL_EMBEDDERS=hash,ollama npm run bench -- search-quality
 */
import Database from 'better-sqlite3';
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
  const src = new Database(join(dir, 'mnemo.db'), { readonly: true });
  const rows = src.prepare('SELECT id, title, body, tags FROM observations WHERE private = 0').all() as { id: number; title: string; body: string; tags: string }[];
  src.close();
  const raw = rows.reduce((s, r) => s + Buffer.byteLength(r.title) + Buffer.byteLength(r.body) + Buffer.byteLength(r.tags), 0);
  const size = (tokenize: string, rewrite: boolean) => {
    const db = new Database(':memory:');
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
