/** The shared search contract against the team server on PostgreSQL. */
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
