/**
 * `mnemo install claude-code` proven with the real Claude Code CLI (offline, against the scripted
 * API stand-in of test/e2e): the hooks it writes into ~/.claude/settings.json fire, the tool matcher
 * keeps our own MCP tools out, and the `mnemo` server it registers in ~/.claude.json answers.
 * The probe hook and MCP server of test/e2e/fixtures stand in for mnemo's, so this checks the
 * installer alone. Skipped when the Claude Code CLI is not installed.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { install, uninstall } from '../../../src/install/index.ts';
import { CLAUDE_BIN, cleanupTempDirs, describeRun, makeHome, makeTempDir, REPO_ROOT, runClaude } from '../../e2e/claude-harness.ts';
import { requestTexts, toolResults } from '../../e2e/fake-anthropic.ts';

after(cleanupTempDirs);

const PROBE = join(REPO_ROOT, 'test', 'e2e', 'fixtures', 'probe-plugin');

test('installed hooks and MCP server work in the real Claude Code', { skip: existsSync(CLAUDE_BIN) ? false : 'Claude Code CLI not installed', timeout: 120_000 }, async () => {
  const home = makeHome();
  const dataDir = makeTempDir('install-data');
  writeFileSync(join(home, '.claude', 'settings.json'), '{\n  "env": { "PROBE_MARK": "kept" }\n}\n');
  const r = await install({
    assistant: 'claude-code',
    home,
    dataDir,
    hookCommand: ['node', join(PROBE, 'probe-hook.mjs')],
    mcpCommand: ['node', join(PROBE, 'probe-mcp.mjs')],
  });
  assert.equal(r.status, 'installed');

  const cwd = makeTempDir('install-project');
  const log = join(makeTempDir('install-log'), 'hooks.jsonl');
  const run = await runClaude({
    prompt: 'Use the tools',
    cwd,
    home,
    allowedTools: ['Bash', 'mcp__mnemo__echo'],
    env: { PROBE_LOG: log },
    script: [
      { tool_use: { id: 'toolu_i_bash', name: 'Bash', input: { command: 'echo ok', description: 'ok' } } },
      { tool_use: { id: 'toolu_i_search', name: 'ToolSearch', input: { query: 'select:mcp__mnemo__echo' } } },
      { tool_use: { id: 'toolu_i_mcp', name: 'mcp__mnemo__echo', input: { text: 'via install' } } },
      { text: 'Done.' },
    ],
  });
  const why = describeRun(run);
  assert.equal(run.code, 0, why);
  assert.deepEqual(run.apiErrors, [], why);

  // SessionStart (matcher startup|clear|compact) ran and its context reached the model.
  assert.ok(requestTexts(run.mainRequests[0]!.body).some((t) => t.includes('PROBE-CONTEXT-7f3a')), why);
  // The server registered in ~/.claude.json as `mnemo` answered.
  const echo = toolResults(run.mainRequests[3]!.body).find((x) => x.tool_use_id === 'toolu_i_mcp');
  assert.equal(echo?.text, 'PROBE-ECHO: via install', why);

  // Every installed event fired; tool events skipped our own MCP tool (mcp__mnemo__*) by matcher.
  const records = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const sequence = records.map((x: any) => (x.payload.tool_name ? `${x.event}:${x.payload.tool_name}` : x.event));
  assert.deepEqual(sequence, [
    'SessionStart',
    'UserPromptSubmit',
    'PreToolUse:Bash',
    'PostToolUse:Bash',
    'PreToolUse:ToolSearch',
    'PostToolUse:ToolSearch',
    'Stop',
    'SessionEnd',
  ]);

  // Claude Code rewrote its files while running; uninstall still takes out exactly our entries.
  const u = await uninstall({ assistant: 'claude-code', home, dataDir });
  assert.equal(u.status, 'uninstalled');
  // Claude Code rewrites settings.json too (it adds its own keys); ours are gone, the user's stay.
  const settings = JSON.parse(readFileSync(join(home, '.claude', 'settings.json'), 'utf8'));
  assert.equal(settings.hooks, undefined);
  assert.equal(settings.env.PROBE_MARK, 'kept');
  const state = JSON.parse(readFileSync(join(home, '.claude.json'), 'utf8'));
  assert.equal(state.mcpServers?.mnemo, undefined);
  assert.equal(state.hasCompletedOnboarding, true);
});
