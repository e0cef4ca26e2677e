// `mnemo extract` as a user runs it: the built CLI in a subprocess, payloads on stdin, read by the
// `--platform` adapter through the hooks' own capture path; one JSON array of events per payload.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { assertBuilt, childEnv, CLI, cleanupTemps, tempDir } from '../mcp/harness.ts';

let dataDir: string;
before(() => {
  assertBuilt();
  dataDir = tempDir('extract-data');
});
after(cleanupTemps);

function extract(args: readonly string[], input: string): { status: number | null; lines: unknown[][]; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, 'extract', '--json', ...args], { input, env: childEnv({ MNEMO_DATA_DIR: dataDir }), encoding: 'utf8', timeout: 30_000 });
  if (r.error) throw r.error;
  const lines = r.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as unknown[]);
  return { status: r.status, lines, stderr: r.stderr };
}
const types = (events: unknown[]) => events.map((e) => (e as { type: string }).type);

test('Codex: a plain-string failing output is error_tool, the next pass resolves it (NDJSON, one session)', () => {
  const base = { session_id: 'cx-1', cwd: '/repo', hook_event_name: 'PostToolUse', tool_name: 'exec_command', tool_input: { command: ['bash', '-lc', 'npm test'] } };
  const ndjson = [
    { ...base, tool_use_id: 'c1', tool_response: 'FAIL src/store.test.ts\n  ● adds\nTests:       1 failed, 3 passed, 4 total' },
    { ...base, tool_use_id: 'c2', tool_response: 'Tests:       4 passed, 4 total' },
  ].map((p) => JSON.stringify(p)).join('\n');
  const r = extract(['--platform', 'codex'], ndjson);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.lines.map(types), [['error_tool'], ['error_resolved']]);
});

test('Gemini: an AfterTool error and a shell Exit Code are failures; the MCP call gets mcp with its short name', () => {
  const base = { session_id: 'g-1', cwd: '/repo', hook_event_name: 'AfterTool', timestamp: '2026-01-01T00:00:00Z' };
  const payloads = [
    { ...base, tool_name: 'run_shell_command', tool_input: { command: 'npm test' }, tool_response: { llmContent: 'Command: npm test\nDirectory: (root)\nOutput: FAIL src/a.test.ts\nError: (none)\nExit Code: 1\nSignal: (none)', returnDisplay: 'FAIL src/a.test.ts' } },
    { ...base, tool_name: 'read_file', tool_input: { absolute_path: '/repo/nope.ts' }, tool_response: { llmContent: 'File not found', returnDisplay: 'File not found', error: { message: 'File not found: /repo/nope.ts', type: 'file_not_found' } } },
    { ...base, tool_name: 'mcp__github__get_issue', tool_input: { owner: 'acme', repo: 'shop', issue_number: 42 }, tool_response: { llmContent: [{ text: 'Issue #42: retry test is flaky' }], returnDisplay: 'Issue #42' } },
  ];
  const r = extract(['--platform', 'gemini'], JSON.stringify(payloads));
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.lines.map(types), [['error_tool'], ['error_tool'], ['mcp_tool_call', 'mcp', 'external_ref']]);
  assert.match((r.lines[2]![1] as { data: string }).data, /^github\/get_issue: Issue #42/);
});

test('--event names the event of payloads that carry none (OpenCode); a bad platform is a usage error', () => {
  const payload = { cwd: '/repo', input: { tool: 'bash', sessionID: 'oc-1', callID: 'k1' }, args: { command: 'go test ./...' }, output: { title: 'go test', output: '--- FAIL: TestPool (0.01s)\nFAIL\tgithub.com/acme/shop/db\t0.012s\nFAIL', metadata: { exit: 1 } } };
  const r = extract(['--platform', 'opencode', '--event', 'tool.execute.after'], JSON.stringify(payload));
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.lines.map(types), [['error_tool']]);
  const bad = extract(['--platform', 'nope'], '{}');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /unknown platform "nope" \(known: claude-code, codex/);
});

test('nothing is written to the data directory', () => {
  extract([], JSON.stringify({ hook_event_name: 'UserPromptSubmit', session_id: 's', prompt: 'always use pnpm in this repo' }));
  assert.deepEqual(readdirSync(dataDir).filter((n) => n.startsWith('mnemo.db') || n === 'spool'), []);
});
