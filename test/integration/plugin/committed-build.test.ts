/**
 * The built plugin is committed: a marketplace install (`claude plugin marketplace add <repo>`, then
 * `claude plugin install mnemo@mnemo`) copies plugin/ as git holds it, with no build step and no
 * node_modules. So the plugin/dist in a commit must be exactly what that commit's sources build. The
 * check compares a fresh build with `git archive HEAD plugin/dist` when the sources in the working tree
 * are the committed ones (CI's fresh clone); with uncommitted source changes there is no commit to check.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, test } from 'node:test';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const git = (...args: string[]) => spawnSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' });
const inGit = existsSync(join(ROOT, '.git')) && git('rev-parse', 'HEAD').status === 0;
const sourcesCommitted = inGit && git('diff', '--quiet', 'HEAD', '--', 'src', 'scripts/build.mjs', 'package.json', 'package-lock.json').status === 0;
const tmp = mkdtempSync(join(tmpdir(), 'mnemo-committed-build-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

function files(dir: string, base = dir, out = new Map<string, Buffer>()): Map<string, Buffer> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) files(p, base, out);
    else out.set(relative(base, p), readFileSync(p));
  }
  return out;
}

test('plugin/dist in git is what the committed sources build', { skip: !inGit ? 'not a git checkout' : !sourcesCommitted && 'src has uncommitted changes: the check runs on a commit' }, () => {
  const built = join(tmp, 'built');
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, env: { ...process.env, MNEMO_BUILD_OUT: built }, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const committed = join(tmp, 'committed');
  execFileSync('bash', ['-c', `mkdir -p "${committed}" && git -C "${ROOT}" archive HEAD plugin/dist | tar -x -C "${committed}"`]);
  const want = files(built);
  const have = existsSync(join(committed, 'plugin', 'dist')) ? files(join(committed, 'plugin', 'dist')) : new Map<string, Buffer>();
  const stale = [...want.keys()].filter((f) => !have.get(f)?.equals(want.get(f)!));
  const extra = [...have.keys()].filter((f) => !want.has(f));
  assert.deepEqual({ stale, extra }, { stale: [], extra: [] }, 'plugin/dist in git is not what src builds: run `npm run build` and commit plugin/dist');
});

test('every file the plugin manifest, hooks and MCP config name is in git', { skip: !inGit && 'not a git checkout' }, () => {
  const tracked = new Set(git('ls-files', 'plugin').stdout.split('\n').filter(Boolean));
  const hooks = JSON.parse(readFileSync(join(ROOT, 'plugin', 'hooks', 'hooks.json'), 'utf8')) as { hooks: Record<string, { hooks: { command: string; args?: string[] }[] }[]> };
  const mcp = JSON.parse(readFileSync(join(ROOT, 'plugin', '.mcp.json'), 'utf8')) as { mcpServers: Record<string, { args: string[] }> };
  const named = new Set<string>();
  const take = (arg: string) => {
    const m = /^\$\{CLAUDE_PLUGIN_ROOT\}\/(.+)$/.exec(arg);
    if (m) named.add(`plugin/${m[1]}`);
  };
  for (const groups of Object.values(hooks.hooks)) for (const g of groups) for (const h of g.hooks) (h.args ?? []).forEach(take);
  for (const s of Object.values(mcp.mcpServers)) s.args.forEach(take);
  assert.deepEqual([...named].sort(), ['plugin/dist/cli.js', 'plugin/dist/hook.cjs']);
  // hook.cjs requires these (the lazily loaded parts: LAZY_PARTS in scripts/build.mjs).
  const bundles = ['hook-main.cjs', 'hook-store.cjs', 'hook-hosts.cjs', 'hook-tokens.cjs', 'hook-failures.cjs', 'hook-commands.cjs'].map((f) => `plugin/dist/${f}`);
  for (const f of ['plugin/.claude-plugin/plugin.json', 'plugin/hooks/hooks.json', 'plugin/.mcp.json', ...named, ...bundles]) {
    assert.ok(tracked.has(f), `${f} is not committed`);
  }
});

test('the plugin runs in the background exactly the hooks that mark themselves for it', async () => {
  const { BACKGROUND_EVENTS: installed } = await import('../../../src/install/assistants/claude-code.ts');
  const { BACKGROUND_EVENTS: marked } = await import('../../../src/hooks/entry.ts');
  const hooks = JSON.parse(readFileSync(join(ROOT, 'plugin', 'hooks', 'hooks.json'), 'utf8')) as { hooks: Record<string, { hooks: { async?: boolean; command: string; args?: string[] }[] }[]> };
  const background = Object.entries(hooks.hooks).filter(([, groups]) => groups.some((g) => g.hooks.some((h) => h.async === true))).map(([e]) => e).sort();
  assert.deepEqual(background, [...installed].sort());
  assert.deepEqual([...marked].sort(), [...installed].sort());
  // Exec form everywhere: no shell between Claude Code and the hook.
  for (const [event, groups] of Object.entries(hooks.hooks)) for (const g of groups) for (const h of g.hooks) assert.deepEqual([h.command, h.args?.[1]], ['node', event]);
});
