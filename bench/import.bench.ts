/**
 * `mnemo import claude-code` throughput, in process, against a baseline measured in the same rounds:
 * reading the same files and `JSON.parse` of every line (the least any importer does). Stages:
 *
 * 1. baseline — read + `JSON.parse` of every line;
 * 2. convert — read + transcript → hook payloads (src/import/claude-code: the importer's own work);
 * 3. + capture — `captureFromPayload` (adapter, privacy, redaction, titles, truncation), as a hook;
 * 4. + extraction — 3 + `enrichEvent` per event (what `store.ingest` runs inside its transaction),
 *    without SQLite, to split ingest into extraction and writes;
 * 5. full import — `importClaudeCode` into a fresh store: 3 + `store.ingest` (extraction, FTS, one
 *    transaction per 500 events) + heuristic summaries of every session, all in this thread;
 * 5b. the same with capture threads (`workers`: 1, and one per core): reading, capture and extraction
 *    there, writes and summaries here. Wall time is the figure (CPU time adds every thread up);
 * 6. ingest alone — `store.ingest` of the events stage 3 captured (captured before the clock starts),
 *    in batches of 500, into a fresh store: the store's ingest rate in observations per second.
 *
 * Input: the real transcripts of ../shared/corpus/transcripts when present (else the test fixtures),
 * copied MNEMO_BENCH_COPIES times (default 10; 40 for the fixtures) with session, message and
 * tool_use ids rewritten per copy, so every copy is new data to the store.
 *
 *   node --import tsx bench/import.bench.ts        (or: npm run bench -- import)
 *   MNEMO_BENCH_ROUNDS=3                           rounds (default 3; medians reported)
 *   --no-write                                     leave bench/RESULTS.md alone
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { captureFromPayload } from '../src/capture/from-payload.ts';
import type { CapturedEvent, HookEvent } from '../src/core/types.ts';
import { enrichEvent } from '../src/core/enrich.ts';
import { importClaudeCode, type ImportReport } from '../src/import/claude-code-import.ts';
import { SubagentDirectory, transcriptEvents, type TranscriptEvent } from '../src/import/claude-code/transcript-events.ts';
import { isToolHook } from '../src/import/claude-code/group-capture.ts';
import { findTranscripts } from '../src/import/claude-code/transcript-files.ts';
import { transcriptLines } from '../src/import/claude-code/transcript-lines.ts';
import { platform as claudeCode } from '../src/platforms/claude-code.ts';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.ts';
import { machine, machineLine, shouldWrite, writeSection } from './lib/report.ts';
import { copyTranscripts, CORPUS, FIXTURES, jsonlFiles } from './lib/transcripts.ts';
import { bytes, int, median, ratio, table } from './lib/stats.ts';

const haveCorpus = CORPUS !== undefined;
const SOURCE = CORPUS ?? FIXTURES;
const COPIES = Math.max(1, Number(process.env.MNEMO_BENCH_COPIES) || (haveCorpus ? 10 : 40));
const ROUNDS = Math.max(1, Number(process.env.MNEMO_BENCH_ROUNDS) || 3);
const LIMITS = { maxInputChars: 2000, maxOutputChars: 4000 };

// Input: COPIES copies of every transcript, ids rewritten so each copy is a different session.
const work = mkdtempSync(join(tmpdir(), 'mnemo-bench-import-'));
const input = join(work, 'projects');
const inputBytes = copyTranscripts(SOURCE, input, COPIES);
const files = jsonlFiles(input);

// ---------------------------------------------------------------------------------------------
// Stages

interface Sample {
  readonly ms: number;
  /** CPU time of the process (all threads): steadier than wall time on a machine shared with other work. */
  readonly cpuMs: number;
  readonly events: number;
  readonly toolCalls: number;
}

/** Wall and CPU time since the call. */
function stopwatch(): () => { ms: number; cpuMs: number } {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const d = process.cpuUsage(cpu);
    return { ms: performance.now() - wall, cpuMs: (d.user + d.system) / 1000 };
  };
}

function baseline(): Sample {
  const t0 = stopwatch();
  let lines = 0;
  for (const f of files) {
    for (const line of readFileSync(f, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        JSON.parse(line);
        lines++;
      } catch {
        /* counted by the importer */
      }
    }
  }
  return { ...t0(), events: lines, toolCalls: 0 };
}

