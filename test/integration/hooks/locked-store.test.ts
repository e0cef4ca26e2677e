/**
 * A database locked by another process (issue 2 "Hooks never hurt the host", issue 8 "Locked or
 * unavailable store"): hooks neither stall nor lose the event. It waits in the spool and is folded in,
 * exactly once, by the next mnemo process after the lock is gone.
 */
import { CHILD_OPEN_DB, childSqliteEnv } from '../../support/child-sqlite.ts';
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  REPO_ROOT,
  type EventName,
  type ExportedSession,
  type ProcResult,
  childEnv,
  cliJson,
  exportAll,
  hookContractProblems,
  logLinesOf,
  readLog,
  runHook,
  spoolFiles,
  tempDir,
  validPayload,
} from './helpers.ts';

/** Holds a lock on the database until told to let go (a line on stdin), then says so and exits. */
const LOCKER = `
${CHILD_OPEN_DB}
const mode = process.argv[2];
const db = openDb(process.argv[1]);
db.exec('PRAGMA busy_timeout = 5000');
if (mode === 'exclusive-mode') {
  // Exclusive locking mode: after the first write this connection keeps the file locked,
  // readers included, until it closes.
  db.exec('PRAGMA locking_mode = EXCLUSIVE');
}
db.exec('BEGIN EXCLUSIVE');
db.prepare("INSERT INTO sessions (platform, external_id, project, started_at) VALUES ('test', 'locker', '/locker', 0)").run();
process.stdout.write('locked\\n');
process.stdin.once('data', () => {
  db.exec('ROLLBACK');
  db.close();
  process.stdout.write('released\\n');
  process.exit(0);
});
`;

function startLocker(dbPath: string, mode: 'begin-exclusive' | 'exclusive-mode', dataDir: string): Promise<ChildProcessWithoutNullStreams> {
  const child = spawn(process.execPath, ['-e', LOCKER, dbPath, mode], {
    cwd: REPO_ROOT,
    env: { ...childEnv(dataDir), ...childSqliteEnv() },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return new Promise((res, rej) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => rej(new Error(`locker did not lock: ${err}`)), 15_000);
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('locked\n')) {
        clearTimeout(timer);
        res(child);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      rej(new Error(`locker exited ${code}: ${err}`));
    });
  });
}

function release(child: ChildProcessWithoutNullStreams): Promise<void> {
  return new Promise((res) => {
    if (child.exitCode !== null) return res();
    child.removeAllListeners('exit');
    child.on('exit', () => res());
    child.stdin.write('release\n');
  });
}

