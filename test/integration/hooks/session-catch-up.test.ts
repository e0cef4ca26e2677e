// SessionEnd catches up the last turn from the transcript: a background hook the host stopped before it
// wrote (Claude Code signals them when the session ends; one signalled before node loaded it is gone)
// leaves its event in the transcript only. The real hook bundle, one process per event, as the host runs it.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lastTurnFromTranscript } from '../../../src/hooks/session-catch-up.ts';
import { assertHookOk, exportAll, git, runHook, tempDir, validPayload } from './helpers.ts';

const made: string[] = [];
after(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});
function dir(prefix: string): string {
  const d = tempDir(prefix);
  made.push(d);
  return d;
}

const ANSWER = 'Raised the pool size to 16; the check passes now.';

/** A Claude Code transcript of one turn: a prompt, one Bash call and its result, the final answer, the Stop hooks' entry. */
function transcript(path: string, sessionId: string, cwd: string, startedAt: number): void {
  let t = startedAt;
  const at = () => new Date((t += 200)).toISOString();
  const base = (uuid: string) => ({ sessionId, cwd, uuid, timestamp: at(), isSidechain: false, userType: 'external', version: '2.1.0' });
  const entries = [
    { ...base('u1'), type: 'user', promptId: 'prompt-catch-1', message: { role: 'user', content: 'Make the pool check pass' } },
    { ...base('a1'), type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_catch_bash', name: 'Bash', input: { command: 'sed -i s/4/16/ pool.js', description: 'raise the size' } }] } },
    { ...base('u2'), type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_catch_bash', content: '', is_error: false }] }, toolUseResult: { stdout: '', stderr: '', interrupted: false } },
    { ...base('a2'), type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: ANSWER }] } },
    { ...base('s1'), type: 'system', subtype: 'stop_hook_summary' },
  ];
  writeFileSync(path, entries.map((e) => JSON.stringify(e)).join('\n') + '\n');
}

function session(name: string, startedAt = Date.now() - 3_000) {
  const project = dir(`mnemo-catch-${name}-proj-`);
  git(project, 'init', '-q', '-b', 'main');
  const dataDir = dir(`mnemo-catch-${name}-data-`);
  const sessionId = `catch-${name}-${process.pid}`;
  const transcriptPath = join(project, `${sessionId}.jsonl`);
  transcript(transcriptPath, sessionId, project, startedAt);
  const payload = (event: Parameters<typeof validPayload>[0], extra: Record<string, unknown> = {}) => validPayload(event, sessionId, project, { transcript_path: transcriptPath, ...extra });
  const hook = async (event: Parameters<typeof validPayload>[0], extra: Record<string, unknown> = {}) => {
    const r = await runHook(event, payload(event, extra), { dataDir, cwd: project });
    assertHookOk(event, r, 15_000);
  };
  return { dataDir, transcriptPath, hook };
}

const prompt = { prompt: 'Make the pool check pass', prompt_id: 'prompt-catch-1' };
const bash = { tool_name: 'Bash', tool_use_id: 'toolu_catch_bash', tool_input: { command: 'sed -i s/4/16/ pool.js', description: 'raise the size' }, tool_response: { stdout: '', stderr: '', interrupted: false } };

test('a final answer whose Stop hook never wrote is stored from the transcript at SessionEnd, after the last tool call, once', async () => {
  const s = session('lost');
  await s.hook('SessionStart');
  await s.hook('UserPromptSubmit', prompt);
  await s.hook('PostToolUse', bash);
  // The Stop hook was stopped before it wrote: no Stop event reaches mnemo.
  await s.hook('SessionEnd');
  const { observations } = await exportAll(s.dataDir);
  assert.deepEqual(observations.map((o) => o.type), ['prompt', 'command', 'conclusion'], JSON.stringify(observations.map((o) => o.title)));
  assert.equal(observations.filter((o) => o.body.includes(ANSWER) || o.title.includes('Raised the pool size')).length, 1);
});

test('a last tool call and the answer both lost are stored from the transcript, in the transcript order', async () => {
  const s = session('both');
  await s.hook('SessionStart');
  await s.hook('UserPromptSubmit', prompt);
  await s.hook('SessionEnd');
  const { observations } = await exportAll(s.dataDir);
  assert.deepEqual(observations.map((o) => o.type), ['prompt', 'command', 'conclusion'], JSON.stringify(observations.map((o) => o.title)));
  assert.equal(observations[1]!.toolUseId, 'toolu_catch_bash');
});

test('when every hook wrote, SessionEnd adds nothing: the prompt, the call and the answer are stored once', async () => {
  const s = session('kept');
  await s.hook('SessionStart');
  await s.hook('UserPromptSubmit', prompt);
  await s.hook('PostToolUse', bash);
  await s.hook('Stop', { last_assistant_message: ANSWER });
  await s.hook('SessionEnd');
  const { observations } = await exportAll(s.dataDir);
  assert.deepEqual(observations.map((o) => o.type), ['prompt', 'command', 'conclusion'], JSON.stringify(observations.map((o) => o.title)));
});

test('a session that ended long after its last turn (its hooks had all the time they needed) is not caught up', async () => {
  const s = session('idle', Date.now() - 10 * 60_000);
  const old = new Date(Date.now() - 9 * 60_000);
  utimesSync(s.transcriptPath, old, old);
  await s.hook('SessionStart');
  await s.hook('UserPromptSubmit', prompt);
  await s.hook('SessionEnd');
  const { observations } = await exportAll(s.dataDir);
  assert.deepEqual(observations.map((o) => o.type), ['prompt']);
});

test("caught-up events are moved from the transcript's wall clock onto the hooks' clock, which sits up to half a second off it", () => {
  const s = session('clock', Date.now() - 2_000);
  const end = { event: 'SessionEnd' as const, platform: 'claude-code' as const, sessionId: `catch-clock-${process.pid}`, transcriptPath: s.transcriptPath };
  const limits = { maxInputChars: 10_000, maxOutputChars: 10_000 };
  const now = Date.now();
  const wall = lastTurnFromTranscript(end, { project: '/p' }, limits, now, 0);
  const moved = lastTurnFromTranscript(end, { project: '/p' }, limits, now, -340);
  assert.deepEqual(wall.map((e) => e.event), ['UserPromptSubmit', 'PostToolUse', 'Stop']);
  assert.deepEqual(moved.map((e, i) => e.at - wall[i]!.at), [-340, -340, -340]);
  // Without a bias given, this machine's: within half a second (and a tick) of the wall clock.
  const own = lastTurnFromTranscript(end, { project: '/p' }, limits, now);
  assert.ok(Math.abs(own[0]!.at - wall[0]!.at) <= 520, `${own[0]!.at - wall[0]!.at} ms`);
});
