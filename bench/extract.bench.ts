/**
 * Event extraction and redaction cost, in process, against baselines measured in the same rounds:
 *
 * - per tool call: `extractToolEvents` over real hook payloads and transcript calls (with the
 *   session state parsed from and serialized to JSON, as a hook does), next to
 *   `JSON.parse(JSON.stringify(payload))` of the same payload — the least any hook does with it;
 * - per prompt: `extractUserEvents` over real prompts, same baseline;
 * - `extractKeyInfo` and `compressOutput` per call;
 * - redaction throughput (MB/s) of `redactText` on 1 MB texts of several kinds and of
 *   `redactValue` on parsed payloads, against `JSON.parse` + `JSON.stringify` of the same data.
 *
 *   node --import tsx bench/extract.bench.ts        (or: npm run bench -- extract)
 *   MNEMO_BENCH_ROUNDS=30                            rounds over the payload set (default 20)
 *   --no-write                                       leave bench/RESULTS.md alone
 *
 * Payloads come from test/fixtures/extract (strings cut at 1 KB) and, when ../shared/corpus is
 * present, also from the untrimmed corpus files (real sizes: Edit responses carry whole files).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { compressOutput, extractKeyInfo, extractToolEvents, extractUserEvents, initialState, type SessionState, type ToolCall } from '../src/core/extract/index.ts';
import { redactText, redactValue } from '../src/core/privacy/redact.ts';
import { machine, machineLine, ROOT, shouldWrite, writeSection } from './lib/report.ts';
import { bytes, int, median, ms, p95, ratio, rng, shuffle, table } from './lib/stats.ts';

const ROUNDS = Math.max(5, Number(process.env.MNEMO_BENCH_ROUNDS) || 20);
const FIXTURES = join(ROOT, 'test', 'fixtures', 'extract');
/** ../shared/corpus next to the checkout, or next to the folder of worktrees holding it. */
const CORPUS = [join(ROOT, '..', 'shared', 'corpus', 'hook-payloads'), join(ROOT, '..', '..', 'shared', 'corpus', 'hook-payloads')].find((d) => existsSync(d)) ?? '';
const random = rng(7);

// ---------------------------------------------------------------------------------------------
// Inputs

interface Case {
  readonly label: string;
  readonly call: ToolCall;
  /** The payload as the hook read it (what the baseline parses and serializes). */
  readonly payload: unknown;
}

const load = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

function hookCases(records: ReadonlyArray<Record<string, unknown>>, label: string): Case[] {
  return records
    .filter((p) => typeof p['tool_name'] === 'string')
    .map((p) => ({
      label,
      payload: p,
      call: { toolName: p['tool_name'] as string, input: p['tool_input'], response: p['tool_response'], cwd: p['cwd'] as string },
    }));
}

const cases: Case[] = [
  ...hookCases(load(join(FIXTURES, 'post-tool-use.json')), 'fixture hook payloads'),
  ...load<Array<ToolCall & Record<string, unknown>>>(join(FIXTURES, 'transcript-calls.json')).map((c) => ({ label: 'fixture transcript calls', call: c, payload: c })),
];
if (CORPUS) {
  for (const repo of readdirSync(CORPUS)) {
    const file = join(CORPUS, repo, 'logs', 'post_tool_use.json');
    if (existsSync(file)) cases.push(...hookCases(load(file), 'corpus hook payloads (untrimmed)'));
  }
}
const prompts = load<string[]>(join(FIXTURES, 'user-prompts.json'));

// ---------------------------------------------------------------------------------------------
// Timing helpers

const sink: unknown[] = [];
function time(fn: () => unknown): number {
  const t0 = performance.now();
  sink.push(fn());
  const t = performance.now() - t0;
  if (sink.length > 1000) sink.length = 0;
  return t;
}

/**
 * Times `subject` and `baseline` on every item, interleaved, for ROUNDS shuffled rounds (after
 * two warm-up rounds), so drift on a shared machine hits both alike.
 */
function interleaved<T>(items: readonly T[], subject: (t: T) => unknown, baseline: (t: T) => unknown): { s: number[]; b: number[] } {
  const s: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < ROUNDS + 2; round++) {
    for (const item of shuffle([...items], random)) {
      const ts = time(() => subject(item));
      const tb = time(() => baseline(item));
      if (round >= 2) {
        s.push(ts);
        b.push(tb);
      }
    }
  }
  return { s, b };
}

const jsonRoundTrip = (v: unknown): unknown => JSON.parse(JSON.stringify(v));
const storedState = JSON.stringify(initialState());

/** What a hook does per call: parse the stored state, extract, serialize the next state. */
function extractLikeAHook(call: ToolCall): unknown {
  const r = extractToolEvents(call, JSON.parse(storedState) as SessionState);
  return JSON.stringify(r.state).length + r.events.length;
}

// ---------------------------------------------------------------------------------------------
// 1. Per call

