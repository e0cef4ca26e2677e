// mnemo as users install it with npm: the packed tarball installed globally into a temporary prefix and
// HOME (no checkout on PATH or NODE_PATH), `mnemo install claude-code`, then the real Claude Code CLI
// offline against the scripted API: hooks fire, SessionStart injects, the MCP tools answer. Installing
// a newer tarball over it keeps every hook working; `mnemo uninstall` restores the user's files byte for
// byte; `npx` runs the same package. On Node 20 (no node:sqlite) mnemo first says in one line what to
// do, then works once better-sqlite3 is beside it.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertClaudeInstalled, CLAUDE_BIN, cleanupTempDirs, describeRun, makeHome, makeTempDir, runClaude } from './claude-harness.ts';
import { addBetterSqlite3, assertIndexInjected, MARKER, NODE_HAS_SQLITE, ok, packTarball, pathWithoutCheckout, run, SESSION_ONE, sessionTwo, userEnv } from './installed.ts';

after(cleanupTempDirs);

const SEARCH = 'mcp__mnemo__search';

// One install, used by the tests below in turn (each has its own time budget).
let work = '';
let tarball = '';
let home = '';
let prefix = '';
let lib = '';
let mnemo = '';
let env: NodeJS.ProcessEnv = {};
let project = '';
const claudeEnv = () => ({ PATH: env.PATH!, NODE_PATH: undefined });
const allowedTools = ['Bash', SEARCH];

test('the tarball holds the built package and nothing of the tests; npm install -g of it compiles nothing; install and uninstall restore byte for byte', { timeout: 150_000 }, async () => {
  assertClaudeInstalled();
  work = makeTempDir('pkg');
  tarball = packTarball(work);
  const listing = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const bundles = ['hook.cjs', 'hook-main.cjs', 'hook-store.cjs', 'hook-hosts.cjs', 'hook-tokens.cjs', 'hook-failures.cjs', 'hook-commands.cjs'].map((f) => `package/plugin/dist/${f}`);
  for (const f of [...bundles, 'package/plugin/dist/cli.js', 'package/plugin/dist/viewer/index.html', 'package/bin/mnemo.js']) {
    assert.ok(listing.includes(f), `${f} is in the tarball`);
  }
  assert.deepEqual(listing.filter((f) => /^package\/(src|test|bench|eval|docs)\//.test(f)), [], 'no sources, tests or benches in the tarball');

  home = makeHome();
  prefix = join(work, 'prefix');
  env = userEnv(home, { PATH: pathWithoutCheckout([join(prefix, 'bin')]), MNEMO_CLAUDE_BIN: CLAUDE_BIN });
  ok(run('npm', ['install', '-g', '--prefix', prefix, tarball], env), 'npm install -g <tarball>');
  mnemo = join(prefix, 'bin', 'mnemo');
  lib = join(prefix, 'lib', 'node_modules');
  assert.ok(!existsSync(join(lib, 'mnemo', 'node_modules', 'better-sqlite3')), 'better-sqlite3 is not installed with mnemo (an optional peer)');
  if (!NODE_HAS_SQLITE) {
    const doctor = run(mnemo, ['doctor'], env);
    assert.match(doctor.stdout, /✗ sqlite driver: mnemo has no SQLite on Node v20\.\S+: node:sqlite needs Node 22\.16\+ or 24 and better-sqlite3 is not installed\. Fix: .*npm install -g better-sqlite3@12/);
    addBetterSqlite3(lib);
  }
  const doctor = ok(run(mnemo, ['doctor'], env), 'mnemo doctor');
  assert.match(doctor, new RegExp(`✓ sqlite driver: ${NODE_HAS_SQLITE ? 'node:sqlite' : 'better-sqlite3'} \\(SQLite \\d+\\.\\d+\\.\\d+, Node ${process.version}`));
  assert.match(doctor, new RegExp(`✓ install: ${join(lib, 'mnemo').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(a global npm install\\)`));

  // The user's own settings, which install must keep and uninstall must give back byte for byte.
  const settingsPath = join(home, '.claude', 'settings.json');
  const userSettings = '{\n  "theme": "dark",\n  "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "true" } ] } ] }\n}\n';
  writeFileSync(settingsPath, userSettings);
  const claudeJson = readFileSync(join(home, '.claude.json'));
  ok(run(mnemo, ['install', 'claude-code'], env), 'mnemo install claude-code');
  ok(run(mnemo, ['uninstall', 'claude-code'], env), 'mnemo uninstall claude-code');
  assert.equal(readFileSync(settingsPath, 'utf8'), userSettings, 'settings.json restored byte for byte');
  assert.deepEqual(readFileSync(join(home, '.claude.json')), claudeJson, '.claude.json restored byte for byte');
  assert.ok(!existsSync(join(home, '.mnemo', 'bin')), 'the launchers go with the last install');
});

test('mnemo install claude-code: hooks fire, SessionStart injects, the MCP tools answer in the real Claude Code CLI', { timeout: 150_000 }, async () => {
  assert.ok(mnemo, 'installed by the test before');
  const settingsPath = join(home, '.claude', 'settings.json');
  const installed = ok(run(mnemo, ['install', 'claude-code'], env), 'mnemo install claude-code');
  const settings = readFileSync(settingsPath, 'utf8');
  const launcher = join(home, '.mnemo', 'bin', 'hook.cjs');
  assert.ok(settings.includes(JSON.stringify(launcher)), `hooks run the launcher in the data dir, not the install:\n${settings}`);
  assert.match(settings, /"async": true/, `background hooks for Claude Code ${installed}`);
  assert.ok(!settings.includes(prefix), 'no hook names the npm prefix');

  project = makeTempDir('pkg-project');
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: project });
  const s1 = await runClaude({ prompt: 'Write the notes', cwd: project, home, env: claudeEnv(), allowedTools, script: SESSION_ONE });
  assert.equal(s1.code, 0, describeRun(s1));
  assert.deepEqual(s1.apiErrors, [], describeRun(s1));
  const found = ok(run(mnemo, ['search', MARKER, '--json'], env), 'mnemo search');
  assert.ok((JSON.parse(found) as unknown[]).length >= 1, `session 1's command is stored:\n${found}`);

  const seen: { result?: string } = {};
  const s2 = await runClaude({ prompt: 'What did I write?', cwd: project, home, env: claudeEnv(), allowedTools, script: sessionTwo(SEARCH, seen) });
  const why2 = describeRun(s2);
  assert.equal(s2.code, 0, why2);
  assert.deepEqual(s2.apiErrors, [], why2);
  assertIndexInjected(s2, why2);
  assert.ok(seen.result?.includes(MARKER), `the MCP search tool answered with the marker:\n${seen.result}\n${why2}`);

});