for (const mode of ['begin-exclusive', 'exclusive-mode'] as const) {
  describe(`a store locked by another process (${mode === 'begin-exclusive' ? 'BEGIN EXCLUSIVE' : 'PRAGMA locking_mode = EXCLUSIVE'})`, () => {
    const dataDir = tempDir('mnemo-locked-');
    const cwd = tempDir('mnemo-locked-cwd-');
    const session = `locked-${mode}`;
    const runs: { event: EventName; result: ProcResult }[] = [];
    let locker: ChildProcessWithoutNullStreams | undefined;
    let spooledWhileLocked: string[] = [];

    before(async () => {
      // An existing store with one earlier session in it.
      const warm = await runHook('SessionStart', validPayload('SessionStart', 'warm-up', cwd), { dataDir, cwd });
      assert.deepEqual(hookContractProblems('SessionStart', warm), []);
      await runHook('PostToolUse', validPayload('PostToolUse', 'warm-up', cwd), { dataDir, cwd });
      await runHook('SessionEnd', validPayload('SessionEnd', 'warm-up', cwd), { dataDir, cwd });
      assert.equal(spoolFiles(dataDir).length, 0, 'the warm-up was folded in');

      locker = await startLocker(join(dataDir, 'mnemo.db'), mode, dataDir);
      const sequence: { event: EventName; extra?: Record<string, unknown> }[] = [
        { event: 'SessionStart' },
        { event: 'UserPromptSubmit', extra: { prompt: 'Investigate the locked database' } },
        { event: 'PostToolUse', extra: { tool_use_id: 'toolu_locked_1' } },
        { event: 'PostToolUse', extra: { tool_use_id: 'toolu_locked_1' } }, // delivered twice
        { event: 'SessionEnd' },
      ];
      for (const { event, extra } of sequence) {
        runs.push({ event, result: await runHook(event, validPayload(event, session, cwd, extra), { dataDir, cwd, killAfterMs: 30_000 }) });
      }
      spooledWhileLocked = spoolFiles(dataDir).map((f) => readFileSync(join(dataDir, 'spool', f), 'utf8'));
    });

    after(async () => {
      if (locker) await release(locker);
    });

    it('every hook exits 0 with valid output and does not hang (generous 5 s bound)', () => {
      const problems = runs.flatMap(({ event, result }) => hookContractProblems(event, result, 5000).map((p) => `${event}: ${p}`));
      console.log(`locked store (${mode}): ${runs.map(({ event, result }) => `${event} ${result.ms} ms`).join(', ')}`);
      assert.deepEqual(problems, []);
    });

    it('the events wait in the spool', () => {
      const mine = spooledWhileLocked.filter((t) => t.includes(`"externalSessionId":"${session}"`));
      // SessionStart, the prompt, two deliveries of one tool call, SessionEnd.
      assert.equal(mine.length, 5, `spool held ${spooledWhileLocked.length} files`);
    });

    it('SessionStart still injects the index, kept from the warm-up session, without touching the locked store', () => {
      const start = runs.find((r) => r.event === 'SessionStart')!.result;
      const context = (JSON.parse(start.stdout) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput?.additionalContext ?? '';
      assert.match(context, /stands for 1 stored observations?/, `SessionStart printed ${start.stdout.slice(0, 300)}`);
      assert.deepEqual(logLinesOf(dataDir, start.pid), [], 'SessionStart had nothing to log: it never opened the store');
    });

    it('the store-opening hooks log that the store was unavailable', () => {
      for (const { event, result } of runs.filter((r) => r.event === 'SessionEnd')) {
        const lines = logLinesOf(dataDir, result.pid);
        assert.ok(lines.some((l) => /unavailable|busy|locked/i.test(l)), `${event} logged nothing about the lock:\n${readLog(dataDir)}`);
      }
    });

    it('once the lock is released, the next CLI command folds them in exactly once', async () => {
      await release(locker!);
      locker = undefined;
      const listed = await cliJson<ExportedSession[]>(['sessions', '--json'], dataDir);
      const mine = listed.filter((s) => s.externalId === session);
      assert.equal(mine.length, 1, JSON.stringify(listed, null, 2));
      assert.equal(mine[0]!.observationCount, 2, 'the prompt and one tool call');
      assert.equal(typeof mine[0]!.endedAt, 'number', 'SessionEnd was applied after SessionStart');
      assert.equal(mine[0]!.endReason, 'other');
      assert.ok(!listed.some((s) => s.externalId === 'locker'), 'the locker rolled back');
      assert.equal(spoolFiles(dataDir).length, 0, 'spool empty');
      // A second reader folds nothing twice.
      const again = await cliJson<ExportedSession[]>(['sessions', '--json'], dataDir);
      assert.deepEqual(again, listed);
      const { observations } = await exportAll(dataDir);
      const obs = observations.filter((o) => o.sessionId === mine[0]!.id);
      assert.deepEqual(obs.map((o) => o.type).sort(), ['command', 'prompt']);
      assert.equal(obs.filter((o) => o.toolUseId === 'toolu_locked_1').length, 1);
      const doctor = await cliJson<{ healthy: boolean; checks: unknown[] }>(['doctor', '--json'], dataDir);
      assert.equal(doctor.healthy, true, JSON.stringify(doctor.checks));
    });
  });
}
