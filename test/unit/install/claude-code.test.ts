import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';
import { install, uninstall, InstallError } from '../../../src/install/index.ts';
import { CLAUDE_EVENTS, NOT_OUR_TOOLS } from '../../../src/install/assistants/claude-code.ts';
import { FIXTURES, HOOK, MCP, bigClaudeJson, sandbox, tree, type Sandbox } from './helpers.ts';

const EVENTS = CLAUDE_EVENTS.map(([e]) => e);

function jsonc(text: string): any {
  return parse(text, [], { allowTrailingComma: true });
}

/** A HOME with the commented settings.json and a big ~/.claude.json. */
function populated(): Sandbox {
  const sb = sandbox();
  sb.write('.claude/settings.json', readFileSync(join(FIXTURES, 'claude-settings-commented.jsonc')));
  sb.write('.claude.json', bigClaudeJson());
  return sb;
}

function opts(sb: Sandbox, extra: Record<string, unknown> = {}) {
  return { assistant: 'claude-code', home: sb.home, dataDir: sb.dataDir, hookCommand: HOOK, mcpCommand: MCP, ...extra };
}

function ourCommands(settings: any, event: string): string[] {
  return (settings.hooks[event] ?? []).flatMap((g: any) => g.hooks.map((h: any) => h.command)).filter((c: string) => c.includes('mnemo'));
}

