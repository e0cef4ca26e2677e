/**
 * mnemo's extraction held against context-mode's own extraction tests (their suites are read from
 * a local mirror of their repository, never copied here; see sources.ts).
 *
 *   node --import tsx eval/peer-extraction/run.ts                 the figures (dev and held-out test split)
 *   node --import tsx eval/peer-extraction/run.ts --misses        … and the dev split's misses, one a line
 *   node --import tsx eval/peer-extraction/run.ts --misses=all    … misses of both splits (look only when done tuning)
 *   node --import tsx eval/peer-extraction/run.ts --write         … and rewrite the table in eval/peer-extraction/RESULTS.md
 *   … --repo DIR [--ref REF] | --dir CHECKOUT                     another snapshot of their repository
 *
 * Every input of their tests goes through `mnemo extract`'s code path (capture/extract-payloads:
 * the Claude Code adapter, capture, extraction with per-session state). What a test expects of the
 * types is read from its assertions (observe.ts); the share reported is of expected types found
 * (and, apart, of types expected absent that mnemo does not emit). Tests are split into dev (70 %)
 * and test (30 %) by a hash of their file and name, fixed before any result was looked at; only the
 * dev split's misses were studied. Expectations mnemo deliberately does not meet are listed, with
 * their reasons, in disagreements.ts and docs/extraction-disagreements.md, and reported apart.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PayloadExtractor } from '../../src/capture/extract-payloads.ts';
import { EVENT_CATEGORIES } from '../../src/core/extract/index.ts';
import { resolvePlace } from '../../src/hooks/place.ts';
import { isRecord } from '../../src/platforms/payload.ts';
import { disagreementOf, type ScoredExpectation } from './disagreements.ts';
import { Recorder, type Call, type PlainEvent } from './observe.ts';
import { loadTests, NotEvaluable, type Engine } from './sandbox.ts';
import { findSource } from './sources.ts';

const { values: opts } = parseArgs({ options: { repo: { type: 'string' }, ref: { type: 'string' }, dir: { type: 'string' }, misses: { type: 'string' }, write: { type: 'boolean' }, json: { type: 'boolean' } }, strict: true, allowNegative: false, args: process.argv.slice(2).map((a) => (a === '--misses' ? '--misses=dev' : a)) });

const source = findSource({ ...(opts.repo ? { repo: opts.repo } : {}), ...(opts.ref ? { ref: opts.ref } : {}), ...(opts.dir ? { dir: opts.dir } : {}) });
if (!source) {
  console.error('context-mode not found: fetch github:mksglu/context-mode (or a fork carrying its history) or pass --repo / --dir');
  process.exit(2);
}

/** 30 % of their tests, by a hash of file and name: the held-out split. */
export function splitOf(file: string, name: string): 'dev' | 'test' {
  return createHash('sha1').update(`${file}\0${name}`).digest()[0]! < 77 ? 'test' : 'dev';
}

// Every input through `mnemo extract`'s path, one session per test (and per `reset…()` of theirs).
const extractor = new PayloadExtractor({ platform: 'claude-code', limits: { maxInputChars: 2000, maxOutputChars: 4000 }, place: (ev) => resolvePlace(ev.cwd) });
let session = 0;
const plain = (events: readonly { type: string; category: string; priority: number; data: string; bytes_avoided?: number }[]): PlainEvent[] => events.map((e) => ({ ...e }));
const engine: Engine = {
  tool(input) {
    if (!isRecord(input)) return [];
    try {
      return plain(extractor.extract({ hook_event_name: 'PostToolUse', ...input, session_id: `peer-${session}` }));
    } catch {
      return [];
    }
  },
  user(message) {
    try {
      // The prompt itself (`user_prompt`) is the observation, not something their extractUserEvents returns.
      return plain(extractor.extract({ hook_event_name: 'UserPromptSubmit', session_id: `peer-${session}`, prompt: message })).filter((e) => e.type !== 'user_prompt');
    } catch {
      return [];
    }
  },
  newSession() {
    session++;
  },
};

