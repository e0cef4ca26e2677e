/**
 * Background (`async: true`) hooks, as Claude Code runs them: started in order, finishing in any order.
 * Each hook here is the real hook process; the test holds some of them mid-way by keeping their stdin
 * open (a hook is busy until its payload is read and its event spooled), folds the spool while they
 * are held (through the CLI, as the MCP server or another hook would), then lets them finish, one after
 * a SIGTERM (what Claude Code sends background hooks when the session ends). Every event must be stored
 * exactly once, in the order its hook started.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { childEnv, exportAll, hookJs, runCli, tempDir } from './helpers.ts';

interface Held {
  readonly child: ChildProcessWithoutNullStreams;
  readonly payload: string;
  readonly done: Promise<{ code: number | null; stdout: string }>;
}

/** Start a hook and leave its stdin open: it has started (and marked itself busy) but not spooled. */
function start(event: string, payload: object, dataDir: string, cwd: string): Held {
  // Held hooks wait on stdin far longer than a host would make them: their own deadline (4 s) must not end them here.
  const child = spawn(process.execPath, [hookJs(), event], { cwd, env: childEnv(dataDir, { MNEMO_HOOK_TIMEOUT_MS: '60000' }), stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  const done = new Promise<{ code: number | null; stdout: string }>((res) => child.once('close', (code) => res({ code, stdout })));
  return { child, payload: JSON.stringify(payload), done };
}

/** Let a held hook read its payload and run to the end: exit 0 and its one answer (a Stop prints nothing). */
const finish = async (h: Held, answer = '{}') => {
  h.child.stdin.end(h.payload);
  const r = await h.done;
  assert.equal(r.code, 0);
  assert.equal(r.stdout.trim(), answer);
};

/** Wait until `n` hooks have marked themselves busy in the spool (they are running). */
async function busy(spool: string, n: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    let names: string[] = [];
    try {
      names = readdirSync(spool);
    } catch {
      /* not there yet */
    }
    if (names.filter((f) => f.startsWith('.busy-')).length >= n) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  assert.fail(`${n} hooks did not start`);
}

test('background hooks that finish out of order, folded while some still run, are stored once each in start order', { timeout: 120_000 }, async () => {
  const dataDir = tempDir('mnemo-bg-order-');
  const cwd = tempDir('mnemo-bg-order-proj-');
  const spool = join(dataDir, 'spool');
  const base = { session_id: 'bg-1', transcript_path: join(cwd, 't.jsonl'), cwd, permission_mode: 'default' };
  const call = (i: number) => ({ tool_name: 'Bash', tool_use_id: `toolu_bg_${i}`, tool_input: { command: `echo step-${i}`, description: `step ${i}` } });
  const pre = (i: number) => ({ ...base, hook_event_name: 'PreToolUse', ...call(i) });
  const post = (i: number) => ({ ...base, hook_event_name: 'PostToolUse', ...call(i), tool_response: { stdout: `step-${i}`, stderr: '', interrupted: false, isImage: false } });

  const prompt = start('UserPromptSubmit', { ...base, hook_event_name: 'UserPromptSubmit', prompt: 'run the three steps' }, dataDir, cwd);
  await finish(prompt);
  // Step 1's PostToolUse starts, then is held; step 2 starts and finishes entirely before it.
  const post1 = start('PostToolUse', post(1), dataDir, cwd);
  await busy(spool, 1);
  await new Promise((r) => setTimeout(r, 5));
  await finish(start('PreToolUse', pre(2), dataDir, cwd));
  await finish(start('PostToolUse', post(2), dataDir, cwd));
  // A fold now (any mnemo process) must not store step 2 ahead of step 1, which is still being written.
  const early = await runCli(['search', 'step', '--json'], dataDir, cwd);
  assert.equal(early.code, 0, early.stderr);
  const before = await exportAll(dataDir);
  assert.deepEqual(before.observations.map((o) => o.type), ['prompt'], 'only what started before the held hook is folded');
  // Step 3's PostToolUse is running when the session ends: the host signals it, it still writes its event.
  const post3 = start('PostToolUse', post(3), dataDir, cwd);
  await busy(spool, 2);
  post3.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 50));
  await finish(post1);
  await finish(post3);
  await finish(start('Stop', { ...base, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'All three steps ran.' }, dataDir, cwd), '');

  const { observations } = await exportAll(dataDir);
  const steps = observations.filter((o) => o.toolUseId?.startsWith('toolu_bg_'));
  assert.deepEqual(
    steps.map((o) => `${o.toolUseId}:${o.type}`),
    ['toolu_bg_1:command', 'toolu_bg_2:command', 'toolu_bg_3:command'],
    'each call once (the "about to run" note replaced by its outcome), in the order the hooks started',
  );
  assert.deepEqual(observations.map((o) => o.type), ['prompt', 'command', 'command', 'command', 'conclusion']);
  const ids = observations.map((o) => o.id);
  assert.deepEqual(ids, [...ids].sort((a, b) => a - b));
  assert.deepEqual(readdirSync(spool).filter((f) => f.startsWith('.busy-') || f.endsWith('.json')), [], 'nothing left behind in the spool');
});
