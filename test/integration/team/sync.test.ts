/**
 * Team sync against a real PostgreSQL: what one machine captures reaches a teammate's store, marked
 * by author, found by search and SessionStart; forgetting forgets everywhere; and a network cut
 * mid-push, backends killed under the sync, or two machines of one person pushing at once lose
 * nothing and store nothing twice.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, test } from 'node:test';
import { buildContext } from '../../../src/context/build.ts';
import { testCluster, type Cluster } from '../../helpers/pg.ts';
import { teamFixture, type Member, type TeamFixture } from '../../helpers/team-fixture.ts';
import { childEnv, cliJs } from '../hooks/helpers.ts';
import { startProxy, type TcpProxy } from '../../helpers/tcp-proxy.ts';
import { machine, serverRecords, type Machine } from './machines.ts';
import { event, filesHolding, prompt, sessionEnd } from './sync-helpers.ts';

let cluster: Cluster;
let fx: TeamFixture;
const machines: Machine[] = [];
const proxies: TcpProxy[] = [];

before(async () => {
  cluster = await testCluster();
  fx = await teamFixture(cluster);
});
after(async () => {
  for (const m of machines) await m.close();
  for (const p of proxies) await p.close();
});

async function setup(n: number, opts: { proxy?: boolean; sameMember?: boolean } = {}): Promise<{ team: string; members: Member[]; ms: Machine[]; proxy?: TcpProxy }> {
  const team = await fx.team('sync');
  const proxy = opts.proxy ? await startProxy(cluster.port) : undefined;
  if (proxy) proxies.push(proxy);
  const members: Member[] = [];
  for (let i = 0; i < n; i++) members.push(opts.sameMember && i > 0 ? members[0]! : await fx.member([team], { prefix: `dev${i}` }));
  const ms: Machine[] = [];
  for (const m of members) ms.push(await machine(m, { db: fx.db, team, port: proxy && ms.length === 0 ? proxy.port : cluster.port }));
  machines.push(...ms);
  return { team, members, ms, ...(proxy ? { proxy } : {}) };
}

/** What a machine holds that should be on the server: every observation it shared, by uid. */
function sharedTitles(records: Map<string, { kind: string; title?: string }>): string[] {
  return [...records.values()].flatMap((r) => (r.kind === 'observation' ? [r.title!] : [])).sort();
}