const rows: string[][] = [];
const labels = [...new Set(cases.map((c) => c.label))];
const perCall: string[] = [];
for (const label of labels) {
  const subset = cases.filter((c) => c.label === label);
  const { s, b } = interleaved(subset, (c) => extractLikeAHook(c.call), (c) => jsonRoundTrip(c.payload));
  const size = subset.reduce((a, c) => a + JSON.stringify(c.payload).length, 0) / subset.length;
  rows.push([`extractToolEvents — ${label} (${subset.length}, avg ${bytes(size)})`, ms(median(s)), ms(p95(s)), ms(median(b)), ms(p95(b)), ratio(median(s) / median(b))]);
  perCall.push(`${label}: p50 ${ms(median(s))} ms, p95 ${ms(p95(s))} ms`);
}
{
  const all = cases;
  const { s, b } = interleaved(all, (c) => extractKeyInfo(JSON.stringify(c.call.input ?? '') + '\n' + JSON.stringify(c.call.response ?? c.call.error ?? '')), (c) => jsonRoundTrip(c.payload));
  rows.push([`extractKeyInfo(input + output) — all (${all.length})`, ms(median(s)), ms(p95(s)), ms(median(b)), ms(p95(b)), ratio(median(s) / median(b))]);
  const c2 = interleaved(all, (c) => compressOutput(c.call.toolName, c.call.input, c.call.response ?? c.call.error, 2000), (c) => jsonRoundTrip(c.payload));
  rows.push([`compressOutput(…, 2000) — all (${all.length})`, ms(median(c2.s)), ms(p95(c2.s)), ms(median(c2.b)), ms(p95(c2.b)), ratio(median(c2.s) / median(c2.b))]);
}
{
  const { s, b } = interleaved(prompts, (p) => extractUserEvents(p), (p) => jsonRoundTrip({ prompt: p, session_id: 'x', hook_event_name: 'UserPromptSubmit' }));
  rows.push([`extractUserEvents — real prompts (${prompts.length})`, ms(median(s)), ms(p95(s)), ms(median(b)), ms(p95(b)), ratio(median(s) / median(b))]);
}

// ---------------------------------------------------------------------------------------------
// 2. Redaction throughput

const MB = 1 << 20;
function fill(make: (i: number) => string): string {
  const parts: string[] = [];
  let n = 0;
  for (let i = 0; n < MB; i++) {
    const s = make(i);
    parts.push(s);
    n += s.length + 1;
  }
  return parts.join('\n').slice(0, MB);
}
const fakeToken = ['gh', 'p_', 'Zq8'.repeat(12)].join('');
const sourceLines = readFileSync(join(ROOT, 'src', 'core', 'privacy', 'redact.ts'), 'utf8').split('\n');
const corpusJson = cases.map((c) => JSON.stringify(c.payload)).join('\n');
const texts: ReadonlyArray<readonly [string, string]> = [
  ['real payload JSON (concatenated)', corpusJson.length >= MB ? corpusJson.slice(0, MB) : fill((i) => JSON.stringify(cases[i % cases.length]!.payload))],
  ['TypeScript source', fill((i) => sourceLines[i % sourceLines.length]!)],
  ['server log, a token every 500 lines', fill((i) => (i % 500 === 0 ? `[info] auth with ${fakeToken}` : `2026-01-02T10:00:00Z INFO GET /api/items?page=${i} 200 ${i % 97}ms user=${i % 13}`))],
  ['base64 blob', Buffer.from(Uint8Array.from({ length: (MB * 3) / 4 }, (_, i) => Math.imul(i, 2654435761) >>> 24)).toString('base64')],
  ['Chinese prose', fill((i) => `第${i}行：连接池在高并发下出现超时，需要检查重试机制和数据库配置。`)],
];

const redRows: string[][] = [];
const tput = (n: number, t: number): string => `${((n / MB) / (t / 1000)).toFixed(0)} MB/s`;
for (const [name, text] of texts) {
  const s: number[] = [];
  const b: number[] = [];
  const asJson = JSON.stringify(text);
  for (let r = 0; r < Math.max(5, Math.floor(ROUNDS / 2)) + 1; r++) {
    const ts = time(() => redactText(text));
    const tb = time(() => JSON.stringify(JSON.parse(asJson)));
    if (r > 0) {
      s.push(ts);
      b.push(tb);
    }
  }
  redRows.push([`redactText — ${name} (${bytes(text.length)})`, tput(text.length, median(s)), tput(text.length, median(b)), ratio(median(s) / median(b))]);
}
{
  const objects = cases.map((c) => c.payload);
  const total = objects.reduce<number>((a, o) => a + JSON.stringify(o).length, 0);
  const s: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < Math.max(5, Math.floor(ROUNDS / 2)) + 1; r++) {
    const ts = time(() => objects.map((o) => redactValue(o)));
    const tb = time(() => objects.map((o) => jsonRoundTrip(o)));
    if (r > 0) {
      s.push(ts);
      b.push(tb);
    }
  }
  redRows.push([`redactValue — every payload object (${objects.length}, ${bytes(total)})`, tput(total, median(s)), tput(total, median(b)), ratio(median(s) / median(b))]);
}

// ---------------------------------------------------------------------------------------------
// Report

const m = machine();
const md = [
  '## Extraction and redaction (in process)',
  '',
  machineLine(m),
  '',
  `Per call: ${ROUNDS} shuffled rounds over every payload, each timed individually; the baseline is`,
  '`JSON.parse(JSON.stringify(payload))` of the same payload, timed right after it. `extractToolEvents`',
  'includes parsing the stored session state and serializing the next one, as a hook does.',
  '',
  table(['case', 'p50 ms', 'p95 ms', 'baseline p50', 'baseline p95', 'p50 ratio'], rows),
  '',
  'Redaction throughput: median of repeated runs; the baseline is `JSON.parse` + `JSON.stringify` of the',
  'same data (for texts: the text as one JSON string).',
  '',
  table(['input', 'redaction', 'baseline', 'time ratio'], redRows),
].join('\n');

console.log(md);
console.log(`\n${int(cases.length)} tool calls, ${int(prompts.length)} prompts. ${perCall.join('; ')}.`);
if (shouldWrite()) writeSection('extract', md);
