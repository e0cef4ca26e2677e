/**
 * Runs the round-9 probe set: `node --import tsx eval/shapes/run.ts [dev|test] [--show]`.
 * Prints the score per group; `--show` lists the misses (use it on the dev half only).
 */
import { createHash } from 'node:crypto';
import { detectFailure, extractToolEvents } from '../../src/core/extract/index.ts';
import { captureEvent } from '../../src/core/capture.ts';
import { FAILS, PASSES, SHAPES } from './cases.ts';

const half = process.argv[2] ?? 'dev';
const show = process.argv.includes('--show');
const inHalf = (name: string) => (createHash('sha1').update(name).digest('hex')[0]! < 'b') === (half === 'dev');

let misses: string[] = [];
const score = (label: string, results: boolean[]) => console.log(`${label}: ${results.filter(Boolean).length}/${results.length}`);

const fails = FAILS.filter((c) => inHalf(c.n)).map((c) => {
  const f = c.text
    ? detectFailure({ toolName: 'Bash', input: { command: c.c }, response: c.o })
    : detectFailure({ toolName: 'Bash', input: { command: c.c }, failed: true, error: `Exit code ${c.code ?? 1}\n${c.o}` });
  const ok = !!f && c.r.test(f.reason);
  if (!ok) misses.push(`FAIL ${c.n}: ${f ? JSON.stringify(f.reason) : '(not failed)'}`);
  return ok;
});
const passes = PASSES.filter((c) => inHalf(c.n)).map((c) => {
  const f = detectFailure({ toolName: 'Bash', input: { command: c.c }, response: c.o });
  if (f) misses.push(`PASS ${c.n}: read as failed: ${JSON.stringify(f.reason)}`);
  return !f;
});
const ctx = { place: { project: '/home/u/proj', branch: 'main' }, now: 1_700_000_000_000, uid: 'u1', limits: { maxInputChars: 2000, maxOutputChars: 4000 } };
const shapes = SHAPES.filter((c) => inHalf(c.n)).map((c) => {
  const ev = { platform: c.platform ?? 'claude-code', sessionId: 's1', cwd: '/home/u/proj', event: 'PostToolUse', toolName: c.tool, toolUseId: 't1', toolInput: c.input, toolResponse: c.response } as const;
  const o = captureEvent(ev as never, ctx)?.observation;
  const data = extractToolEvents({ toolName: c.tool, input: c.input, response: c.response, cwd: '/home/u/proj' }).events.map((e) => e.data);
  const rec = { title: o?.title ?? '', files: o?.files ?? [], body: o?.body ?? '', data };
  let ok = false;
  try {
    ok = !!o && c.ok(rec);
  } catch {
    ok = false;
  }
  if (!ok) misses.push(`SHAPE ${c.n}: ${JSON.stringify({ title: rec.title, files: rec.files, body: rec.body.slice(0, 300), data: rec.data })}`);
  return ok;
});
console.log(`half ${half}`);
score('failure reasons', fails);
score('successes not failed', passes);
score('tool shapes', shapes);
const all = [...fails, ...passes, ...shapes];
score('all', all);
if (show) for (const m of misses) console.log(m);
