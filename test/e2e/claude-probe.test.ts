// How the real Claude Code CLI drives a plugin in print mode, learned with a probe plugin
// (test/e2e/fixtures/probe-plugin) that records every hook payload and serves one MCP tool.
// mnemo's own e2e test relies on each of these facts; when a Claude Code upgrade changes one, this
// test says which.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { assertClaudeInstalled, cleanupTempDirs, CLAUDE_BIN, describeRun, makeHome, makeTempDir, REPO_ROOT, runClaude } from './claude-harness.ts';
import { requestTexts, toolResults } from './fake-anthropic.ts';

after(cleanupTempDirs);

const PROBE_PLUGIN = join(REPO_ROOT, 'test', 'e2e', 'fixtures', 'probe-plugin');

interface ProbeRecord {
  event: string;
  at: number;
  payload: Record<string, any>;
}

test('plugin hooks and MCP tools work in claude -p against the stand-in API', { timeout: 90_000 }, async () => {
  assertClaudeInstalled();
  const cwd = makeTempDir('probe');
  const log = join(makeTempDir('probe-log'), 'hooks.jsonl');
  const run = await runClaude({
    prompt: 'Probe the plugin',
    cwd,
    pluginDir: PROBE_PLUGIN,
    allowedTools: ['Bash', 'mcp__plugin_probe_probe__echo'],
    env: { PROBE_LOG: log },
    outputFormat: 'stream-json',
    script: [
      { tool_use: { id: 'toolu_probe_ok', name: 'Bash', input: { command: 'echo ok', description: 'ok' } } },
      { tool_use: { id: 'toolu_probe_fail', name: 'Bash', input: { command: 'exit 3', description: 'fail' } } },
      // MCP tools are deferred: a real model loads their schema with ToolSearch before calling them.
      { tool_use: { id: 'toolu_probe_search', name: 'ToolSearch', input: { query: 'select:mcp__plugin_probe_probe__echo' } } },
      { tool_use: { id: 'toolu_probe_mcp', name: 'mcp__plugin_probe_probe__echo', input: { text: 'hello mcp' } } },
      { text: 'Probe finished.' },
    ],
  });
  const why = describeRun(run);
  assert.equal(run.code, 0, why);
  assert.deepEqual(run.apiErrors, [], why);
  assert.equal(run.mainRequests.length, 5, why);

  // SessionStart additionalContext reaches the very first request.
  const firstTexts = requestTexts(run.mainRequests[0]!.body);
  assert.ok(firstTexts.some((t) => t.includes('PROBE-CONTEXT-7f3a')), 'SessionStart context is in the first request');

  // The plugin's MCP tool is announced as deferred, loaded by ToolSearch, and its result comes back.
  assert.ok(firstTexts.some((t) => t.includes('mcp__plugin_probe_probe__echo')), 'deferred MCP tool listed in the first request');
  const loaded = (run.mainRequests[3]!.body.tools as Array<{ name: string; input_schema?: any }>).find(
    (t) => t.name === 'mcp__plugin_probe_probe__echo',
  );
  assert.deepEqual(loaded?.input_schema?.required, ['text'], 'ToolSearch loads the MCP tool schema into `tools`');
  const echo = toolResults(run.mainRequests[4]!.body).find((r) => r.tool_use_id === 'toolu_probe_mcp');
  assert.equal(echo?.text, 'PROBE-ECHO: hello mcp');

  // Every lifecycle hook fires, in order, SessionEnd included, all with the same session id.
  assert.ok(existsSync(log), `hook log written (${why})`);
  const records: ProbeRecord[] = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const sequence = records.map((r) => (r.payload.tool_name ? `${r.event}:${r.payload.tool_name}` : r.event));
  assert.deepEqual(sequence, [
    'SessionStart',
    'UserPromptSubmit',
    'PreToolUse:Bash',
    'PostToolUse:Bash',
    'PreToolUse:Bash',
    'PostToolUseFailure:Bash',
    'PreToolUse:ToolSearch',
    'PostToolUse:ToolSearch',
    'PreToolUse:mcp__plugin_probe_probe__echo',
    'PostToolUse:mcp__plugin_probe_probe__echo',
    'Stop',
    'SessionEnd',
  ]);
  const sessionIds = new Set(records.map((r) => r.payload.session_id));
  assert.equal(sessionIds.size, 1);

  const byEvent = (name: string): Record<string, any> => records.find((r) => r.event === name)!.payload;
  assert.equal(byEvent('SessionStart').source, 'startup');
  assert.equal(byEvent('UserPromptSubmit').prompt, 'Probe the plugin');
  assert.equal(byEvent('PostToolUseFailure').error, 'Exit code 3');
  assert.equal(byEvent('PostToolUseFailure').tool_use_id, 'toolu_probe_fail');
  assert.equal(byEvent('Stop').last_assistant_message, 'Probe finished.');
  assert.equal(byEvent('SessionEnd').reason, 'other');
  assert.equal(records[0]!.payload.cwd, cwd);

  // --include-hook-events reports each hook in the stream.
  const hookEvents = run.events.filter((e) => e.type === 'system' && e.subtype === 'hook_response').map((e) => e.hook_event);
  assert.ok(hookEvents.includes('SessionStart') && hookEvents.includes('Stop'), `hook events: ${hookEvents.join(',')}`);
});

test('claude plugin validate --strict accepts the probe plugin', { timeout: 30_000 }, () => {
  assertClaudeInstalled();
  const result = spawnSync(CLAUDE_BIN, ['plugin', 'validate', '--strict', PROBE_PLUGIN], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: makeHome(), DISABLE_AUTOUPDATER: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' },
    timeout: 25_000,
  });
  assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`);
  assert.match(result.stdout, /Validation passed/);
});
