import { test } from 'node:test';
import assert from 'node:assert/strict';
import { captureEvent, isSkippedTool } from '../../../src/core/capture.ts';
import { describeToolCall } from '../../../src/core/titles.ts';
import type { HookEvent } from '../../../src/core/types.ts';

const ctx = { place: { project: '/repo', branch: 'main' }, now: 1_700_000_000_000, uid: 'u1', limits: { maxInputChars: 2000, maxOutputChars: 4000 } };
const base = { platform: 'claude-code', sessionId: 's1', cwd: '/repo' } as const;

test('PostToolUse Edit: title names the file relative to the project, with line counts', () => {
  const ev: HookEvent = {
    ...base, event: 'PostToolUse', toolName: 'Edit', toolUseId: 't1',
    toolInput: { file_path: '/repo/src/db/pool.ts', old_string: 'a', new_string: 'b' },
    toolResponse: { filePath: '/repo/src/db/pool.ts', originalFile: 'x'.repeat(100_000), structuredPatch: [{ lines: ['-a', '+b', '+c'] }] },
  };
  const c = captureEvent(ev, ctx)!;
  assert.equal(c.observation!.title, 'Edited src/db/pool.ts (+2 −1)');
  assert.equal(c.observation!.type, 'change');
  assert.deepEqual(c.observation!.files, ['/repo/src/db/pool.ts']);
  assert.equal(c.dedupeKey, 'post:t1');
  assert.ok(!c.observation!.body.includes('xxxxxxxxxx'), 'the original file is not stored');
});

test('failures say what failed and why; a passing summary with "failed" in it is not a failure', () => {
  const fail = captureEvent({ ...base, event: 'PostToolUseFailure', toolName: 'Bash', toolUseId: 't2', toolInput: { command: 'npm test' }, error: 'Exit code 1\nError: read ECONNRESET\n at x' }, ctx)!;
  assert.equal(fail.observation!.kind, 'error');
  assert.match(fail.observation!.title, /^Failed: Ran `npm test` — Error: read ECONNRESET/);
  const pass = captureEvent({ ...base, event: 'PostToolUse', toolName: 'Bash', toolUseId: 't3', toolInput: { command: 'pytest' }, toolResponse: { stdout: '42 passed, 0 failed', stderr: '', interrupted: false } }, ctx)!;
  assert.equal(pass.observation!.type, 'command');
  assert.match(pass.observation!.title, /42 passed, 0 failed/);
});

test("a plain-string output's title quotes the line before a host's exit trailer, never the trailer", () => {
  const out = (toolResponse: string) => captureEvent({ ...base, platform: 'copilot', event: 'PostToolUse', toolName: 'bash', toolUseId: 't4', toolInput: { command: 'npx vitest run' }, toolResponse }, ctx)!.observation!.title;
  assert.equal(out(' Test Files  1 passed (1)\n      Tests  5 passed (5)\n<exited with exit code 0>'), 'Ran `npx vitest run` → Tests 5 passed (5)');
  assert.equal(out('done\nExit code: 0'), 'Ran `npx vitest run` → done');
  // Nothing before it: the trailer is all there is to say.
  assert.equal(out('<exited with exit code 0>'), 'Ran `npx vitest run` → <exited with exit code 0>');
});

test('prompt privacy: partial private removed, all-private flagged', () => {
  const p = captureEvent({ ...base, event: 'UserPromptSubmit', prompt: 'deploy <private>pw hunter2</private> now' }, ctx)!;
  assert.equal(p.observation!.body, 'deploy now');
  assert.equal(p.observation!.private, false);
  const all = captureEvent({ ...base, event: 'UserPromptSubmit', prompt: '<private>hunter2</private>' }, ctx)!;
  assert.equal(all.observation!.body, '[PRIVATE]');
  assert.equal(all.observation!.title, '[PRIVATE]');
  assert.equal(all.observation!.private, true);
  assert.ok(!JSON.stringify(all).includes('hunter2'));
});

test("an IDE extension's context is not the prompt: the title is what the person typed", () => {
  const ide = '<ide_opened_file>The user opened the file /srv/app/redis.conf in the IDE. This may or may not be related to the current task.</ide_opened_file>';
  const p = captureEvent({ ...base, event: 'UserPromptSubmit', prompt: `${ide}\nCan you check the VPS for issues with Redis?` }, ctx)!;
  assert.equal(p.observation!.title, 'Can you check the VPS for issues with Redis?');
  assert.ok(!p.observation!.body.includes('ide_opened_file'));
  const selection = captureEvent({ ...base, event: 'UserPromptSubmit', prompt: '<ide_selection>const x = 1;</ide_selection>explain this' }, ctx)!;
  assert.equal(selection.observation!.title, 'explain this');
  // Nothing typed beside the context: no prompt record.
  assert.equal(captureEvent({ ...base, event: 'UserPromptSubmit', prompt: ide }, ctx)?.observation, undefined);
});

