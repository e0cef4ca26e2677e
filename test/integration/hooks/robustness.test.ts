/**
 * "Hooks never hurt the host" (issue 2) and hostile hook stdin (issue 8), against the real bundle:
 * for every lifecycle event and every kind of bad input, the hook exits 0, prints exactly one JSON
 * object (nothing for Stop), keeps stderr quiet, finishes in bounded time, and logs the problem in
 * $MNEMO_DATA_DIR/mnemo.log.
 */
import { before, describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  EVENTS,
  type EventName,
  type ProcResult,
  childEnv,
  cliJson,
  exportAll,
  hookContractProblems,
  hookJs,
  logLinesOf,
  pool,
  readLog,
  runHook,
  spoolFiles,
  tempDir,
  validPayload,
} from './helpers.ts';

interface Variant {
  readonly label: string;
  /** argv event (undefined: none given). */
  readonly arg: string | undefined;
  /** The event whose output contract applies (Stop prints nothing). */
  readonly contract: string | undefined;
  readonly stdin: Buffer;
}

interface Outcome {
  readonly variant: Variant;
  readonly result: ProcResult;
}

const j = (v: unknown) => Buffer.from(JSON.stringify(v), 'utf8');

/**
 * Runs every variant of one kind of bad input in its own data dir and offers two checks:
 * the host contract, and "the problem is logged" (a log line carrying the process's pid).
 */
function badInputSuite(name: string, make: (dataDir: string) => Variant[], opts: { parallel?: number; maxMs?: number; logged?: boolean } = {}) {
  describe(name, () => {
    const dataDir = tempDir('mnemo-robust-');
    let outcomes: Outcome[] = [];
    before(async () => {
      const variants = make(dataDir);
      outcomes = await pool(variants, opts.parallel ?? 3, async (variant) => ({
        variant,
        result: await runHook(variant.arg, variant.stdin, { dataDir }),
      }));
    });

    it('exits 0 with exactly one JSON object on stdout (nothing for Stop), quiet stderr, bounded time', () => {
      const problems = outcomes.flatMap(({ variant, result }) =>
        hookContractProblems(variant.contract, result, opts.maxMs ?? 5000).map((p) => `${variant.label}: ${p}`),
      );
      assert.deepEqual(problems, []);
    });

    if (opts.logged !== false) {
      it('logs the problem in mnemo.log', () => {
        const silent = outcomes.filter(({ result }) => logLinesOf(dataDir, result.pid).length === 0).map(({ variant }) => variant.label);
        assert.deepEqual(silent, [], `no log line for these inputs; log was:\n${readLog(dataDir).slice(-3000)}`);
      });
    }

    it('leaves a store that opens and is healthy', async () => {
      const doctor = await cliJson<{ healthy: boolean; checks: unknown[] }>(['doctor', '--json'], dataDir);
      assert.equal(doctor.healthy, true, JSON.stringify(doctor.checks));
    });
  });
}