test('a teammate’s records arrive marked by author: search with scopes, SessionStart’s team block, forget everywhere', async () => {
  const { ms: [alice, bob], members } = await setup(2);
  const marker = 'qzsharedsecretnote4412qz';
  await alice!.store.ingest([
    prompt('the checkout pool leaks under load', { project: alice!.project }),
    event({ title: 'Edited src/db/pool.ts', body: 'acquireConnection now releases on error', files: [`${alice!.project}/src/db/pool.ts`] }, { project: alice!.project, branch: 'fix/pool' }),
    event({ title: `Noted ${marker}`, body: `remember ${marker}` }, { project: alice!.project }),
    sessionEnd({ project: alice!.project }),
  ]);
  const session = (await alice!.store.listSessions({}))[0]!;
  await alice!.store.saveSummary(session.id, { brief: 'Goal: stop the pool leak', detailed: 'Goal: stop the pool leak', language: 'en', provider: 'heuristic', inputTokens: 0, outputTokens: 0, observationCount: 3, createdAt: Date.now() });
  const pushed = await alice!.sync();
  assert.equal(pushed.error, undefined, JSON.stringify(pushed.error));
  assert.equal(alice!.store.team.outbox().waiting, 0);
  const onServer = await serverRecords(members[0]!, (await alice!.store.team.state()).team!);
  assert.deepEqual(sharedTitles(onServer), ['Edited src/db/pool.ts', `Noted ${marker}`, 'the checkout pool leaks under load']);
  assert.ok([...onServer.values()].every((r) => r.author === members[0]!.role), 'the author is the server’s: alice');
  const obs = [...onServer.values()].find((r) => r.kind === 'observation' && r.title === 'Edited src/db/pool.ts')!;
  assert.equal(obs.project, 'github.com/acme/shop');
  assert.equal(obs.branch, 'fix/pool');

  const pulled = await bob!.sync();
  assert.equal(pulled.error, undefined);
  assert.equal(pulled.pull!.applied, 5, 'session, three observations, summary');
  const hits = await bob!.store.search({ query: 'acquireConnection' });
  assert.equal(hits.length, 1);
  assert.equal(hits[0]!.observation.author, members[0]!.role);
  assert.equal(hits[0]!.observation.project, bob!.project, 'mirrored into bob’s clone of the project');
  assert.equal((await bob!.store.search({ query: 'acquireConnection', scope: 'mine' })).length, 0);
  assert.equal((await bob!.store.search({ query: 'acquireConnection', scope: 'team' })).length, 1);
  const index = await buildContext(bob!.store, { contextBudget: 10_000, contextWindow: 400 }, bob!.project);
  assert.match(index, /## From teammates/);
  assert.match(index, new RegExp(`Edited src/db/pool.ts @${members[0]!.role}`));
  assert.ok(index.length <= 10_000);

  // Alice forgets one: gone from the server, and from bob's store and file at his next pull.
  const [noteId] = (await alice!.store.search({ query: marker })).map((h) => h.observation.id);
  await alice!.store.forget({ ids: [noteId!] });
  assert.equal((await alice!.sync()).error, undefined);
  const afterForget = await bob!.sync();
  assert.equal(afterForget.pull!.deleted, 1);
  assert.equal((await bob!.store.search({ query: marker })).length, 0);
  assert.deepEqual(filesHolding(bob!.dir, marker), []);
  assert.ok(!sharedTitles(await serverRecords(members[1]!, (await bob!.store.team.state()).team!)).includes(`Noted ${marker}`));
  // Bob cannot forget alice's record on the server: his forget is local only.
  const [bobCopy] = (await bob!.store.search({ query: 'acquireConnection' })).map((h) => h.observation.id);
  await bob!.store.forget({ ids: [bobCopy!] });
  assert.equal(bob!.store.team.outbox().waiting, 0, 'no tombstone for a teammate’s record');
});

test('a network cut in the middle of a push: the outbox keeps everything, and afterwards the server has each record once', async () => {
  const { ms: [alice], members, proxy, team } = await setup(1, { proxy: true });
  const titles = Array.from({ length: 1500 }, (_, i) => `Edited module ${i}`);
  for (let i = 0; i < titles.length; i += 500) {
    await alice!.store.ingest(titles.slice(i, i + 500).map((t) => event({ title: t, body: 'x'.repeat(1500) }, { project: alice!.project, session: `s${i}` })));
  }
  // Cut the connection once about 600 KB of the first push batch has gone out.
  const cut = proxy!.cutAfter(600_000);
  const first = await alice!.sync();
  await cut;
  assert.equal(first.error?.code, 'UNREACHABLE', JSON.stringify(first));
  assert.ok(alice!.store.team.outbox().waiting > 0, 'what the cut push carried is still queued');
  // The network stays down for a while: syncs fail, nothing is lost.
  proxy!.down();
  assert.equal((await alice!.sync()).error?.code, 'UNREACHABLE');
  proxy!.up();
  await alice!.syncUntilDone();
  const onServer = await serverRecords(members[0]!, team);
  assert.deepEqual(sharedTitles(onServer), [...titles].sort());
  assert.equal([...onServer.values()].filter((r) => r.kind === 'session').length, 3);
});

test('backends terminated under the sync (pg_terminate_backend): nothing lost, nothing twice', async () => {
  const { ms: [alice], members, team } = await setup(1);
  const titles = Array.from({ length: 2400 }, (_, i) => `Ran check ${i}`);
  for (let i = 0; i < titles.length; i += 600) {
    await alice!.store.ingest(titles.slice(i, i + 600).map((t) => event({ title: t, type: 'command', body: 'y'.repeat(800) }, { project: alice!.project, session: `k${i}` })));
  }
  let killing = true;
  let killed = 0;
  const killer = (async () => {
    while (killing) {
      const r = await fx.su<{ ok: boolean }>('SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE usename = $1 AND pid <> pg_backend_pid()', [members[0]!.role]);
      killed += r.rows.filter((x) => x.ok).length;
      await new Promise((res) => setTimeout(res, 15));
    }
  })();
  const reports = [];
  try {
    for (let i = 0; i < 40 && alice!.store.team.outbox().waiting > 0; i++) reports.push(await alice!.sync({ batch: 200 }));
  } finally {
    killing = false;
    await killer;
  }
  await alice!.syncUntilDone();
  assert.ok(killed > 0, 'the killer hit some backends');
  assert.ok(reports.some((r) => r.error), 'some syncs were cut off');
  const onServer = await serverRecords(members[0]!, team);
  assert.deepEqual(sharedTitles(onServer), [...titles].sort());
});

test('two machines of one person pushing at once: each record once, and each machine sees the other’s as its own', async () => {
  const { ms: [laptop, desktop], members, team } = await setup(2, { sameMember: true });
  await laptop!.store.ingest(Array.from({ length: 300 }, (_, i) => event({ title: `Laptop edit ${i}`, body: 'laptop work' }, { project: laptop!.project, session: 'lap' })));
  await desktop!.store.ingest(Array.from({ length: 300 }, (_, i) => event({ title: `Desktop edit ${i}`, body: 'desktop work' }, { project: desktop!.project, session: 'desk' })));
  // Both at once, several times over (a replay is a duplicate, not a copy).
  for (let round = 0; round < 3; round++) await Promise.all([laptop!.sync({ batch: 50 }), desktop!.sync({ batch: 50 })]);
  await laptop!.syncUntilDone();
  await desktop!.syncUntilDone();
  await laptop!.sync();
  const onServer = await serverRecords(members[0]!, team);
  assert.equal(sharedTitles(onServer).length, 600);
  assert.equal(new Set(sharedTitles(onServer)).size, 600);
  const mine = await laptop!.store.search({ query: 'desktop work', scope: 'mine', limit: 50 });
  assert.equal(mine.length, 50, 'the desktop’s records count as mine on the laptop');
  assert.ok(mine.every((h) => h.observation.author === undefined));
  assert.equal((await laptop!.store.search({ query: 'desktop work', scope: 'team' })).length, 0);
  // Mine from elsewhere is not shown as a teammate's in the index.
  const index = await buildContext(laptop!.store, { contextBudget: 10_000, contextWindow: 400 }, laptop!.project);
  assert.doesNotMatch(index, /From teammates/);
});

test('`mnemo team sync` killed (SIGKILL) at random moments of its push: the next one completes it, each record once', async () => {
  const { ms: [alice], members, team } = await setup(1);
  const titles = Array.from({ length: 3000 }, (_, i) => `Killed sync edit ${i}`);
  for (let i = 0; i < titles.length; i += 1000) {
    await alice!.store.ingest(titles.slice(i, i + 1000).map((t) => event({ title: t, body: 'k'.repeat(1000) }, { project: alice!.project, session: `ks${i}` })));
  }
  const env = childEnv(alice!.env.MNEMO_DATA_DIR!, { ...alice!.env, PGPASSFILE: process.env.PGPASSFILE! });
  let kills = 0;
  for (const after of [400, 700, 1000, 1300]) {
    const child = spawn(process.execPath, [cliJs(), 'team', 'sync'], { env, stdio: 'ignore' });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    await new Promise((r) => setTimeout(r, after));
    if (child.kill('SIGKILL')) kills++;
    await exited;
    if (alice!.store.team.outbox().waiting === 0) break;
  }
  assert.ok(kills > 0);
  // The killed runs left their lock behind; the next `mnemo team sync` takes it over (its process is gone).
  const r = await new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, [cliJs(), 'team', 'sync', '--json'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (b) => (out += b));
    child.on('exit', (code) => resolve({ code, out }));
  });
  assert.equal(r.code, 0, r.out);
  assert.doesNotMatch(r.out, /another sync/);
  await alice!.syncUntilDone();
  const onServer = await serverRecords(members[0]!, team);
  assert.deepEqual(sharedTitles(onServer), [...titles].sort());
});

