/**
 * The same install / re-install / uninstall / dry-run / project-scope contract, checked for every
 * assistant against a HOME that already holds that assistant's configuration. Shapes of the
 * pre-existing files follow each assistant's documented format (see src/install/assistants/*.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { install, uninstall, supportedAssistants } from '../../../src/install/index.ts';
import { assistantSpec } from '../../../src/install/registry.ts';
import { pathApiFor } from '../../../src/install/paths.ts';
import { TRAE_RULES_MARKER } from '../../../src/install/assistants/trae.ts';
import { OPENCODE_PLUGIN_MARKER } from '../../../src/install/assistants/opencode.ts';
import { HOOK, MCP, sandbox, tree, type Sandbox } from './helpers.ts';

const json = (text: string): any => parseJsonc(text, [], { allowTrailingComma: true });

/** Existing user configuration per assistant: relative path → content. */
const EXISTING: Record<string, Record<string, string>> = {
  'claude-code': {
    '.claude/settings.json': '{\n  "model": "opus"\n}\n',
  },
  codex: {
    '.codex/config.toml': 'model = "o3"\n',
  },
  gemini: {
    '.gemini/settings.json':
      '{\n  // my Gemini settings\n  "ui": { "theme": "GitHub" },\n  "hooks": {\n    "AfterTool": [\n      { "matcher": "write_file", "hooks": [ { "type": "command", "command": "npx prettier --write", "timeout": 5000 } ] }\n    ]\n  },\n  "mcpServers": {\n    "github": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"] }\n  }\n}\n',
  },
  cursor: {
    '.cursor/hooks.json': '{\n  "version": 1,\n  "hooks": {\n    "afterFileEdit": [ { "command": "./hooks/format.sh" } ],\n    "stop": [ { "command": "say done" } ]\n  }\n}\n',
    '.cursor/mcp.json': '{\n  "mcpServers": {\n    "linear": { "url": "https://mcp.linear.app/sse" }\n  }\n}\n',
  },
  vscode: {
    '.copilot/hooks/format.json': '{ "hooks": { "PostToolUse": [ { "type": "command", "command": "npx prettier --write ." } ] } }\n',
    '.config/Code/User/mcp.json': '{\n\t"inputs": [],\n\t"servers": {\n\t\t"memory": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"] }\n\t}\n}\n',
  },
  copilot: {
    '.copilot/mcp-config.json': '{\n  "mcpServers": {\n    "playwright": { "type": "local", "command": "npx", "args": ["@playwright/mcp@latest"], "tools": ["*"] }\n  }\n}\n',
  },
  trae: {
    '.config/Trae/User/mcp.json': '{\n  "mcpServers": {\n    "figma": { "command": "npx", "args": ["figma-mcp"] }\n  }\n}\n',
  },
  opencode: {
    '.config/opencode/opencode.json': '{\n  "$schema": "https://opencode.ai/config.json",\n  "theme": "tokyonight",\n  "mcp": {\n    "jira": { "type": "remote", "url": "https://jira.example.com/mcp", "enabled": true }\n  }\n}\n',
  },
};

function populate(sb: Sandbox, assistant: string): void {
  for (const [rel, content] of Object.entries(EXISTING[assistant] ?? {})) sb.write(rel, content);
}

const opts = (sb: Sandbox, assistant: string, extra: Record<string, unknown> = {}) => ({
  assistant,
  home: sb.home,
  dataDir: sb.dataDir,
  hookCommand: HOOK,
  mcpCommand: MCP,
  ...extra,
});

test('every assistant of issue 6 is supported', () => {
  assert.deepEqual(supportedAssistants().sort(), ['claude-code', 'codex', 'copilot', 'cursor', 'gemini', 'opencode', 'trae', 'vscode']);
});

