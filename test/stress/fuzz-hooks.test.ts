/**
 * Hostile hook input (issue 8 "Hostile input"), fuzzed with fast-check: every platform's documented
 * events (seeded from test/fixtures/platforms) mutated at random — fields replaced by arbitrary JSON,
 * deleted, nested 20,000 deep, megabytes long; the bytes truncated, sprinkled with invalid UTF-8,
 * replaced by garbage, or given lone-surrogate escapes and NULs — through the real hook bundle. The
 * host contract must hold for every input (exit 0, at most one JSON object on stdout, quiet stderr,
 * bounded time) and the store must stay healthy.
 *
 * A second property runs the pure pipeline in-process (adapter parse → capture → spool write/read →
 * ingest) on thousands of arbitrary payloads: only the adapters' own errors may be thrown, every
 * captured event survives the spool byte for byte, and the store accepts it.
 *
 * test/integration/hooks/robustness.test.ts holds the fixed catalogue of bad inputs for Claude Code;
 * this suite generates them, for every platform.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { captureEvent } from '../../src/core/capture.ts';
import type { CapturedEvent } from '../../src/core/types.ts';
import { PLATFORM_NAMES, PayloadError, platformNamed } from '../../src/platforms/index.ts';
import { spoolRead, spoolWrite } from '../../src/store/spool.ts';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import {
  REPO_ROOT,
  SEED,
  type ProcResult,
  cliJson,
  countRows,
  hookContractProblems,
  integrityCheck,
  pool,
  report,
  runHook,
  scale,
  tempDir,
} from './helpers.ts';

interface Seed {
  readonly platform: string;
  readonly argv: string;
  readonly payload: Record<string, unknown>;
}

/** Every documented event of every platform, from the platform fixtures ($CWD/$TRANSCRIPT filled in). */
function seeds(cwd: string): Seed[] {
  const out: Seed[] = [];
  for (const name of PLATFORM_NAMES) {
    let fixture: { events: { argv: string; payload: Record<string, unknown> }[] };
    try {
      fixture = JSON.parse(readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'platforms', `${name}.json`), 'utf8')) as typeof fixture;
    } catch {
      continue;
    }
    for (const e of fixture.events) {
      const text = JSON.stringify(e.payload).replaceAll('$CWD', cwd).replaceAll('$TRANSCRIPT', join(cwd, 'no-transcript.jsonl'));
      out.push({ platform: name, argv: e.argv, payload: JSON.parse(text) as Record<string, unknown> });
    }
  }
  return out;
}

interface Input {
  readonly label: string;
  readonly seed: Seed;
  readonly stdin: Buffer;
}

const deep = (depth: number, arrays: boolean) => (arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '0' + '}'.repeat(depth));

