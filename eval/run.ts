/**
 * `npm run eval`: the retrieval evaluation (eval/recall.ts) as tables.
 *
 *   npm run eval                         every set, store and mode; prints the tables
 *   npm run eval -- --write              … and rewrites the tables in eval/RESULTS.md
 *   npm run eval -- --stores all --modes mnemo --misses dev
 *                                        one store, one mode; lists the dev questions not in the first 10
 *   npm run eval -- --via import        build stores with `mnemo import claude-code` (same capture pipeline, one process: for tuning)
 *   npm run eval -- --splits dev        ask only the dev halves of the v2 and v3 sets (and v1): what tuning runs use
 *   npm run eval -- --rebuild            replay the transcripts through the hooks again even if a store is cached
 *   npm run eval -- --modes mnemo,mnemo-no-narration   the same store with the narration taken out (copy, index rebuilt)
 *   npm run eval -- --modes mnemo,team   also the team server's search over the same records (eval/team.ts:
 *                                        MNEMO_TEST_PG_URL, else a throwaway PostgreSQL cluster)
 *
 * Building a store replays every session through the plugin's hooks (one process per event): minutes
 * on an idle machine, longer on a busy one; stores are cached under eval/.cache/stores.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { breakdown, headline, languageGroup, misses } from './report.ts';
import { askAll, buildStore, EVAL_DIR, loadQuestions, SPLIT_SETS, STORE_SETS, type Asked, type ModeName, type StoreName, type Via } from './recall.ts';

const { values } = parseArgs({
  options: {
    stores: { type: 'string', default: 'all,v2,v1' },
    modes: { type: 'string', default: 'mnemo,hybrid,fts5' },
    write: { type: 'boolean', default: false },
    rebuild: { type: 'boolean', default: false },
    via: { type: 'string', default: 'hooks' },
    misses: { type: 'string' },
    concurrency: { type: 'string', default: '2' },
    dump: { type: 'string' },
    splits: { type: 'string', default: 'test,dev' },
  },
});
const log = (l: string) => process.stderr.write(`${l}\n`);
const stores = values.stores!.split(',').map((s) => s.trim()) as StoreName[];
const modes = values.modes!.split(',').map((s) => s.trim()) as ModeName[];
const splits = values.splits!.split(',').map((s) => s.trim());

const asked: Asked[] = [];
const notes: string[] = [];
for (const name of stores) {
  const t = performance.now();
  const store = await buildStore(name, { via: values.via as Via, rebuild: values.rebuild!, concurrency: Number(values.concurrency), log });
  log(`${name}: ${store.reused ? 'cached store' : store.via === 'hooks' ? `replayed ${store.replay.hooks} hook runs in ${Math.round(store.replay.ms / 1000)} s` : `imported in ${Math.round(store.replay.ms / 1000)} s`} (${store.dataDir})`);
  if (store.replay.hookFailures.length) notes.push(`${name}: ${store.replay.hookFailures.length} hook runs failed, e.g. ${store.replay.hookFailures[0]}`);
  const questions = STORE_SETS[name].flatMap((s) => loadQuestions(s)).filter((q) => q.split === undefined || splits.includes(q.split));
  const r = await askAll(store, questions, modes, log);
  asked.push(...r.asked);
  notes.push(`${name} store: ${r.index.byToolUseId.size + r.index.byKey.size} labelled-key targets indexed; ${r.unresolvedKeys} label keys name nothing stored (narration not captured yet, or a deduplicated prompt)${r.unanswerable.length ? `; unanswerable: ${r.unanswerable.join(', ')}` : ''}`);
  log(`${name}: asked in ${Math.round((performance.now() - t) / 1000)} s`);
}
if (values.dump) writeFileSync(values.dump, JSON.stringify(asked.map((a) => ({ id: a.question.id, set: a.question.set, split: a.question.split, style: a.style, mode: a.mode, store: a.store, rank: a.rank, top: a.top.slice(0, 10) }))));

const half = (set: string, split: string) => (a: Asked) => a.question.set === set && a.question.split === split;
const v1 = (a: Asked) => a.question.set === 'v1';
const lines: string[] = [];
// The breakdowns show the modes a user chooses between, not the ablations.
const main = modes.filter((m) => m !== 'fts5-why' && !m.endsWith('-no-narration'));
for (const set of SPLIT_SETS) {
  for (const split of (['test', 'dev'] as const).filter((s) => splits.includes(s))) {
    const mine = half(set, split);
    const n = new Set(asked.filter(mine).map((a) => a.question.id)).size;
    if (n === 0) continue;
    lines.push('', `**${set} ${split} split** (${n} questions${split === 'test' ? ', never looked at while tuning' : ', tuned on'}):`, '');
    for (const store of stores) if (STORE_SETS[store].includes(set)) lines.push(...headline(asked, store, mine, ['question', 'query'], modes), '');
    const all = asked.filter((a) => mine(a) && a.store === (stores.includes('all') ? 'all' : stores[0]));
    lines.push(`By kind (${set} ${split}, ${all[0]?.store ?? ''} store):`, '', ...breakdown(all, (a) => a.question.kind, 'kind', ['question', 'query'], main), '');
    lines.push(`By language (${set} ${split}, ${all[0]?.store ?? ''} store):`, '', ...breakdown(all, languageGroup, 'language', ['question', 'query'], main), '');
  }
}
lines.push('', '**v1 set** (52 questions; every ranking choice before issue 14 was tuned on them, so these are not unseen-question figures):', '');
for (const store of stores) if (STORE_SETS[store].includes('v1')) lines.push(...headline(asked, store, v1, ['question'], modes), '');
lines.push(...notes.map((n) => `- ${n}`));
const table = lines.join('\n');
process.stdout.write(`${table}\n`);

if (values.misses) {
  for (const mode of modes) {
    if (values.misses === 'test') throw new Error('test misses are not listed: tune on dev only');
    const mine = asked.filter((a) => a.mode === mode && a.store === stores[0] && (values.misses === 'v1' ? v1(a) : a.question.split === values.misses));
    process.stdout.write(`\nNot in the first 10 (${mode}, ${stores[0]} store, ${values.misses}): ${misses(mine).join(', ')}\n`);
  }
}

if (values.write) {
  const file = join(EVAL_DIR, 'RESULTS.md');
  const text = readFileSync(file, 'utf8');
  // The split sets' tables; the v1 section below them keeps the figures of the harness it was tuned with.
  const region = /<!-- recall:begin -->[\s\S]*<!-- recall:end -->/;
  if (!region.test(text)) throw new Error(`${file} has no <!-- recall:begin --> … <!-- recall:end --> region to rewrite`);
  writeFileSync(file, text.replace(region, () => `<!-- recall:begin -->\n${table}\n<!-- recall:end -->`));
}
