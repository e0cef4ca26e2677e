// mnemo as a Claude Code marketplace: a local git repository holding this commit (`git archive HEAD`,
// what a clone of the repository gives), `claude plugin marketplace add <repo>` and `claude plugin
// install mnemo@mnemo` in a fresh HOME, offline. The cached plugin copy has no node_modules; its hooks
// fire from it, SessionStart injects and the MCP tools answer. Where Node has no node:sqlite (Node 20,
// or better-sqlite3 forced in a copy that has none), the plugin says so in one line, in its log and in
// its SessionStart answer, and hooks still answer the host at once.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertClaudeInstalled, CLAUDE_BIN, cleanupTempDirs, describeRun, makeHome, makeTempDir, REPO_ROOT, runClaude } from './claude-harness.ts';
import { requestTexts } from './fake-anthropic.ts';
import { assertIndexInjected, listTree, MARKER, NODE_HAS_SQLITE, ok, pathWithoutCheckout, run, SESSION_ONE, sessionTwo } from './installed.ts';

after(cleanupTempDirs);

const SEARCH = 'mcp__plugin_mnemo_mnemo__search';
let repo = '';
let home = '';
let pluginCopy = '';

const claude = (args: string[]) =>
  run(CLAUDE_BIN, args, { PATH: pathWithoutCheckout(), HOME: home, DISABLE_AUTOUPDATER: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' }, undefined, 120_000);

before(() => {
  assertClaudeInstalled();
  // The repository as a user clones it: the committed tree of this commit, in a git repository of its own.
  repo = makeTempDir('marketplace-repo');
  execFileSync('bash', ['-c', `git -C "${REPO_ROOT}" archive HEAD | tar -x -C "${repo}"`]);
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=e2e', '-c', 'user.email=e2e@example.invalid', ...args], { cwd: repo, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'mnemo');
  home = makeHome();
});

test('claude plugin marketplace add + install from a local git repository gives a self-contained plugin', { timeout: 240_000 }, () => {
  ok(claude(['plugin', 'validate', '--strict', repo]), 'claude plugin validate --strict <marketplace>');
  ok(claude(['plugin', 'marketplace', 'add', repo]), 'claude plugin marketplace add');
  ok(claude(['plugin', 'install', 'mnemo@mnemo']), 'claude plugin install mnemo@mnemo');
  const cache = join(home, '.claude', 'plugins', 'cache');
  const hooks = listTree(cache, 6).filter((p) => p.endsWith(join('dist', 'hook.cjs')));
  assert.equal(hooks.length, 1, `one cached copy of the plugin:\n${listTree(cache, 4).join('\n')}`);
  pluginCopy = join(hooks[0]!, '..', '..');
  assert.ok(!existsSync(join(pluginCopy, 'node_modules')), 'the cached copy has no node_modules');
  ok(claude(['plugin', 'validate', '--strict', pluginCopy]), 'claude plugin validate --strict <cached copy>');
});

test('the installed plugin remembers session 1 in session 2: hooks from the cached copy, index injected, MCP tools answer', { timeout: 300_000 }, async (t) => {
  assert.ok(pluginCopy, 'installed by the test before');
  const project = makeTempDir('mkt-project');
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: project });
  const dataDir = makeTempDir('mkt-data');
  const env = { PATH: pathWithoutCheckout(), NODE_PATH: undefined, MNEMO_DATA_DIR: dataDir };
  const allowedTools = ['Bash', SEARCH];
  const s1 = await runClaude({ prompt: 'Write the notes', cwd: project, home, env, allowedTools, script: SESSION_ONE });
  const why1 = describeRun(s1);
  assert.equal(s1.code, 0, why1);
  if (!NODE_HAS_SQLITE) {
    // Node 20: no node:sqlite, and a plugin copy has no better-sqlite3. One line says so and how to fix it.
    const s2 = await runClaude({ prompt: 'Again', cwd: project, home, env, allowedTools, script: [{ text: 'ok' }] });
    assertNoSqliteSaid(s2, dataDir);
    t.diagnostic('Node 20: the plugin reported that it cannot record; the full flow runs on Node 22/24 (CI runs all three)');
    return;
  }
  assert.ok(existsSync(join(dataDir, 'mnemo.db')), `the hooks created the store:\n${listTree(dataDir).join('\n')}\n${why1}`);
  const seen: { result?: string } = {};
  const s2 = await runClaude({ prompt: 'What did I write?', cwd: project, home, env, allowedTools, script: sessionTwo(SEARCH, seen) });
  const why2 = describeRun(s2);
  assert.equal(s2.code, 0, why2);
  assert.deepEqual(s2.apiErrors, [], why2);
  assertIndexInjected(s2, why2);
  assert.ok(seen.result?.includes(MARKER), `the plugin's MCP search tool answered with the marker:\n${seen.result}\n${why2}`);
});

test('a plugin copy without SQLite for its Node says so in one line, in its log and at SessionStart', { timeout: 120_000 }, async () => {
  assert.ok(pluginCopy, 'installed by the test before');
  const project = makeTempDir('mkt-nosqlite');
  const dataDir = makeTempDir('mkt-nosqlite-data');
  // better-sqlite3 forced: a plugin copy has none, which is Node 20's situation on any Node.
  const env = { PATH: pathWithoutCheckout(), NODE_PATH: undefined, MNEMO_DATA_DIR: dataDir, MNEMO_SQLITE_DRIVER: 'better-sqlite3' };
  const s = await runClaude({ prompt: 'hello', cwd: project, home, env, script: [{ text: 'ok' }] });
  assert.equal(s.code, 0, describeRun(s));
  assertNoSqliteSaid(s, dataDir);
});

function assertNoSqliteSaid(s: { mainRequests: { body: unknown }[] }, dataDir: string): void {
  const texts = requestTexts(s.mainRequests[0]!.body as never);
  const said = texts.find((t) => t.includes('mnemo is not recording:'));
  assert.ok(said, `SessionStart told the session:\n${texts.map((t) => t.slice(0, 300)).join('\n---\n')}`);
  assert.match(said!, /mnemo is not recording: .*better-sqlite3 .*(not installed|could not be loaded)/);
  const log = readFileSync(join(dataDir, 'mnemo.log'), 'utf8');
  const lines = log.split('\n').filter((l) => l.includes('mnemo is not recording:'));
  assert.ok(lines.length >= 1, `the log says it:\n${log}`);
  assert.ok(!lines[0]!.includes('\n') && lines[0]!.length < 600, 'in one line');
  mkdirSync(dataDir, { recursive: true });
}