test('install adds our hooks and server next to everything the user has', async () => {
  const sb = populated();
  try {
    const beforeSettings = jsonc(sb.read('.claude/settings.json'));
    const beforeState = JSON.parse(sb.read('.claude.json'));
    const r = await install(opts(sb));
    assert.equal(r.status, 'installed');
    assert.deepEqual([...r.changed].sort(), [join(sb.home, '.claude.json'), join(sb.home, '.claude', 'settings.json')].sort());
    assert.deepEqual(r.created, []);

    const text = sb.read('.claude/settings.json');
    const s = jsonc(text);
    for (const e of EVENTS) assert.deepEqual(ourCommands(s, e), [`node /opt/mnemo/plugin/dist/hook.js ${e}`], e);
    // Theirs, unchanged and first.
    assert.deepEqual(s.hooks.PostToolUse.slice(0, 2), beforeSettings.hooks.PostToolUse);
    assert.deepEqual(s.hooks.SessionStart[0], beforeSettings.hooks.SessionStart[0]);
    assert.deepEqual(s.hooks.Notification, beforeSettings.hooks.Notification);
    for (const k of ['$schema', 'model', 'permissions', 'env', 'statusLine']) assert.deepEqual(s[k], beforeSettings[k]);
    // Comments, the one-line group and the 4-space style survive.
    assert.match(text, /\/\/ Personal Claude Code settings/);
    assert.match(text, /\/\* other tools' hooks/);
    assert.match(text, /\{ "matcher": "Edit\|Write", "hooks": \[ \{ "type": "command", "command": "prettier --write \\"\$CLAUDE_FILE\\"" \} \] \}, \/\/ formatter/);
    for (const line of text.split('\n')) assert.equal((/^ */.exec(line)?.[0].length ?? 0) % 4, 0, line);

    const ours = s.hooks.PostToolUse[2];
    assert.equal(ours.matcher, NOT_OUR_TOOLS);
    assert.equal(ours.hooks[0].timeout, 10);
    assert.equal(ours.hooks[0].async, undefined);
    assert.equal(s.hooks.SessionStart[1].matcher, 'startup|clear|compact');
    assert.equal(s.hooks.SessionStart[1].hooks[0].timeout, 15);
    assert.equal(s.hooks.UserPromptSubmit[0].matcher, undefined);

    const state = JSON.parse(sb.read('.claude.json'));
    assert.deepEqual(state.mcpServers.mnemo, { type: 'stdio', command: 'node', args: ['/opt/mnemo/plugin/dist/cli.js', 'mcp'], env: {} });
    const { mcpServers: _a, ...restAfter } = state;
    const { mcpServers: _b, ...restBefore } = beforeState;
    assert.deepEqual(restAfter, restBefore);
    assert.deepEqual(Object.keys(state), Object.keys(beforeState));
    assert.deepEqual(state.mcpServers.github, beforeState.mcpServers.github);
    assert.deepEqual(state.mcpServers.docs, beforeState.mcpServers.docs);
  } finally {
    sb.cleanup();
  }
});

test('the tool matcher keeps our own MCP tools out and lets everything else in', () => {
  const re = new RegExp(NOT_OUR_TOOLS);
  for (const t of ['mcp__mnemo__search', 'mcp__plugin_mnemo_mnemo__get_observations']) assert.equal(re.test(t), false, t);
  for (const t of ['Bash', 'Edit', 'mcp__github__create_issue', 'mcp__mnemonic__x', 'mcp__plugin_other_mnemo__x']) assert.equal(re.test(t), true, t);
});

test('install twice: the second run changes no byte; uninstall restores the original bytes', async () => {
  const sb = populated();
  try {
    const original = tree(sb.home);
    await install(opts(sb));
    const once = tree(sb.home);
    const manifest = tree(sb.dataDir);
    const again = await install(opts(sb));
    assert.equal(again.status, 'already-installed');
    assert.equal(again.diff, '');
    assert.ok(again.files.every((f) => f.action === 'unchanged'));
    assert.deepEqual(tree(sb.home), once);
    assert.deepEqual(tree(sb.dataDir), manifest);

    const r = await uninstall({ assistant: 'claude-code', home: sb.home, dataDir: sb.dataDir });
    assert.equal(r.status, 'uninstalled');
    assert.ok(r.files.every((f) => f.action === 'restore' && f.method === 'exact'));
    assert.deepEqual(tree(sb.home), original);
    assert.deepEqual(readdirSync(join(sb.dataDir, 'install')), []);
  } finally {
    sb.cleanup();
  }
});

test('dry run writes nothing and prints a unified diff', async () => {
  const sb = populated();
  try {
    const original = tree(sb.home);
    const r = await install(opts(sb, { dryRun: true }));
    assert.equal(r.dryRun, true);
    assert.deepEqual(tree(sb.home), original);
    assert.equal(existsSync(sb.dataDir), false);
    assert.deepEqual([r.created, r.changed, r.deleted], [[], [], []]);
    assert.match(r.diff, new RegExp(`^--- ${join(sb.home, '.claude', 'settings.json').replace(/[\\/.]/g, '\\$&')}$`, 'm'));
    assert.match(r.diff, /^\+\s+"command": "node \/opt\/mnemo\/plugin\/dist\/hook\.js PostToolUse",$/m);
    assert.match(r.diff, /^\+\s+"mnemo": \{$/m);
    assert.match(r.diff, /^@@ /m);
    assert.match(r.message, /Dry run/);

    await install(opts(sb));
    const installed = tree(sb.home);
    const u = await uninstall({ assistant: 'claude-code', home: sb.home, dataDir: sb.dataDir, dryRun: true });
    assert.deepEqual(tree(sb.home), installed);
    assert.match(u.diff, /^-\s+"command": "node \/opt\/mnemo\/plugin\/dist\/hook\.js Stop",$/m);
    assert.ok(existsSync(u.manifestPath));
  } finally {
    sb.cleanup();
  }
});

test('a fresh HOME: files and folders are created, and uninstall removes them all', async () => {
  const sb = sandbox();
  try {
    const r = await install(opts(sb));
    assert.deepEqual([...r.created].sort(), [join(sb.home, '.claude.json'), join(sb.home, '.claude', 'settings.json')].sort());
    const s = JSON.parse(sb.read('.claude/settings.json'));
    assert.deepEqual(Object.keys(s.hooks), EVENTS);
    assert.match(sb.read('.claude/settings.json'), /^\{\n  "hooks": \{\n    "SessionStart": \[\n/);
    assert.deepEqual(JSON.parse(sb.read('.claude.json')), { mcpServers: { mnemo: { type: 'stdio', command: 'node', args: ['/opt/mnemo/plugin/dist/cli.js', 'mcp'], env: {} } } });
    const u = await uninstall({ assistant: 'claude-code', home: sb.home, dataDir: sb.dataDir });
    assert.deepEqual([...u.deleted].sort(), [...r.created].sort());
    assert.deepEqual(tree(sb.home), {});
  } finally {
    sb.cleanup();
  }
});

test('project scope writes .claude/settings.json and .mcp.json in the project, not in HOME', async () => {
  const sb = populated();
  try {
    const project = join(sb.root, 'repo');
    mkdirSync(join(project, '.git'), { recursive: true });
    writeFileSync(join(project, '.mcp.json'), '{\n  "mcpServers": {\n    "db": { "command": "pg-mcp" }\n  }\n}\n');
    const home = tree(sb.home);
    const before = tree(project);
    const r = await install(opts(sb, { projectDir: project }));
    assert.equal(r.scope, 'project');
    assert.equal(r.target, project);
    assert.deepEqual(tree(sb.home), home);
    assert.deepEqual(r.created, [join(project, '.claude', 'settings.json')]);
    assert.deepEqual(r.changed, [join(project, '.mcp.json')]);
    const mcp = JSON.parse(readFileSync(join(project, '.mcp.json'), 'utf8'));
    assert.deepEqual(Object.keys(mcp.mcpServers), ['db', 'mnemo']);
    assert.ok(r.notes.some((n) => /approve/.test(n)));

    // The user scope is a separate install with its own manifest.
    const user = await install(opts(sb));
    assert.notEqual(user.manifestPath, r.manifestPath);
    await uninstall({ assistant: 'claude-code', home: sb.home, dataDir: sb.dataDir, projectDir: project });
    assert.deepEqual(tree(project), before);
    assert.ok(existsSync(user.manifestPath));
    assert.equal(ourCommands(JSON.parse(JSON.stringify(jsonc(sb.read('.claude/settings.json')))), 'Stop').length, 1);
  } finally {
    sb.cleanup();
  }
});

test('a file the user changed after install loses only our entries', async () => {
  const sb = populated();
  try {
    await install(opts(sb));
    // The user adds a hook and a permission; Claude Code rewrites its state file.
    const edited = sb
      .read('.claude/settings.json')
      .replace('"model": "opus",', '"model": "sonnet", // changed my mind')
      .replace('"deny": [ "Read(./.env)" ],', '"deny": [ "Read(./.env)", "Read(./secrets/**)" ],');
    sb.write('.claude/settings.json', edited);
    const state = JSON.parse(sb.read('.claude.json'));
    state.numStartups += 1;
    state.mcpServers.extra = { command: 'extra-mcp' };
    sb.write('.claude.json', JSON.stringify(state, null, 2));

    const r = await uninstall({ assistant: 'claude-code', home: sb.home, dataDir: sb.dataDir });
    assert.ok(r.files.every((f) => f.action === 'modify' && f.method === 'surgical'));
    const text = sb.read('.claude/settings.json');
    const expected = readFileSync(join(FIXTURES, 'claude-settings-commented.jsonc'), 'utf8')
      .replace('"model": "opus",', '"model": "sonnet", // changed my mind')
      .replace('"deny": [ "Read(./.env)" ],', '"deny": [ "Read(./.env)", "Read(./secrets/**)" ],');
    assert.equal(text, expected);
    const after = JSON.parse(sb.read('.claude.json'));
    assert.equal(after.mcpServers.mnemo, undefined);
    assert.equal(after.numStartups, 413);
    assert.deepEqual(after.mcpServers.extra, { command: 'extra-mcp' });
    delete state.mcpServers.mnemo;
    assert.equal(sb.read('.claude.json'), JSON.stringify(state, null, 2));
  } finally {
    sb.cleanup();
  }
});

test('edits between two installs survive the uninstall', async () => {
  const sb = populated();
  try {
    await install(opts(sb));
    sb.write('.claude/settings.json', sb.read('.claude/settings.json').replace('"model": "opus"', '"model": "haiku"'));
    const re = await install(opts(sb));
    assert.equal(re.status, 'installed');
    assert.ok(re.files.every((f) => f.action === 'unchanged'));
    await uninstall({ assistant: 'claude-code', home: sb.home, dataDir: sb.dataDir });
    const expected = readFileSync(join(FIXTURES, 'claude-settings-commented.jsonc'), 'utf8').replace('"model": "opus"', '"model": "haiku"');
    assert.equal(sb.read('.claude/settings.json'), expected);
  } finally {
    sb.cleanup();
  }
});

test('re-install from a new path replaces our old entries instead of adding a second set', async () => {
  const sb = populated();
  try {
    const original = tree(sb.home);
    await install(opts(sb));
    const moved = { hookCommand: ['node', '/usr/lib/node_modules/mnemo/plugin/dist/hook.js'], mcpCommand: ['mnemo', 'mcp'] };
    await install(opts(sb, moved));
    const s = jsonc(sb.read('.claude/settings.json'));
    for (const e of EVENTS) assert.deepEqual(ourCommands(s, e), [`node /usr/lib/node_modules/mnemo/plugin/dist/hook.js ${e}`]);
    assert.deepEqual(JSON.parse(sb.read('.claude.json')).mcpServers.mnemo, { type: 'stdio', command: 'mnemo', args: ['mcp'], env: {} });
    await uninstall({ assistant: 'claude-code', home: sb.home, dataDir: sb.dataDir });
    assert.deepEqual(tree(sb.home), original);
  } finally {
    sb.cleanup();
  }
});

test('entries of an older mnemo without a manifest are recognised and replaced', async () => {
  const sb = sandbox();
  try {
    const old = { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'node /old/mnemo/dist/hook.js Stop' }] }, { hooks: [{ type: 'command', command: 'say bye' }] }] } };
    sb.write('.claude/settings.json', JSON.stringify(old, null, 2) + '\n');
    await install(opts(sb));
    const s = JSON.parse(sb.read('.claude/settings.json'));
    assert.deepEqual(s.hooks.Stop.map((g: any) => g.hooks[0].command), ['node /opt/mnemo/plugin/dist/hook.js Stop', 'say bye']);
    // Untouched since: the file goes back to exactly what it was, old entry included.
    await uninstall({ assistant: 'claude-code', home: sb.home, dataDir: sb.dataDir });
    assert.equal(sb.read('.claude/settings.json'), JSON.stringify(old, null, 2) + '\n');
    // Changed since: every mnemo entry, old or new, is taken out.
    await install(opts(sb));
    sb.write('.claude/settings.json', sb.read('.claude/settings.json').replace('say bye', 'say goodbye'));
    await uninstall({ assistant: 'claude-code', home: sb.home, dataDir: sb.dataDir });
    assert.deepEqual(JSON.parse(sb.read('.claude/settings.json')).hooks.Stop.map((g: any) => g.hooks[0].command), ['say goodbye']);
  } finally {
    sb.cleanup();
  }
});

