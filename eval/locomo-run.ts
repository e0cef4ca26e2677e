/**
 * `npm run eval:locomo`: the LoCoMo retrieval check (eval/locomo.ts) as tables. The data is not in this
 * repository (CC BY-NC 4.0): point MNEMO_LOCOMO at `data/locomo10.json` of github.com/snap-research/LoCoMo.
 *
 *   MNEMO_LOCOMO=/path/to/locomo10.json npm run eval:locomo
 *   … -- --stores per           only one store per conversation (skip the combined store)
 *   … -- --modes mnemo,fts5     fewer modes (default mnemo,hybrid,fts5)
 *   … -- --rebuild              feed the hooks again even if stores for this data and plugin build are cached
 *   … -- --write                also rewrite the <!-- locomo:begin --> … <!-- locomo:end --> region of eval/RESULTS.md
 *   … -- --misses 5             print up to 5 misses (not in the first 10) per category, default mode, with what ranked first
 *   … -- --dump FILE            every search as JSON lines
 *
 * Stores are built by feeding every turn through the plugin's hook processes (one process per hook:
 * about 6,700 for the ten conversations, twice with the combined store), cached under
 * eval/.cache/locomo keyed by the data file, the hook bundles and this harness's feeding code.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/store/sqlite/driver.ts';
import { PLUGIN_ROOT } from './hook-replay.ts';
import {
  askLocomo,
  CATEGORY_NAMES,
  CLOCK_SHIM,
  diaKey,
  feedThroughHooks,
  indexDia,
  loadLocomo,
  type DiaIndex,
  type FeedReport,
  type LocomoAsked,
  type LocomoConversation,
  type LocomoMode,
  type LocomoQuestion,
} from './locomo.ts';
import { cell, score } from './metrics.ts';
import { cli, EVAL_DIR } from './recall.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    stores: { type: 'string', default: 'per,combined' },
    modes: { type: 'string', default: 'mnemo,hybrid,fts5' },
    rebuild: { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '2' },
    write: { type: 'boolean', default: false },
    misses: { type: 'string' },
    dump: { type: 'string' },
  },
});
const log = (l: string) => process.stderr.write(`${l}\n`);
const dataFile = values.data ?? process.env.MNEMO_LOCOMO;
if (!dataFile || !existsSync(dataFile)) {
  process.stderr.write('MNEMO_LOCOMO must name LoCoMo\'s locomo10.json (github.com/snap-research/LoCoMo, data/locomo10.json; CC BY-NC 4.0, not shipped here)\n');
  process.exit(2);
}
const storeKinds = values.stores!.split(',').map((s) => s.trim());
const modes = values.modes!.split(',').map((s) => s.trim()) as LocomoMode[];
const REPO = join(EVAL_DIR, '..');

const conversations = loadLocomo(dataFile);
const questions = conversations.flatMap((c) => c.questions);

/** The hook bundles must be built from the current sources, or the feed would test old code. */
function assertBuilt(): void {
  const built = statSync(join(PLUGIN_ROOT, 'dist', 'hook-main.cjs')).mtimeMs;
  const newest = (dir: string): number =>
    Math.max(0, ...readdirSync(dir, { withFileTypes: true }).map((e) => (e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs)));
  if (newest(join(REPO, 'src')) > built) throw new Error('plugin/dist is older than src/: run `npm run build` first');
}

/** Data, hook bundles and the feeding code: what decides what a fed store holds. */
function fingerprint(): string {
  const h = createHash('sha256');
  h.update(readFileSync(dataFile!));
  const bundles = readdirSync(join(PLUGIN_ROOT, 'dist')).filter((f) => /^hook.*\.cjs$/.test(f)).sort().map((f) => `dist/${f}`);
  for (const f of ['hooks/hooks.json', ...bundles]) h.update(readFileSync(join(PLUGIN_ROOT, f)));
  for (const f of [CLOCK_SHIM, join(EVAL_DIR, 'locomo.ts')]) h.update(readFileSync(f));
  return h.digest('hex').slice(0, 16);
}

interface Built {
  readonly kind: 'per' | 'combined';
  readonly feed: FeedReport;
  readonly dataDirOf: (conversation: string) => string;
  readonly reused: boolean;
}

const CACHE = join(EVAL_DIR, '.cache', 'locomo');
/** Where the hooks say they ran: one folder per conversation, outside any git repository. */
const CWD_ROOT = join(tmpdir(), 'mnemo-locomo');

