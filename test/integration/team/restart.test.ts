/**
 * The server restarts mid-sequence, with a push in flight: calls fail as UNREACHABLE (transient), the
 * same TeamServer works again once the server is back, every record is on it exactly once, and seqs
 * go on from where they were (no reuse, no gap a cursor could fall into).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { isTransient, type SharedRecord } from '../../../src/core/team/contract.ts';
import { ownCluster, type Cluster } from '../../helpers/pg.ts';
import { obs, teamFixture, type TeamFixture } from '../../helpers/team-fixture.ts';

let cluster: Cluster;
let fx: TeamFixture;

before(async () => {
  cluster = await ownCluster();
  fx = await teamFixture(cluster);
});
after(() => cluster.stop());

/** Push until it lands, as the sync engine does: transient failures wait and try again. */
async function pushUntilStored(push: () => Promise<unknown>): Promise<number> {
  let failures = 0;
  for (;;) {
    try {
      await push();
      return failures;
    } catch (err) {
      assert.ok(isTransient(err), `only transient failures while restarting: ${err}`);
      failures++;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

test('restart mid-sequence: nothing lost, nothing twice, seqs continue', async () => {
  const team = await fx.team('rs');
  const m = await fx.member([team]);
  const s = await m.open(team);
  try {
    const before = Array.from({ length: 50 }, (_, i) => obs({ title: `before ${i}` }));
    await s.push(before);
    const page1 = await s.pull(0, 5000);
    const cursor = page1.cursor;
    assert.equal(page1.changes.length, 50);

    const inFlight: SharedRecord[] = Array.from({ length: 1000 }, (_, i) => obs({ title: `in flight ${i}`, body: 'x'.repeat(2000) }));
    const pushing = pushUntilStored(() => s.push(inFlight));
    await new Promise((r) => setTimeout(r, 30));
    cluster.restart!();
    await pushing;
    // The outbox would replay the batch whatever the first answer was: still exactly once.
    const replay = await s.push(inFlight);
    assert.equal(replay.inserted, 0);
    assert.equal(replay.duplicates, inFlight.length);

    cluster.restart!();
    const afterRestart = Array.from({ length: 20 }, (_, i) => obs({ title: `after ${i}` }));
    await pushUntilStored(() => s.push(afterRestart));

    const seen: number[] = [];
    const uids = new Set<string>();
    let c = cursor;
    for (;;) {
      const p = await s.pull(c, 300);
      for (const ch of p.changes) {
        assert.equal(ch.op, 'put');
        if (ch.op !== 'put') continue;
        assert.ok(ch.record.seq > c);
        c = ch.record.seq;
        seen.push(ch.record.seq);
        assert.ok(!uids.has(ch.record.uid));
        uids.add(ch.record.uid);
      }
      if (!p.more) break;
    }
    assert.equal(uids.size, inFlight.length + afterRestart.length);
    for (const r of [...inFlight, ...afterRestart]) assert.ok(uids.has(r.uid));
    // Seqs after the cursor are the next ones, without a hole.
    assert.deepEqual(seen, Array.from({ length: seen.length }, (_, i) => cursor + 1 + i));
    assert.equal((await s.status()).head, cursor + seen.length);
  } finally {
    await s.close();
  }
});
