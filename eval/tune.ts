/**
 * `node --import tsx eval/tune.ts`: the fast loop for ranking work. The same questions as `npm run
 * eval`, asked in-process (`searchObservations`, limit 200) over the store `mnemo import claude-code`
 * builds (cached), in a few seconds instead of the hook replay's minutes; figures match the CLI's
 * within a question or two. Dev split only: the test half is refused, as in `--misses`.
 *
 *   SETS=dev,v3,v4,v5,v6,v1   which questions (v2's dev half, v3's, v4's, v5's and v6's dev halves, v1; `test` is refused)
 *   MODE=hybrid      with the offline embedder's neighbours (SCOPE=candidates: only the keyword candidates)
 *   MODE=team        the team server's search over the same store shared in full (eval/team.ts: needs
 *                    PostgreSQL, MNEMO_TEST_PG_URL or a throwaway cluster; at most 100 results)
 *   NOCONCEPTS=1, NOSTRUCT=1, NOGLOSS=1   ablations: the concept ranking, the structure lists, the glossary off
 *                    (the first two in MODE=team too)
 *   V=1              each question's first answering rank; KINDS=1 R@10 by kind
 *   DUMP=file.json   the first ten ids of each search, for eval/explain.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHashEmbedder } from '../src/embed/hash.ts';
import { searchObservations } from '../src/store/sqlite/search.ts';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.ts';
import { idsForKey } from './labels.ts';
import { buildStore, loadQuestions, openIndexed } from './recall.ts';
import { shareToTeam } from './team.ts';

const sets = (process.env.SETS ?? 'dev').split(',');
if (sets.includes('test')) throw new Error('the test split is not tuned on: SETS=dev, v3, v4, v5, v6 and/or v1');
const store = await buildStore('all', { via: 'import' });
const { db, index } = openIndexed(store);
/** The flag that asks each split set's dev half (`dev` is v2's, the first). */
const DEV_HALVES = [['dev', 'v2'], ['v3', 'v3'], ['v4', 'v4'], ['v5', 'v5'], ['v6', 'v6']] as const;
const questions = [
  ...DEV_HALVES.filter(([flag]) => sets.includes(flag)).flatMap(([, set]) => loadQuestions(set).filter((q) => q.split === 'dev')),
  ...(sets.includes('v1') ? loadQuestions('v1') : []),
];
const hybrid = process.env.MODE === 'hybrid';
const team = process.env.MODE === 'team' ? await shareToTeam(store.dataDir) : undefined;
const ablation = { ...(process.env.NOCONCEPTS ? { concepts: false } : {}), ...(process.env.NOSTRUCT ? { structure: false } : {}), ...(process.env.NOGLOSS ? { glossary: false } : {}) };
let semantic: SqliteStore | undefined;
if (hybrid) {
  semantic = SqliteStore.open({ path: join(store.dataDir, 'mnemo.db'), busyTimeoutMs: 5000 });
  const embedder = createHashEmbedder();
  if (!semantic.enableSemantic(process.env.SCOPE === 'candidates' ? { ...embedder, scope: 'candidates' } : embedder, { readOnly: true })) throw new Error('sqlite-vec does not load here');
}
const ks = [5, 10, 20, 60, 200];
const dump: object[] = [];
for (const style of ['question', 'query'] as const) {
  const hits = ks.map(() => 0);
  let mrr = 0;
  let n = 0;
  const nonEnglish = [0, 0];
  const ranks: string[] = [];
  const byKind = new Map<string, [number, number]>();
  for (const q of questions) {
    const text = q.texts[style];
    const relevant = new Set(q.keys.flatMap((k) => idsForKey(k, index)));
    if (!text || relevant.size === 0) continue;
    const ids = team
      ? await team.search(text, 100, ablation)
      : (hybrid ? await semantic!.search({ query: text, limit: 200 }) : searchObservations(db, { query: text, limit: 200 }, ablation)).map((h) => h.observation.id);
    const r = ids.findIndex((id) => relevant.has(id)) + 1;
    n++;
    ks.forEach((k, i) => r && r <= k && hits[i]!++);
    if (r) mrr += 1 / r;
    const kind = byKind.get(q.kind) ?? [0, 0];
    byKind.set(q.kind, [kind[0] + (r && r <= 10 ? 1 : 0), kind[1] + 1]);
    if (q.language !== 'en') (nonEnglish[1]!++, r && r <= 10 && nonEnglish[0]!++);
    ranks.push(`${q.id}:${r || '-'}`);
    dump.push({ id: q.id, set: q.set, split: q.split, style, mode: team ? 'team' : hybrid ? 'hybrid' : 'mnemo', store: 'all', rank: r || undefined, top: ids.slice(0, 10) });
  }
  console.log(`${style.padEnd(8)} n=${n} ${ks.map((k, i) => `R@${k} ${((100 * hits[i]!) / n).toFixed(1)}`).join(' ')} MRR ${(mrr / n).toFixed(3)} non-English R@10 ${nonEnglish[0]}/${nonEnglish[1]}`);
  if (process.env.V) console.log(ranks.join(' '));
  if (process.env.KINDS) console.log(`   R@10 by kind: ${[...byKind].map(([k, [h, t]]) => `${k} ${h}/${t}`).join(', ')}`);
}
if (process.env.DUMP) writeFileSync(process.env.DUMP, JSON.stringify(dump));
db.close();
await semantic?.close();
await team?.close();