test('malformed JSON is refused with the file and position, and nothing changes', async () => {
  const sb = populated();
  try {
    const bad = '{\n  "model": "opus",\n  "hooks": { "Stop": [ }\n}\n';
    const file = sb.write('.claude/settings.json', bad);
    const original = tree(sb.home);
    await assert.rejects(install(opts(sb)), (e: unknown) => {
      assert.ok(e instanceof InstallError);
      assert.equal(e.code, 'INVALID_CONFIG');
      assert.equal(e.file, file);
      assert.match(e.message, new RegExp(`${file.replace(/[\\/.]/g, '\\$&')} is not valid JSON: \\w+ at line 3, column \\d+`));
      return true;
    });
    assert.deepEqual(tree(sb.home), original);
    assert.equal(existsSync(sb.dataDir), false);
  } finally {
    sb.cleanup();
  }
});

test('a settings file whose hooks are not an object is refused', async () => {
  const sb = sandbox();
  try {
    sb.write('.claude/settings.json', '{ "hooks": [] }\n');
    const original = tree(sb.home);
    await assert.rejects(install(opts(sb)), /"hooks" should be an object/);
    assert.deepEqual(tree(sb.home), original);
  } finally {
    sb.cleanup();
  }
});

test('unknown assistant: a clear error naming the supported ones', async () => {
  const sb = sandbox();
  try {
    await assert.rejects(install(opts(sb, { assistant: 'emacs' })), (e: unknown) => {
      assert.ok(e instanceof InstallError);
      assert.equal(e.code, 'UNKNOWN_ASSISTANT');
      assert.match(e.message, /Unknown assistant "emacs"\. Supported: .*claude-code/);
      return true;
    });
  } finally {
    sb.cleanup();
  }
});

