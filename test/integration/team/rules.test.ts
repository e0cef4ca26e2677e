/**
 * Who sees what, proved against a real PostgreSQL: two teams, a forged author, other members'
 * records, admins, a revoked member, and schema versions. Raw SQL as a member tries what mnemo's
 * client never sends: the server must refuse it by itself.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TeamServerError } from '../../../src/core/team/contract.ts';
import { openTeamServer } from '../../../src/store/postgres/open.ts';
import { obs, teamFixture, type Member, type TeamFixture } from '../../helpers/team-fixture.ts';

let fx: TeamFixture;
let teamA: string;
let teamB: string;
let alice: Member; // team A
let bob: Member; // team A
let carol: Member; // team B
let admin: Member; // team A admin

before(async () => {
  fx = await teamFixture();
  teamA = await fx.team('a');
  teamB = await fx.team('b');
  alice = await fx.member([teamA], { prefix: 'alice' });
  bob = await fx.member([teamA], { prefix: 'bob' });
  carol = await fx.member([teamB], { prefix: 'carol' });
  admin = await fx.member([teamA], { admin: true, prefix: 'lead' });
});

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof TeamServerError, `expected a TeamServerError, got ${err}`);
    return err.code;
  }
  return 'resolved';
}

describe('two teams', () => {
  test('a member of one team reads nothing of the other, by mnemo or by raw SQL', async () => {
    const a = await alice.open(teamA);
    const c = await carol.open(teamB);
    try {
      const secret = obs({ title: 'team A secret rotation plan', body: 'rotate the payment keys' });
      assert.equal((await a.push([secret])).inserted, 1);
      await c.push([obs({ title: 'team B own work' })]);

      assert.equal(await code(carol.open(teamA)), 'NOT_MEMBER');
      const page = await c.pull(0);
      assert.ok(page.changes.every((ch) => ch.op === 'put' && ch.record.uid !== secret.uid));
      assert.equal((await c.search({ query: 'rotation plan' })).length, 0);

      const raw = await carol.sql<{ uid: string }>('SELECT uid FROM mnemo.records');
      assert.ok(raw.rows.length >= 1);
      assert.ok(!raw.rows.some((r) => r.uid === secret.uid));
      const aId = (await fx.su<{ team_id: number }>('SELECT team_id FROM mnemo.teams WHERE name = $1', [teamA])).rows[0]!.team_id;
      assert.equal((await carol.sql('SELECT uid FROM mnemo.records WHERE team_id = $1', [aId])).rowCount, 0);
      assert.equal((await carol.sql('SELECT * FROM mnemo.teams WHERE team_id = $1', [aId])).rowCount, 0);
      // Writing into the other team is refused by the INSERT policy.
      await assert.rejects(
        carol.sql(`INSERT INTO mnemo.records (team_id, uid, kind, project, assistant, created_at) VALUES ($1, 'x1', 'observation', 'p/q', 'cli', 1)`, [aId]),
        /row-level security/,
      );
      // The counter that orders pushes is not theirs to touch at all.
      await assert.rejects(carol.sql('UPDATE mnemo.team_seq SET last_seq = 0'), /permission denied/);
    } finally {
      await a.close();
      await c.close();
    }
  });
});

describe('authorship', () => {
  test('the server sets the author from the login role; a forged one is overwritten', async () => {
    const a = await alice.open(teamA);
    try {
      const forged = { ...obs({ title: 'forged' }), author: bob.role } as never;
      await a.push([forged]);
      const page = await a.pull(0, 5000);
      const mine = page.changes.find((c) => c.op === 'put' && c.record.uid === (forged as { uid: string }).uid);
      assert.ok(mine && mine.op === 'put');
      assert.equal(mine.record.author, alice.role);

      const aId = (await fx.su<{ team_id: number }>('SELECT team_id FROM mnemo.teams WHERE name = $1', [teamA])).rows[0]!.team_id;
      await alice.sql(`INSERT INTO mnemo.records (team_id, uid, kind, project, assistant, created_at, author, seq) VALUES ($1, 'raw-forge', 'observation', 'p/q', 'cli', 1, $2, 1)`, [aId, bob.role]);
      const row = (await fx.su<{ author: string; seq: string }>(`SELECT author, seq FROM mnemo.records WHERE uid = 'raw-forge'`)).rows[0]!;
      assert.equal(row.author, alice.role);
      assert.notEqual(row.seq, '1', 'seq is the server\'s too');
      // Changing the author afterwards does not stick either.
      await alice.sql(`UPDATE mnemo.records SET author = $1 WHERE uid = 'raw-forge'`, [bob.role]);
      assert.equal((await fx.su<{ author: string }>(`SELECT author FROM mnemo.records WHERE uid = 'raw-forge'`)).rows[0]!.author, alice.role);
      // SET ROLE to the team role does not make records the team's.
      const t = (await fx.su<{ member_role: string }>('SELECT member_role FROM mnemo.teams WHERE name = $1', [teamA])).rows[0]!.member_role;
      const c = await import('pg');
      const client = new c.default.Client({ connectionString: alice.url });
      await client.connect();
      await client.query(`SET ROLE "${t}"`);
      await client.query(`INSERT INTO mnemo.records (team_id, uid, kind, project, assistant, created_at) VALUES ($1, 'set-role', 'observation', 'p/q', 'cli', 1)`, [aId]).catch(() => undefined);
      await client.end();
      const sr = (await fx.su<{ author: string }>(`SELECT author FROM mnemo.records WHERE uid = 'set-role'`)).rows[0];
      if (sr) assert.equal(sr.author, alice.role);
    } finally {
      await a.close();
    }
  });

  test("a member cannot change or forget another member's records; an admin can", async () => {
    const a = await alice.open(teamA);
    const b = await bob.open(teamA);
    const lead = await admin.open(teamA);
    try {
      const rec = obs({ title: 'alice original' });
      await a.push([rec]);
      // Through mnemo: bob's push of the same uid is rejected, his forget not allowed.
      const res = await b.push([{ ...rec, title: 'bob rewrote it', revision: 5 }]);
      assert.equal(res.rejected.length, 1);
      assert.match(res.rejected[0]!.reason, /another member/);
      const f = await b.forget([rec.uid]);
      assert.deepEqual(f.notAllowed, [rec.uid]);
      // Raw SQL: the policies leave bob nothing to update or delete.
      assert.equal((await bob.sql(`UPDATE mnemo.records SET title = 'pwned' WHERE uid = $1`, [rec.uid])).rowCount, 0);
      assert.equal((await bob.sql('DELETE FROM mnemo.records WHERE uid = $1', [rec.uid])).rowCount, 0);
      const still = (await fx.su<{ title: string }>('SELECT title FROM mnemo.records WHERE uid = $1', [rec.uid])).rows[0]!;
      assert.equal(still.title, 'alice original');
      // Alice herself can revise it.
      assert.equal((await a.push([{ ...rec, title: 'alice v2', revision: 1 }])).updated, 1);
      // The admin forgets it; a tombstone reaches pullers; a replay does not bring it back.
      const before = (await b.pull(0, 5000)).cursor;
      assert.deepEqual((await lead.forget([rec.uid])).forgotten, [rec.uid]);
      const page = await b.pull(before);
      assert.ok(page.changes.some((c) => c.op === 'forget' && c.tombstone.uid === rec.uid && c.tombstone.forgottenBy === admin.role));
      const replay = await a.push([{ ...rec, revision: 9 }]);
      assert.equal(replay.forgotten, 1);
      assert.equal((await fx.su('SELECT 1 FROM mnemo.records WHERE uid = $1', [rec.uid])).rowCount, 0);
      assert.equal((await lead.whoami()).admin, true);
      assert.equal((await b.whoami()).admin, false);
    } finally {
      await a.close();
      await b.close();
      await lead.close();
    }
  });
});

describe('a revoked member', () => {
  test('reads and writes nothing after remove-member, even on a connection opened before', async () => {
    const dave = await fx.member([teamA], { prefix: 'dave' });
    const d = await dave.open(teamA);
    try {
      await d.push([obs({ title: 'dave before leaving' })]);
      assert.ok((await d.pull(0)).changes.length > 0);
      const { removeMember } = await import('../../../src/store/postgres/admin.ts');
      const pg = (await import('pg')).default;
      const c = new pg.Client({ connectionString: fx.adminUrl });
      await c.connect();
      const r = await removeMember(c, teamA, dave.role);
      await c.end();
      assert.equal(r.stillMember, false);

      assert.equal(await code(d.whoami()), 'NOT_MEMBER');
      assert.equal(await code(d.pull(0)), 'NOT_MEMBER');
      assert.equal(await code(d.push([obs({ title: 'dave after leaving' })])), 'NOT_MEMBER');
      assert.equal(await code(d.search({ query: 'dave' })), 'NOT_MEMBER');
      assert.equal(await code(d.forget([])), 'resolved');
      assert.equal(await code(dave.open(teamA)), 'NOT_MEMBER');
      await assert.rejects(dave.sql('SELECT 1 FROM mnemo.records'), /permission denied/);
      await assert.rejects(dave.sql(`DELETE FROM mnemo.records`), /permission denied/);
      // Their records stay, authored by them.
      assert.equal((await fx.su('SELECT 1 FROM mnemo.records WHERE author = $1', [dave.role])).rowCount, 1);
    } finally {
      await d.close();
    }
  });
});

describe('schema versions', () => {
  test('a database without the schema, an older and a newer one are refused with a clear message', async () => {
    const other = await teamFixture(fx.cluster);
    const url = alice.url.replace(`/${fx.db}?`, `/${other.db}?`);
    await other.su(`GRANT CONNECT ON DATABASE "${other.db}" TO "${alice.role}"`);
    const none = await openTeamServer({ url, team: teamA }).catch((e) => e);
    assert.equal(none.code, 'NO_SCHEMA');
    assert.match(none.message, /mnemo team init/);

    const t = await other.team('v');
    const eve = await other.member([t], { prefix: 'eve' });
    await other.su('INSERT INTO mnemo.mnemo_schema (version) VALUES (99)');
    const newer = await eve.open(t).catch((e) => e);
    assert.equal(newer.code, 'NEWER_SCHEMA');
    assert.match(newer.message, /upgrade mnemo/);
    await other.su('DELETE FROM mnemo.mnemo_schema');
    const older = await eve.open(t).catch((e) => e);
    assert.equal(older.code, 'OLD_SCHEMA');
    assert.match(older.message, /team init/);
  });

  test('wrong password and a server that is not there', async () => {
    const bad = alice.url.replace(encodeURIComponent(alice.password), 'wrong');
    assert.equal(await code(openTeamServer({ url: bad, team: teamA })), 'AUTH');
    assert.equal(await code(openTeamServer({ url: 'postgres://x@127.0.0.1:1/db?sslmode=disable&connect_timeout=2', team: teamA })), 'UNREACHABLE');
  });
});

after(async () => {
  // The cluster is stopped at exit (or belongs to .ci/run); the database goes with it.
});
