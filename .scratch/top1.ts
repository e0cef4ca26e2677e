import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../src/store/sqlite/driver.ts';
import { idsForKey, indexObservations } from '../eval/labels.ts';
import { buildStore, loadQuestions } from '../eval/recall.ts';
const dump = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { id: string; style: string; rank?: number; top: number[] }[];
const qs = new Map(loadQuestions('v2').map((q) => [q.id, q]));
const store = await buildStore('all', { via: 'import' });
const db = openDatabase({ path: join(store.dataDir, 'mnemo.db'), busyTimeoutMs: 5000, readonly: true });
const index = indexObservations(db, store.replay.events);
const info = db.prepare('select id, type, session_id s, created_at at from observations where id=?');
const tally = new Map<string, number>();
for (const a of dump) {
  const q = qs.get(a.id); if (!q) continue;
  const rel = q.keys.flatMap((k) => idsForKey(k, index));
  const top = info.get(a.top[0]) as any;
  const ansTypes = rel.map((id) => (info.get(id) as any).type);
  const key = `${a.style} top1=${top.type} ${a.rank === 1 ? 'HIT' : 'miss'}${top.type === 'prompt' && a.rank !== 1 ? (rel.some((id) => { const r = info.get(id) as any; return r.s === top.s && r.at >= top.at; }) ? ' answer-after-in-session' : ' elsewhere') : ''}`;
  tally.set(key, (tally.get(key) ?? 0) + 1);
}
for (const [k, v] of [...tally].sort()) console.log(v, k);
