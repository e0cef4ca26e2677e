// The harness itself, with no plugin: the real Claude Code CLI runs one scripted Bash call against the
// local stand-in API, and the result of that call comes back in the next request.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertClaudeInstalled, cleanupTempDirs, describeRun, makeTempDir, runClaude } from './claude-harness.ts';
import { requestTexts, toolResults } from './fake-anthropic.ts';

after(cleanupTempDirs);

test('claude -p runs a scripted Bash tool call offline and sends its result back', { timeout: 90_000 }, async () => {
  assertClaudeInstalled();
  const cwd = makeTempDir('smoke');
  const run = await runClaude({
    prompt: 'Please write hi into out.txt',
    cwd,
    script: [
      { tool_use: { id: 'toolu_smoke_bash', name: 'Bash', input: { command: 'echo hi > out.txt && echo wrote-it', description: 'Write out.txt' } } },
      { text: 'Done: out.txt now says hi.' },
    ],
    timeoutMs: 60_000,
  });
  const why = describeRun(run);

  assert.equal(run.timedOut, false, why);
  assert.equal(run.code, 0, why);
  assert.deepEqual(run.apiErrors, [], why);
  assert.equal(run.mainRequests.length, 2, why);
  assert.match(run.stdout, /Done: out\.txt now says hi\./, why);

  assert.ok(existsSync(join(cwd, 'out.txt')), why);
  assert.equal(readFileSync(join(cwd, 'out.txt'), 'utf8'), 'hi\n');

  const [first, second] = run.mainRequests;
  assert.equal(first!.body.stream, true, 'Claude Code streams the main loop');
  assert.ok(requestTexts(first!.body).some((t) => t.includes('Please write hi into out.txt')), 'the prompt reaches the model');
  const result = toolResults(second!.body).find((r) => r.tool_use_id === 'toolu_smoke_bash');
  assert.ok(result, `second request carries the tool_result: ${JSON.stringify(second!.body.messages).slice(0, 2000)}`);
  assert.equal(result.is_error, false);
  assert.match(result.text, /wrote-it/);
});

test('a failing Bash command comes back as an error tool_result', { timeout: 90_000 }, async () => {
  const cwd = makeTempDir('smoke-fail');
  const run = await runClaude({
    prompt: 'Run a command that fails',
    cwd,
    script: [
      { tool_use: { id: 'toolu_smoke_fail', name: 'Bash', input: { command: 'echo about-to-fail >&2; exit 3', description: 'Fail' } } },
      { text: 'It failed with exit code 3.' },
    ],
  });
  const why = describeRun(run);
  assert.equal(run.code, 0, why);
  const result = toolResults(run.mainRequests[1]?.body).find((r) => r.tool_use_id === 'toolu_smoke_fail');
  assert.ok(result, why);
  assert.equal(result.is_error, true, JSON.stringify(result));
  assert.match(result.text, /exit code 3|about-to-fail/i);
});
