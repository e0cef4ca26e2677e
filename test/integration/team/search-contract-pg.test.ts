/** The shared search contract against the team server on PostgreSQL, and what only the server does. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runSearchContract, type ContractDoc } from '../../contract/search-contract.ts';
import { obs, teamFixture } from '../../helpers/team-fixture.ts';

runSearchContract('PostgreSQL team server', async () => {
  const fx = await teamFixture();
  const team = await fx.team('sc');
  const m = await fx.member([team]);
  const s = await m.open(team);
  const toRecord = (d: ContractDoc) => obs({ uid: d.uid, title: d.title, body: d.body, tags: d.tags ?? '', project: d.project, createdAt: d.createdAt, type: d.type ?? 'change', files: [], ...(d.why ? { why: d.why } : {}) });
  return {
    projects: ['github.com/acme/one', 'github.com/acme/two'],
    async ingest(docs) {
      const r = await s.push(docs.map(toRecord));
      return { inserted: r.inserted, duplicates: r.duplicates };
    },
    async search(query, opts = {}) {
      const hits = await s.search({ query, ...(opts.project ? { projects: [opts.project] } : {}), limit: opts.limit ?? 20 });
      return hits.map((h) => h.record.uid);
    },
    async forget(uids) {
      await s.forget(uids);
    },
    close: () => s.close(),
  };
});

test('team server: records the structure lists bring in pass the query filters (type, scope, time)', async () => {
  const fx = await teamFixture();
  const team = await fx.team('sf');
  const s = await (await fx.member([team])).open(team);
  try {
    const t0 = 1_760_000_000_000;
    const rec = (uid: string, type: 'error' | 'change', title: string, at: number) => obs({ uid, type, title, body: '', sessionUid: 'sess-f', createdAt: at, files: [] });
    await s.push([rec('f-fail', 'error', 'Failed: Ran `make` — zebraquux not found', t0), rec('f-fix', 'change', 'Edited Makefile (+1 −1)', t0 + 1000)]);
    const uids = async (q: Partial<Parameters<typeof s.search>[0]>) => (await s.search({ query: 'how did we fix zebraquux', limit: 10, ...q })).map((h) => h.record.uid);
    assert.deepEqual(await uids({}), ['f-fix', 'f-fail'], 'the fix, brought in by the structure, first');
    assert.deepEqual(await uids({ types: ['error'] }), ['f-fail'], 'a type filter keeps the fix out');
    assert.deepEqual(await uids({ until: t0 + 500 }), ['f-fail'], 'so does a time filter');
    assert.deepEqual(await uids({ scope: 'team' }), [], 'and the scope: both are mine');
  } finally {
    await s.close();
  }
});

test('team server: a katakana word takes the English words the member gives for it (its own store read them), nothing malformed', async () => {
  const fx = await teamFixture();
  const team = await fx.team('lw');
  const s = await (await fx.member([team])).open(team);
  try {
    const rec = (uid: string, title: string) => obs({ uid, type: 'command', title, body: '', createdAt: 1_760_000_000_000, files: [] });
    await s.push([rec('lw-charm', 'Ran `charmcraft pack` — packed the grafana charm'), rec('lw-time', 'Set the time zone')]);
    const uids = async (loanwords?: unknown) => (await s.search({ query: 'チャーム', limit: 10, ...(loanwords ? { loanwords: loanwords as Record<string, string[]> } : {}) })).map((h) => h.record.uid);
    assert.deepEqual(await uids(), [], 'the server alone has no English for it');
    assert.deepEqual(await uids({ チャーム: ['charm'] }), ['lw-charm']);
    assert.deepEqual(await uids({ チャーム: 'charm' }), [], 'not a list');
    assert.deepEqual(await uids({ チャーム: [42, 'x'.repeat(500)] }), [], 'no word in it');
    assert.deepEqual(await uids({ スキル: ['time'] }), [], 'only for a katakana word of the query');
  } finally {
    await s.close();
  }
});
