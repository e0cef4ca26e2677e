// Dev-only experiment loop: in-process searchObservations over the cached import store.
import { join } from 'node:path';
import { readdirSync } from 'node:fs';
import { openDatabase } from '../src/store/sqlite/driver.ts';
import { searchObservations } from '../src/store/sqlite/search.ts';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.ts';
import { createHashEmbedder } from '../src/embed/hash.ts';
import { idsForKey, indexObservations } from '../eval/labels.ts';
import { buildStore, loadQuestions } from '../eval/recall.ts';
const store = await buildStore('all', { via: 'import' });
const db = openDatabase({ path: join(store.dataDir, 'mnemo.db'), busyTimeoutMs: 5000, readonly: true });
const index = indexObservations(db, store.replay.events);
const sets = (process.env.SETS ?? 'dev').split(',');
const qs = [...loadQuestions('v2').filter((q) => sets.includes(q.split!)), ...(sets.includes('v1') ? loadQuestions('v1') : [])];
const ks = [5, 10, 20, 60, 200];
const dump: object[] = [];
const verbose = process.env.V === '1';
const hybrid = process.env.MODE === 'hybrid';
let store2: SqliteStore | undefined;
if (hybrid) { store2 = SqliteStore.open({ path: join(store.dataDir, 'mnemo.db'), busyTimeoutMs: 5000 }); if (!store2.enableSemantic(process.env.SCOPE === 'candidates' ? { ...createHashEmbedder(), scope: 'candidates' } : createHashEmbedder(), { readOnly: true })) throw new Error('no vec'); }
for (const style of ['question', 'query'] as const) {
  const hits = ks.map(() => 0); let mrr = 0; let n = 0; const nonEn = [0, 0];
  const ranks: string[] = [];
  const byKind = new Map<string, number[]>();
  for (const q of qs) {
    const text = q.texts[style]; if (!text) continue;
    const rel = new Set(q.keys.flatMap((k) => idsForKey(k, index))); if (!rel.size) continue;
    const ids = (hybrid ? await store2!.search({ query: text, limit: 200 }) : searchObservations(db, { query: text, limit: 200 }, { now: Date.parse('2026-12-01') })).map((h) => h.observation.id);
    const r = ids.findIndex((id) => rel.has(id)) + 1;
    const bk = byKind.get(q.kind) ?? [0, 0]; bk[1]++; if (r && r <= 10) bk[0]++; byKind.set(q.kind, bk);
    n++; ks.forEach((k, i) => { if (r && r <= k) hits[i]++; }); if (r) mrr += 1 / r;
    if (q.language !== 'en') { nonEn[1]++; if (r && r <= 10) nonEn[0]++; }
    ranks.push(`${q.id}:${r || '-'}`);
    dump.push({ id: q.id, set: q.set, split: q.split, style, mode: 'mnemo', store: 'all', rank: r || undefined, top: ids.slice(0, 10) });
  }
  console.log(`${style.padEnd(8)} n=${n} ` + ks.map((k, i) => `R@${k} ${(100 * hits[i] / n).toFixed(1)}`).join(' ') + ` MRR ${(mrr / n).toFixed(3)} nonEn@10 ${nonEn[0]}/${nonEn[1]}`);
  if (verbose) console.log(ranks.join(' '));
  if (process.env.KINDS) console.log('   R@10 by kind: ' + [...byKind].map(([k, [h, t]]) => `${k} ${h}/${t}`).join(', '));
}

if (process.env.DUMP) (await import('node:fs')).writeFileSync(process.env.DUMP, JSON.stringify(dump));
