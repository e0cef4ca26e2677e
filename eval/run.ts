/**
 * The retrieval evaluation: replays the transcripts in eval/data into a fresh store, asks every
 * question of eval/data/questions.json through the store's own search, and scores where the first
 * labelled observation comes back.
 *
 *   npm run eval                         keyword modes + the offline hash embedder
 *   npm run eval -- --write              … and rewrite the table in eval/RESULTS.md
 *   MNEMO_EVAL_EMBEDDERS=hash,ollama npm run eval     also an Ollama model (OLLAMA_HOST, MNEMO_EMBED_MODEL)
 *   MNEMO_EVAL_EMBEDDERS=openai …        OpenAI (OPENAI_API_KEY, MNEMO_EMBED_MODEL, MNEMO_EMBED_DIMENSIONS)
 *   MNEMO_EVAL_EMBEDDERS=onnx …          a local model folder (MNEMO_EMBED_MODEL)
 *
 * Metrics, per question then averaged: R@k = 1 when any answering observation is among the first k
 * results (LongMemEval's recall_any@k), MRR = 1 / rank of the first answering observation (0 beyond 50).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbedder, resolveEmbedSettings, type EmbedderName } from '../src/embed/index.ts';
import { embedPending } from '../src/search/embed-loop.ts';
import { buildEvalStore, EVAL_DIR } from './corpus.ts';

interface Question {
  readonly question_id: string;
  readonly question: string;
  readonly cross_lingual: boolean;
  readonly answer_observation_uids: readonly string[];
}

interface Mode {
  readonly name: string;
  readonly run: (q: string) => Promise<number[]>;
}

interface Score {
  r5: number;
  r10: number;
  mrr: number;
  n: number;
}

const DEPTH = 50;
const write = process.argv.includes('--write');
const embedderNames = (process.env.MNEMO_EVAL_EMBEDDERS ?? 'hash').split(',').map((s) => s.trim()).filter(Boolean) as EmbedderName[];

function score(ranks: readonly (number | undefined)[]): Score {
  const n = ranks.length;
  const at = (k: number) => ranks.filter((r) => r !== undefined && r <= k).length / n;
  return { r5: at(5), r10: at(10), mrr: ranks.reduce<number>((s, r) => s + (r ? 1 / r : 0), 0) / n, n };
}

async function main(): Promise<void> {
  const questions = JSON.parse(readFileSync(join(EVAL_DIR, 'data', 'questions.json'), 'utf8')) as Question[];
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-eval-'));
  const t0 = Date.now();
  const { store, events, files, uidToId } = await buildEvalStore(join(dir, 'mnemo.db'));
  try {
    const stats = await store.stats();
    process.stderr.write(`eval: ${files} transcripts → ${stats.observations} observations in ${stats.sessions} sessions (${events} events, ${Date.now() - t0} ms)\n`);
    const missing = questions.flatMap((q) => q.answer_observation_uids).filter((u) => !uidToId.has(u));
    if (missing.length) process.stderr.write(`eval: ${missing.length} labelled uid(s) not in the store, e.g. ${missing[0]}\n`);
    const search = (mode: { keyword?: boolean; semantic?: boolean; glossary?: boolean }) => async (q: string) =>
      (await store.search({ query: q, limit: DEPTH }, mode)).map((h) => h.observation.id);
    const modes: Mode[] = [
      { name: 'keyword, no glossary', run: search({ semantic: false, glossary: false }) },
      { name: 'keyword (BM25 + CJK + glossary)', run: search({ semantic: false }) },
    ];
    for (const name of embedderNames) {
      const settings = resolveEmbedSettings({ ...process.env, MNEMO_EMBEDDER: name });
      let embedder;
      try {
        embedder = await createEmbedder(settings);
      } catch (err) {
        process.stderr.write(`eval: skipping ${name}: ${(err as Error).message}\n`);
        continue;
      }
      if (!embedder) continue;
      const index = store.enableSemantic(embedder);
      if (!index) throw new Error('sqlite-vec could not be loaded');
      const t = Date.now();
      try {
        const r = await embedPending(index, embedder, { batch: 32 });
        process.stderr.write(`eval: ${embedder.id} embedded ${r.embedded} observations in ${Date.now() - t} ms\n`);
      } catch (err) {
        process.stderr.write(`eval: skipping ${name}: ${(err as Error).message}\n`);
        continue;
      }
      // Fix this embedder for both runs (the store holds one at a time).
      const only = embedder;
      const semantic = async (q: string) => {
        store.enableSemantic(only);
        return search({ keyword: false })(q);
      };
      const hybrid = async (q: string) => {
        store.enableSemantic(only);
        return search({})(q);
      };
      const mine: Mode[] = [{ name: `semantic only (${embedder.id})`, run: semantic }, { name: `hybrid (${embedder.id}, ${only.fusion ?? 'rrf'})`, run: hybrid }];
      if (only.fusion === 'append') {
        // What RRF fusion would have given: the figure behind this embedder's `append` setting.
        const fused = { ...only, fusion: 'rrf' as const };
        mine.push({
          name: `hybrid (${embedder.id}, rrf)`,
          run: async (q) => {
            store.enableSemantic(fused);
            return search({})(q);
          },
        });
      }
      modes.push(...mine);
      // Run this embedder's modes now, before another embedder replaces its vectors.
      await evaluateModes(mine, questions, uidToId, results);
    }
    await evaluateModes(modes.slice(0, 2), questions, uidToId, results);
    const order = modes.map((m) => m.name);
    const table = render(order.filter((n) => results.has(n)).map((n) => [n, results.get(n)!] as const), questions);
    process.stdout.write(`${table}\n`);
    if (write) updateResults(table, stats.observations, stats.sessions);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results = new Map<string, { all: Score; en: Score; cross: Score; misses: string[] }>();

async function evaluateModes(modes: readonly Mode[], questions: readonly Question[], uidToId: Map<string, number>, out: typeof results): Promise<void> {
  for (const mode of modes) {
    const ranks: (number | undefined)[] = [];
    const misses: string[] = [];
    for (const q of questions) {
      const relevant = new Set(q.answer_observation_uids.map((u) => uidToId.get(u)).filter((id): id is number => id !== undefined));
      const got = await mode.run(q.question);
      const i = got.findIndex((id) => relevant.has(id));
      ranks.push(i >= 0 ? i + 1 : undefined);
      if (i < 0 || i >= 10) misses.push(q.question_id);
    }
    const pick = (f: (q: Question) => boolean) => score(ranks.filter((_, i) => f(questions[i]!)));
    out.set(mode.name, { all: score(ranks), en: pick((q) => !q.cross_lingual), cross: pick((q) => q.cross_lingual), misses });
  }
}

function pct(x: number): string {
  return (100 * x).toFixed(1);
}

function render(rows: readonly (readonly [string, { all: Score; en: Score; cross: Score; misses: string[] }])[], questions: readonly Question[]): string {
  const cross = questions.filter((q) => q.cross_lingual).length;
  const lines = [
    `| mode | R@5 | R@10 | MRR | EN R@5 | EN R@10 | EN MRR | cross-lingual R@5 | R@10 | MRR |`,
    `|---|---|---|---|---|---|---|---|---|---|`,
    ...rows.map(([name, s]) =>
      `| ${name} | ${pct(s.all.r5)} | ${pct(s.all.r10)} | ${s.all.mrr.toFixed(3)} | ${pct(s.en.r5)} | ${pct(s.en.r10)} | ${s.en.mrr.toFixed(3)} | ${pct(s.cross.r5)} | ${pct(s.cross.r10)} | ${s.cross.mrr.toFixed(3)} |`,
    ),
    '',
    `${questions.length} questions (${questions.length - cross} English, ${cross} Chinese about English sessions). Misses at 10:`,
    ...rows.map(([name, s]) => `- ${name}: ${s.misses.length ? s.misses.join(', ') : 'none'}`),
  ];
  return lines.join('\n');
}

function updateResults(table: string, observations: number, sessions: number): void {
  const file = join(EVAL_DIR, 'RESULTS.md');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = '# Retrieval evaluation\n\n<!-- eval:begin -->\n<!-- eval:end -->\n';
  }
  const block = `<!-- eval:begin -->\nGenerated by \`npm run eval -- --write\` over ${observations} observations in ${sessions} sessions.\n\n${table}\n<!-- eval:end -->`;
  text = text.replace(/<!-- eval:begin -->[\s\S]*<!-- eval:end -->/, block);
  writeFileSync(file, text);
}

await main();