test("a rejected call keeps what the user said, not the host's notice that matched every search for 'written' or 'file'", () => {
  const notice = "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file).";
  const edit = { ...base, event: 'PostToolUseFailure' as const, toolName: 'Edit', toolInput: { file_path: '/p/a.go', old_string: 'x', new_string: 'y' }, isInterrupt: true };
  const said = captureEvent({ ...edit, error: `${notice} To tell you how to proceed, the user said:\njust define filesToArchive on 434` }, ctx)!;
  assert.match(said.observation!.body, /Rejected by the user\. The user said: just define filesToArchive on 434/);
  assert.doesNotMatch(said.observation!.body, /NOT written/);
  const stop = captureEvent({ ...edit, error: `${notice} STOP what you are doing and wait for the user to tell you how to proceed.` }, ctx)!;
  assert.match(stop.observation!.body, /Error \(interrupted\):\nRejected by the user\.$/);
});

test('secrets in tool input and output are redacted before storage', () => {
  const c = captureEvent({
    ...base, event: 'PostToolUse', toolName: 'Bash', toolUseId: 't4',
    toolInput: { command: 'curl -H "Authorization: Bearer abcdefghijklmnopqrstuvwxyz123456" https://u:passw0rd@host/x' },
    toolResponse: { stdout: 'AWS key AKIAIOSFODNN7EXAMPLE ok', stderr: '' },
  }, ctx)!;
  const s = JSON.stringify(c);
  for (const secret of ['abcdefghijklmnopqrstuvwxyz123456', 'passw0rd', 'AKIAIOSFODNN7EXAMPLE']) assert.ok(!s.includes(secret), secret);
});

test('input and output are truncated to the configured limits, head and tail kept', () => {
  const c = captureEvent({ ...base, event: 'PostToolUse', toolName: 'Bash', toolUseId: 't5', toolInput: { command: 'x'.repeat(10_000) }, toolResponse: { stdout: 'START\n' + 'a log line of ordinary length\n'.repeat(2000) + 'Error: boom at the very end\nEND' } }, { ...ctx, limits: { maxInputChars: 500, maxOutputChars: 1000 } })!;
  const body = c.observation!.body;
  assert.ok(body.length < 1700, `body ${body.length}`);
  assert.match(body, /START/);
  assert.match(body, /END/);
  assert.match(body, /Error: boom at the very end/);
  assert.match(body, /omitted/);
});

test('our own MCP tools and bookkeeping tools are skipped; SessionStart/End carry session facts', () => {
  assert.ok(isSkippedTool('mcp__plugin_mnemo_mnemo__search'));
  assert.ok(isSkippedTool('mcp__mnemo__get_observations'));
  assert.ok(!isSkippedTool('mcp__github__create_issue'));
  assert.equal(captureEvent({ ...base, event: 'PostToolUse', toolName: 'mcp__plugin_mnemo_mnemo__search', toolInput: {} }, ctx), undefined);
  assert.deepEqual(captureEvent({ ...base, event: 'SessionStart', source: 'compact' }, ctx)!.session, { source: 'compact' });
  assert.deepEqual(captureEvent({ ...base, event: 'SessionEnd', reason: 'logout' }, ctx)!.session, { endReason: 'logout' });
  assert.equal(captureEvent({ ...base, event: 'Stop' }, ctx), undefined, 'a Stop without an answer stores nothing');
});

test('PreToolUse is a pending note keyed apart from the outcome', () => {
  const c = captureEvent({ ...base, event: 'PreToolUse', toolName: 'Write', toolUseId: 't6', toolInput: { file_path: '/repo/a.md', content: 'x\ny' } }, ctx)!;
  assert.equal(c.observation!.type, 'pending');
  assert.equal(c.dedupeKey, 'pre:t6');
  assert.match(c.observation!.title, /About to run: Wrote a\.md/);
});

test('titles for the common tools', () => {
  const d = (toolName: string, input: unknown, response?: unknown) => describeToolCall({ toolName, input, response, baseDir: '/r' }).title;
  assert.equal(d('Read', { file_path: '/r/a.ts' }, { type: 'text', file: { totalLines: 12 } }), 'Read a.ts (12 lines)');
  assert.equal(d('Write', { file_path: '/r/b.ts', content: 'a\nb' }, { type: 'create' }), 'Created b.ts (2 lines)');
  assert.equal(d('Write', { file_path: '/r/c.ts', content: 'a\nb\n' }, { type: 'create' }), 'Created c.ts (2 lines)');
  assert.equal(d('Write', { file_path: '/r/e.ts', content: '' }, { type: 'create' }), 'Created e.ts (0 lines)');
  assert.equal(d('Grep', { pattern: 'foo', path: '/r/src' }, { numFiles: 3 }), 'Searched for "foo" in src (3 files)');
  assert.equal(d('Bash', { command: 'false' }, { stdout: '', exitCode: 2 }), 'Ran `false` exit 2');
  assert.equal(d('TodoWrite', { todos: [{ status: 'completed' }, { status: 'in_progress', activeForm: 'Writing tests' }] }), 'Todo list: 1/2 done; now: Writing tests');
  assert.match(d('mcp__github__get_issue', { repo: 'a/b' }), /^mcp__github__get_issue a\/b$/);
});