test('a newer tarball installed over it keeps every hook working, through the same launcher', { timeout: 150_000 }, async () => {
  assert.ok(project, 'sessions ran in the test before');
  const newer = join(work, 'newer');
  mkdirSync(newer);
  execFileSync('tar', ['xzf', tarball, '-C', newer]);
  const pkgPath = join(newer, 'package', 'package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
  pkg.version = `${pkg.version}-next.1`;
  writeFileSync(pkgPath, JSON.stringify(pkg, null, 2));
  const newerTarball = join(work, 'mnemo-next.tgz');
  execFileSync('tar', ['czf', newerTarball, '-C', newer, 'package']);
  ok(run('npm', ['install', '-g', '--prefer-offline', '--prefix', prefix, newerTarball], env), 'npm install -g <newer tarball>');
  assert.equal(JSON.parse(readFileSync(join(lib, 'mnemo', 'package.json'), 'utf8')).version, pkg.version);
  if (!NODE_HAS_SQLITE && !existsSync(join(lib, 'better-sqlite3'))) addBetterSqlite3(lib);
  const s3 = await runClaude({ prompt: 'Again', cwd: project, home, env: claudeEnv(), allowedTools, script: [{ tool_use: { id: 'toolu_i3', name: 'Bash', input: { command: 'echo after-upgrade-9034', description: 'after' } } }, { text: 'ok' }] });
  assert.equal(s3.code, 0, describeRun(s3));
  const afterUpgrade = ok(run(mnemo, ['search', 'after-upgrade-9034', '--json'], env), 'mnemo search after the upgrade');
  assert.ok((JSON.parse(afterUpgrade) as unknown[]).length >= 1, 'hooks still record after installing a newer tarball over the old one');

});

test('npx runs the same package from the tarball', { timeout: 120_000 }, () => {
  assert.ok(project, 'sessions ran in the tests before');
  const npx = run('npx', ['--yes', '--prefer-offline', `--package=${tarball}`, 'mnemo', 'search', MARKER, '--json'], env, project);
  if (NODE_HAS_SQLITE) assert.ok((JSON.parse(ok(npx, 'npx mnemo search')) as unknown[]).length >= 1, 'npx mnemo search finds the marker');
  else assert.match(npx.stderr, /mnemo has no SQLite on Node v20\.\S+: .* Fix: /, `npx on Node 20 says what to do:\n${npx.stderr}`);
});