/** One mutation of one seed, as the bytes a hook would read. */
function mutation(all: readonly Seed[]): fc.Arbitrary<Input> {
  const seed = fc.constantFrom(...all);
  const key = (s: Seed) => fc.oneof(fc.constantFrom(...Object.keys(s.payload)), fc.string({ maxLength: 12 }));
  const withField = (s: Seed, k: string, v: unknown) => Buffer.from(JSON.stringify({ ...s.payload, [k]: v }));
  return fc.oneof(
    { weight: 5, arbitrary: seed.chain((s) => fc.tuple(key(s), fc.jsonValue({ maxDepth: 6 })).map(([k, v]) => ({ label: `replace ${k}`, seed: s, stdin: withField(s, k, v) }))) },
    { weight: 2, arbitrary: seed.chain((s) => key(s).map((k) => ({ label: `delete ${k}`, seed: s, stdin: Buffer.from(JSON.stringify({ ...s.payload, [k]: undefined })) }))) },
    { weight: 3, arbitrary: seed.chain((s) => fc.double({ min: 0, max: 1, noNaN: true }).map((f) => {
      const b = Buffer.from(JSON.stringify(s.payload));
      return { label: `truncated at ${Math.floor(f * b.length)}/${b.length}`, seed: s, stdin: b.subarray(0, Math.floor(f * b.length)) };
    })) },
    { weight: 3, arbitrary: seed.chain((s) => fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0x80, max: 0xff })), { minLength: 1, maxLength: 8 }).map((bad) => {
      let b = Buffer.from(JSON.stringify(s.payload));
      for (const [f, byte] of bad) {
        const at = Math.floor(f * b.length);
        b = Buffer.concat([b.subarray(0, at), Buffer.from([byte]), b.subarray(at)]);
      }
      return { label: `${bad.length} invalid UTF-8 byte(s)`, seed: s, stdin: b };
    })) },
    { weight: 2, arbitrary: seed.chain((s) => fc.tuple(key(s), fc.integer({ min: 100, max: 20_000 }), fc.boolean()).map(([k, d, arrays]) => {
      const text = JSON.stringify({ ...s.payload, [k]: '@@DEEP@@' }).replace('"@@DEEP@@"', deep(d, arrays));
      return { label: `${k} nested ${d} deep`, seed: s, stdin: Buffer.from(text) };
    })) },
    { weight: 1, arbitrary: seed.chain((s) => fc.tuple(key(s), fc.integer({ min: 1, max: 6 })).map(([k, mb]) => ({ label: `${k} of ${mb} MB`, seed: s, stdin: withField(s, k, 'A'.repeat(mb * 1024 * 1024)) }))) },
    { weight: 1, arbitrary: seed.chain((s) => fc.constantFrom('[]', '0', '"x"', 'null', 'true', '[{}]', '{}').map((t) => ({ label: `root ${t}`, seed: s, stdin: Buffer.from(t) }))) },
    { weight: 1, arbitrary: seed.chain((s) => fc.uint8Array({ minLength: 0, maxLength: 4096 }).map((b) => ({ label: `${b.length} random bytes`, seed: s, stdin: Buffer.from(b) }))) },
    { weight: 2, arbitrary: seed.chain((s) => fc.tuple(key(s), fc.constantFrom('\\ud800', '\\udfff\\ud800', '\\u0000', '\\u2028\\u2029', '\\ufeff')).map(([k, esc]) => {
      const text = JSON.stringify({ ...s.payload, [k]: '@@ESC@@' }).replace('@@ESC@@', `a${esc}b`);
      return { label: `${k} with escape ${esc}`, seed: s, stdin: Buffer.from((esc === '\\ufeff' ? '\ufeff' : '') + text) };
    })) },
  );
}

/** The host contract for any platform: exit 0, nothing on stderr, stdout empty or one JSON object. */
function contract(platform: string, event: string, r: ProcResult): string[] {
  if (platform === 'claude-code') return hookContractProblems(event, r, 10_000);
  const problems: string[] = [];
  if (r.signal) problems.push(`killed by ${r.signal}`);
  if (r.code !== 0) problems.push(`exit code ${r.code}`);
  if (r.ms > 10_000) problems.push(`took ${r.ms} ms`);
  if (r.stderr.trim()) problems.push(`stderr: ${r.stderr.trim().slice(0, 200)}`);
  const lines = r.stdout.split('\n').filter((l) => l.trim());
  if (lines.length > 1) problems.push(`${lines.length} lines on stdout`);
  if (lines.length === 1) {
    try {
      const v: unknown = JSON.parse(lines[0]!);
      if (!v || typeof v !== 'object' || Array.isArray(v)) problems.push('stdout is not a JSON object');
    } catch {
      problems.push(`stdout is not JSON: ${lines[0]!.slice(0, 120)}`);
    }
  }
  return problems;
}

