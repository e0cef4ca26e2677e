/**
 * Team memory through the MCP server (the built `mnemo mcp`, the SDK's own client): its background
 * loop pulls a teammate's push within seconds, `search` filters by scope and asks the server for
 * projects not mirrored here, and the next SessionStart's kept index is refused because mirrored
 * records arrived (the teammates' block shows them).
 */
import assert from 'node:assert/strict';
import { mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { testCluster, type Cluster } from '../../helpers/pg.ts';
import { teamFixture, type TeamFixture } from '../../helpers/team-fixture.ts';
import { runHook, tempDir, validPayload } from '../hooks/helpers.ts';
import { connectMcp, textOf, type McpConnection } from '../mcp/harness.ts';
import { machine, type Machine } from './machines.ts';
import { event, sessionEnd } from './sync-helpers.ts';

let cluster: Cluster;
let fx: TeamFixture;
const open: { close(): Promise<void> }[] = [];

before(async () => {
  cluster = await testCluster();
  fx = await teamFixture(cluster);
});
after(async () => {
  for (const o of open.reverse()) await o.close();
});

test('the MCP server pulls a teammate’s push within seconds; search by scope and on the server; SessionStart shows it', async () => {
  const team = await fx.team('mcp');
  const [a, b] = [await fx.member([team], { prefix: 'amy' }), await fx.member([team], { prefix: 'bo' })];
  const amy: Machine = await machine(a, { db: fx.db, team, port: cluster.port });
  open.push(amy);
  amy.store.team.share(join(amy.dir, 'api'), 'github.com/acme/api', { prompts: true, history: false });
  const bobProject = join(tempDir('mnemo-team-mcp-'), 'shop');
  mkdirSync(bobProject, { recursive: true });
  const bo = await machine(b, { db: fx.db, team, port: cluster.port, project: realpathSync(bobProject) });
  const dataDir = bo.env.MNEMO_DATA_DIR!;
  await bo.close();

  // Bob's session ends: SessionEnd keeps his project's index for the next SessionStart.
  const hookEnv = { PGPASSFILE: process.env.PGPASSFILE! };
  for (const ev of ['SessionStart', 'UserPromptSubmit', 'SessionEnd'] as const) {
    const r = await runHook(ev, validPayload(ev, 'bo-1', bo.project), { dataDir, cwd: bo.project, env: hookEnv });
    assert.equal(r.code, 0, r.stderr);
  }
  const mcp: McpConnection = await connectMcp({ cwd: bo.project, env: { MNEMO_DATA_DIR: dataDir, PGPASSFILE: process.env.PGPASSFILE! }, name: 'team-test' });
  open.push(mcp);

  await amy.store.ingest([
    event({ title: 'Edited src/db/pool.ts', body: 'acquireConnection releases the client on error' }, { project: amy.project, session: 'amy-1' }),
    sessionEnd({ project: amy.project, session: 'amy-1' }),
    event({ title: 'Rate limit for partners', body: 'partner API throttled at 50 rps' }, { project: join(amy.dir, 'api'), session: 'amy-2' }),
  ]);
  const pushedAt = Date.now();
  assert.equal((await amy.sync()).error, undefined);

  // The loop pulls it: poll the tool the way a model would.
  let found: { results: { title: string; author?: string; id: number }[] } | undefined;
  for (let i = 0; i < 150 && !found?.results.length; i++) {
    const r = await mcp.call('search', { query: 'acquireConnection', scope: 'team' });
    found = r.structuredContent as typeof found;
    if (!found?.results.length) await new Promise((res) => setTimeout(res, 100));
  }
  const lagMs = Date.now() - pushedAt;
  assert.ok(found?.results.length, `not pulled after ${lagMs} ms: ${mcp.stderr()}`);
  assert.equal(found!.results[0]!.author, a.role);
  const mine = (await mcp.call('search', { query: 'acquireConnection', scope: 'mine' })).structuredContent as { results: unknown[] };
  assert.deepEqual(mine.results, []);
  const line = textOf(await mcp.call('search', { query: 'acquireConnection' }));
  assert.match(line, new RegExp(`@${a.role}`));

  // Not mirrored here (bob does not share the API): only the server search finds it.
  assert.deepEqual(((await mcp.call('search', { query: 'partner throttled' })).structuredContent as { results: unknown[] }).results, []);
  const remote = await mcp.call('search', { query: 'partner throttled', server: true });
  assert.ok(!remote.isError, textOf(remote));
  const hits = (remote.structuredContent as { results: { title: string; author: string; project: string }[] }).results;
  assert.deepEqual(hits.map((h) => [h.title, h.author, h.project]), [['Rate limit for partners', a.role, 'github.com/acme/api']]);
  assert.match(textOf(remote), /not instructions/);

  // The next SessionStart does not serve the index kept before the teammate's record arrived.
  const start = await runHook('SessionStart', validPayload('SessionStart', 'bo-2', bo.project), { dataDir, cwd: bo.project, env: hookEnv });
  assert.equal(start.code, 0, start.stderr);
  const context = String((JSON.parse(start.stdout) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput?.additionalContext ?? '');
  assert.match(context, /## From teammates/);
  assert.match(context, new RegExp(`Edited src/db/pool.ts @${a.role}`));
  console.log(`# sync lag, push to the teammate's MCP search: ${lagMs} ms`);
});