for (const assistant of supportedAssistants()) {
  test(`${assistant}: install keeps the user's configuration, is idempotent, and uninstall restores every byte`, async () => {
    const sb = sandbox();
    try {
      populate(sb, assistant);
      const original = tree(sb.home);
      const dry = await install(opts(sb, assistant, { dryRun: true }));
      assert.deepEqual(tree(sb.home), original, 'dry run writes nothing');
      assert.notEqual(dry.diff, '');

      const r = await install(opts(sb, assistant));
      assert.equal(r.status, 'installed');
      assert.equal(r.diff, dry.diff, 'the dry run showed exactly what the install did');
      for (const f of r.files) assert.ok(existsSync(f.path), f.path);
      for (const [rel, content] of Object.entries(EXISTING[assistant] ?? {})) {
        if (!rel.endsWith('.json')) continue;
        const before = json(content);
        const after = json(sb.read(rel));
        for (const k of Object.keys(before)) if (k !== 'hooks' && k !== 'mcpServers' && k !== 'servers' && k !== 'mcp') assert.deepEqual(after[k], before[k], `${rel} ${k}`);
        for (const k of ['mcpServers', 'servers', 'mcp']) {
          for (const name of Object.keys(before[k] ?? {})) assert.deepEqual(after[k][name], before[k][name], `${rel} ${k}.${name}`);
        }
      }

      const once = tree(sb.home);
      const again = await install(opts(sb, assistant));
      assert.equal(again.status, 'already-installed');
      assert.deepEqual(tree(sb.home), once);

      const u = await uninstall({ assistant, home: sb.home, dataDir: sb.dataDir });
      assert.equal(u.status, 'uninstalled');
      assert.deepEqual(tree(sb.home), original);
    } finally {
      sb.cleanup();
    }
  });

  test(`${assistant}: a fresh HOME is left empty again, and project scope stays in the project`, async () => {
    const sb = sandbox();
    try {
      await install(opts(sb, assistant));
      await uninstall({ assistant, home: sb.home, dataDir: sb.dataDir });
      assert.deepEqual(tree(sb.home), {});

      const project = join(sb.root, 'repo');
      mkdirSync(project);
      writeFileSync(join(project, 'README.md'), '# repo\n');
      const before = tree(project);
      const r = await install(opts(sb, assistant, { projectDir: project }));
      assert.ok(r.files.length > 0 && r.files.every((f) => f.path.startsWith(project)), JSON.stringify(r.files.map((f) => f.path)));
      assert.deepEqual(tree(sb.home), {});
      await uninstall({ assistant, home: sb.home, dataDir: sb.dataDir, projectDir: project });
      assert.deepEqual(tree(project), before);
    } finally {
      sb.cleanup();
    }
  });
}

test('gemini: hooks with Gemini event names and millisecond timeouts, server next to theirs', async () => {
  const sb = sandbox();
  try {
    populate(sb, 'gemini');
    await install(opts(sb, 'gemini'));
    const s = json(sb.read('.gemini/settings.json'));
    assert.match(sb.read('.gemini/settings.json'), /\/\/ my Gemini settings/);
    assert.deepEqual(Object.keys(s.hooks), ['AfterTool', 'SessionStart', 'BeforeAgent', 'BeforeTool', 'AfterAgent', 'PreCompress', 'SessionEnd']);
    assert.equal(s.hooks.AfterTool.length, 2);
    assert.deepEqual(s.hooks.AfterTool[1], {
      matcher: '^(?!mcp__mnemo__).*',
      hooks: [{ name: 'mnemo-AfterTool', type: 'command', command: 'node /opt/mnemo/plugin/dist/hook.js AfterTool --platform gemini', timeout: 10000 }],
    });
    assert.deepEqual(s.mcpServers.mnemo, { command: 'node', args: ['/opt/mnemo/plugin/dist/cli.js', 'mcp'] });
  } finally {
    sb.cleanup();
  }
});

