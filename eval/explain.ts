/**
 * `node --import tsx eval/explain.ts <dump.json> [mode] [style]`: for each dev question of a dump
 * (`npm run eval -- --dump F`) not answered in the first 10, what answers it and what came first.
 * Dev only: test questions are refused, as in `--misses`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { idsForKey } from './labels.ts';
import { buildStore, EVAL_DIR, loadQuestions, openIndexed, SPLIT_SETS } from './recall.ts';

const [dumpFile, mode = 'mnemo', style = ''] = process.argv.slice(2);
if (!dumpFile) throw new Error('usage: explain.ts <dump.json> [mode] [style]');
interface Dumped { id: string; set: string; split?: string; style: string; mode: string; store: string; rank?: number; top: number[] }
const dump = JSON.parse(readFileSync(dumpFile, 'utf8')) as Dumped[];
const questions = new Map(SPLIT_SETS.filter((set) => existsSync(join(EVAL_DIR, 'data', `questions-${set}.json`))).flatMap((set) => loadQuestions(set)).map((q) => [q.id, q]));
const store = await buildStore('all', { via: (process.env.EXPLAIN_VIA as 'import' | 'hooks') ?? 'import' });
const { db, index } = openIndexed(store);
const row = db.prepare(
  `SELECT o.id, o.type, o.title, substr(o.body, 1, 160) AS body, coalesce(n.why, '') AS why, coalesce(n.finding, '') AS finding, s.external_id AS session,
     (SELECT count(*) FROM observations p WHERE p.session_id = o.session_id AND p.id < o.id) AS pos
   FROM observations o JOIN sessions s ON s.id = o.session_id LEFT JOIN narration n ON n.obs_id = o.id WHERE o.id = ?`,
);
const one = (id: number) => row.get(id) as { id: number; type: string; title: string; body: string; why: string; finding: string; session: string; pos: number };
const line = (id: number, mark = '') => {
  const r = one(id);
  const clip = (s: string, n: number) => s.replace(/\s+/g, ' ').slice(0, n);
  return `${mark}#${r.id} [${r.type}] ${r.session.slice(0, 8)}@${r.pos} ${clip(r.title, 110)}${r.why ? `\n        why: ${clip(r.why, 160)}` : ''}${r.finding ? `\n        found: ${clip(r.finding, 120)}` : ''}`;
};
for (const a of dump) {
  if (a.split === 'test') throw new Error('test questions are not explained: tune on dev only');
  if (a.split !== 'dev' || a.mode !== mode || (style && a.style !== style) || (a.rank !== undefined && a.rank <= 10)) continue;
  const q = questions.get(a.id)!;
  const relevant = new Set(q.keys.flatMap((k) => idsForKey(k, index)));
  console.log(`\n=== ${a.id} (${q.kind}, ${q.language}→${q.sessionLanguage}, ${a.style}) rank ${a.rank ?? '-'}: ${q.texts[a.style as 'question' | 'query']}`);
  for (const id of relevant) console.log(line(id, '  ANSWER '));
  a.top.slice(0, 10).forEach((id, i) => console.log(line(id, `  ${String(i + 1).padStart(2)}${relevant.has(id) ? '*' : ' '} `)));
}
db.close();
