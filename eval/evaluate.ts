/**
 * @module eval/evaluate
 * The retrieval evaluation as a function: replays the transcripts in eval/data into a fresh store,
 * asks every question of eval/data/questions.json through the store's own search in each mode, and
 * scores where the first labelled observation comes back. Used by `npm run eval` (eval/run.ts), the
 * quality benchmark and a regression test.
 *
 * Metrics, per question then averaged: R@k = 1 when any answering observation is among the first k
 * results (LongMemEval's recall_any@k); MRR = 1 / rank of the first answering observation (0 beyond 50).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createEmbedder, resolveEmbedSettings, type Embedder, type EmbedderName } from '../src/embed/index.ts';
import { embedPending } from '../src/search/embed-loop.ts';
import type { SqliteStore } from '../src/store/sqlite/sqlite-store.ts';
import { buildEvalStore, EVAL_DIR } from './corpus.ts';

export interface Question {
  readonly question_id: string;
  readonly question: string;
  readonly cross_lingual: boolean;
  readonly answer_observation_uids: readonly string[];
}

export interface Score {
  readonly r5: number;
  readonly r10: number;
  readonly mrr: number;
  readonly n: number;
}

export interface ModeResult {
  readonly name: string;
  readonly all: Score;
  readonly en: Score;
  readonly cross: Score;
  /** Questions whose answer is not in the first 10. */
  readonly misses: readonly string[];
  /** Mean milliseconds per search (in-process, this store's size). */
  readonly meanMs: number;
}

export interface Evaluation {
  readonly observations: number;
  readonly sessions: number;
  readonly questions: readonly Question[];
  readonly modes: readonly ModeResult[];
  /** Notes about embedders that could not run (no server, no key…). */
  readonly skipped: readonly string[];
}

const DEPTH = 50;

function score(ranks: readonly (number | undefined)[]): Score {
  const n = ranks.length || 1;
  const at = (k: number) => ranks.filter((r) => r !== undefined && r <= k).length / n;
  return { r5: at(5), r10: at(10), mrr: ranks.reduce<number>((s, r) => s + (r ? 1 / r : 0), 0) / n, n: ranks.length };
}

type Run = (q: string) => Promise<number[]>;

async function evaluateMode(name: string, run: Run, questions: readonly Question[], uidToId: ReadonlyMap<string, number>): Promise<ModeResult> {
  const ranks: (number | undefined)[] = [];
  const misses: string[] = [];
  let ms = 0;
  for (const q of questions) {
    const relevant = new Set(q.answer_observation_uids.map((u) => uidToId.get(u)).filter((id): id is number => id !== undefined));
    const t = performance.now();
    const got = await run(q.question);
    ms += performance.now() - t;
    const i = got.findIndex((id) => relevant.has(id));
    ranks.push(i >= 0 ? i + 1 : undefined);
    if (i < 0 || i >= 10) misses.push(q.question_id);
  }
  const pick = (f: (q: Question) => boolean) => score(ranks.filter((_, i) => f(questions[i]!)));
  return { name, all: score(ranks), en: pick((q) => !q.cross_lingual), cross: pick((q) => q.cross_lingual), misses, meanMs: ms / questions.length };
}

export function loadQuestions(): Question[] {
  return JSON.parse(readFileSync(join(EVAL_DIR, 'data', 'questions.json'), 'utf8')) as Question[];
}