function* converted(): Generator<TranscriptEvent> {
  const stats = { entries: 0, malformed: 0, orphanResults: 0 };
  const counts = { lines: 0, skipped: 0, bytes: 0 };
  for (const g of findTranscripts(input)) {
    const agents = new SubagentDirectory();
    for (const f of [...(g.main ? [g.main] : []), ...g.others]) {
      yield* transcriptEvents(transcriptLines(f.path, counts), { path: f.path, role: f.role, stats, agents, fileLabel: f.path });
    }
  }
}


function convertOnly(): Sample {
  const t0 = stopwatch();
  let events = 0;
  let toolCalls = 0;
  for (const e of converted()) {
    events++;
    if (isToolHook(e.payload.hook_event_name)) toolCalls++;
  }
  return { ...t0(), events, toolCalls };
}

/** One converted event through the hooks' capture path (`captureFromPayload`), as the importer runs it. */
function capture(e: { payload: unknown; at: number; key: string }): { ev: HookEvent; c?: CapturedEvent | undefined } {
  const read = captureFromPayload(e.payload, { platform: claudeCode, place: (ev) => ({ project: ev.cwd ?? '/' }), now: e.at, uid: e.key, limits: LIMITS });
  if (read.kind === 'ignored') throw new Error(`converted an event mnemo does not record: ${read.hostEvent}`);
  return { ev: read.event, c: read.captured };
}

function convertAndCapture(): Sample {
  const t0 = stopwatch();
  let events = 0;
  let toolCalls = 0;
  for (const e of converted()) {
    const { ev } = capture(e);
    events++;
    if (isToolHook(ev.event)) toolCalls++;
  }
  return { ...t0(), events, toolCalls };
}

/** Stage 3 plus extraction (`enrichEvent`, what ingest runs per event), session state threaded as the store does. */
function convertCaptureEnrich(): Sample {
  const t0 = stopwatch();
  let events = 0;
  let toolCalls = 0;
  const states = new Map<string, string>();
  for (const e of converted()) {
    const { ev, c } = capture(e);
    if (c?.observation) {
      const stored = states.get(ev.sessionId);
      const r = enrichEvent(c, stored ? JSON.parse(stored) : undefined);
      if (r.state) states.set(ev.sessionId, JSON.stringify(r.state));
    }
    events++;
    if (isToolHook(ev.event)) toolCalls++;
  }
  return { ...t0(), events, toolCalls };
}

let lastReport: ImportReport | undefined;
let dbBytes = 0;
async function fullImport(workers: number): Promise<Sample> {
  const dir = mkdtempSync(join(work, 'store-'));
  const store = SqliteStore.open({ path: join(dir, 'mnemo.db'), busyTimeoutMs: 5000 });
  const t0 = stopwatch();
  const r = await importClaudeCode(store, { root: input, limits: LIMITS, openWithinMs: 2 * 3600_000, workers });
  const elapsed = t0();
  dbBytes = (await store.stats()).dbBytes;
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  lastReport = r;
  return { ...elapsed, events: r.events, toolCalls: r.toolCalls };
}

/** The captured events of every transcript, in file order (what `importClaudeCode` hands to ingest, batched alike). */
function capturedEvents(): CapturedEvent[] {
  const out: CapturedEvent[] = [];
  for (const e of converted()) {
    const { c } = capture(e);
    if (c) out.push(c);
  }
  return out;
}

let ingested = 0;
async function ingestOnly(): Promise<Sample> {
  const captured = capturedEvents();
  const dir = mkdtempSync(join(work, 'ingest-'));
  const store = SqliteStore.open({ path: join(dir, 'mnemo.db'), busyTimeoutMs: 5000 });
  const t0 = stopwatch();
  let observations = 0;
  for (let i = 0; i < captured.length; i += 500) observations += (await store.ingest(captured.slice(i, i + 500))).ids.length;
  const elapsed = t0();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  ingested = observations;
  return { ...elapsed, events: captured.length, toolCalls: captured.filter((c) => c.call).length };
}

// ---------------------------------------------------------------------------------------------
// Rounds: every stage once per round, in the same process, medians over rounds.