const perEvent = (label: string, build: (event: EventName, dataDir: string) => Buffer | Buffer[]) => (dataDir: string): Variant[] =>
  EVENTS.flatMap((event) => {
    const built = build(event, dataDir);
    const list = Array.isArray(built) ? built : [built];
    return list.map((stdin, i) => ({ label: `${event} ${label}${list.length > 1 ? ` #${i + 1}` : ''}`, arg: event, contract: event, stdin }));
  });

badInputSuite(
  'malformed JSON',
  perEvent('malformed', (event) => [
    Buffer.from(`{"session_id": "s-malformed", "hook_event_name": "${event}", oops}`),
    Buffer.from(`{'session_id': 's-malformed', 'hook_event_name': '${event}'}`),
    Buffer.from('garbage that is not JSON at all\n'),
  ]),
);

badInputSuite(
  'truncated JSON',
  perEvent('truncated', (event, dataDir) => {
    const full = JSON.stringify(validPayload(event, 's-truncated', dataDir));
    return [Buffer.from(full.slice(0, Math.floor(full.length / 2))), Buffer.from(full.slice(0, full.length - 1))];
  }),
);

badInputSuite(
  'empty stdin',
  perEvent('empty', () => [Buffer.alloc(0), Buffer.from('  \n\t\n')]),
);

badInputSuite(
  'JSON that is not an object',
  perEvent('non-object', (event) => [
    j([{ session_id: 's-array', hook_event_name: event }]),
    Buffer.from('42'),
    j('a string'),
    Buffer.from('null'),
    Buffer.from('true'),
  ]),
);

/** A field of the wrong type that matters to each event. */
const WRONG_TYPES: Record<EventName, Record<string, unknown>> = {
  SessionStart: { source: 7 },
  UserPromptSubmit: { prompt: {} },
  PreToolUse: { tool_input: 'x' },
  PostToolUse: { tool_input: 'x' },
  PostToolUseFailure: { tool_input: 'x' },
  Stop: { last_assistant_message: ['x'] },
  SubagentStop: { last_assistant_message: {}, agent_type: 5 },
  PreCompact: { trigger: 1 },
  PostCompact: { compact_summary: [] },
  SessionEnd: { reason: {} },
};

badInputSuite(
  'wrong field types',
  perEvent('wrong types', (event, dataDir) => [
    j(validPayload(event, 'ignored', dataDir, { session_id: 42 })),
    j(validPayload(event, 's-wrong-types', dataDir, WRONG_TYPES[event])),
  ]),
);

badInputSuite('unknown event names', (dataDir) => [
  ...EVENTS.map((event) => ({
    label: `argv ${event}, payload hook_event_name NoSuchEvent`,
    arg: event,
    contract: event,
    stdin: j({ ...validPayload(event, 's-unknown', dataDir), hook_event_name: 'NoSuchEvent' }),
  })),
  { label: 'argv Notification (not a mnemo event)', arg: 'Notification', contract: 'Notification', stdin: j({ session_id: 's-unknown', cwd: dataDir, hook_event_name: 'Notification', message: 'Claude needs your permission' }) },
  { label: 'argv Bogus, no hook_event_name', arg: 'Bogus', contract: 'Bogus', stdin: j({ session_id: 's-unknown', cwd: dataDir }) },
  { label: 'no argv, no hook_event_name', arg: undefined, contract: undefined, stdin: j({ session_id: 's-unknown', cwd: dataDir }) },
]);

/** The text field each event carries, where invalid bytes are planted. */
const TEXT_FIELD: Record<EventName, string> = {
  SessionStart: 'source',
  UserPromptSubmit: 'prompt',
  PreToolUse: 'tool_input.command',
  PostToolUse: 'tool_input.command',
  PostToolUseFailure: 'error',
  Stop: 'last_assistant_message',
  SubagentStop: 'last_assistant_message',
  PreCompact: 'custom_instructions',
  PostCompact: 'compact_summary',
  SessionEnd: 'reason',
};

function withBytes(payload: Record<string, unknown>, path: string, bad: Buffer): Buffer {
  const MARK = '@@BAD_BYTES@@';
  const [head, tail] = path.split('.') as [string, string | undefined];
  const copy = JSON.parse(JSON.stringify(payload)) as Record<string, Record<string, unknown>>;
  if (tail) copy[head] = { ...copy[head], [tail]: `ok ${MARK} ok` };
  else (copy as Record<string, unknown>)[head] = `ok ${MARK} ok`;
  const text = JSON.stringify(copy);
  const at = text.indexOf(MARK);
  return Buffer.concat([Buffer.from(text.slice(0, at)), bad, Buffer.from(text.slice(at + MARK.length))]);
}

badInputSuite(
  'invalid UTF-8 bytes',
  perEvent('invalid UTF-8', (event, dataDir) => [
    withBytes(validPayload(event, 's-utf8', dataDir), TEXT_FIELD[event], Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1])),
    // A lone lead byte of a 3-byte sequence, then an ASCII quote.
    withBytes(validPayload(event, 's-utf8', dataDir), TEXT_FIELD[event], Buffer.from([0xe4, 0xbd])),
  ]),
);

/** 10,000 nested arrays. */
const DEEP_ARRAYS = '['.repeat(10_000) + ']'.repeat(10_000);
const DEEP_OBJECTS = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);