async function build(kind: 'per' | 'combined'): Promise<Built> {
  const dir = join(CACHE, `${kind}-${fingerprint()}`);
  const dataDirOf = (c: string) => join(dir, kind === 'per' ? c : 'combined', 'data');
  if (!values.rebuild && existsSync(join(dir, 'feed.json'))) {
    return { kind, feed: JSON.parse(readFileSync(join(dir, 'feed.json'), 'utf8')) as FeedReport, dataDirOf, reused: true };
  }
  assertBuilt();
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const buildingOf = (c: string) => join(building, kind === 'per' ? c : 'combined', 'data');
  const feed = await feedThroughHooks(conversations, buildingOf, CWD_ROOT, { concurrency: Number(values.concurrency), log });
  // Whatever the hooks left in the spool is folded by the next mnemo process.
  for (const d of new Set(conversations.map((c) => buildingOf(c.id)))) await cli(d, ['sessions', '--json', '--limit', '1']);
  writeFileSync(join(building, 'feed.json'), JSON.stringify(feed));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(CACHE, { recursive: true });
  renameSync(building, dir);
  return { kind, feed, dataDirOf, reused: false };
}

const started = performance.now();
const asked: LocomoAsked[] = [];
const notes: string[] = [];
const indexes = new Map<string, DiaIndex>();
const skippedIds = new Map<string, string>();
let feedSeconds = 0;
let askSeconds = 0;
for (const kind of storeKinds as ('per' | 'combined')[]) {
  const b = await build(kind);
  const s = Math.round(b.feed.ms / 1000);
  if (!b.reused) feedSeconds += s;
  log(`locomo ${kind}: ${b.reused ? 'cached stores' : 'fed'} (${b.feed.hooks} hook runs in ${s} s, ${b.feed.failures.length} failed)`);
  notes.push(`${kind === 'per' ? 'One store per conversation' : 'One combined store'}: ${b.feed.sessions.length} sessions, ${b.feed.hooks} hook runs in ${s} s${b.reused ? ' (cached)' : ''}, ${b.feed.failures.length} failed${b.feed.failures.length ? ` (e.g. ${b.feed.failures[0]})` : ''}.`);
  const t = performance.now();
  const groups: { store: string; dataDir: string; convs: LocomoConversation[] }[] =
    kind === 'per' ? conversations.map((c) => ({ store: c.id, dataDir: b.dataDirOf(c.id), convs: [c] })) : [{ store: 'combined', dataDir: b.dataDirOf(''), convs: conversations }];
  let unmatched = 0;
  let extra = 0;
  let unresolved = 0;
  for (const g of groups) {
    const ids = new Set(g.convs.map((c) => c.id));
    const db = openDatabase({ path: join(g.dataDir, 'mnemo.db'), busyTimeoutMs: 5000, readonly: true });
    try {
      const index = indexDia(db, b.feed.sessions.filter((s) => ids.has(s.conversation)));
      indexes.set(g.store, index);
      unmatched += index.unmatched.length;
      extra += index.extra;
      const r = await askLocomo(g.dataDir, db, kind === 'per' ? 'per' : 'combined', g.convs.flatMap((c) => c.questions), index, modes, log);
      asked.push(...r.asked);
      unresolved += r.unresolvedEvidence;
      for (const sk of r.skipped) skippedIds.set(`${sk.question.conversation}#${sk.question.index}`, sk.reason);
    } finally {
      db.close();
    }
    log(`locomo ${kind}: asked ${g.store}`);
  }
  askSeconds += (performance.now() - t) / 1000;
  notes.push(`${kind === 'per' ? 'Per conversation' : 'Combined'}: ${unmatched} turns without a stored observation of their own, ${extra} stored observations no turn claimed, ${unresolved} evidence dia_ids naming no stored turn.`);
}

// ---------------------------------------------------------------------------------------------
// Tables

const MODE_LABEL: Record<LocomoMode, string> = {
  mnemo: 'mnemo, default settings',
  hybrid: 'mnemo, `MNEMO_EMBEDDER=hash` (hybrid)',
  'hybrid-candidates': 'mnemo, hybrid with `MNEMO_EMBED_SCOPE=candidates`',
  fts5: 'plain SQLite FTS5 (porter, OR of words, bm25)',
};
const STORE_LABEL: Record<string, string> = { per: 'one store per conversation', combined: 'all ten in one store' };
const categories = [...new Set(questions.map((q) => q.category))].sort((a, b) => a - b);
const catLabel = (c: number) => `${c} ${CATEGORY_NAMES[c] ?? ''}`.trim();
const ranks = (f: (a: LocomoAsked) => boolean) => asked.filter(f).map((a) => a.rank);
const lines: string[] = [];
const askedQs = new Set(asked.map((a) => `${a.question.conversation}#${a.question.index}`));
const nCat = (c: number) => [...askedQs].filter((k) => questions.find((q) => `${q.conversation}#${q.index}` === k)!.category === c).length;

