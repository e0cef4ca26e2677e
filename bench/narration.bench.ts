/**
 * What reading the model's narration from host transcripts (src/narration) adds, each figure against
 * a baseline measured in the same rounds:
 *
 * 1. fold — a session's hook events folded from the spool into a fresh store (`drainSpool`, what
 *    SessionEnd and the MCP server do), then its transcript read for narration (`foldNarration`):
 *    the narration's time against the fold's, for every session of the input and for the largest;
 * 2. idle tick — the MCP server's 2-second fold when nothing was written: `foldNarration` over the
 *    active transcripts (a stat each) against the spool's own empty drain;
 * 3. import — `mnemo import claude-code` with narration against the same import without it
 *    (`narrate: false`), fresh stores, in one thread;
 * 4. SessionEnd — the whole hook process (`plugin/dist/hook.cjs SessionEnd`, built), folding the
 *    largest session's spooled events, with its transcript unread (nobody folded it before: the
 *    most SessionEnd ever reads) against the same with a transcript that is not there.
 *
 * Input: ../shared/corpus/transcripts when present (else the test fixtures), MNEMO_BENCH_COPIES
 * copies (default 3; 12 for the fixtures) with ids rewritten. Rounds: MNEMO_BENCH_ROUNDS (default 5),
 * the two sides of each figure in a shuffled order each round; medians.
 *
 *   npm run bench -- narration        (--no-write leaves bench/RESULTS.md alone)
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { captureEvent } from '../src/core/capture.ts';
import type { CapturedEvent } from '../src/core/types.ts';
import { importClaudeCode } from '../src/import/claude-code-import.ts';
import { findTranscripts, type TranscriptGroup } from '../src/import/claude-code/transcript-files.ts';
import { SubagentDirectory, transcriptEvents } from '../src/import/claude-code/transcript-events.ts';
import { transcriptLines } from '../src/import/claude-code/transcript-lines.ts';
import { foldNarration } from '../src/narration/fold.ts';
import { parseClaudeCode } from '../src/platforms/claude-code.ts';
import { drainSpool } from '../src/store/drain.ts';
import { spoolWrite } from '../src/store/spool.ts';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.ts';
import { childEnv, machine, machineLine, ROOT, shouldWrite, writeSection } from './lib/report.ts';
import { int, median, ms, ratio, rng, shuffle, table } from './lib/stats.ts';
import { copyTranscripts, CORPUS, FIXTURES } from './lib/transcripts.ts';

const LIMITS = { maxInputChars: 2000, maxOutputChars: 4000 };
const haveCorpus = CORPUS !== undefined;
const COPIES = Math.max(1, Number(process.env.MNEMO_BENCH_COPIES) || (haveCorpus ? 3 : 12));
const ROUNDS = Math.max(1, Number(process.env.MNEMO_BENCH_ROUNDS) || 5);

const work = mkdtempSync(join(tmpdir(), 'mnemo-bench-narration-'));
const input = join(work, 'projects');
// Gemini's session document in the corpus is not a Claude Code transcript.
const inputBytes = copyTranscripts(CORPUS ?? FIXTURES, input, COPIES, (p) => !p.includes('gemini-cli-bonus'));
const groups = findTranscripts(input);

/** A group's hook events as its live hooks would have spooled them (each naming the main transcript). */
function hookEvents(g: TranscriptGroup): CapturedEvent[] {
  const main = g.main?.path ?? g.others[0]!.path;
  const out: CapturedEvent[] = [];
  const agents = new SubagentDirectory();
  let n = 0;
  for (const f of [...(g.main ? [g.main] : []), ...g.others]) {
    const stats = { entries: 0, malformed: 0, orphanResults: 0 };
    for (const te of transcriptEvents(transcriptLines(f.path, { lines: 0, skipped: 0, bytes: 0 }), { path: f.path, role: f.role, stats, agents, fileLabel: f.path })) {
      const ev = parseClaudeCode(undefined, { ...te.payload, transcript_path: main });
      const c = captureEvent(ev, { place: { project: ev.cwd ?? '/' }, now: te.at, uid: `bench-${n++}-${Math.random().toString(36).slice(2)}`, limits: LIMITS });
      if (c) out.push(c);
    }
  }
  return out;
}

const sessions = groups.map((g) => ({ group: g, events: hookEvents(g), bytes: [...(g.main ? [g.main] : []), ...g.others].reduce((s, f) => s + statSync(f.path).size, 0) }));
const largest = [...sessions].sort((a, b) => b.bytes - a.bytes)[0]!;