badInputSuite(
  'deeply nested input (depth 10,000)',
  perEvent('deep', (event, dataDir) => {
    const p = JSON.stringify(validPayload(event, 's-deep', dataDir));
    return [
      Buffer.from(p.slice(0, -1) + `,"tool_input":${DEEP_ARRAYS}}`),
      Buffer.from(p.slice(0, -1) + `,"tool_response":${DEEP_OBJECTS}}`),
      Buffer.from(DEEP_ARRAYS),
    ];
  }),
);

describe('a 20 MB payload (tool_response.stdout of 20 MB), every event', () => {
  const dataDir = tempDir('mnemo-robust-20mb-');
  const MB20 = 20 * 1024 * 1024;
  const TAIL = 'END-OF-HUGE-OUTPUT';
  let big: Buffer;
  let outcomes: Outcome[] = [];
  let spoolSizes: number[] = [];
  before(async () => {
    const line = 'build step 0042: compiling module with a reasonably long line of output text\n';
    // JSON-encoded (the newlines become \\n), spliced into the payload as is.
    big = Buffer.from(JSON.stringify(line.repeat(Math.ceil(MB20 / line.length)).slice(0, MB20 - TAIL.length) + TAIL).slice(1, -1));
    const variants: Variant[] = EVENTS.map((event) => {
      const p = validPayload(event, `s-huge-${event}`, dataDir, {
        tool_name: event === 'PostToolUseFailure' || event === 'PreToolUse' || event === 'PostToolUse' ? 'Bash' : undefined,
        tool_input: { command: 'cat huge.log' },
        tool_response: { stdout: '@@BIG@@', stderr: '', interrupted: false },
      });
      const text = JSON.stringify(p);
      const at = text.indexOf('@@BIG@@');
      return { label: `${event} 20 MB`, arg: event, contract: event, stdin: Buffer.concat([Buffer.from(text.slice(0, at)), big, Buffer.from(text.slice(at + 7))]) };
    });
    // One at a time (each is 20 MB in flight); the spool is measured after each, before SessionEnd drains it.
    outcomes = await pool(variants, 1, async (variant) => {
      const result = await runHook(variant.arg, variant.stdin, { dataDir });
      for (const f of spoolFiles(dataDir)) {
        try {
          spoolSizes.push(statSync(join(dataDir, 'spool', f)).size);
        } catch {
          /* drained meanwhile */
        }
      }
      return { variant, result };
    });
  });

  it('exits 0 with valid output, quickly (under 5 s each)', () => {
    const problems = outcomes.flatMap(({ variant, result }) => hookContractProblems(variant.contract, result, 5000).map((p) => `${variant.label}: ${p}`));
    assert.deepEqual(problems, []);
    console.log(`20 MB payloads: ${outcomes.map(({ variant, result }) => `${variant.arg} ${result.ms} ms`).join(', ')}`);
  });

  it('keeps spool entries small (the payload was truncated before it was written)', () => {
    assert.ok(spoolSizes.length > 0, 'PostToolUse must have spooled its event');
    for (const size of spoolSizes) assert.ok(size < 64 * 1024, `spool entry of ${size} bytes`);
  });

  it('stores the PostToolUse output truncated, keeping head and tail', async () => {
    const { sessions, observations } = await exportAll(dataDir);
    const session = sessions.find((s) => s.externalId === 's-huge-PostToolUse');
    assert.ok(session, 'the PostToolUse session exists');
    const obs = observations.filter((o) => o.sessionId === session.id);
    assert.equal(obs.length, 1);
    const o = obs[0]!;
    assert.ok(o.body.length < 10_000, `body of ${o.body.length} characters`);
    assert.ok(o.title.length <= 160, `title of ${o.title.length} characters`);
    assert.match(o.body, /omitted/);
    assert.ok(o.body.includes('build step 0042'), 'head kept');
    assert.ok(o.body.includes(TAIL), 'tail kept');
    for (const other of observations) assert.ok(other.body.length < 20_000, `observation ${other.id} (${other.type}) has a body of ${other.body.length} characters`);
  });

  it('logs the oversized payload in mnemo.log', () => {
    const silent = outcomes.filter(({ result }) => logLinesOf(dataDir, result.pid).length === 0).map(({ variant }) => variant.label);
    assert.deepEqual(silent, [], `no log line for these inputs; log was:\n${readLog(dataDir).slice(-3000)}`);
  });
});