lines.push(`| R@5 / R@10 / MRR | all ${askedQs.size} asked | without category 5 (${askedQs.size - nCat(5)}) |`, '|---|---|---|');
for (const store of storeKinds) {
  for (const mode of modes) {
    const all = score(ranks((a) => a.store === store && a.mode === mode));
    const no5 = score(ranks((a) => a.store === store && a.mode === mode && a.question.category !== 5));
    lines.push(`| ${MODE_LABEL[mode]}, ${STORE_LABEL[store]} | ${cell(all)} | ${cell(no5)} |`);
  }
}
for (const store of storeKinds) {
  lines.push('', `By category (${STORE_LABEL[store]}; R@5 / R@10 / MRR):`, '');
  lines.push(`| | ${categories.map((c) => `${catLabel(c)} (${nCat(c)})`).join(' | ')} |`, `|---|${categories.map(() => '---|').join('')}`);
  for (const mode of modes) {
    lines.push(`| ${MODE_LABEL[mode]} | ${categories.map((c) => cell(score(ranks((a) => a.store === store && a.mode === mode && a.question.category === c)))).join(' | ')} |`);
  }
}
const skippedByReason = [...skippedIds.values()];
lines.push(
  '',
  `- ${questions.length} questions in the data; ${askedQs.size} asked; ${skippedByReason.filter((r) => r === 'no evidence').length} have no evidence, ${skippedByReason.filter((r) => r !== 'no evidence').length} name only evidence that is no turn of the conversation.`,
  ...notes.map((n) => `- ${n}`),
  `- Questions asked in ${Math.round(askSeconds)} s${feedSeconds ? `; stores fed in ${feedSeconds} s` : ''}; whole run ${Math.round((performance.now() - started) / 1000)} s.`,
);
const table = lines.join('\n');
process.stdout.write(`${table}\n`);

if (values.dump) {
  writeFileSync(
    values.dump,
    asked.map((a) => JSON.stringify({ conversation: a.question.conversation, index: a.question.index, category: a.question.category, store: a.store, mode: a.mode, rank: a.rank, top: a.top.slice(0, 10) })).join('\n') + '\n',
  );
}

if (values.misses) {
  const per = Number(values.misses);
  const textOf = (store: string, id: number) => indexes.get(store)?.diaOf.get(id);
  const turnText = new Map<string, string>();
  for (const c of conversations) for (const s of c.sessions) for (const t of s.turns) turnText.set(diaKey(c.id, t.diaId), `${t.speaker}: ${t.text}${t.caption ? ` [shares ${t.caption}]` : ''}`);
  for (const c of categories) {
    const miss = asked.filter((a) => a.store === 'per' && a.mode === 'mnemo' && a.question.category === c && (a.rank === undefined || a.rank > 10)).slice(0, per);
    process.stdout.write(`\nMisses, category ${catLabel(c)} (mnemo default, own store):\n`);
    for (const m of miss) {
      const q: LocomoQuestion = m.question;
      const first = m.top[0] !== undefined ? textOf(q.conversation, m.top[0]) : undefined;
      process.stdout.write(`- [${q.conversation}#${q.index}] ${q.question}\n    evidence: ${q.evidence.map((d) => `${d} ${JSON.stringify(turnText.get(diaKey(q.conversation, d))?.slice(0, 160))}`).join(' | ')}\n    rank: ${m.rank ?? '—'}; first: ${first} ${JSON.stringify(first ? turnText.get(first)?.slice(0, 160) : '')}\n`);
    }
  }
}

if (values.write) {
  const file = join(EVAL_DIR, 'RESULTS.md');
  const text = readFileSync(file, 'utf8');
  const region = /<!-- locomo:begin -->[\s\S]*<!-- locomo:end -->/;
  if (!region.test(text)) throw new Error(`${file} has no <!-- locomo:begin --> … <!-- locomo:end --> region to rewrite`);
  writeFileSync(file, text.replace(region, () => `<!-- locomo:begin -->\n${table}\n<!-- locomo:end -->`));
  log(`wrote ${relative(REPO, file)}`);
}
