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
const info = db.prepare("select id, type, substr(title,1,90) t, length(body) bl from observations where id=?");
for (const a of dump) {
  const q = qs.get(a.id); if (!q || a.rank === 1) continue;
  const top = info.get(a.top[0]) as any;
  if (top.type !== process.argv[3]) continue;
  const rel = q.keys.flatMap((k) => idsForKey(k, index)).map((id) => info.get(id) as any);
  console.log(`${a.style} ${a.id} rank ${a.rank}: ${q.texts[a.style as 'query']}\n   TOP ${top.t} (body ${top.bl})\n   ANS ${rel.map((r) => `[${r.type}] ${r.t} (body ${r.bl})`).join('\n       ')}`);
}
