/**
 * Resource limits (issue 8): a read-only data directory, a full disk (a 2 MB tmpfs; without mount
 * rights, `ulimit -f` in a bash wrapper), 20 MB payloads with the hook's peak memory measured, and
 * thousands of observations in one session. The host must be unaffected (exit 0, valid JSON, quiet
 * stderr), errors must be clear, and nothing acknowledged may be lost once the resource is back.
 * At full scale (`npm run test:stress`) also a store of about a gigabyte.
 */
import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../src/store/sqlite/driver.ts';
import { captureEvent } from '../../src/core/capture.ts';
import type { HookEvent } from '../../src/core/types.ts';
import { resolvePlace } from '../../src/hooks/place.ts';
import { spoolWrite } from '../../src/store/spool.ts';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import { toIndexText } from '../../src/core/search/text-index.ts';
import {
  EVENTS,
  FULL,
  REPO_ROOT,
  type ProcResult,
  canMount,
  childEnv,
  cliJson,
  countRows,
  exportAll,
  hookContractProblems,
  hookJs,
  integrityCheck,
  mountTmpfs,
  percentiles,
  pool,
  remount,
  report,
  runCli,
  runHook,
  scale,
  spoolFiles,
  tempDir,
  unmount,
  validPayload,
} from './helpers.ts';

const MOUNT = canMount();
const base = join(REPO_ROOT, '.tmp', `stress-mounts-${process.pid}`);

function allEventsContract(results: { event: string; r: ProcResult }[], maxMs = 5000): string[] {
  return results.flatMap(({ event, r }) => hookContractProblems(event, r, maxMs).map((p) => `${event}: ${p}`));
}

async function everyEvent(dataDir: string, cwd: string, session: string, wrap?: (argv: string[]) => string[]): Promise<{ event: string; r: ProcResult }[]> {
  return pool([...EVENTS], 4, async (event) => {
    const payload = validPayload(event, session, cwd, { tool_use_id: `toolu_${session}_${event}` });
    if (!wrap) return { event, r: await runHook(event, payload, { dataDir, cwd }) };
    return { event, r: await runWrapped(wrap([process.execPath, hookJs(), event]), JSON.stringify(payload), dataDir, cwd) };
  });
}

