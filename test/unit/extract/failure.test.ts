import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectFailure } from '../../../src/core/extract/index.ts';

const ok = (response: unknown): void => assert.equal(detectFailure({ toolName: 'Bash', input: {}, response }), null);

test('passing output that talks about failures is not a failure', () => {
  ok({ stdout: 'Tests: 42 passed, 0 failed\nerror handling OK', stderr: '', interrupted: false, isImage: false });
  ok({ stdout: '--- FAIL: TestX (0.01s)\n', stderr: '', interrupted: false, isImage: false }); // exit code 0 (piped to head)
  ok({ stdout: '', stderr: 'npm WARN deprecated foo@1\nwarning: something', interrupted: false, isImage: false });
  ok({ stdout: 'grep found: error: x', exit_code: 0 });
  ok('All 12 checks failed to find problems');
  ok({ content: [{ type: 'text', text: 'Error: not really, this is data' }] });
  ok({ error: '(none)', llmContent: 'Stdout: ok' });
});

test('structured failures are failures', () => {
  const f1 = detectFailure({ toolName: 'Bash', input: {}, failed: true, error: 'Exit code 1\nnpm ERR! missing script: tset' });
  assert.equal(f1?.exitCode, 1);
  assert.match(f1!.reason, /missing script/);
  assert.equal(detectFailure({ toolName: 'Bash', input: {}, error: 'Exit code 127\n/bin/bash: line 1: python: command not found' })?.exitCode, 127);
  assert.equal(detectFailure({ toolName: 'Bash', input: {}, isInterrupt: true })?.interrupted, true);
  assert.equal(detectFailure({ toolName: 'Bash', input: {}, response: { stdout: 'partial', interrupted: true } })?.interrupted, true);
  assert.ok(detectFailure({ toolName: 'mcp__x__y', input: {}, response: { isError: true, content: [{ type: 'text', text: 'boom' }] } }));
  assert.ok(detectFailure({ toolName: 'x', input: {}, response: { is_error: true, content: 'Error: File does not exist.' } }));
  assert.equal(detectFailure({ toolName: 'shell', input: {}, response: { output: 'x', metadata: { exit_code: 2 } } })?.exitCode, 2);
  assert.equal(detectFailure({ toolName: 'Bash', input: {}, response: { stdout: '', stderr: 'boom', exitCode: 3 } })?.exitCode, 3);
  assert.equal(detectFailure({ toolName: 'run_shell_command', input: {}, response: 'Command: make\nDirectory: (root)\nStdout: (empty)\nStderr: make: *** No rule\nError: (none)\nExit Code: 2' })?.exitCode, 2);
  assert.ok(detectFailure({ toolName: 'Read', input: {}, response: '<tool_use_error>File does not exist.</tool_use_error>' }));
  assert.ok(detectFailure({ toolName: 'WebFetch', input: {}, response: { success: false, error: 'timeout' } }));
});

test('the failure reason is the informative line', () => {
  const py = 'Exit code 1\nTraceback (most recent call last):\n  File "a.py", line 2, in <module>\n    main()\nZeroDivisionError: division by zero';
  assert.equal(detectFailure({ toolName: 'Bash', input: {}, failed: true, error: py })?.reason, 'ZeroDivisionError: division by zero');
  const ts = 'Exit code 2\n\n> tsc\n\nsrc/a.ts(3,7): error TS2322: Type \'string\' is not assignable to type \'number\'.';
  assert.match(detectFailure({ toolName: 'Bash', input: {}, failed: true, error: ts })!.reason, /TS2322/);
  assert.equal(detectFailure({ toolName: 'Bash', input: {}, failed: true, error: 'Exit code 1' })?.reason, 'failed');
});

test('detectFailure never throws on junk', () => {
  for (const call of [null, undefined, 1, 'x', {}, { response: { exit_code: 'NaN' } }, { error: 5 }]) {
    assert.doesNotThrow(() => detectFailure(call as never));
  }
});