/** Run the evaluation: the keyword modes, then semantic-only and hybrid for each embedder that works here. */
export async function evaluate(opts: { embedders?: readonly EmbedderName[]; log?: (line: string) => void } = {}): Promise<Evaluation> {
  const log = opts.log ?? (() => undefined);
  const questions = loadQuestions();
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-eval-'));
  const t0 = performance.now();
  const { store, events, files, uidToId } = await buildEvalStore(join(dir, 'mnemo.db'));
  try {
    const stats = await store.stats();
    log(`eval: ${files} transcripts → ${stats.observations} observations in ${stats.sessions} sessions (${events} events, ${Math.round(performance.now() - t0)} ms)`);
    const missing = questions.flatMap((q) => q.answer_observation_uids).filter((u) => !uidToId.has(u));
    if (missing.length) log(`eval: ${missing.length} labelled uid(s) not in the store, e.g. ${missing[0]}`);
    const search = (mode: { keyword?: boolean; semantic?: boolean; glossary?: boolean }, embedder?: Embedder): Run => async (q) => {
      if (embedder) store.enableSemantic(embedder);
      return (await store.search({ query: q, limit: DEPTH }, mode)).map((h) => h.observation.id);
    };
    const modes: ModeResult[] = [
      await evaluateMode('keyword, no glossary', search({ semantic: false, glossary: false }), questions, uidToId),
      await evaluateMode('keyword (BM25 + CJK + glossary)', search({ semantic: false }), questions, uidToId),
    ];
    const skipped: string[] = [];
    for (const name of opts.embedders ?? ['hash']) {
      const embedder = await embedderFor(name, store, skipped, log);
      if (!embedder) continue;
      modes.push(await evaluateMode(`semantic only (${embedder.id})`, search({ keyword: false }, embedder), questions, uidToId));
      const fusion = embedder.fusion ?? 'rrf';
      modes.push(await evaluateMode(`hybrid (${embedder.id}, ${fusion})`, search({}, embedder), questions, uidToId));
      // What the other way of using the neighbours would give (the figure behind the embedder's choice).
      const other = fusion === 'rrf' ? 'append' : 'rrf';
      modes.push(await evaluateMode(`hybrid (${embedder.id}, ${other})`, search({}, { ...embedder, fusion: other }), questions, uidToId));
    }
    return { observations: stats.observations, sessions: stats.sessions, questions, modes, skipped };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The embedder, with the store's vectors (re)built for it; undefined (and a note) when it cannot run here. */
async function embedderFor(name: EmbedderName, store: SqliteStore, skipped: string[], log: (l: string) => void): Promise<Embedder | undefined> {
  try {
    const embedder = await createEmbedder(resolveEmbedSettings({ ...process.env, MNEMO_EMBEDDER: name }));
    if (!embedder) return undefined;
    const index = store.enableSemantic(embedder);
    if (!index) throw new Error('sqlite-vec could not be loaded');
    const t = performance.now();
    const r = await embedPending(index, embedder, { batch: 32 });
    log(`eval: ${embedder.id} embedded ${r.embedded} observations in ${Math.round(performance.now() - t)} ms`);
    return embedder;
  } catch (err) {
    skipped.push(`${name}: ${(err as Error).message}`);
    log(`eval: skipping ${name}: ${(err as Error).message}`);
    return undefined;
  }
}

const pct = (x: number) => (100 * x).toFixed(1);

/** The results as a Markdown table plus the misses. */
export function renderTable(e: Evaluation): string {
  const cross = e.questions.filter((q) => q.cross_lingual).length;
  return [
    `| mode | R@5 | R@10 | MRR | EN R@5 | EN R@10 | EN MRR | cross-lingual R@5 | R@10 | MRR | ms/query |`,
    `|---|---|---|---|---|---|---|---|---|---|---|`,
    ...e.modes.map(
      (m) =>
        `| ${m.name} | ${pct(m.all.r5)} | ${pct(m.all.r10)} | ${m.all.mrr.toFixed(3)} | ${pct(m.en.r5)} | ${pct(m.en.r10)} | ${m.en.mrr.toFixed(3)} | ${pct(m.cross.r5)} | ${pct(m.cross.r10)} | ${m.cross.mrr.toFixed(3)} | ${m.meanMs.toFixed(1)} |`,
    ),
    '',
    `${e.questions.length} questions (${e.questions.length - cross} English, ${cross} Chinese about English sessions) over ${e.observations} observations in ${e.sessions} sessions. Not in the first 10:`,
    ...e.modes.map((m) => `- ${m.name}: ${m.misses.length ? m.misses.join(', ') : 'none'}`),
    ...(e.skipped.length ? ['', `Not run here: ${e.skipped.join('; ')}.`] : []),
  ].join('\n');
}
