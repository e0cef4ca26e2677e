// SessionEnd with an LLM summarizer configured: the hook stores the heuristic summary at once and
// hands the LLM work to a detached process, so a hanging endpoint never delays the host; when the
// endpoint answers, the summary is upgraded and its tokens recorded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn } from '../../unit/llm/stand-in.ts';
import { anthropic } from '../../unit/llm/providers.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const HOOK = join(ROOT, 'plugin/dist/hook.cjs');
const CLI = join(ROOT, 'plugin/dist/cli.js');

function env(dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env, MNEMO_DATA_DIR: dataDir, ...extra };
  delete e.NODE_EXTRA_CA_CERTS;
  return e;
}

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-llm-proj-'));
  mkdirSync(join(dir, '.git'));
  writeFileSync(join(dir, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  return dir;
}

async function runHook(event: string, payload: object, e: NodeJS.ProcessEnv): Promise<{ code: number; ms: number; stdout: string }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [HOOK, event], { env: e, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.on('exit', (code) => resolve({ code: code ?? -1, ms: Date.now() - started, stdout }));
    child.stdin.end(JSON.stringify({ hook_event_name: event, ...payload }));
  });
}

async function seedSession(cwd: string, sid: string, e: NodeJS.ProcessEnv): Promise<void> {
  await runHook('SessionStart', { session_id: sid, cwd, source: 'startup' }, e);
  await runHook('UserPromptSubmit', { session_id: sid, cwd, prompt: 'Make the retry limit configurable in src/retry.ts' }, e);
  await runHook('PostToolUse', { session_id: sid, cwd, tool_name: 'Edit', tool_use_id: `${sid}-t1`, tool_input: { file_path: join(cwd, 'src/retry.ts'), old_string: 'const MAX = 3', new_string: 'const MAX = Number(process.env.RETRIES ?? 3)' }, tool_response: { filePath: join(cwd, 'src/retry.ts') } }, e);
  await runHook('Stop', { session_id: sid, cwd, stop_hook_active: false, last_assistant_message: 'The retry limit now comes from RETRIES, default 3.' }, e);
}

function sessionsJson(e: NodeJS.ProcessEnv): Array<{ externalId: string; endedAt?: number; summary?: { provider: string; brief: string; inputTokens: number; outputTokens: number; fallbackReason?: string } }> {
  const r = spawnSync(process.execPath, [CLI, 'sessions', '--json'], { env: e, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

async function waitFor<T>(fn: () => T | undefined, ms: number): Promise<T | undefined> {
  const until = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('a hanging LLM endpoint does not hold SessionEnd; the heuristic summary is there at once and the failure is recorded', async () => {
  const standIn = await startStandIn([{ hang: true }]);
  try {
    const dataDir = mkdtempSync(join(tmpdir(), 'mnemo-llm-hang-'));
    const e = env(dataDir, { MNEMO_SUMMARIZER: 'anthropic', MNEMO_LLM_TIMEOUT_MS: '1500', ...anthropic.env(standIn.origin) });
    const cwd = project();
    await seedSession(cwd, 'hang-1', e);
    const end = await runHook('SessionEnd', { session_id: 'hang-1', cwd, reason: 'prompt_input_exit' }, e);
    assert.equal(end.code, 0);
    // A hang check, not a benchmark: the endpoint never answers, so anything waiting on it would take the whole 1.5 s LLM timeout or forever.
    assert.ok(end.ms < 5000, `SessionEnd took ${end.ms} ms`);
    const right = sessionsJson(e).find((s) => s.externalId === 'hang-1');
    assert.ok(right?.endedAt, 'session closed');
    assert.equal(right?.summary?.provider, 'heuristic');
    assert.match(right!.summary!.brief, /retry/i);
    // The detached upgrade reached the endpoint, timed out, and left the reason behind.
    const failed = await waitFor(() => sessionsJson(e).find((s) => s.externalId === 'hang-1' && s.summary?.fallbackReason)?.summary, 15_000);
    assert.ok(standIn.requests.length >= 1, 'the background summarizer called the endpoint');
    assert.match(failed?.fallbackReason ?? '', /timeout|timed out/i);
    assert.equal(failed?.provider, 'heuristic');
  } finally {
    await standIn.close();
  }
});

test('when the endpoint answers, the detached process upgrades the summary and records tokens', async () => {
  const reply = JSON.stringify({
    brief: '## Goal\n- Make the retry limit configurable\n## Done\n- src/retry.ts reads RETRIES\n## Open issues and risks\n- none\n## Next steps\n- document RETRIES',
    detailed: '## Goal\n- Make the retry limit configurable in src/retry.ts\n## Done\n- MAX now comes from the RETRIES variable, default 3\n## Open issues and risks\n- no test covers RETRIES yet\n## Next steps\n- add a test and document RETRIES',
  });
  const standIn = await startStandIn([{ status: 200, json: anthropic.reply(reply, { input: 321, output: 123 }) }]);
  try {
    const dataDir = mkdtempSync(join(tmpdir(), 'mnemo-llm-ok-'));
    const e = env(dataDir, { MNEMO_SUMMARIZER: 'anthropic', MNEMO_LLM_TIMEOUT_MS: '10000', ...anthropic.env(standIn.origin) });
    const cwd = project();
    await seedSession(cwd, 'ok-1', e);
    const end = await runHook('SessionEnd', { session_id: 'ok-1', cwd, reason: 'other' }, e);
    assert.equal(end.code, 0);
    const upgraded = await waitFor(() => sessionsJson(e).find((s) => s.externalId === 'ok-1' && s.summary?.provider === 'anthropic')?.summary, 15_000);
    assert.ok(upgraded, 'summary upgraded by the LLM');
    assert.equal(upgraded!.inputTokens, 321);
    assert.equal(upgraded!.outputTokens, 123);
    assert.match(upgraded!.brief, /document RETRIES/);
    const sent = anthropic.sent(standIn.requests[0]!);
    assert.match(sent.text, /retry/i, 'the session digest was sent');
    assert.ok(!/BLUEFALCON/.test(sent.text));
  } finally {
    await standIn.close();
  }
});
