/**
 * `node --import tsx eval/wrapped.ts`: does a question still find its answer when it is wrapped in words
 * about the memory itself ("in a previous session", "last time", "我们之前讨论过的")? Each dev short query
 * of v2 and v3 (104) is asked bare and inside each wrapper (`{q}` is the query), in-process over the
 * import-built store as eval/tune.ts does; printed per wrapper: R@10 (of the answerable queries) and
 * the sum of reciprocal ranks. Dev only, like tune.ts.
 *
 * The `design` wrappers were looked at while core/search/memory-talk was written; the `fresh` ones
 * were written afterwards, before any run, to check that it generalizes (README: "its close").
 *
 *   SET=design|fresh|all (default all)   WRAPS='a {q}|{q} b'  your own wrappers   V=1  each query lost
 */
import { searchObservations } from '../src/store/sqlite/search.ts';
import { idsForKey } from './labels.ts';
import { buildStore, loadQuestions, openIndexed } from './recall.ts';

const WRAPPERS = {
  design: [
    'previous session {q}', '{q} in past sessions', 'what we discussed about {q}', 'earlier conversation about {q}', 'memory: {q}', '{q} decision history',
    'from our last chat: {q}', '{q} (we talked about this before)', 'remind me {q}', 'look up past work on {q}', '{q} from prior work', '{q} earlier', 'previously {q}',
    'history of {q}', 'context from a previous chat about {q}', 'in an earlier discussion {q}', 'what did we conclude about {q} last time', 'any notes on {q}?',
    '{q} - we looked at this a while ago', 'search memory for {q}', 'did we already handle {q} in an older session', '{q} from the previous conversation',
    'past decisions about {q}', 'what happened with {q} before',
    '我们之前讨论过的 {q}', '上次会话里 {q}', '前回のセッションで {q}', '以前話した {q}', '지난번 세션에서 {q}', '이전에 얘기한 {q}', '{q} 之前', '{q} 以前',
  ],
  fresh: [
    '{q}, as we did some time back', 'recall from earlier sessions: {q}', 'what was decided in the past chat regarding {q}', 'we worked on {q} in a prior conversation - details?',
    'find in memory: {q}', '{q} (from last week)', 'in the previous thread, {q}', '{q} before, right?',
    '上回我们聊到的 {q}', '之前做过的 {q}', '前にやった {q}', 'この前話し合った {q}', '예전에 했던 {q}', '지난 대화에서 {q}', '以前の会話で {q}', '先前提到的 {q}',
  ],
};

const chosen = process.env.WRAPS
  ? process.env.WRAPS.split('|')
  : process.env.SET === 'design' || process.env.SET === 'fresh'
    ? WRAPPERS[process.env.SET]
    : [...WRAPPERS.design, ...WRAPPERS.fresh];
const store = await buildStore('all', { via: 'import' });
const { db, index } = openIndexed(store);
const questions = [...loadQuestions('v2'), ...loadQuestions('v3')].filter((q) => q.split === 'dev');

const rankOf = (query: string, relevant: Set<number>) => searchObservations(db, { query, limit: 50 }).map((h) => h.observation.id).findIndex((id) => relevant.has(id));
const score = (ranks: number[]) => ({ at10: ranks.filter((r) => r >= 0 && r < 10).length, rr: ranks.reduce((s, r) => s + (r >= 0 ? 1 / (r + 1) : 0), 0) });

const asked = questions.flatMap((q) => {
  const relevant = new Set(q.keys.flatMap((k) => idsForKey(k, index)));
  return q.texts.query && relevant.size ? [{ id: q.id, query: q.texts.query, relevant }] : [];
});
const bare = asked.map((a) => rankOf(a.query, a.relevant));
const base = score(bare);
console.log(`${asked.length} dev short queries; bare: R@10 ${base.at10}, reciprocal ranks ${base.rr.toFixed(1)}`);
let sum = 0;
for (const w of chosen) {
  const ranks = asked.map((a) => rankOf(w.replace('{q}', a.query), a.relevant));
  const s = score(ranks);
  sum += s.at10;
  console.log(`${w.padEnd(52)} R@10 ${String(s.at10).padStart(3)}  rr ${s.rr.toFixed(1)}`);
  if (process.env.V) asked.forEach((a, i) => bare[i]! >= 0 && bare[i]! < 10 && !(ranks[i]! >= 0 && ranks[i]! < 10) && console.log(`   lost ${a.id}: ${bare[i]! + 1} → ${ranks[i]! < 0 ? '-' : ranks[i]! + 1}`));
}
console.log(`mean R@10 over ${chosen.length} wrappers: ${(sum / chosen.length).toFixed(1)} of ${asked.length} (bare ${base.at10})`);