test('cursor: flat camelCase hooks with version 1', async () => {
  const sb = sandbox();
  try {
    await install(opts(sb, 'cursor'));
    const h = json(sb.read('.cursor/hooks.json'));
    assert.equal(h.version, 1);
    assert.deepEqual(h.hooks.postToolUse, [{ command: 'node /opt/mnemo/plugin/dist/hook.js postToolUse --platform cursor', timeout: 10 }]);
    assert.ok(h.hooks.beforeSubmitPrompt && h.hooks.afterAgentResponse && h.hooks.sessionEnd);
    assert.deepEqual(json(sb.read('.cursor/mcp.json')).mcpServers.mnemo, { command: 'node', args: ['/opt/mnemo/plugin/dist/cli.js', 'mcp'] });
  } finally {
    sb.cleanup();
  }
});

test('vscode: our own hook file and a stdio server in the profile mcp.json, tabs kept', { skip: process.platform !== 'linux' }, async () => {
  const sb = sandbox();
  try {
    populate(sb, 'vscode');
    await install(opts(sb, 'vscode'));
    const hooks = json(sb.read('.copilot/hooks/mnemo-vscode.json')).hooks;
    assert.deepEqual(Object.keys(hooks), ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PreCompact', 'SubagentStop', 'Stop']);
    assert.deepEqual(hooks.Stop, [{ type: 'command', command: 'node /opt/mnemo/plugin/dist/hook.js Stop --platform vscode', timeout: 10 }]);
    const mcpText = sb.read('.config/Code/User/mcp.json');
    assert.match(mcpText, /\n\t\t"mnemo": \{\n\t\t\t"type": "stdio"/);
    assert.deepEqual(json(mcpText).servers.mnemo, { type: 'stdio', command: 'node', args: ['/opt/mnemo/plugin/dist/cli.js', 'mcp'] });
  } finally {
    sb.cleanup();
  }
});

test('copilot: bash and powershell commands, timeoutSec, a local server with all tools', async () => {
  const sb = sandbox();
  try {
    await install(opts(sb, 'copilot', { hookCommand: ['node', '/opt/my tools/mnemo/hook.js'] }));
    const h = json(sb.read('.copilot/hooks/mnemo-copilot.json'));
    assert.equal(h.version, 1);
    assert.deepEqual(h.hooks.agentStop, [
      {
        type: 'command',
        bash: "node '/opt/my tools/mnemo/hook.js' agentStop --platform copilot",
        powershell: "node '/opt/my tools/mnemo/hook.js' agentStop --platform copilot",
        timeoutSec: 10,
      },
    ]);
    assert.deepEqual(json(sb.read('.copilot/mcp-config.json')).mcpServers.mnemo, {
      type: 'local',
      command: 'node',
      args: ['/opt/mnemo/plugin/dist/cli.js', 'mcp'],
      tools: ['*'],
    });
  } finally {
    sb.cleanup();
  }
});

test('trae: project rules file and mcp.json; a foreign rules file is never overwritten', async () => {
  const sb = sandbox();
  try {
    const project = join(sb.root, 'repo');
    mkdirSync(project);
    await install(opts(sb, 'trae', { projectDir: project }));
    const rules = readFileSync(join(project, '.trae', 'rules', 'mnemo.md'), 'utf8');
    assert.ok(rules.startsWith(TRAE_RULES_MARKER));
    assert.match(rules, /hook_event/);
    assert.deepEqual(json(readFileSync(join(project, '.trae', 'mcp.json'), 'utf8')).mcpServers.mnemo, { command: 'node', args: ['/opt/mnemo/plugin/dist/cli.js', 'mcp'] });
    await uninstall({ assistant: 'trae', home: sb.home, dataDir: sb.dataDir, projectDir: project });

    const theirs = join(project, '.trae', 'rules', 'mnemo.md');
    mkdirSync(dirname(theirs), { recursive: true });
    writeFileSync(theirs, '# my own rules about mnemonics\n');
    await assert.rejects(install(opts(sb, 'trae', { projectDir: project })), /was not written by mnemo/);
    assert.equal(readFileSync(theirs, 'utf8'), '# my own rules about mnemonics\n');
  } finally {
    sb.cleanup();
  }
});

test('opencode: a plugin that forwards events to the hook, and a local MCP entry', async () => {
  const sb = sandbox();
  try {
    populate(sb, 'opencode');
    await install(opts(sb, 'opencode'));
    const plugin = sb.read('.config/opencode/plugins/mnemo.js');
    assert.ok(plugin.startsWith(OPENCODE_PLUGIN_MARKER));
    assert.match(plugin, /const HOOK = \["node","\/opt\/mnemo\/plugin\/dist\/hook\.js"\];/);
    const mod = await import(`data:text/javascript,${encodeURIComponent(plugin)}`);
    const hooks = await mod.MnemoPlugin({ directory: '/tmp', worktree: '/tmp' });
    assert.deepEqual(Object.keys(hooks).sort(), ['chat.message', 'event', 'tool.execute.after', 'tool.execute.before']);
    const cfg = json(sb.read('.config/opencode/opencode.json'));
    assert.deepEqual(cfg.mcp.mnemo, { type: 'local', command: ['node', '/opt/mnemo/plugin/dist/cli.js', 'mcp'], enabled: true });
    assert.equal(cfg.theme, 'tokyonight');
  } finally {
    sb.cleanup();
  }
});

test('Windows and macOS homes: files land in each OS\'s own folders', () => {
  const win = 'C:\\Users\\Me';
  const mac = '/Users/me';
  const ctx = (home: string, os: 'win32' | 'darwin', extra: object = {}) => ({
    scope: 'user' as const,
    home,
    projectDir: undefined,
    path: pathApiFor(home),
    windows: os === 'win32',
    os,
    hookCommand: os === 'win32' ? ['node', 'C:\\Program Files\\mnemo\\hook.js'] : HOOK,
    mcpCommand: MCP,
    dataDir: '/d',
    ...extra,
  });
  const paths = (name: string, c: ReturnType<typeof ctx>) => assistantSpec(name).files(c).map((f) => f.path);
  assert.deepEqual(paths('vscode', ctx(win, 'win32')), ['C:\\Users\\Me\\.copilot\\hooks\\mnemo-vscode.json', 'C:\\Users\\Me\\AppData\\Roaming\\Code\\User\\mcp.json']);
  assert.deepEqual(paths('vscode', ctx(mac, 'darwin')), ['/Users/me/.copilot/hooks/mnemo-vscode.json', '/Users/me/Library/Application Support/Code/User/mcp.json']);
  assert.deepEqual(paths('trae', ctx(win, 'win32')), ['C:\\Users\\Me\\AppData\\Roaming\\Trae\\User\\mcp.json']);
  assert.deepEqual(paths('claude-code', ctx(win, 'win32')), ['C:\\Users\\Me\\.claude\\settings.json', 'C:\\Users\\Me\\.claude.json']);
  assert.deepEqual(paths('opencode', ctx(win, 'win32')), ['C:\\Users\\Me\\.config\\opencode\\plugins\\mnemo.js', 'C:\\Users\\Me\\.config\\opencode\\opencode.json']);

  const claude = json(assistantSpec('claude-code').files(ctx(win, 'win32'))[0]!.add(undefined));
  assert.equal(claude.hooks.Stop[0].hooks[0].command, "node 'C:/Program Files/mnemo/hook.js' Stop");
  const vs = json(assistantSpec('vscode').files(ctx(win, 'win32'))[0]!.add(undefined));
  assert.deepEqual(vs.hooks.Stop[0], {
    type: 'command',
    command: "node 'C:/Program Files/mnemo/hook.js' Stop --platform vscode",
    windows: "node 'C:\\Program Files\\mnemo\\hook.js' Stop --platform vscode",
    timeout: 10,
  });
  const cur = json(assistantSpec('cursor').files(ctx(win, 'win32'))[0]!.add(undefined));
  assert.equal(cur.hooks.stop[0].command, 'node "C:\\Program Files\\mnemo\\hook.js" stop --platform cursor');
});
