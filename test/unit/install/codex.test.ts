import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { install, uninstall, InstallError } from '../../../src/install/index.ts';
import { codex, CODEX_EVENTS } from '../../../src/install/assistants/codex.ts';
import { removeTable, upsertTable } from '../../../src/install/toml-table.ts';
import { pathApiFor } from '../../../src/install/paths.ts';
import { FIXTURES, HOOK, MCP, sandbox, tree, type Sandbox } from './helpers.ts';

function populated(): Sandbox {
  const sb = sandbox();
  sb.write('.codex/config.toml', readFileSync(join(FIXTURES, 'codex-config.toml')));
  sb.write('.codex/hooks.json', readFileSync(join(FIXTURES, 'codex-hooks.json')));
  return sb;
}

const opts = (sb: Sandbox, extra: Record<string, unknown> = {}) => ({
  assistant: 'codex',
  home: sb.home,
  dataDir: sb.dataDir,
  hookCommand: HOOK,
  mcpCommand: MCP,
  ...extra,
});

test('codex: hooks.json and [mcp_servers.mnemo] are added next to the user configuration', async () => {
  const sb = populated();
  try {
    const before = readFileSync(join(FIXTURES, 'codex-config.toml'), 'utf8');
    await install(opts(sb));
    const toml = sb.read('.codex/config.toml');
    assert.ok(toml.startsWith(before), 'the user text is untouched and ours is appended');
    const doc = JSON.parse(JSON.stringify(parseToml(toml))) as any;
    assert.deepEqual(doc.mcp_servers.mnemo, { command: 'node', args: ['/opt/mnemo/plugin/dist/cli.js', 'mcp'] });
    assert.deepEqual(doc.mcp_servers.docs, { command: 'npx', args: ['-y', 'docs-mcp'], env: { DOCS_TOKEN: 'x' } });
    const hooks = JSON.parse(sb.read('.codex/hooks.json')).hooks;
    assert.equal(hooks.PreToolUse[0].hooks[0].command, 'python3 ~/.codex/hooks/guard.py');
    assert.equal(hooks.PreToolUse[1].hooks[0].command, 'node /opt/mnemo/plugin/dist/hook.js PreToolUse --platform codex');
    assert.deepEqual(Object.keys(hooks).sort(), CODEX_EVENTS.map(([e]) => e).sort());
    assert.equal(hooks.SessionStart[0].matcher, 'startup|clear|compact');
  } finally {
    sb.cleanup();
  }
});

test('codex: idempotent install, exact uninstall', async () => {
  const sb = populated();
  try {
    const original = tree(sb.home);
    await install(opts(sb));
    const once = tree(sb.home);
    assert.equal((await install(opts(sb))).status, 'already-installed');
    assert.deepEqual(tree(sb.home), once);
    await uninstall({ assistant: 'codex', home: sb.home, dataDir: sb.dataDir });
    assert.deepEqual(tree(sb.home), original);
  } finally {
    sb.cleanup();
  }
});

test('codex: a config.toml edited after install loses only our table', async () => {
  const sb = populated();
  try {
    await install(opts(sb));
    sb.write('.codex/config.toml', sb.read('.codex/config.toml').replace('model = "gpt-5-mini"', 'model = "gpt-5-nano"'));
    await uninstall({ assistant: 'codex', home: sb.home, dataDir: sb.dataDir });
    const expected = readFileSync(join(FIXTURES, 'codex-config.toml'), 'utf8').replace('model = "gpt-5-mini"', 'model = "gpt-5-nano"');
    assert.equal(sb.read('.codex/config.toml'), expected);
  } finally {
    sb.cleanup();
  }
});

test('codex: a fresh HOME gets both files, and uninstall removes them and ~/.codex', async () => {
  const sb = sandbox();
  try {
    await install(opts(sb));
    assert.equal(sb.read('.codex/config.toml'), '[mcp_servers.mnemo]\ncommand = "node"\nargs = ["/opt/mnemo/plugin/dist/cli.js", "mcp"]\n');
    await uninstall({ assistant: 'codex', home: sb.home, dataDir: sb.dataDir });
    assert.deepEqual(tree(sb.home), {});
  } finally {
    sb.cleanup();
  }
});

test('codex: invalid TOML is refused with its position; an inline mnemo server is not rewritten', async () => {
  const sb = sandbox();
  try {
    sb.write('.codex/config.toml', 'model = "x"\n[mcp_servers\n');
    const original = tree(sb.home);
    await assert.rejects(install(opts(sb)), (e: unknown) => e instanceof InstallError && e.code === 'INVALID_CONFIG' && /config\.toml is not valid TOML at line 2/.test(e.message));
    assert.deepEqual(tree(sb.home), original);
    sb.write('.codex/config.toml', 'mcp_servers = { mnemo = { command = "mine" } }\n');
    await assert.rejects(install(opts(sb)), (e: unknown) => e instanceof InstallError && e.code === 'UNSAFE_EDIT');
  } finally {
    sb.cleanup();
  }
});

test('toml: our table is replaced in place, and a user table of the same name comes back', () => {
  const text = '# top\n[mcp_servers.mnemo]\ncommand = "old"\n\n# next\n[other]\na = 1\n';
  const out = upsertTable(text, 'c.toml', ['mcp_servers', 'mnemo'], { command: 'node', args: ['x'] });
  assert.equal(out, '# top\n[mcp_servers.mnemo]\ncommand = "node"\nargs = ["x"]\n\n# next\n[other]\na = 1\n');
  assert.equal(upsertTable(out, 'c.toml', ['mcp_servers', 'mnemo'], { command: 'node', args: ['x'] }), out);
  assert.equal(removeTable(out, 'c.toml', ['mcp_servers', 'mnemo'], text), text);
  assert.equal(removeTable(out, 'c.toml', ['mcp_servers', 'mnemo'], undefined), '# top\n\n# next\n[other]\na = 1\n');
  const crlf = 'a = 1\r\n';
  assert.equal(upsertTable(crlf, 'c.toml', ['t'], { k: 'v' }), 'a = 1\r\n\r\n[t]\r\nk = "v"\r\n');
});

test('codex on Windows: cmd.exe quoting for paths with spaces', () => {
  const home = 'C:\\Users\\Jo Doe';
  const files = codex.files({
    scope: 'user',
    home,
    projectDir: undefined,
    path: pathApiFor(home),
    windows: true,
    os: 'win32',
    hookCommand: ['node', 'C:\\Program Files\\mnemo\\hook.js'],
    mcpCommand: ['node', 'C:\\Program Files\\mnemo\\cli.js', 'mcp'],
    dataDir: 'C:\\Users\\Jo Doe\\.mnemo',
  });
  assert.deepEqual(files.map((f) => f.path), ['C:\\Users\\Jo Doe\\.codex\\hooks.json', 'C:\\Users\\Jo Doe\\.codex\\config.toml']);
  const hooks = JSON.parse(files[0]!.add(undefined)).hooks;
  assert.equal(hooks.Stop[0].hooks[0].command, 'node "C:\\Program Files\\mnemo\\hook.js" Stop --platform codex');
  assert.deepEqual((parseToml(files[1]!.add(undefined)) as any).mcp_servers.mnemo.args, ['C:\\Program Files\\mnemo\\cli.js', 'mcp']);
});