test('narration read after a call was pushed goes to the server again and reaches the teammate: searchable there by its words', async () => {
  const { ms: [alice, bob], members } = await setup(2);
  await alice!.store.ingest([{ ...event({ title: 'Edited src/retry.ts', body: 'added a guard', toolUseId: 'toolu_n1' }, { project: alice!.project, session: 'ext-narr' }), dedupeKey: 'post:toolu_n1' }]);
  assert.equal((await alice!.sync()).error, undefined);
  assert.equal((await bob!.sync()).pull!.applied, 2, 'the session and the call');
  assert.equal((await bob!.store.search({ query: 'zorbflux' })).length, 0);

  // The transcript reader, later: the model's words before the call.
  const saved = alice!.store.saveNarration('claude-code', [{ session: 'ext-narr', callId: 'toolu_n1', why: 'the zorbflux client swallows the timeout, so surface it first' }]);
  assert.equal(saved.attached, 1);
  assert.equal(alice!.store.team.outbox().waiting, 1, 'the call waits to be pushed again');
  const again = await alice!.sync();
  assert.equal(again.error, undefined);
  const onServer = [...(await serverRecords(members[0]!, (await alice!.store.team.state()).team!)).values()].find((r) => r.kind === 'observation')!;
  assert.equal((onServer as { why?: string }).why, 'the zorbflux client swallows the timeout, so surface it first');
  assert.equal(onServer.revision, 1);

  const pulled = await bob!.sync();
  assert.equal(pulled.pull!.applied, 1, 'the new revision');
  const hits = await bob!.store.search({ query: 'zorbflux timeout' });
  assert.equal(hits.length, 1);
  assert.equal(hits[0]!.observation.title, 'Edited src/retry.ts');
  assert.equal(hits[0]!.observation.author, members[0]!.role);
  // The finding comes later still: one more revision, and bob's copy holds both sides.
  alice!.store.saveNarration('claude-code', [{ session: 'ext-narr', callId: 'toolu_n1', finding: 'the guard now rethrows the quibblefrost error' }]);
  assert.equal((await alice!.sync()).error, undefined);
  assert.equal((await bob!.sync()).pull!.applied, 1);
  assert.equal((await bob!.store.search({ query: 'quibblefrost' })).length, 1);
  assert.equal((await bob!.store.search({ query: 'zorbflux' })).length, 1, 'the earlier side is kept, and the row is indexed once');
});