interface FoldSample {
  readonly foldMs: number;
  readonly narrationMs: number;
  readonly calls: number;
}

/** Spool `events`, fold them into a fresh store (timed), then read their transcripts (timed). */
async function foldOnce(events: readonly CapturedEvent[]): Promise<FoldSample> {
  const dir = mkdtempSync(join(work, 'fold-'));
  const spool = join(dir, 'spool');
  for (const e of events) spoolWrite(spool, e);
  const store = SqliteStore.open({ path: join(dir, 'mnemo.db'), busyTimeoutMs: 5000 });
  try {
    const t0 = performance.now();
    await drainSpool(store, spool, { maxMs: 600_000 });
    const t1 = performance.now();
    const r = foldNarration(store);
    const t2 = performance.now();
    return { foldMs: t1 - t0, narrationMs: t2 - t1, calls: r.changed };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The MCP server's tick when nothing was written: the spool's empty drain, and the narration's stat of every active transcript. */
async function idleTick(store: SqliteStore, spool: string): Promise<{ drainMs: number; narrationMs: number }> {
  const t0 = performance.now();
  await drainSpool(store, spool, { maxMs: 1000 });
  const t1 = performance.now();
  foldNarration(store, { maxMs: 300 });
  return { drainMs: t1 - t0, narrationMs: performance.now() - t1 };
}

async function importOnce(narrate: boolean): Promise<{ ms: number; cpuMs: number; toolCalls: number; narrated: number }> {
  const dir = mkdtempSync(join(work, 'import-'));
  const store = SqliteStore.open({ path: join(dir, 'mnemo.db'), busyTimeoutMs: 5000 });
  try {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    const r = await importClaudeCode(store, { root: input, limits: LIMITS, openWithinMs: 0, workers: 0, summarize: false, narrate });
    const d = process.cpuUsage(cpu);
    return { ms: performance.now() - t0, cpuMs: (d.user + d.system) / 1000, toolCalls: r.toolCalls, narrated: r.narrated };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const HOOK = join(ROOT, 'plugin', 'dist', 'hook.cjs');
if (!existsSync(HOOK)) throw new Error('plugin/dist is not built: run `npm run build` first');

/** SessionEnd as Claude Code runs it, after `events` were spooled; `transcript`: the file they name (copied, unread). */
function sessionEndOnce(events: readonly CapturedEvent[], transcript: string | undefined): number {
  const dir = mkdtempSync(join(work, 'end-'));
  const named = join(dir, 'transcript.jsonl');
  if (transcript) copyFileSync(transcript, named);
  const spool = join(dir, 'spool');
  for (const e of events) spoolWrite(spool, { ...e, transcripts: [transcript ? named : join(dir, 'absent.jsonl')] });
  const payload = { session_id: events[0]!.externalSessionId, transcript_path: transcript ? named : join(dir, 'absent.jsonl'), cwd: '/', hook_event_name: 'SessionEnd', reason: 'prompt_input_exit' };
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [HOOK, 'SessionEnd'], { input: JSON.stringify(payload), env: childEnv({ MNEMO_DATA_DIR: dir, MNEMO_CODE_CACHE: '1' }), encoding: 'utf8' });
  const elapsed = performance.now() - t0;
  if (r.status !== 0) throw new Error(`SessionEnd exited ${r.status}: ${r.stderr}`);
  rmSync(dir, { recursive: true, force: true });
  return elapsed;
}
const largestTranscript = largest.group.main?.path ?? largest.group.others[0]!.path;
const ends: Record<'with' | 'without', number[]> = { with: [], without: [] };

const all = sessions.flatMap((s) => s.events);
const random = rng(20261201);
const folds: FoldSample[] = [];
const bigFolds: FoldSample[] = [];
const imports: Record<'with' | 'without', { ms: number; cpuMs: number; toolCalls: number; narrated: number }[]> = { with: [], without: [] };

// The idle tick's store: every session folded and read once, then ticks with nothing new.
const idleDir = mkdtempSync(join(work, 'idle-'));
const idleSpool = join(idleDir, 'spool');
const idleStore = SqliteStore.open({ path: join(idleDir, 'mnemo.db'), busyTimeoutMs: 5000 });
await idleStore.ingest(all);
foldNarration(idleStore);
const ticks: { drainMs: number; narrationMs: number }[] = [];
const activeTranscripts = idleStore.transcriptsToRead({ since: 0, platforms: ['claude-code'] }).length;

await foldOnce(largest.events); // warm-up: JIT, page cache
for (let round = 0; round < ROUNDS; round++) {
  for (const task of shuffle(['all', 'largest', 'import-with', 'import-without', 'tick', 'end-with', 'end-without'], random)) {
    if (task === 'end-with') ends.with.push(sessionEndOnce(largest.events, largestTranscript));
    if (task === 'end-without') ends.without.push(sessionEndOnce(largest.events, undefined));
    if (task === 'all') folds.push(await foldOnce(all));
    else if (task === 'largest') bigFolds.push(await foldOnce(largest.events));
    else if (task === 'import-with') imports.with.push(await importOnce(true));
    else if (task === 'import-without') imports.without.push(await importOnce(false));
    else if (task === 'tick') for (let k = 0; k < 20; k++) ticks.push(await idleTick(idleStore, idleSpool));
  }
  process.stderr.write(`round ${round + 1}/${ROUNDS} done\n`);
}
await idleStore.close();
rmSync(work, { recursive: true, force: true });

const mib = (b: number) => b / 1024 / 1024;
const foldRow = (label: string, s: FoldSample[], bytes: number): string[] => {
  const fold = median(s.map((x) => x.foldMs));
  const narr = median(s.map((x) => x.narrationMs));
  return [label, `${mib(bytes).toFixed(1)} MiB`, int(s[0]!.calls), ms(fold), ms(narr), ratio(median(s.map((x) => (x.foldMs + x.narrationMs) / x.foldMs))), `${((mib(bytes) * 1000) / narr).toFixed(0)} MiB/s`];
};
const tickDrain = median(ticks.map((t) => t.drainMs));
const tickNarr = median(ticks.map((t) => t.narrationMs));
const imp = (k: 'with' | 'without') => ({ ms: median(imports[k].map((x) => x.ms)), cpu: median(imports[k].map((x) => x.cpuMs)) });
const iw = imp('with');
const io = imp('without');
const calls = imports.with[0]!.toolCalls;
const endWith = median(ends.with);
const endWithout = median(ends.without);

const m = machine();
const md = [
  '## Reading narration from host transcripts (bench/narration.bench.ts)',
  '',
  machineLine(m),
  '',
  `Input: ${haveCorpus ? 'the real transcripts of ../shared/corpus/transcripts' : 'the test fixtures (../shared/corpus absent)'} × ${COPIES} copies, ids rewritten: ${groups.length} sessions, ${mib(inputBytes).toFixed(1)} MiB, ${int(all.length)} hook events. Medians of ${ROUNDS} rounds, both sides of each figure in the same round.`,
  '',
  'Fold: the sessions\' hook events folded from the spool into a fresh store (`drainSpool`, as SessionEnd or the MCP server does), then their transcripts read for the narration (`foldNarration`). Ratio: fold with narration / fold alone.',
  '',
  table(['sessions folded', 'transcripts', 'calls narrated', 'fold ms', 'narration ms', 'with / without', 'narration read'], [
    foldRow(`all ${groups.length}`, folds, inputBytes),
    foldRow('the largest one', bigFolds, largest.bytes),
  ]),
  '',
  `Idle tick of the MCP server (every 2 s) with ${activeTranscripts} active transcripts and nothing new: empty spool drain ${ms(tickDrain)} ms, narration ${ms(tickNarr)} ms (a stat and a directory listing per transcript; ${ticks.length} ticks).`,
  '',
  table(['import claude-code (one thread, no summaries)', 'wall s', 'tool calls/s', 'CPU s'], [
    ['without narration (`narrate: false`)', (io.ms / 1000).toFixed(2), int((calls * 1000) / io.ms), (io.cpu / 1000).toFixed(2)],
    [`with narration (${int(imports.with[0]!.narrated)} calls narrated)`, (iw.ms / 1000).toFixed(2), int((calls * 1000) / iw.ms), (iw.cpu / 1000).toFixed(2)],
    ['with / without', ratio(iw.ms / io.ms), '', ratio(iw.cpu / io.cpu)],
  ]),
  '',
  `SessionEnd hook process (\`plugin/dist/hook.cjs SessionEnd\`) folding the largest session (${int(largest.events.length)} spooled events), its ${mib(largest.bytes).toFixed(1)} MiB transcript never read before (the most SessionEnd ever reads: 300 ms in 2 MiB reads, then a detached \`mnemo narrate\`): ${ms(endWith)} ms, against ${ms(endWithout)} ms with no transcript to read (${ratio(endWith / endWithout)}). Claude Code gives SessionEnd hooks 1.5 s.`,
].join('\n');
console.log(`\n${md}`);
if (shouldWrite()) writeSection('narration', md);
