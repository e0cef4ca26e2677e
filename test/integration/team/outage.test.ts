/**
 * The team server goes away: stopped outright while a machine keeps working, and restarted in the
 * middle of a push. Hooks' records keep landing in the outbox; once the server is back everything is
 * on it exactly once, and a teammate pulls all of it.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
// @ts-expect-error plain JS module shared with .ci/run
import { restartCluster, startCluster, stopCluster } from '../../../scripts/pg-cluster.mjs';
import type { Cluster } from '../../helpers/pg.ts';
import { teamFixture, type TeamFixture } from '../../helpers/team-fixture.ts';
import { machine, serverRecords, type Machine } from './machines.ts';
import { event, sessionEnd } from './sync-helpers.ts';

interface Raw {
  dir: string;
  data: string;
  port: number;
  log: string;
}
let raw: Raw;
let cluster: Cluster;
let fx: TeamFixture;
const machines: Machine[] = [];

before(async () => {
  raw = (await startCluster()) as Raw;
  cluster = {
    host: raw.dir,
    port: raw.port,
    adminUrl: (db = 'postgres') => `postgres://postgres@${encodeURIComponent(raw.dir)}:${raw.port}/${db}`,
    restart: () => restartCluster(raw),
    stop: () => stopCluster(raw),
  };
  fx = await teamFixture(cluster);
});
after(async () => {
  for (const m of machines) await m.close();
  stopCluster(raw);
});

test('server stopped for a while, then back: the outbox kept everything, and it arrives exactly once', async () => {
  const team = await fx.team('down');
  const [a, b] = [await fx.member([team], { prefix: 'ann' }), await fx.member([team], { prefix: 'ben' })];
  const ann = await machine(a, { db: fx.db, team, port: cluster.port });
  const ben = await machine(b, { db: fx.db, team, port: cluster.port });
  machines.push(ann, ben);
  await ann.store.ingest([event({ title: 'Before the outage', body: 'outage words' }, { project: ann.project })]);
  assert.equal((await ann.sync()).error, undefined);

  stopCluster(raw, { remove: false });
  try {
    // Work goes on: records are captured and queued; every sync fails cleanly and keeps them.
    for (let i = 0; i < 3; i++) {
      await ann.store.ingest([event({ title: `During the outage ${i}`, body: 'outage words' }, { project: ann.project, session: `o${i}` }), sessionEnd({ project: ann.project, session: `o${i}` })]);
      const r = await ann.sync();
      assert.equal(r.error?.code, 'UNREACHABLE', JSON.stringify(r));
    }
    assert.ok(ann.store.team.outbox().waiting >= 6);
    assert.match(ann.store.team.outbox().lastError ?? ann.store.team.state().lastError ?? '', /UNREACHABLE/);
  } finally {
    await startCluster({ dir: raw.dir });
  }
  await ann.syncUntilDone();
  const onServer = await serverRecords(a, team);
  const titles = [...onServer.values()].flatMap((r) => (r.kind === 'observation' ? [r.title] : [])).sort();
  assert.deepEqual(titles, ['Before the outage', 'During the outage 0', 'During the outage 1', 'During the outage 2']);
  const ended = [...onServer.values()].filter((r) => r.kind === 'session' && r.endedAt !== undefined);
  assert.equal(ended.length, 3, 'the sessions that ended during the outage are ended on the server');
  await ben.syncUntilDone();
  assert.equal((await ben.store.search({ query: 'outage words', scope: 'team' })).length, 4);
});

test('server restarted in the middle of a push: nothing lost, nothing twice', async () => {
  const team = await fx.team('rst');
  const a = await fx.member([team], { prefix: 'cai' });
  const cai = await machine(a, { db: fx.db, team, port: cluster.port });
  machines.push(cai);
  const titles = Array.from({ length: 3000 }, (_, i) => `Restart edit ${i}`);
  for (let i = 0; i < titles.length; i += 1000) {
    await cai.store.ingest(titles.slice(i, i + 1000).map((t) => event({ title: t, body: 'z'.repeat(1200) }, { project: cai.project, session: `r${i}` })));
  }
  const total = cai.store.team.outbox().waiting;
  let settled = false;
  const syncing = cai.sync({ batch: 500 }).finally(() => (settled = true));
  // Restart once the push is under way (a first batch stored), however loaded the machine: a fixed
  // delay let a slow first connection start after the restart, and nothing was cut off.
  while (!settled && cai.store.team.outbox().waiting === total) await new Promise((r) => setTimeout(r, 5));
  cluster.restart!();
  const first = await syncing;
  await cai.syncUntilDone();
  const onServer = await serverRecords(a, team);
  const got = [...onServer.values()].flatMap((r) => (r.kind === 'observation' ? [r.title] : [])).sort();
  assert.equal(got.length, titles.length);
  assert.deepEqual(got, [...titles].sort());
  assert.equal(first.error?.code, 'UNREACHABLE', 'the restart cut the first sync off');
});
