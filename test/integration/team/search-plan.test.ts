/**
 * How the team server's search reaches its rows, on a real PostgreSQL: row-level security must not
 * keep a member's `@@` off the GIN index (ts_match_vq is not LEAKPROOF, so a member's own query
 * plans a scan of every row of the team); the schema's search functions must use the index, must
 * answer only for the caller's own team, and must take the caller's role for `mine` / `team` from the
 * session, never from an argument. Plans are read from auto_explain's notices, in a superuser session
 * that has become the member (SET SESSION AUTHORIZATION: session_user is the member, as for a login).
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import pg from 'pg';
import type { SharedObservation } from '../../../src/core/team/contract.ts';
import { obs, teamFixture, type Member, type TeamFixture } from '../../helpers/team-fixture.ts';

let fx: TeamFixture;
let team: string;
let other: string;
let alice: Member;
let bob: Member;
let teamId: number;
let otherId: number;

const ROWS = 3000;

before(async () => {
  fx = await teamFixture();
  team = await fx.team('sp');
  other = await fx.team('sq');
  alice = await fx.member([team]);
  bob = await fx.member([team, other]);
  const a = await alice.open(team);
  // Enough rows that a scan and an index lookup are different plans: a rare word in 3 of them.
  const recs: SharedObservation[] = [];
  for (let i = 0; i < ROWS; i++) {
    const rare = i % 1000 === 7;
    // Every row holds the words src, db, pool and ts; 30 hold the path src/db/pool.ts.
    const paths = i % 100 === 3 ? 'src/db/pool.ts' : 'src/api/pool.ts src/db/client.ts';
    recs.push(obs({ title: rare ? `tuned the quokkalator ${i}` : `edited module ${i % 50}`, body: rare ? 'quokkalator settings' : `plain body ${i % 13} ${paths}`, files: [] }));
  }
  for (let i = 0; i < recs.length; i += 1000) await a.push(recs.slice(i, i + 1000));
  await a.close();
  const b = await bob.open(team);
  await b.push([obs({ title: 'bob wrote about the quokkalator', body: 'quokkalator' })]);
  await b.close();
  await fx.su('ANALYZE mnemo.records');
  const ids = await fx.su<{ name: string; team_id: number }>('SELECT name, team_id FROM mnemo.teams');
  teamId = ids.rows.find((r) => r.name === team)!.team_id;
  otherId = ids.rows.find((r) => r.name === other)!.team_id;
});

/** Run `fn` in a superuser session turned into `member`, collecting auto_explain's plans of nested statements. */
async function asMember<T>(member: Member, fn: (c: pg.Client) => Promise<T>): Promise<{ out: T; plans: string[] }> {
  const c = new pg.Client({ connectionString: fx.adminUrl });
  const plans: string[] = [];
  c.on('notice', (n) => plans.push(n.message ?? ''));
  await c.connect();
  try {
    await c.query("LOAD 'auto_explain'");
    await c.query("SET auto_explain.log_min_duration = 0; SET auto_explain.log_nested_statements = on; SET auto_explain.log_level = notice; SET auto_explain.log_analyze = on; SET client_min_messages = notice");
    await c.query(`SET SESSION AUTHORIZATION "${member.role}"`);
    const out = await fn(c);
    return { out, plans };
  } finally {
    await c.end();
  }
}

test("a member's own @@ query is kept off the GIN index by row-level security (the reason for the functions)", async () => {
  const { plans } = await asMember(alice, (c) => c.query(`SELECT seq FROM mnemo.records r WHERE r.team_id = $1 AND r.search @@ to_tsquery('english', 'quokkalator')`, [teamId]));
  const plan = plans.join('\n');
  assert.match(plan, /Seq Scan on records|Index Scan using records_/);
  assert.doesNotMatch(plan, /records_search/);
});