// Probe vocabulary: mnemo's taxonomy plus every type- or category-like literal in their files.
const LITERAL_RE = /["'`]([a-z][a-z0-9_-]{1,39})["'`]/g;
const types = new Map<string, { category?: string; priority?: number }>(Object.entries(EVENT_CATEGORIES).map(([t, c]) => [t, { category: c }]));
const categories = new Set<string>(Object.values(EVENT_CATEGORIES));
for (const f of source.files) {
  for (const m of f.text.matchAll(LITERAL_RE)) {
    const lit = m[1]!;
    if (!lit.includes('-') && !types.has(lit)) types.set(lit, {});
    categories.add(lit);
  }
}

const rec = new Recorder(types, categories);
const scored: ScoredExpectation[] = [];
const counts = { tests: 0, skipped: 0, aborted: 0, notEvaluable: 0, calls: 0, countClaims: 0, otherAssertions: 0, loadFailures: [] as string[] };

function present(call: Call, key: string): boolean {
  if (key === '*') return call.events.length > 0;
  if (key.startsWith('category:')) return call.events.some((e) => e.category === key.slice(9));
  if (key.startsWith('intent:')) return call.events.some((e) => e.type === 'intent' && e.data === key.slice(7));
  if (key.startsWith('any:')) {
    const set = new Set(key.slice(4).split('|'));
    return call.events.some((e) => set.has(e.type));
  }
  return call.events.some((e) => e.type === key);
}

/** A category or mixed key is dropped when a precise type expectation of the same call covers it. */
function covered(e: { call: Call; key: string; present: boolean }, all: ReadonlyArray<{ call: Call; key: string; present: boolean }>): boolean {
  if (!e.present || !(e.key.startsWith('category:') || e.key.startsWith('any:') || e.key === 'intent')) return false;
  return all.some((o) => {
    if (o === e || o.call !== e.call || !o.present) return false;
    if (e.key === 'intent') return o.key.startsWith('intent:');
    if (e.key.startsWith('category:')) return (EVENT_CATEGORIES as Record<string, string>)[o.key] === e.key.slice(9) || o.key === e.key;
    return e.key.slice(4).split('|').includes(o.key);
  });
}

export function categoryOf(key: string): string {
  if (key === '*') return 'nothing';
  if (key.startsWith('category:')) return key.slice(9);
  if (key.startsWith('intent:')) return 'intent';
  if (key.startsWith('any:')) return 'mixed';
  return (EVENT_CATEGORIES as Record<string, string>)[key] ?? 'not in the taxonomy';
}

for (const f of source.files) {
  const calls: Call[] = [];
  let tests;
  try {
    const blockErrors: string[] = [];
    tests = loadTests(f.path, f.text, rec, engine, calls, blockErrors);
    counts.loadFailures.push(...blockErrors.map((e) => `${f.path} (block ${e})`));
  } catch (err) {
    counts.loadFailures.push(`${f.path}: ${(err as Error).message}`);
    continue;
  }
  for (const t of tests) {
    counts.tests++;
    if (t.skipped) {
      counts.skipped++;
      continue;
    }
    rec.reset();
    engine.newSession();
    const before = calls.length;
    try {
      for (const h of t.hooks.before) await h();
      await t.run();
      for (const h of t.hooks.after) await h();
    } catch (err) {
      if (err instanceof NotEvaluable) counts.notEvaluable++;
      else counts.aborted++;
    }
    counts.calls += calls.length - before;
    counts.countClaims += rec.countClaims;
    counts.otherAssertions += rec.otherAssertions;
    const exps = rec.expectations;
    const split = splitOf(f.path, t.name);
    for (const e of exps) {
      if (covered(e, exps)) continue;
      const item: ScoredExpectation = { file: f.path, test: t.name, split, callKind: e.call.kind, key: e.key, present: e.present, met: present(e.call, e.key) === e.present, got: e.call.events.map((x) => x.type) };
      scored.push({ ...item, disagreement: disagreementOf(item) });
    }
  }
}

interface Tally {
  met: number;
  total: number;
}
const pct = (t: Tally) => (t.total ? ((100 * t.met) / t.total).toFixed(1) : '–');
const tally = (items: readonly ScoredExpectation[]): Tally => ({ met: items.filter((i) => i.met).length, total: items.length });
const shown = (t: Tally) => `${pct(t)} % (${t.met}/${t.total})`;

const positives = scored.filter((s) => s.present);
const negatives = scored.filter((s) => !s.present);
const counted = (items: readonly ScoredExpectation[]) => items.filter((s) => !s.disagreement);
const bySplit = (items: readonly ScoredExpectation[], split: 'dev' | 'test') => items.filter((s) => s.split === split);

const lines: string[] = [];
lines.push(`Source: ${source.label}; ${source.files.length} files (${source.files.map((f) => f.path.replace('tests/session/', '')).join(', ')}).`);
lines.push(`${counts.tests} tests (${counts.skipped} skipped, ${counts.notEvaluable} reach for their own modules, ${counts.aborted} stopped by an exception after a claim mnemo answers differently), ${counts.calls} inputs.`);
lines.push('');
lines.push('| | all | dev | test (held out) |');
lines.push('|---|---|---|---|');
lines.push(`| expected types found, excluding deliberate disagreements | ${shown(tally(counted(positives)))} | ${shown(tally(counted(bySplit(positives, 'dev'))))} | ${shown(tally(counted(bySplit(positives, 'test'))))} |`);
lines.push(`| expected types found, all | ${shown(tally(positives))} | ${shown(tally(bySplit(positives, 'dev')))} | ${shown(tally(bySplit(positives, 'test')))} |`);
lines.push(`| types expected absent and absent, excluding disagreements | ${shown(tally(counted(negatives)))} | ${shown(tally(counted(bySplit(negatives, 'dev'))))} | ${shown(tally(counted(bySplit(negatives, 'test'))))} |`);
lines.push(`| types expected absent and absent, all | ${shown(tally(negatives))} | ${shown(tally(bySplit(negatives, 'dev')))} | ${shown(tally(bySplit(negatives, 'test')))} |`);
lines.push('');
lines.push('Expected types found, per category (excluding disagreements; all splits):');
lines.push('');
lines.push('| category | found | of which held out |');
lines.push('|---|---|---|');
const cats = [...new Set(positives.map((s) => categoryOf(s.key)))].sort();
for (const c of cats) {
  const items = counted(positives.filter((s) => categoryOf(s.key) === c));
  if (!items.length) continue;
  lines.push(`| ${c} | ${shown(tally(items))} | ${shown(tally(bySplit(items, 'test')))} |`);
}
lines.push('');
lines.push('Per file (expected types found, excluding disagreements):');
lines.push('');
lines.push('| file | found | held out |');
lines.push('|---|---|---|');
for (const f of source.files) {
  const items = counted(positives.filter((s) => s.file === f.path));
  if (items.length) lines.push(`| ${f.path.replace('tests/session/', '')} | ${shown(tally(items))} | ${shown(tally(bySplit(items, 'test')))} |`);
}
const dis = scored.filter((s) => s.disagreement);
lines.push('');
lines.push(`Deliberate disagreements: ${dis.length} expectations (${dis.filter((d) => d.split === 'test').length} held out), by reason:`);
const byReason = new Map<string, number>();
for (const d of dis) byReason.set(d.disagreement!, (byReason.get(d.disagreement!) ?? 0) + 1);
for (const [r, n] of [...byReason].sort((a, b) => b[1] - a[1])) lines.push(`- ${n} × ${r}`);
if (counts.loadFailures.length) lines.push('', ...counts.loadFailures.map((l) => `Could not load ${l}`));
const report = lines.join('\n');

if (opts.json) console.log(JSON.stringify({ source: source.label, counts, scored }, null, 1));
else console.log(report);

if (opts.misses) {
  const which = opts.misses === 'all' ? scored : scored.filter((s) => s.split === 'dev');
  console.log('\nMisses (' + (opts.misses === 'all' ? 'both splits' : 'dev split') + '):');
  for (const s of which.filter((x) => !x.met)) console.log(`${s.split} ${s.disagreement ? '[disagree] ' : ''}${s.present ? '+' : '-'}${s.key}  got [${s.got.join(',')}]  ${s.file.replace('tests/session/', '')} :: ${s.test}`);
}

if (opts.write) {
  const file = join(import.meta.dirname, 'RESULTS.md');
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, text.replace(/<!-- peer:begin -->[\s\S]*<!-- peer:end -->/, `<!-- peer:begin -->\n${report}\n<!-- peer:end -->`));
}