test('uninstall without an install says so and changes nothing', async () => {
  const sb = populated();
  try {
    const original = tree(sb.home);
    const r = await uninstall({ assistant: 'claude-code', home: sb.home, dataDir: sb.dataDir });
    assert.equal(r.status, 'not-installed');
    assert.match(r.message, /not installed in Claude Code \(user scope\).*Nothing was changed/);
    assert.deepEqual(r.files, []);
    assert.deepEqual(tree(sb.home), original);
  } finally {
    sb.cleanup();
  }
});

test('tabs, CRLF and a byte-order mark are kept, and the round trip is exact', async () => {
  const sb = sandbox();
  try {
    const crlf = readFileSync(join(FIXTURES, 'settings-tabs-crlf.json'));
    sb.write('.claude/settings.json', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), crlf]));
    const original = tree(sb.home);
    await install(opts(sb));
    const bytes = readFileSync(join(sb.home, '.claude', 'settings.json'));
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    assert.equal(text.replace(/\r\n/g, '').includes('\n'), false, 'only CRLF line breaks');
    assert.doesNotMatch(text, /^ +/m);
    assert.match(text, /\r\n\t\t"SessionStart": \[\r\n\t\t\t\{\r\n\t\t\t\t"matcher"/);
    await uninstall({ assistant: 'claude-code', home: sb.home, dataDir: sb.dataDir });
    assert.deepEqual(tree(sb.home), original);
  } finally {
    sb.cleanup();
  }
});

