// The MCP server as the plugin starts it on a fresh machine: no data directory yet, launched from a
// folder outside the project with CLAUDE_PROJECT_DIR naming the project, a small context budget, and
// hooks writing to the same store while the server answers many calls at once.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  assertBuilt,
    cleanupTemps,
  connectMcp,
  gitRepo,
  parseJsonl,
  runCliProc,
  seed,
  sessionPayloads,
  tempDir,
  TOOL_IDS,
  textOf,
  type McpConnection,
  type ExportedObservation,
} from './harness.ts';

const BUDGET = 500;
let dataDir: string;
let repo: string;
let elsewhere: string;
let mcp: McpConnection | undefined;

before(async () => {
  assertBuilt();
  dataDir = join(tempDir('fresh'), 'not-yet-created');
  repo = gitRepo('fresh-repo');
  elsewhere = tempDir('fresh-elsewhere');
  mcp = await connectMcp({ cwd: elsewhere, env: { MNEMO_DATA_DIR: dataDir, CLAUDE_PROJECT_DIR: repo, MNEMO_CONTEXT_BUDGET: String(BUDGET) }, name: 'mnemo-fresh-test' });
});

after(async () => {
  await mcp?.close();
  cleanupTemps();
});

const call = (name: string, args: Record<string, unknown>) => mcp!.call(name, args);

test('an empty store answers every read tool without error', async () => {
  assert.ok(existsSync(dataDir), 'the server creates its data directory');
  const s = await call('search', { query: 'anything at all' });
  assert.ok(!s.isError, textOf(s));
  assert.match(textOf(s), /No observations match/);
  const c = await call('context', {});
  assert.ok(!c.isError, textOf(c));
  assert.match(textOf(c), /no memory/i);
  const g = await call('get_observations', { ids: [1] });
  assert.ok(!g.isError, textOf(g));
  assert.match(textOf(g), /not found: #1/i);
  const tl = await call('timeline', { id: 1 });
  assert.equal(tl.isError, true);
});

test('hooks write while the server answers 40 calls at once: every event stored exactly once', async () => {
  seed(dataDir, sessionPayloads('cc-fresh-1', repo));
  const queries = ['Next.js', '连接', 'payload优先', 'src/db/pool.ts', 'ECONNRESET', 'acquirePooledConnection', 'checkout', 'pool'];
  const calls = Array.from({ length: 40 }, (_, i) =>
    i % 5 === 4 ? call('context', { query: queries[i % queries.length] }) : call('search', { query: queries[i % queries.length]!, limit: 50 }),
  );
  const results = await Promise.all(calls);
  for (const r of results) assert.ok(!r.isError, textOf(r));
  const ex = runCliProc(['export'], { dataDir, cwd: repo });
  assert.equal(ex.status, 0, ex.stderr);
  const obs = parseJsonl(ex.stdout).filter((r): r is ExportedObservation => r.record === 'observation');
  for (const id of Object.values(TOOL_IDS)) assert.equal(obs.filter((o) => o.toolUseId === id).length, 1, `${id} stored once`);
  assert.equal(obs.filter((o) => o.type === 'prompt').length, 3, 'each prompt stored once');
});

test('CLAUDE_PROJECT_DIR decides the project; context stays within the configured budget', async () => {
  const plain = textOf(await call('context', {}));
  assert.ok(plain.includes(basename(repo)), `the index is for CLAUDE_PROJECT_DIR, not the launch folder:\n${plain}`);
  assert.match(plain, /^#\d+ /m, 'records are listed');
  assert.ok(plain.length <= BUDGET, `context is ${plain.length} characters, budget ${BUDGET}`);

  const start = await call('hook_event', { event: 'SessionStart', platform: 'trae', payload: { session_id: 'trae-fresh', cwd: repo, source: 'startup' } });
  assert.ok(!start.isError);
  assert.ok(textOf(start).length <= BUDGET, `SessionStart index is ${textOf(start).length} characters, budget ${BUDGET}`);

  const focused = textOf(await call('context', { query: 'Next.js' }));
  assert.match(focused, /Next\.js|next build/);
  assert.ok(focused.length <= BUDGET, `focused context is ${focused.length} characters, over the ${BUDGET}-character budget:\n${focused}`);
});
