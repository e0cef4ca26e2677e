import { test } from 'node:test';
import assert from 'node:assert/strict';
import { captureFromPayload, type CaptureSetting } from '../../../src/capture/from-payload.ts';
import { PayloadExtractor } from '../../../src/capture/extract-payloads.ts';
import { PayloadError, platformNamed } from '../../../src/platforms/index.ts';

const setting = (over: Partial<CaptureSetting> = {}): CaptureSetting => ({
  platform: 'claude-code',
  limits: { maxInputChars: 2000, maxOutputChars: 4000 },
  now: 1_700_000_000_000,
  uid: 'u-1',
  place: (ev) => ({ project: ev.cwd ?? '/none' }),
  ...over,
});

test('a payload becomes the host event and its capture; the caller says where and when', () => {
  const seen: string[] = [];
  const r = captureFromPayload(
    { hook_event_name: 'PostToolUse', session_id: 's1', cwd: '/repo', tool_name: 'Bash', tool_use_id: 't1', tool_input: { command: 'ls' }, tool_response: { stdout: 'a\nb', stderr: '', interrupted: false, isImage: false } },
    setting({ place: (ev) => (seen.push(ev.event), { project: '/repo', branch: 'main' }) }),
  );
  assert.equal(r.kind, 'event');
  if (r.kind !== 'event') return;
  assert.deepEqual(seen, ['PostToolUse']);
  assert.equal(r.platform.name, 'claude-code');
  assert.deepEqual(r.place, { project: '/repo', branch: 'main' });
  assert.equal(r.captured?.uid, 'u-1');
  assert.equal(r.captured?.at, 1_700_000_000_000);
  assert.equal(r.captured?.dedupeKey, 'post:t1');
  assert.equal(r.captured?.observation?.title, 'Ran `ls` → b');
});

test('the host that really sent it reads it; a hook-less host speaks Claude Code under its own name', () => {
  const vscode = captureFromPayload({ hookEventName: 'UserPromptSubmit', sessionId: 'v1', timestamp: '2026-01-01T00:00:00Z', cwd: '/r', prompt: 'hi there, fix it' }, setting({ platform: platformNamed('claude-code')! }));
  assert.equal(vscode.kind === 'event' && vscode.platform.name, 'vscode');
  const trae = captureFromPayload({ hook_event_name: 'UserPromptSubmit', session_id: 't1', prompt: 'Fix the login bug' }, setting({ platform: 'trae' }));
  assert.equal(trae.kind === 'event' && trae.event.platform, 'trae');
  assert.equal(trae.kind === 'event' && trae.captured?.platform, 'trae');
  const ignored = captureFromPayload({ hook_event_name: 'Notification', session_id: 't1', message: 'x' }, setting({ platform: 'trae' }));
  assert.deepEqual(ignored.kind === 'ignored' && [ignored.platform.name, ignored.hostEvent], ['trae', 'Notification']);
});

test('Stop without the final answer asks the caller where else to read it', () => {
  const r = captureFromPayload({ hook_event_name: 'Stop', session_id: 's', transcript_path: '/t.jsonl' }, setting({ lastAssistantMessage: (ev) => `from ${ev.transcriptPath}` }));
  assert.equal(r.kind === 'event' && r.captured?.observation?.body, 'from /t.jsonl');
});

test('a failure flagged next to the response is captured as a failure', () => {
  for (const beside of [{ tool_output: { isError: true } }, { is_error: true }, { tool_result: { success: false, error: 'old_string not found in file' } }]) {
    const r = captureFromPayload({ hook_event_name: 'PostToolUse', session_id: 's', tool_name: 'Edit', tool_input: { file_path: '/x.ts', old_string: 'foo', new_string: 'bar' }, tool_response: 'old_string not found in file', ...beside }, setting());
    assert.equal(r.kind, 'event');
    if (r.kind !== 'event') return;
    assert.equal(r.event.event, 'PostToolUseFailure', JSON.stringify(beside));
    assert.equal(r.captured?.call?.failed, true);
    assert.match(r.captured?.observation?.title ?? '', /^Failed: Edited .* — old_string not found in file$/);
  }
});

test("a plain-string output that states a failure is recorded as one, and extraction agrees", () => {
  const payload = { hook_event_name: 'PostToolUse', session_id: 'cx', cwd: '/repo', tool_name: 'exec_command', tool_use_id: 'c1', tool_input: { command: ['bash', '-lc', 'npm test'] }, tool_response: 'FAIL src/store.test.ts\n  ● adds\nTests:       1 failed, 3 passed, 4 total' };
  const r = captureFromPayload(payload, setting({ platform: 'codex' }));
  assert.equal(r.kind === 'event' && r.captured?.observation?.type, 'error');
  assert.match(r.kind === 'event' ? r.captured!.observation!.title : '', /^Failed: Ran `npm test` — FAIL src\/store\.test\.ts/);
  const events = new PayloadExtractor({ platform: platformNamed('codex')!, limits: { maxInputChars: 2000, maxOutputChars: 4000 }, place: () => ({ project: '/repo' }) }).extract(payload);
  assert.deepEqual(events.map((e) => e.type), ['error_tool']);
});

test('what cannot be an event is a PayloadError, whatever the JSON', () => {
  for (const p of [null, [], 'x', 3, {}, { hook_event_name: 'Bogus', session_id: 's' }]) {
    assert.throws(() => captureFromPayload(p, setting()), (e: unknown) => e instanceof PayloadError, JSON.stringify(p));
  }
});

test('the extractor keeps each session apart and says what it ignored', () => {
  const x = new PayloadExtractor({ platform: 'claude-code', limits: { maxInputChars: 2000, maxOutputChars: 4000 }, place: () => ({ project: '/r' }) });
  const fail = { hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', tool_input: { command: 'npm test' }, error: 'Exit code 1\nFAIL a' };
  const pass = { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_response: { stdout: 'ok', stderr: '' } };
  x.extract({ ...fail, session_id: 'a' });
  assert.deepEqual(x.extract({ ...pass, session_id: 'b' }).map((e) => e.type), [], 'another session has no failure to resolve');
  assert.deepEqual(x.extract({ ...pass, session_id: 'a' }).map((e) => e.type), ['error_resolved']);
  const heard: string[] = [];
  assert.deepEqual(x.extract({ hook_event_name: 'Notification', session_id: 'a' }, { warn: (m) => heard.push(m) }), []);
  assert.match(heard[0] ?? '', /Notification" is not one mnemo records/);
});