function runWrapped(argv: string[], stdin: string, dataDir: string, cwd: string): Promise<ProcResult> {
  return new Promise((res) => {
    const started = Date.now();
    const child = spawn(argv[0]!, argv.slice(1), { cwd, env: childEnv(dataDir), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.stdin.on('error', () => undefined);
    child.stdin.end(stdin);
    const t = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', (code, signal) => (clearTimeout(t), res({ code, signal, stdout, stderr, ms: Date.now() - started, pid: child.pid ?? 0 })));
  });
}

/** Fill a file system to the last byte. */
function fillDisk(dir: string): string {
  const file = join(dir, 'filler');
  const fd = openSync(file, 'w');
  try {
    for (const size of [65536, 4096, 512, 1]) {
      const chunk = Buffer.alloc(size, 0x55);
      for (;;) {
        try {
          writeSync(fd, chunk);
        } catch {
          break;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return file;
}

const DISK_RE = /disk (is )?full|no space|ENOSPC|SQLITE_FULL/i;

describe('a read-only data directory', { skip: !MOUNT && 'needs mount rights (root) for a read-only tmpfs' }, () => {
  it('hooks keep the contract, CLI and doctor say clearly that the directory is read-only', async () => {
    const dataDir = join(base, 'ro');
    const cwd = tempDir('mnemo-stress-ro-cwd-');
    mountTmpfs(dataDir, '16m');
    try {
      await runHook('PostToolUse', validPayload('PostToolUse', 'before-ro', cwd, { tool_use_id: 'toolu_zqrozq', tool_input: { command: 'make zqrozq' } }), { dataDir, cwd });
      assert.equal((await exportAll(dataDir)).observations.length, 1);
      remount(dataDir, 'ro');
      const hooks = await everyEvent(dataDir, cwd, 'while-ro');
      const search = await runCli(['search', 'zqrozq', '--json'], dataDir, cwd);
      const doctor = await runCli(['doctor', '--json'], dataDir, cwd);
      let doctorJson: { healthy: boolean; checks: { name: string; ok: boolean; detail: string }[] } | undefined;
      try {
        doctorJson = JSON.parse(doctor.stdout) as typeof doctorJson;
      } catch {
        /* asserted below */
      }
      report('read-only data dir', {
        hooks: hooks.length,
        hookMs: percentiles(hooks.map(({ r }) => r.ms)),
        eventsLost: hooks.length, // nowhere to keep them: the spool is on the same file system
        searchExit: search.code,
        search: (search.stderr || search.stdout).trim().slice(0, 160),
        doctor: doctorJson?.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`),
      });
      assert.deepEqual(allEventsContract(hooks), []);
      assert.ok(!/^\s*at /m.test(search.stderr), 'no stack trace');
      if (search.code !== 0) assert.match(search.stderr, /read-only|EROFS|cannot write/i, 'a clear reason');
      assert.ok(doctorJson, `doctor --json printed no JSON: ${doctor.stderr}`);
      assert.equal(doctorJson.healthy, false);
      assert.match(JSON.stringify(doctorJson.checks), /read-only|EROFS/i);
    } finally {
      unmount(dataDir);
    }
  });

  it('reading memory still works from a read-only data directory (search answers, SessionStart injects)', async () => {
    const dataDir = join(base, 'ro-read');
    const cwd = tempDir('mnemo-stress-ro-read-cwd-');
    mountTmpfs(dataDir, '16m');
    try {
      await runHook('PostToolUse', validPayload('PostToolUse', 'before-ro', cwd, { tool_use_id: 'toolu_zqroreadzq', tool_input: { command: 'make zqroreadzq' } }), { dataDir, cwd });
      assert.equal((await exportAll(dataDir)).observations.length, 1);
      remount(dataDir, 'ro');
      const search = await runCli(['search', 'zqroreadzq', '--json'], dataDir, cwd);
      const start = await runHook('SessionStart', validPayload('SessionStart', 'ro-start', cwd), { dataDir, cwd });
      assert.equal(search.code, 0, `search on a read-only store: ${search.stderr.trim()}`);
      assert.match(search.stdout, /zqroreadzq/);
      assert.match(start.stdout, /zqroreadzq/, 'SessionStart injects the index from a read-only store');
    } finally {
      unmount(dataDir);
    }
  });
});

describe(`a full disk (${MOUNT ? '2 MB tmpfs' : 'simulated with ulimit -f in a bash wrapper'})`, () => {
  it('hooks keep the contract; CLI and doctor name the full disk; once space is back, nothing acknowledged is lost', async () => {
    const cwd = tempDir('mnemo-stress-full-cwd-');
    if (!MOUNT) {
      // No mount rights: every file write past 0 bytes fails (EFBIG / SIGXFSZ).
      const dataDir = tempDir('mnemo-stress-ulimit-');
      const hooks = await everyEvent(dataDir, cwd, 'ulimit', (argv) => ['bash', '-c', 'ulimit -f 0; exec "$@"', 'bash', ...argv]);
      report('full disk (ulimit -f 0 simulation)', { hooks: hooks.length, problems: allEventsContract(hooks) });
      assert.deepEqual(allEventsContract(hooks), []);
      return;
    }
    const dataDir = join(base, 'full');
    mountTmpfs(dataDir, '2m');
    try {
      // A store with something in it, then a backlog in the spool (a store that could not be written for a while).
      await runHook('PostToolUse', validPayload('PostToolUse', 'full', cwd, { tool_use_id: 'toolu_zqfull0zq', tool_input: { command: 'make zqfull0zq' } }), { dataDir, cwd });
      assert.equal((await exportAll(dataDir)).observations.length, 1);
      // More would not fit: the spool and the WAL of its fold share the 2 MB.
      const backlog = scale(30, 60);
      const acked: string[] = [];
      const spooled = await pool(Array.from({ length: backlog }, (_, i) => i + 1), 6, async (i) => {
        const marker = `zqfull${i}zq`;
        const r = await runHook('PostToolUse', validPayload('PostToolUse', 'full', cwd, { tool_use_id: `toolu_${marker}`, tool_input: { command: `make ${marker}` }, tool_response: { stdout: `${marker} `.repeat(300), stderr: '' } }), { dataDir, cwd });
        if (r.code === 0) acked.push(marker);
        return r;
      });
      assert.deepEqual(spooled.flatMap((r) => hookContractProblems('PostToolUse', r)), []);
      const filler = fillDisk(dataDir);
      const hooks = await everyEvent(dataDir, cwd, 'while-full');
      const search = await runCli(['search', 'zqfull0zq', '--json'], dataDir, cwd);
      const exp = await runCli(['export'], dataDir, cwd);
      const doctor = await runCli(['doctor', '--json'], dataDir, cwd);
      let doctorJson: { healthy: boolean; checks: { name: string; ok: boolean; detail: string }[] } | undefined;
      try {
        doctorJson = JSON.parse(doctor.stdout) as typeof doctorJson;
      } catch {
        /* asserted below */
      }
      const pendingWhileFull = spoolFiles(dataDir).length;
      rmSync(filler);
      const after = await exportAll(dataDir);
      const stored = new Set(after.observations.map((o) => /zqfull\d+zq/.exec(o.body)?.[0]).filter(Boolean));
      const lost = acked.filter((m) => !stored.has(m));
      report('full disk', {
        hooksWhileFull: hooks.length,
        hookMs: percentiles(hooks.map(({ r }) => r.ms)),
        eventsLostWhileFull: hooks.length,
        backlogAcknowledged: acked.length,
        pendingWhileFull,
        lostAfterSpaceBack: lost.length,
        search: `${search.code}: ${(search.stderr || search.stdout).trim().slice(0, 120)}`,
        export: `${exp.code}: ${exp.stderr.trim().slice(0, 120)}`,
        doctor: doctorJson?.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`) ?? doctor.stderr.trim().slice(0, 160),
      });
      assert.deepEqual(allEventsContract(hooks), [], 'hooks on a full disk');
      assert.deepEqual(lost, [], 'acknowledged events lost');
      assert.deepEqual(integrityCheck(join(dataDir, 'mnemo.db')), ['ok']);
      const rows = countRows(join(dataDir, 'mnemo.db'));
      assert.equal(rows.fts, rows.publicObservations);
      assert.equal((await cliJson<{ healthy: boolean }>(['doctor', '--json'], dataDir)).healthy, true);
      // Opening for writing fails (SQLite cannot size its -shm file); reads answer from the store opened read-only.
      assert.equal(search.code, 0, `search on a full disk: ${search.stderr.trim()}`);
      assert.match(search.stdout, /zqfull0zq/);
      for (const [name, r] of [['search', search], ['export', exp]] as const) {
        assert.ok(!/^\s*at /m.test(r.stderr), `${name}: no stack trace`);
        if (r.code !== 0) assert.match(r.stderr, DISK_RE, `${name} on a full disk says so: ${r.stderr.trim()}`);
      }
      assert.ok(doctorJson, `doctor --json printed no JSON: ${doctor.stderr}`);
      assert.match(JSON.stringify(doctorJson.checks), DISK_RE, 'doctor names the full disk');
    } finally {
      unmount(dataDir);
    }
  });
});

describe('20 MB payloads: peak memory of one hook process', { skip: !existsSync('/usr/bin/time') && '/usr/bin/time is not installed' }, () => {
  it('stays bounded (reported; generous 1 GB bound) and the host is unaffected', async () => {
    const dataDir = tempDir('mnemo-stress-rss-');
    const cwd = tempDir('mnemo-stress-rss-cwd-');
    const MB20 = 20 * 1024 * 1024;
    const cases: { label: string; event: string; payload: string }[] = [
      { label: 'tiny PostToolUse (baseline)', event: 'PostToolUse', payload: JSON.stringify(validPayload('PostToolUse', 'rss', cwd)) },
      { label: '20 MB ASCII tool output', event: 'PostToolUse', payload: JSON.stringify(validPayload('PostToolUse', 'rss', cwd, { tool_use_id: 'toolu_rss_ascii', tool_response: { stdout: 'x'.repeat(MB20), stderr: '' } })) },
      { label: '20 MB CJK prompt', event: 'UserPromptSubmit', payload: JSON.stringify(validPayload('UserPromptSubmit', 'rss', cwd, { prompt: '连接池'.repeat(Math.floor(MB20 / 9)) })) },
      { label: '20 MB of small JSON objects', event: 'PostToolUse', payload: JSON.stringify(validPayload('PostToolUse', 'rss', cwd, { tool_use_id: 'toolu_rss_objs', tool_input: { command: 'ls' }, tool_response: { items: Array.from({ length: Math.floor(MB20 / 30) }, (_, i) => ({ n: i, name: `f${i}` })) } })) },
      { label: '20 MB SessionStart (opens SQLite)', event: 'SessionStart', payload: JSON.stringify(validPayload('SessionStart', 'rss', cwd, { padding: 'p'.repeat(MB20) })) },
    ];
    const rows: { label: string; mb: number; ms: number; maxRssMb: number }[] = [];
    const problems: string[] = [];
    for (const c of cases) {
      const out = join(dataDir, `time-${rows.length}.txt`);
      const r = await runWrapped(['/usr/bin/time', '-v', '-o', out, process.execPath, hookJs(), c.event], c.payload, dataDir, cwd);
      const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(readFileSync(out, 'utf8'))?.[1] ?? NaN);
      rows.push({ label: c.label, mb: Math.round(Buffer.byteLength(c.payload) / 1048576), ms: r.ms, maxRssMb: Math.round(kb / 1024) });
      problems.push(...hookContractProblems(c.event, r, 15_000).map((p) => `${c.label}: ${p}`));
    }
    report('20 MB payload memory', { hooks: rows });
    assert.deepEqual(problems, []);
    for (const r of rows) assert.ok(r.maxRssMb < 1024, `${r.label}: ${r.maxRssMb} MB`);
    const { observations } = await exportAll(dataDir);
    for (const o of observations) assert.ok(o.body.length < 20_000, `observation ${o.id}: body of ${o.body.length} characters`);
  });
});

test('thousands of observations in one session: bounded hooks, capped events, a budgeted index, nothing lost', async () => {
  const dataDir = tempDir('mnemo-stress-many-');
  const cwd = tempDir('mnemo-stress-many-cwd-');
  const session = 'many';
  const n = scale(2000, 20_000);
  // Real hook processes first, then the rest written to the spool by the hook's own code path
  // (capture + spoolWrite, in-process: thousands of node starts would only measure node).
  const real = scale(12, 200);
  const realRuns = await pool(Array.from({ length: real }, (_, i) => i), 4, async (i) =>
    runHook('PostToolUse', validPayload('PostToolUse', session, cwd, { tool_use_id: `toolu_real_${i}`, tool_input: { command: `make zqreal${i}zq` } }), { dataDir, cwd }),
  );
  assert.deepEqual(realRuns.flatMap((r) => hookContractProblems('PostToolUse', r)), []);
  const place = resolvePlace(cwd);
  const spoolDir = join(dataDir, 'spool');
  mkdirSync(spoolDir, { recursive: true });
  const t0 = Date.now();
  for (let i = 0; i < n - real; i++) {
    const kind = i % 5;
    const ev: HookEvent =
      kind === 4
        ? { event: 'UserPromptSubmit', platform: 'claude-code', sessionId: session, cwd, prompt: `Step ${i}: continue with zqmany${i}zq`, promptId: `p${i}` }
        : {
            event: 'PostToolUse', platform: 'claude-code', sessionId: session, cwd, toolUseId: `toolu_many_${i}`,
            toolName: kind === 0 ? 'Edit' : kind === 1 ? 'Read' : 'Bash',
            toolInput: kind === 0 ? { file_path: join(cwd, `src/f${i % 97}.ts`), old_string: 'a', new_string: `zqmany${i}zq` } : kind === 1 ? { file_path: join(cwd, `src/f${i % 97}.ts`) } : { command: `npm test -- zqmany${i}zq` },
            toolResponse: kind === 2 ? { stdout: i % 7 === 0 ? `FAIL zqmany${i}zq\nError: boom` : `ok zqmany${i}zq`, stderr: '' } : { type: 'text', file: { filePath: join(cwd, `src/f${i % 97}.ts`), content: `// zqmany${i}zq\n` } },
          };
    const captured = captureEvent(ev, { place, now: Date.now(), uid: randomUUID(), limits: { maxInputChars: 2000, maxOutputChars: 4000 } });
    if (captured) spoolWrite(spoolDir, captured);
  }
  const spoolMs = Date.now() - t0;
  const start = await runHook('SessionStart', validPayload('SessionStart', 'many-next', cwd), { dataDir, cwd });
  assert.deepEqual(hookContractProblems('SessionStart', start, 8000), []);
  const context = (JSON.parse(start.stdout) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput?.additionalContext ?? '';
  const leftBySessionStart = spoolFiles(dataDir).length;
  // Each CLI call folds for up to 10 s; count how many it takes.
  const t1 = Date.now();
  let calls = 0;
  while (spoolFiles(dataDir).length > 0 && calls < 20) {
    const r = await runCli(['sessions', '--json'], dataDir, cwd);
    assert.equal(r.code, 0, r.stderr);
    calls++;
  }
  const foldMs = Date.now() - t1;
  const end = await runHook('SessionEnd', validPayload('SessionEnd', session, cwd), { dataDir, cwd });
  const compact = await runHook('PreCompact', validPayload('PreCompact', session, cwd), { dataDir, cwd });
  const { sessions, observations } = await exportAll(dataDir);
  const s = sessions.find((x) => x.externalId === session)!;
  const searchMs: number[] = [];
  for (let q = 0; q < 5; q++) searchMs.push((await runCli(['search', `zqmany${q * 97}zq`, '--json'], dataDir, cwd)).ms);
  const events = (s as { eventCount?: number }).eventCount;
  report('thousands per session', {
    observationsSent: n,
    stored: s.observationCount,
    extractedEventsKept: events,
    spoolWriteMs: spoolMs,
    sessionStartMs: start.ms,
    contextChars: context.length,
    foldedBySessionStart: n - real - leftBySessionStart,
    cliFoldCalls: calls,
    cliFoldMs: foldMs,
    sessionEndMs: end.ms,
    preCompactMs: compact.ms,
    cliSearchMs: percentiles(searchMs),
  });
  assert.deepEqual([...hookContractProblems('SessionEnd', end, 8000), ...hookContractProblems('PreCompact', compact, 8000)], []);
  assert.ok(context.length <= 10_000, `context of ${context.length} characters`);
  assert.equal(spoolFiles(dataDir).length, 0, `spool not empty after ${calls} folds`);
  // Plus the marker PreCompact leaves.
  assert.equal(observations.filter((o) => o.sessionId === s.id && o.type !== 'marker').length, n, 'every observation stored once');
  assert.equal(s.observationCount, n + 1);
  assert.ok(events === undefined || events <= 2000, `${events} extracted events kept (cap 2000)`);
  assert.ok(s.endedAt, 'SessionEnd applied');
  assert.deepEqual(integrityCheck(join(dataDir, 'mnemo.db')), ['ok']);
});

test('a store of about a gigabyte: hooks, search and doctor still answer', { skip: !FULL && 'full scale only (npm run test:stress)' }, async () => {
  const dataDir = tempDir('mnemo-stress-gb-');
  const cwd = tempDir('mnemo-stress-gb-cwd-');
  const dbPath = join(dataDir, 'mnemo.db');
  const store = SqliteStore.open({ path: dbPath, busyTimeoutMs: 5000 });
  await store.close();
  const target = 1024 * 1024 * 1024;
  const db = openSqlite(dbPath);
  db.pragma('journal_mode = WAL');
  db.prepare("INSERT INTO sessions (platform, external_id, project, started_at) VALUES ('claude-code', 'big', ?, 1)").run(resolvePlace(cwd).project);
  const ins = db.prepare(
    "INSERT INTO observations (session_id, project, platform, kind, type, title, body, files, tags, created_at, uid) VALUES (1, ?, 'claude-code', 'tool', 'command', ?, ?, '[]', 'Bash', ?, ?)",
  );
  const fts = db.prepare('INSERT INTO observations_fts (rowid, title, body, tags) VALUES (?, ?, ?, ?)');
  const project = resolvePlace(cwd).project;
  const filler = 'compiled module without warnings; linked target; ran 12 tests, all passed. '.repeat(14);
  let i = 0;
  const t0 = Date.now();
  while (statSync(dbPath).size + (existsSync(`${dbPath}-wal`) ? statSync(`${dbPath}-wal`).size : 0) < target) {
    db.transaction(() => {
      for (let k = 0; k < 20_000; k++, i++) {
        const title = `Ran \`make zqbig${i}zq\``;
        const body = `Output:\n${filler} zqbig${i}zq`;
        const r = ins.run(project, title, body, 1_700_000_000_000 + i, `big-${i}`);
        fts.run(r.lastInsertRowid, toIndexText(title), toIndexText(body), 'Bash');
      }
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  }
  db.close();
  const buildMs = Date.now() - t0;
  const start = await runHook('SessionStart', validPayload('SessionStart', 'gb-next', cwd), { dataDir, cwd });
  const post = await runHook('PostToolUse', validPayload('PostToolUse', 'gb-next', cwd), { dataDir, cwd });
  const search = await runCli(['search', `zqbig${Math.floor(i / 2)}zq`, '--json'], dataDir, cwd);
  const doctor = await runCli(['doctor', '--json'], dataDir, cwd);
  report('gigabyte store', { observations: i, bytes: statSync(dbPath).size, buildMs, sessionStartMs: start.ms, postToolUseMs: post.ms, searchMs: search.ms, doctorMs: doctor.ms, doctorHealthy: (JSON.parse(doctor.stdout || '{}') as { healthy?: boolean }).healthy });
  assert.deepEqual(hookContractProblems('PostToolUse', post, 10_000), []);
  // The hook's own deadline (hookTimeoutMs, 4 s by default) plus slack: SessionStart must not stall the host.
  assert.deepEqual(hookContractProblems('SessionStart', start, 5500), [], 'SessionStart on a gigabyte store (its one 640k-observation session is abandoned, so SessionStart summarizes it)');
  assert.equal(search.code, 0, search.stderr);
  assert.match(search.stdout, new RegExp(`zqbig${Math.floor(i / 2)}zq`));
  assert.equal(doctor.code, 0, doctor.stdout);
});

process.once('exit', () => {
  if (existsSync(base)) spawnSync('rm', ['-rf', base]);
});
