/**
 * `MNEMO_TEST_PG_URL=… node --import tsx eval/tune-team.ts`: the dev questions asked of the team
 * server's search (store/postgres/search) instead of the local one, over the same store shared in
 * full — every project shared with its history and pushed through the real outbox and sync engine to
 * a team on a real PostgreSQL — so the two searches compare on one set of records. Dev split only,
 * as in eval/tune.ts. The server's search returns at most 100 records.
 *
 *   SETS=dev,v1      which questions (`test` is refused)
 */
import { join } from 'node:path';
import { openDatabase } from '../src/store/sqlite/driver.ts';
import { idsForKey, indexObservations } from './labels.ts';
import { buildStore, loadQuestions } from './recall.ts';
import { shareToTeam } from './team.ts';

const sets = (process.env.SETS ?? 'dev').split(',');
if (sets.includes('test')) throw new Error('the test split is not tuned on: SETS=dev and/or v1');
const built = await buildStore('all', { via: 'import' });
const team = await shareToTeam(built.dataDir);
const db = openDatabase({ path: join(built.dataDir, 'mnemo.db'), busyTimeoutMs: 5000, readonly: true });
try {
  const index = indexObservations(db, built.replay.events);
  const questions = [...loadQuestions('v2').filter((q) => sets.includes(q.split!)), ...(sets.includes('v1') ? loadQuestions('v1') : [])];
  console.log(`pushed ${team.pushed} records`);
  for (const style of ['question', 'query'] as const) {
    let n = 0;
    let r5 = 0;
    let r10 = 0;
    let mrr = 0;
    const ranks: string[] = [];
    for (const q of questions) {
      const text = q.texts[style];
      const relevant = new Set(q.keys.flatMap((k) => idsForKey(k, index)));
      if (!text || relevant.size === 0) continue;
      const ids = await team.search(text, 100);
      const r = ids.findIndex((id) => relevant.has(id)) + 1;
      n++;
      if (r && r <= 5) r5++;
      if (r && r <= 10) r10++;
      if (r) mrr += 1 / r;
      ranks.push(`${q.id}:${r || '-'}`);
    }
    console.log(`${style.padEnd(8)} n=${n} R@5 ${((100 * r5) / n).toFixed(1)} R@10 ${((100 * r10) / n).toFixed(1)} MRR ${(mrr / n).toFixed(3)}`);
    if (process.env.V) console.log(ranks.join(' '));
  }
} finally {
  db.close();
  await team.close();
}
