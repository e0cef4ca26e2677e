// The real Claude Code CLI (offline, scripted stand-in API) runs one session with the mnemo plugin:
// its hooks record it live, and Claude Code writes its transcript under HOME/.claude/projects.
// Then `mnemo import claude-code` (default folder, from HOME) must
// - add nothing to the data directory the hooks filled (same tool_use_ids, same prompt and answer), and
// - rebuild, in an empty data directory, the same observations the hooks captured.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { assertClaudeInstalled, cleanupTempDirs, describeRun, makeHome, makeTempDir, PLUGIN_DIR, runClaude } from '../../e2e/claude-harness.ts';
import { childEnv } from '../hooks/helpers.ts';
import { cleanup, tempDir, type Rec, type Run } from './helpers.ts';

/**
 * A private copy of the plugin (inside the checkout, so better-sqlite3 still resolves): the hooks and
 * the importing CLI must be one build, and other work may rebuild plugin/dist while this test runs.
 */
let plugin: string;

after(() => {
  cleanupTempDirs();
  cleanup();
  if (plugin) rmSync(plugin, { recursive: true, force: true });
});

before(() => {
  assertClaudeInstalled();
  if (!existsSync(join(PLUGIN_DIR, 'dist', 'hook.cjs'))) throw new Error('mnemo plugin is not built: run `npm run build`');
  const base = join(PLUGIN_DIR, '..', '.tmp');
  mkdirSync(base, { recursive: true });
  plugin = mkdtempSync(join(base, 'import-plugin-'));
  cpSync(PLUGIN_DIR, plugin, { recursive: true });
});

function cliProcess(args: readonly string[], dataDir: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(plugin, 'dist', 'cli.js'), ...args], { cwd: dataDir, env: childEnv(dataDir, env), stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, out: Buffer.concat(out).toString('utf8'), err: Buffer.concat(err).toString('utf8') }));
  });
}

/** `mnemo export` with the same build. */
async function exportWith(dataDir: string): Promise<{ records: Rec[] }> {
  const r = await cliProcess(['export'], dataDir, {});
  assert.equal(r.code, 0, r.err);
  return { records: r.out.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Rec) };
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
}

/** Keys sorted: Claude Code hands hooks a tool's input with its defaults in another key order than the transcript. */
function sorted(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sorted);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Rec)[k])]));
  return v;
}

/** What two stores must agree on: the observation without ids, uids and clock. */
const essence = (o: Rec) => {
  const body = String(o.body).replace(/^Input: (\{.*\})$/m, (_m, json: string) => `Input: ${JSON.stringify(sorted(JSON.parse(json)))}`);
  return `${o.type} | ${o.title} | ${body} | ${o.toolUseId ?? ''}`;
};

test('a session recorded live and imported from its transcript is the same memory, stored once', { timeout: 180_000 }, async () => {
  const project = makeTempDir('import-project');
  execFileSync('git', ['init', '-q', '-b', 'main', project]);
  const home = makeHome();
  const dataDir = makeTempDir('import-live-data');
  const file = join(project, 'pool.js');
  const run = await runClaude({
    prompt: 'Create the pool module, run its check, and fix it. <private>PRIVATEIMPORTMARK</private>',
    cwd: project,
    home,
    pluginDir: plugin,
    env: { MNEMO_DATA_DIR: dataDir },
    script: [
      { tool_use: { id: 'toolu_imp_write', name: 'Write', input: { file_path: file, content: 'export const size = 4;\n' } } },
      { thinkMs: 50, tool_use: { id: 'toolu_imp_check', name: 'Bash', input: { command: 'grep -q "size = 16" pool.js || { echo "pool too small" >&2; exit 3; }', description: 'Run the pool check' } } },
      { thinkMs: 50, tool_use: { id: 'toolu_imp_edit', name: 'Edit', input: { file_path: file, old_string: 'size = 4', new_string: 'size = 16' } } },
      // A real answer takes longer than the clock tick that orders hooks: the Edit's hook and the Stop's
      // forked in one tick would be stored in whichever order they finished (seen once on a loaded CI).
      { text: 'Created pool.js; the check failed (pool too small), so I raised the size to 16.', thinkMs: 100 },
    ],
  });
  assert.equal(run.code, 0, describeRun(run));
  assert.deepEqual(run.apiErrors, [], describeRun(run));

  const transcripts = files(join(home, '.claude', 'projects')).filter((f) => f.endsWith('.jsonl'));
  assert.equal(transcripts.length, 1, `one transcript written: ${transcripts.join(', ')}`);
  const live = (await exportWith(dataDir)).records;
  const liveObs = live.filter((r) => r.record === 'observation');
  assert.deepEqual(liveObs.map((o) => o.type), ['prompt', 'change', 'error', 'change', 'conclusion'], JSON.stringify(liveObs.map((o) => o.title)));

  // 1. Import into the data directory the hooks filled: nothing new.
  const again = await cliProcess(['import', 'claude-code', '--json'], dataDir, { HOME: home });
  assert.equal(again.code, 0, again.err);
  const report = JSON.parse(again.out) as Rec;
  const added = (await exportWith(dataDir)).records.filter((r) => r.record === 'observation' && !liveObs.some((o) => o.id === r.id));
  assert.deepEqual(added.map(essence), [], `live: ${JSON.stringify(liveObs.map(essence), null, 1)}\ntranscript: ${readFileSync(transcripts[0]!, 'utf8').slice(0, 4000)}`);
  assert.equal(report.files, 1);
  assert.equal(report.observations, 0, `import duplicated live records: ${again.out}`);
  assert.equal(report.duplicates, liveObs.length);
  const after = (await exportWith(dataDir)).records;
  assert.deepEqual(after.filter((r) => r.record === 'observation'), liveObs);
  assert.equal(after.filter((r) => r.record === 'session').length, 1);

  // 2. Import into an empty data directory: the same observations the hooks captured.
  const fresh = tempDir('import-fresh');
  const imported = await cliProcess(['import', 'claude-code', '--json'], fresh, { HOME: home });
  assert.equal(imported.code, 0, imported.err);
  const freshObs = (await exportWith(fresh)).records.filter((r) => r.record === 'observation');
  assert.deepEqual(freshObs.map(essence), liveObs.map(essence));
  const [liveSession] = live.filter((r) => r.record === 'session');
  const [freshSession] = (await exportWith(fresh)).records.filter((r) => r.record === 'session');
  assert.equal(freshSession!.externalId, liveSession!.externalId);
  assert.equal(freshSession!.project, liveSession!.project);
  assert.equal(freshSession!.branch, liveSession!.branch);
  for (const f of files(fresh)) assert.ok(!readFileSync(f).toString('latin1').includes('PRIVATEIMPORTMARK'), `private text in ${f}`);
});