test('a 20 MB prompt is stored truncated, quickly', async () => {
  const dataDir = tempDir('mnemo-robust-20mb-prompt-');
  const prompt = 'Please review this log:\n' + 'x'.repeat(20 * 1024 * 1024) + '\nTHE-END';
  const r = await runHook('UserPromptSubmit', validPayload('UserPromptSubmit', 's-huge-prompt', dataDir, { prompt }), { dataDir });
  assert.deepEqual(hookContractProblems('UserPromptSubmit', r, 5000), []);
  const { observations } = await exportAll(dataDir);
  assert.equal(observations.length, 1);
  assert.ok(observations[0]!.body.length <= 20_000, `body of ${observations[0]!.body.length}`);
  assert.ok(observations[0]!.body.startsWith('Please review this log:'));
  assert.ok(observations[0]!.body.endsWith('THE-END'));
});

test('a CJK prompt whose UTF-8 bytes are split across stdin chunks is stored intact', async () => {
  const dataDir = tempDir('mnemo-robust-cjk-');
  const prompt = '修复数据库连接池的超时问题，并把“连接”写进日志 payload优先';
  const output = '测试通过：连接池已恢复（共 12 项）';
  const cases: { event: EventName; payload: Record<string, unknown> }[] = [
    { event: 'UserPromptSubmit', payload: validPayload('UserPromptSubmit', 's-cjk', dataDir, { prompt }) },
    {
      event: 'PostToolUse',
      payload: validPayload('PostToolUse', 's-cjk', dataDir, { tool_input: { command: 'npm test' }, tool_response: { stdout: output, stderr: '', interrupted: false } }),
    },
  ];
  for (const { event, payload } of cases) {
    const bytes = Buffer.from(JSON.stringify(payload), 'utf8');
    // Split inside a multi-byte character: one byte past the start of the first non-ASCII one.
    const first = bytes.findIndex((b) => b >= 0x80);
    assert.ok(first > 0);
    const cut = first + 1;
    assert.equal(bytes[cut]! & 0xc0, 0x80, 'the cut falls inside a character');
    // And inside the last one: the last byte of a 3-byte character is left for the third piece.
    let last = bytes.length - 1;
    while (bytes[last]! < 0x80) last--;
    const cut2 = last;
    assert.ok(cut2 > cut && (bytes[cut2]! & 0xc0) === 0x80);
    const pieces = [bytes.subarray(0, cut), bytes.subarray(cut, cut2), bytes.subarray(cut2)];
    assert.deepEqual(Buffer.concat(pieces), bytes);
    const r = await runHook(event, bytes, { dataDir, pieces, pauseMs: 120 });
    assert.deepEqual(hookContractProblems(event, r), []);
  }
  const { observations } = await exportAll(dataDir);
  const p = observations.find((o) => o.type === 'prompt');
  assert.ok(p, 'prompt stored');
  assert.equal(p.body, prompt);
  const c = observations.find((o) => o.toolName === 'Bash');
  assert.ok(c, 'tool call stored');
  assert.ok(c.body.includes(output), c.body);
  for (const o of observations) assert.ok(!o.body.includes('\uFFFD') && !o.title.includes('\uFFFD'), `replacement character in ${o.id}`);
});

