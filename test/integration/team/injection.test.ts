/**
 * SQL injection through every field and query of the team server: pushed fields, search text and
 * filters, forget uids, cursors, team and role names of the admin commands. Each hostile value must
 * be stored or matched literally, or refused with a clear error, and the schema must stay whole.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import pg from 'pg';
import { addMember, initTeam, removeMember } from '../../../src/store/postgres/admin.ts';
import { obs, teamFixture, type Member, type TeamFixture } from '../../helpers/team-fixture.ts';
import { createLogin } from '../../helpers/pg.ts';
import { SERVER_MIGRATIONS } from '../../../src/store/postgres/migrations.ts';

const HOSTILE = [
  `'); DROP TABLE mnemo.records; --`,
  `" OR 1=1 --`,
  `\\'; SELECT pg_sleep(3); --`,
  `$1 $2::text`,
  `%I %L %s`,
  `x' | 'y`,
  `a & !b <-> c:*`,
  `'':* | !`,
  `\u0000nul\u0000`,
  `lone \ud800 surrogate`,
  `; DELETE FROM mnemo.tombstones; SELECT '`,
  `E'\\x27'`,
  `$$; DROP SCHEMA mnemo CASCADE; $$`,
];

let fx: TeamFixture;
let team: string;
let alice: Member;

before(async () => {
  fx = await teamFixture();
  team = await fx.team('inj');
  alice = await fx.member([team], { prefix: 'alice' });
});

async function schemaWhole(): Promise<void> {
  const t = await fx.su<{ n: string }>(`SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'mnemo'`);
  assert.equal(Number(t.rows[0]!.n), 5, 'every mnemo table is still there');
  assert.equal((await fx.su(`SELECT 1 FROM mnemo.mnemo_schema`)).rowCount, SERVER_MIGRATIONS.length, 'every migration still recorded');
}

test('hostile values in every pushed field are stored literally', async () => {
  const s = await alice.open(team);
  try {
    const records = HOSTILE.map((h, i) =>
      obs({
        uid: `u${i}-${h}`.slice(0, 200),
        project: `github.com/x/${h}`,
        branch: h,
        assistant: `a${h}`,
        sessionUid: `s${h}`,
        title: `title ${h}`,
        body: `body ${h}`,
        tags: h,
        files: [h, `src/${h}.ts`],
        toolName: h,
      }),
    );
    const res = await s.push(records);
    assert.equal(res.inserted, HOSTILE.length, JSON.stringify(res.rejected));
    await schemaWhole();
    const page = await s.pull(0, 5000);
    const byUid = new Map(page.changes.flatMap((c) => (c.op === 'put' ? [[c.record.uid, c.record]] : [])));
    for (let i = 0; i < HOSTILE.length; i++) {
      const clean = HOSTILE[i]!.replace(/\u0000/g, '').replace(/\ud800/g, '\ufffd');
      const r = byUid.get(`u${i}-${clean}`.slice(0, 200));
      assert.ok(r && r.kind === 'observation', `record ${i} came back`);
      assert.equal(r.branch, clean);
      assert.equal(r.title, `title ${clean}`);
      assert.deepEqual(r.files, [clean, `src/${clean}.ts`]);
      assert.equal(r.toolName, clean);
    }
    // Idempotent: the same hostile batch again stores nothing new.
    const again = await s.push(records);
    assert.equal(again.inserted, 0);
    assert.equal(again.duplicates, HOSTILE.length);
  } finally {
    await s.close();
  }
});

test('hostile search text and filters match literally and never raise', async () => {
  const s = await alice.open(team);
  try {
    await s.push([obs({ title: 'pool leak fixed in src/db/pool.ts', body: 'the connection pool leaked' })]);
    for (const h of HOSTILE) {
      const hits = await s.search({ query: h, projects: [h], types: [h as never], authors: [h], assistant: h, branch: h, since: 0, until: Date.now() });
      assert.ok(Array.isArray(hits));
      await s.search({ query: `pool ${h}` });
    }
    // A filter value that is SQL finds nothing rather than everything.
    assert.equal((await s.search({ query: 'pool', projects: [`' OR '1'='1`] })).length, 0);
    assert.ok((await s.search({ query: 'pool' })).length >= 1);
    // Tsquery syntax in the text is words, not operators.
    const hits = await s.search({ query: `pool & !leak` });
    assert.ok(hits.some((h) => h.record.title.includes('pool leak')), 'the "!" negated nothing');
    await schemaWhole();
  } finally {
    await s.close();
  }
});

test('hostile uids to forget and cursors are refused or missing, never executed', async () => {
  const s = await alice.open(team);
  try {
    const res = await s.forget(HOSTILE);
    assert.equal(res.forgotten.length, 0);
    await assert.rejects(s.pull(Number.NaN), /cursor/);
    await assert.rejects(s.pull(-1), /cursor/);
    await assert.rejects(s.pull('1; DROP TABLE x' as never), /cursor/);
    await schemaWhole();
  } finally {
    await s.close();
  }
});

test('role and team names in the admin commands are identifiers, never SQL', async () => {
  const c = new pg.Client({ connectionString: fx.adminUrl });
  await c.connect();
  try {
    // A real role whose name is an injection attempt is added and removed as that very role.
    // Unique per run: roles outlive the test's database (CI runs the suite once per Node on one cluster).
    const weird = `x"; DROP TABLE mnemo.records; --${Date.now().toString(36)}`;
    await c.query(`CREATE ROLE "${weird.replace(/"/g, '""')}" LOGIN`);
    const added = await addMember(c, team, weird);
    assert.equal(added.role, weird);
    const granted = await c.query(`SELECT pg_has_role($1, $2, 'USAGE') AS ok`, [weird, `mnemo_team_${team}`]);
    assert.equal(granted.rows[0].ok, true);
    await removeMember(c, team, weird);
    for (const h of HOSTILE) {
      await assert.rejects(addMember(c, team, h), /no role/);
      await assert.rejects(initTeam(c, h), /team names/);
    }
    await assert.rejects(addMember(c, `a"; DROP TABLE mnemo.records; --`, 'postgres'), /team names/);
    const { role } = await createLogin(fx.cluster, 'ok');
    assert.equal((await addMember(c, team, role)).role, role);
    await schemaWhole();
  } finally {
    await c.end();
  }
});
