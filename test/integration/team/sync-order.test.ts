/**
 * The pull cursor never skips or repeats a record: 20 pushers at once with a puller walking behind
 * them, and a transaction that commits late while holding an earlier seq.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import pg from 'pg';
import type { SharedRecord } from '../../../src/core/team/contract.ts';
import type { PgTeamServer } from '../../../src/store/postgres/team-server.ts';
import { obs, teamFixture, type Member, type TeamFixture } from '../../helpers/team-fixture.ts';

let fx: TeamFixture;
let team: string;
let members: Member[];

before(async () => {
  fx = await teamFixture();
  team = await fx.team('ord');
  members = [];
  for (let i = 0; i < 4; i++) members.push(await fx.member([team], { prefix: `m${i}` }));
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Pull everything after `cursor`, page by page; every seq must be above the last. */
async function drain(s: PgTeamServer, cursor: number, seen: Map<string, number>, pageSize: number): Promise<number> {
  for (;;) {
    const page = await s.pull(cursor, pageSize);
    for (const c of page.changes) {
      const seq = c.op === 'put' ? c.record.seq : c.tombstone.seq;
      assert.ok(seq > cursor, `seq ${seq} after cursor ${cursor}`);
      cursor = seq;
      if (c.op === 'put') {
        assert.ok(!seen.has(c.record.uid), `uid ${c.record.uid} pulled twice`);
        seen.set(c.record.uid, seq);
      }
    }
    if (!page.more) return cursor;
  }
}

test('20 concurrent pushers and a puller behind them: every record exactly once', async () => {
  const pushers: PgTeamServer[] = [];
  for (let i = 0; i < 20; i++) pushers.push(await members[i % members.length]!.open(team));
  const puller = await members[0]!.open(team);
  const pushed = new Set<string>();
  let done = false;
  const seen = new Map<string, number>();
  try {
    const pulling = (async () => {
      let cursor = 0;
      while (!done) {
        cursor = await drain(puller, cursor, seen, 37);
        await sleep(5);
      }
      return drain(puller, cursor, seen, 37);
    })();
    await Promise.all(
      pushers.map(async (s, i) => {
        for (let round = 0; round < 8; round++) {
          const batch: SharedRecord[] = [];
          for (let k = 0; k < 1 + ((i * 7 + round * 3) % 25); k++) batch.push(obs({ title: `p${i} r${round} k${k}` }));
          const res = await s.push(batch);
          assert.equal(res.inserted, batch.length);
          for (const r of batch) pushed.add(r.uid);
          // Replays of a batch (a retry after a lost answer) store nothing new.
          if (round % 3 === 0) assert.equal((await s.push(batch)).duplicates, batch.length);
          await sleep((i * 13 + round * 5) % 9);
        }
      }),
    );
    done = true;
    await pulling;
    assert.equal(seen.size, pushed.size);
    for (const uid of pushed) assert.ok(seen.has(uid), `pulled ${uid}`);
  } finally {
    done = true;
    for (const s of [...pushers, puller]) await s.close();
  }
});

test('a push that commits late cannot be skipped by a cursor that moved on', async () => {
  const s = await members[1]!.open(team);
  const puller = await members[2]!.open(team);
  const seen = new Map<string, number>();
  try {
    let cursor = await drain(puller, 0, seen, 5000);
    const teamId = s.team.teamId;
    // A slow pusher: its transaction holds a seq and has not committed.
    const slow = new pg.Client({ connectionString: members[3]!.url });
    await slow.connect();
    await slow.query('BEGIN');
    await slow.query(`INSERT INTO mnemo.records (team_id, uid, kind, project, assistant, created_at, obs_type) VALUES ($1, 'late-one', 'observation', 'github.com/acme/api', 'cli', 1, 'note')`, [teamId]);
    // A fast pusher meanwhile. It must not commit a higher seq before the slow one commits.
    const fast = s.push([obs({ title: 'fast one' })]);
    await sleep(400);
    cursor = await drain(puller, cursor, seen, 5000);
    assert.ok(!seen.has('late-one'), 'uncommitted rows are invisible');
    assert.equal([...seen.keys()].filter((u) => !u.startsWith('late')).length, seen.size);
    const fastUid = (await Promise.race([fast.then(() => 'committed'), sleep(50).then(() => 'waiting')])) as string;
    assert.equal(fastUid, 'waiting', 'the fast push waits for the slow one (its seq would be higher)');
    await slow.query('COMMIT');
    await slow.end();
    await fast;
    cursor = await drain(puller, cursor, seen, 5000);
    assert.ok(seen.has('late-one'), 'the late commit is pulled, not skipped');
    const fastSeq = [...seen.entries()].find(([, seq]) => seq > seen.get('late-one')!);
    assert.ok(fastSeq, 'the fast record comes after the late one');
  } finally {
    await s.close();
    await puller.close();
  }
});