test('stdin left open: the hook gives up by its own deadline and still answers validly', async () => {
  const dataDir = tempDir('mnemo-robust-open-');
  const results = await Promise.all(
    (['PostToolUse', 'Stop', 'SessionStart'] as const).map(
      (event) =>
        new Promise<{ event: string; code: number | null; signal: string | null; stdout: string; stderr: string; ms: number }>((res) => {
          const started = Date.now();
          const child = spawn(process.execPath, [hookJs(), event], { cwd: dataDir, env: childEnv(dataDir), stdio: ['pipe', 'pipe', 'pipe'] });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
          child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
          child.stdin.write(JSON.stringify(validPayload(event, 's-open', dataDir)).slice(0, 40));
          const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
          child.on('close', (code, signal) => {
            clearTimeout(killer);
            child.stdin.destroy();
            res({ event, code, signal, stdout, stderr, ms: Date.now() - started });
          });
        }),
    ),
  );
  const problems = results.flatMap((r) => hookContractProblems(r.event, { ...r, signal: r.signal as NodeJS.Signals | null, pid: 0 }, 8000).map((p) => `${r.event}: ${p}`));
  assert.deepEqual(problems, []);
  assert.match(readLog(dataDir), /gave up/);
});

test('log lines never quote the payload (no secret or private text reaches the log)', async () => {
  const dataDir = tempDir('mnemo-robust-logleak-');
  const inputs = [
    'password=ZQXJ7731',
    'AKIAZQXJ7731EXAMPLE',
    `{"session_id":"s-leak","hook_event_name":"UserPromptSubmit","prompt": <private>ZQXJ7731</private>}`,
  ];
  for (const input of inputs) {
    const r = await runHook('UserPromptSubmit', input, { dataDir });
    assert.deepEqual(hookContractProblems('UserPromptSubmit', r), []);
    assert.ok(logLinesOf(dataDir, r.pid).length > 0, 'the malformed payload is logged');
  }
  const log = readLog(dataDir);
  assert.ok(!log.includes('ZQXJ7731'), `the log quotes payload text:\n${log}`);
});

test('a payload past the size cap (80 MB) is skipped quickly, answered validly and logged', async () => {
  const dataDir = tempDir('mnemo-robust-80mb-');
  const head = Buffer.from(JSON.stringify(validPayload('PostToolUse', 's-80mb', dataDir)).slice(0, -1) + ',"padding":"');
  const stdin = Buffer.concat([head, Buffer.alloc(80 * 1024 * 1024, 'a'), Buffer.from('"}')]);
  for (const event of ['PostToolUse', 'Stop'] as const) {
    const r = await runHook(event, stdin, { dataDir });
    assert.deepEqual(hookContractProblems(event, r, 8000), [], event);
    assert.ok(logLinesOf(dataDir, r.pid).length > 0, `${event}: not logged`);
  }
});

test('an unusable data directory (a regular file) never breaks the host', async () => {
  const parent = tempDir('mnemo-robust-nodir-');
  const dataDir = join(parent, 'not-a-dir');
  writeFileSync(dataDir, 'this is a file, not a directory\n');
  const results = await pool([...EVENTS], 3, async (event) => ({ event, r: await runHook(event, validPayload(event, 's-nodir', parent), { dataDir, cwd: parent }) }));
  const problems = results.flatMap(({ event, r }) => hookContractProblems(event, r).map((p) => `${event}: ${p}`));
  assert.deepEqual(problems, []);
});