test('a symlinked settings.json is edited through the link, and file modes are kept', { skip: process.platform === 'win32' }, async () => {
  const sb = sandbox();
  try {
    const dotfiles = join(sb.root, 'dotfiles');
    mkdirSync(dotfiles);
    writeFileSync(join(dotfiles, 'settings.json'), '{ "model": "opus" }\n');
    mkdirSync(join(sb.home, '.claude'));
    symlinkSync(join(dotfiles, 'settings.json'), join(sb.home, '.claude', 'settings.json'));
    const state = sb.write('.claude.json', '{ "numStartups": 1 }');
    chmodSync(state, 0o600);
    await install(opts(sb));
    assert.match(readFileSync(join(dotfiles, 'settings.json'), 'utf8'), /hook\.js SessionStart/);
    assert.equal(statSync(state).mode & 0o777, 0o600);
    await uninstall({ assistant: 'claude-code', home: sb.home, dataDir: sb.dataDir });
    assert.equal(readFileSync(join(dotfiles, 'settings.json'), 'utf8'), '{ "model": "opus" }\n');
    assert.equal(readFileSync(state, 'utf8'), '{ "numStartups": 1 }');
    assert.equal(statSync(state).mode & 0o777, 0o600);
  } finally {
    sb.cleanup();
  }
});

test('a user mnemo server that we replaced comes back on surgical uninstall', async () => {
  const sb = sandbox();
  try {
    sb.write('.claude.json', '{\n  "mcpServers": {\n    "mnemo": { "command": "my-own-mnemo" }\n  }\n}\n');
    await install(opts(sb));
    sb.write('.claude.json', sb.read('.claude.json').replace('{\n', '{\n  "numStartups": 2,\n'));
    await uninstall({ assistant: 'claude-code', home: sb.home, dataDir: sb.dataDir });
    assert.deepEqual(JSON.parse(sb.read('.claude.json')), { numStartups: 2, mcpServers: { mnemo: { command: 'my-own-mnemo' } } });
  } finally {
    sb.cleanup();
  }
});

test('hook commands with spaces and Windows paths are quoted for the shell Claude Code uses', async () => {
  const sb = sandbox();
  try {
    await install(opts(sb, { hookCommand: ['node', "/Users/Jo O'Neil/mnemo/hook.js"] }));
    const s = JSON.parse(sb.read('.claude/settings.json'));
    assert.equal(s.hooks.Stop[0].hooks[0].command, `node '/Users/Jo O'\\''Neil/mnemo/hook.js' Stop`);
  } finally {
    sb.cleanup();
  }
});

test('a lost manifest: re-install records the file without our entries, so uninstall still removes them', async () => {
  const sb = sandbox();
  try {
    sb.write('.claude/settings.json', '{\n  "model": "opus"\n}\n');
    const first = await install(opts(sb));
    rmSync(first.manifestPath);
    const again = await install(opts(sb));
    assert.ok(again.files.every((f) => f.action === 'unchanged'));
    await uninstall({ assistant: 'claude-code', home: sb.home, dataDir: sb.dataDir });
    assert.equal(sb.read('.claude/settings.json'), '{\n  "model": "opus"\n}\n');
    assert.deepEqual(JSON.parse(sb.read('.claude.json')), {});
  } finally {
    sb.cleanup();
  }
});