test('the search functions use the GIN index for a member, and find the rare word', async () => {
  const { out, plans } = await asMember(alice, async (c) => {
    const n = await c.query<{ n: number }>(`SELECT n FROM mnemo.count_matches($1, to_tsquery('english', 'quokkalator'), 1501)`, [teamId]);
    const l = await c.query<{ seq: string }>(`SELECT seq FROM mnemo.match_list($1, to_tsquery('english', 'quokkalator'), 'rank', NULL, 50, false)`, [teamId]);
    return { n: n.rows[0]!.n, seqs: l.rows.length };
  });
  assert.deepEqual(out, { n: 4, seqs: 4 });
  const nested = plans.filter((p) => /Query Text: SELECT (count|w\.seq)/.test(p));
  assert.ok(nested.length >= 2, plans.join('\n---\n'));
  for (const p of nested) assert.match(p, /Bitmap Index Scan on records_search/, p);
});

test('walking the newest rows is chosen on request, for words most rows hold', async () => {
  const { out, plans } = await asMember(alice, (c) =>
    c.query<{ seq: string; considered: number }>(`SELECT seq, considered FROM mnemo.match_list($1, to_tsquery('english', 'edited'), 'rank', 600, 20, true)`, [teamId]),
  );
  assert.equal(out.rows.length, 20);
  assert.equal(out.rows[0]!.considered, 600);
  assert.match(plans.find((p) => /Query Text: SELECT w\.seq/.test(p)) ?? '', /Index Scan Backward using records_team_id_seq_key/);
});

test('a name asks for its pair words: the index narrows it to the rows that hold the name', async () => {
  const s = await alice.open(team);
  try {
    const hits = await s.search({ query: 'src/db/pool.ts', limit: 50 });
    assert.equal(hits.length, 30);
    for (const h of hits) assert.match(h.record.body, /src\/db\/pool\.ts/);
  } finally {
    await s.close();
  }
  const { plans } = await asMember(alice, (c) =>
    c.query(`SELECT seq FROM mnemo.match_list($1, to_tsquery('english', $2), 'names', NULL, 50, false)`, [teamId, `('src0db' & 'db0pool' & 'pool0ts' & ('src' <-> 'db' <-> 'pool' <-> 'ts'))`]),
  );
  const plan = plans.find((p) => /Query Text: SELECT w\.seq/.test(p)) ?? '';
  assert.match(plan, /Bitmap Index Scan on records_search/);
  assert.match(plan, /Index Cond: \(search @@ .*db0pool/);
  // Only the rows holding the pairs were read back to test the phrase.
  assert.doesNotMatch(plan, /Rows Removed by Index Recheck: [1-9]\d{2,}/);
});

test("the functions answer only for the caller's own team", async () => {
  for (const sql of [
    `SELECT * FROM mnemo.count_matches($1, to_tsquery('english', 'quokkalator'), 10)`,
    `SELECT * FROM mnemo.match_list($1, to_tsquery('english', 'quokkalator'), 'rank', NULL, 10, NULL)`,
  ]) {
    const err = await alice.sql(sql, [otherId]).catch((e: unknown) => e as { code?: string; message?: string });
    assert.equal((err as { code?: string }).code, '42501', sql);
    assert.match((err as { message?: string }).message ?? '', /is not a member of team/);
    // Bob is in both teams; the other team has no such rows, and his own does.
    assert.equal((await bob.sql(sql, [otherId])).rowCount, sql.includes('count_matches') ? 1 : 0);
  }
});

test("scope 'mine' and 'team' take the caller from the session", async () => {
  const a = await alice.open(team);
  const b = await bob.open(team);
  try {
    const mine = await b.search({ query: 'quokkalator', scope: 'mine' });
    assert.deepEqual(
      mine.map((h) => h.record.author),
      [bob.role],
    );
    const theirs = await b.search({ query: 'quokkalator', scope: 'team' });
    assert.equal(theirs.length, 3);
    assert.ok(theirs.every((h) => h.record.author === alice.role));
    assert.equal((await a.search({ query: 'quokkalator', scope: 'team' })).length, 1);
    assert.equal((await a.search({ query: 'quokkalator', scope: 'all' })).length, 4);
  } finally {
    await a.close();
    await b.close();
  }
});