test('fuzzed hook stdin for every platform and event: the host contract always holds, the store stays healthy', async () => {
  const dataDir = tempDir('mnemo-stress-fuzz-hooks-');
  const cwd = tempDir('mnemo-stress-fuzz-hooks-cwd-');
  const all = seeds(cwd);
  assert.ok(all.length >= 30, `platform fixtures give ${all.length} seeds`);
  const runs = scale(80, 1500);
  const inputs = fc.sample(mutation(all), { numRuns: runs, seed: SEED });
  const failures: string[] = [];
  const byPlatform: Record<string, number> = {};
  await pool(inputs, 6, async (input) => {
    const argv = [input.seed.argv, '--platform', input.seed.platform];
    const r = await runHook(argv[0], input.stdin, { dataDir, cwd, args: argv.slice(1), killAfterMs: 30_000 });
    byPlatform[input.seed.platform] = (byPlatform[input.seed.platform] ?? 0) + 1;
    for (const p of contract(input.seed.platform, input.seed.argv, r)) failures.push(`${input.seed.platform} ${input.seed.argv} [${input.label}]: ${p}`);
  });
  report('fuzz hook stdin', { seed: SEED, inputsTried: inputs.length, seeds: all.length, platforms: byPlatform, contractFailures: failures.length });
  assert.deepEqual(failures.slice(0, 20), [], `${failures.length} failures (replay with MNEMO_STRESS_SEED=${SEED})`);
  assert.deepEqual(integrityCheck(join(dataDir, 'mnemo.db')), ['ok']);
  const doctor = await cliJson<{ healthy: boolean; checks: unknown[] }>(['doctor', '--json'], dataDir);
  assert.equal(doctor.healthy, true, JSON.stringify(doctor.checks));
  const rows = countRows(join(dataDir, 'mnemo.db'));
  assert.equal(rows.fts, rows.publicObservations);
});

/** Arbitrary payloads: known field names of every adapter and random ones, arbitrary JSON values. */
const FIELDS = [
  'session_id', 'sessionId', 'conversation_id', 'hook_event_name', 'hookEventName', 'cwd', 'workspace_roots', 'transcript_path', 'source', 'reason',
  'prompt', 'prompt_id', 'tool_name', 'toolName', 'tool_input', 'toolArgs', 'tool_response', 'toolResult', 'tool_use_id', 'error', 'is_interrupt',
  'last_assistant_message', 'agent_id', 'agent_type', 'trigger', 'custom_instructions', 'compact_summary', 'model', 'timestamp', 'turn_id',
];
const payloadArb = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })), fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.string(), fc.string({ unit: 'binary' })), { maxKeys: 14 });

test('in-process: adapter parse → capture → spool → ingest never fails on arbitrary payloads (every platform)', async () => {
  const dir = tempDir('mnemo-stress-fuzz-pipeline-');
  const spoolDir = join(dir, 'spool');
  mkdirSync(spoolDir, { recursive: true });
  const store = SqliteStore.open({ path: join(dir, 'mnemo.db'), busyTimeoutMs: 5000 });
  const captured: CapturedEvent[] = [];
  let tried = 0;
  let rejected = 0;
  const perPlatform = scale(150, 3000);
  try {
    for (const name of PLATFORM_NAMES) {
      const platform = platformNamed(name)!;
      const hostEvents = [...platform.events.keys()];
      fc.assert(
        fc.property(fc.constantFrom(...hostEvents), payloadArb, fc.boolean(), (hostEvent, raw, withSession) => {
          tried++;
          const payload: Record<string, unknown> = withSession ? { session_id: 'fuzz-session', hook_event_name: hostEvent, ...raw } : raw;
          let parsed;
          try {
            parsed = platform.parse(hostEvent, payload, () => undefined);
          } catch (err) {
            if (!(err instanceof PayloadError)) throw err;
            rejected++;
            return;
          }
          if (parsed.kind !== 'event') return;
          const ev = captureEvent(parsed.event, { place: { project: '/fuzz' }, now: Date.now(), uid: randomUUID(), limits: { maxInputChars: 2000, maxOutputChars: 4000 } });
          if (!ev) return;
          const file = spoolWrite(spoolDir, ev);
          const back = spoolRead(file);
          assert.ok(back && 'event' in back, `spool entry unreadable: ${back && 'corrupt' in back ? back.corrupt : 'missing'}`);
          assert.deepEqual(back.event, JSON.parse(JSON.stringify(ev)));
          captured.push(back.event);
        }),
        { numRuns: perPlatform, seed: SEED },
      );
    }
    // One event at a time first (a failure names the event), then all again: every one a duplicate.
    for (const ev of captured) await store.ingest([ev]);
    const again = await store.ingest(captured);
    report('fuzz pipeline', { seed: SEED, platforms: PLATFORM_NAMES.length, inputsTried: tried, rejectedByAdapters: rejected, captured: captured.length, reingestedAsDuplicates: again.duplicates });
    assert.equal(again.applied, captured.filter((e) => !e.observation).length, 'only session-level events apply twice');
    assert.deepEqual(await store.check(), []);
  } finally {
    await store.close();
  }
});