/** Capture threads for the parallel rows: 1, and one per core (when that is more). */
const THREADS = [...new Set([1, availableParallelism()])];
const samples: Record<string, Sample[]> = { baseline: [], convert: [], capture: [], enrich: [], full: [], ingest: [], ...Object.fromEntries(THREADS.map((n) => [`workers${n}`, []])) };
convertAndCapture(); // warm-up: JIT and the OS page cache, for every stage alike
for (let round = 0; round < ROUNDS; round++) {
  samples.baseline!.push(baseline());
  samples.convert!.push(convertOnly());
  samples.capture!.push(convertAndCapture());
  samples.enrich!.push(convertCaptureEnrich());
  samples.full!.push(await fullImport(0));
  for (const n of THREADS) samples[`workers${n}`]!.push(await fullImport(n));
  samples.ingest!.push(await ingestOnly());
  process.stderr.write(`round ${round + 1}/${ROUNDS} done\n`);
}
rmSync(work, { recursive: true, force: true });

const med = (k: string) => median(samples[k]!.map((s) => s.ms));
const cpu = (k: string) => median(samples[k]!.map((s) => s.cpuMs));
const base = med('baseline');
const baseCpu = cpu('baseline');
const events = samples.full![0]!.events;
const toolCalls = samples.full![0]!.toolCalls;
const perSecond = (n: number, ms: number) => int((n * 1000) / ms);
const row = (label: string, k: string): string[] => {
  const t = med(k);
  const c = cpu(k);
  return [label, (t / 1000).toFixed(2), perSecond(events, t), perSecond(toolCalls, t), `${((inputBytes / 1024 / 1024) * 1000 / t).toFixed(1)} MiB/s`, ratio(t / base), (c / 1000).toFixed(2), perSecond(toolCalls, c), ratio(c / baseCpu)];
};

const pct = (t: number) => `${Math.max(0, (t / med('full')) * 100).toFixed(0)}%`;
const m = machine();
const r = lastReport!;
const md = [
  '## Import of Claude Code transcripts (bench/import.bench.ts)',
  '',
  machineLine(m),
  '',
  `Input: ${haveCorpus ? 'the real transcripts of ../shared/corpus/transcripts' : 'the test fixtures (../shared/corpus absent)'} × ${COPIES} copies with ids rewritten: ` +
    `${int(files.length)} files, ${bytes(inputBytes)}, ${int(events)} hook events of which ${int(toolCalls)} tool calls, ${int(r.sessions)} sessions → ` +
    `${int(r.observations)} observations, ${bytes(dbBytes)} database. Medians of ${ROUNDS} rounds; every stage runs once per round in the same process.`,
  '',
  table(['stage', 'seconds', 'events/s', 'tool calls/s', 'input', 'time × baseline', 'CPU s', 'tool calls per CPU s', 'CPU × baseline'], [
    row('baseline: read + `JSON.parse` of every line', 'baseline'),
    row('read + convert to hook payloads (importer)', 'convert'),
    row('… + `captureFromPayload` (privacy, titles)', 'capture'),
    row('… + `enrichEvent` (extraction, as ingest runs it; no SQLite)', 'enrich'),
    row('full `importClaudeCode`: … + `store.ingest` (extraction, FTS) + summaries', 'full'),
    ...THREADS.map((n) => row(`full import, ${n} capture thread${n > 1 ? 's' : ''} (capture + extraction there, writes here)`, `workers${n}`)),
  ]),
  '',
  `Observations per second (wall / CPU): full import ${perSecond(r.observations, med('full'))} / ${perSecond(r.observations, cpu('full'))}; ` +
    `\`store.ingest\` alone (the captured events in batches of 500; extraction, FTS and events included) ${perSecond(ingested, med('ingest'))} / ` +
    `${perSecond(ingested, cpu('ingest'))} (${int(ingested)} observations in ${(med('ingest') / 1000).toFixed(2)} s, ${ratio(med('ingest') / base)} the baseline's time, ` +
    `${ratio(cpu('ingest') / baseCpu)} its CPU time). CPU time counts every thread of the process and leaves out time spent waiting for a core, ` +
    `so on a busy machine it is the steadier figure.`,
  '',
  `Where the full import's time goes (medians): converting ${pct(med('convert'))}, capture ${pct(med('capture') - med('convert'))}, ` +
    `extraction ${pct(med('enrich') - med('capture'))}, SQLite writes (rows, FTS, events, state) + summaries ${pct(med('full') - med('enrich'))}. ` +
    `The converter skips progress and snapshot lines unparsed (the baseline parses them), which is why it can beat the baseline.`,
].join('\n');

console.log(md);
if (shouldWrite()) writeSection('import', md);
