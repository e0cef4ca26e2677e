/**
 * The shared search contract against the local mirror: teammates' records arrive as a pull delivers
 * them (store.team.apply) and are searched offline, as `mnemo search --scope team` does. The same
 * suite runs against the SQLite store (own records) and the PostgreSQL team server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TeamChange, TeamRecord } from '../../../src/core/team/contract.ts';
import { openSqlite } from '../../../src/store/sqlite/driver.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { runSearchContract, type ContractDoc } from '../../contract/search-contract.ts';

const KEYS: Readonly<Record<string, string>> = { '/work/one': 'github.com/acme/one', '/work/two': 'github.com/acme/two' };

runSearchContract('local mirror of the team', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-contract-mirror-'));
  const store = SqliteStore.open({ path: join(dir, 'm.db'), busyTimeoutMs: 1000 });
  // The store speaks observation ids, the suite uids: the mirror keeps each record's server uid.
  const raw = openSqlite(join(dir, 'm.db'), { readonly: true });
  const uidAt = raw.prepare('SELECT uid FROM observations WHERE id = ?').pluck();
  for (const [project, key] of Object.entries(KEYS)) store.team.share(project, key, { prompts: true, history: false });
  const ctx = { me: 'me', origin: 'contract@test' };
  let seq = 0;
  const put = (d: ContractDoc): TeamChange => ({
    op: 'put',
    record: {
      kind: 'observation', uid: d.uid, project: KEYS[d.project]!, assistant: 'codex', createdAt: d.createdAt, sessionUid: `s-${d.project}`,
      obsKind: 'tool', type: d.type ?? 'change', title: d.title, body: d.body, files: [], ...(d.tags ? { tags: d.tags } : {}), ...(d.why ? { why: d.why } : {}),
      author: 'teammate', seq: ++seq, pushedAt: Date.now(),
    } as TeamRecord,
  });
  return {
    projects: ['/work/one', '/work/two'],
    async ingest(docs) {
      const r = await store.team.apply(docs.map(put), seq, ctx);
      return { inserted: r.applied, duplicates: r.skipped };
    },
    async search(query, opts = {}) {
      const hits = await store.search({ query, scope: 'team', ...(opts.project ? { project: opts.project } : {}), limit: opts.limit ?? 20 });
      return hits.map((h) => (uidAt.get(h.observation.id) as string | undefined) ?? `#${h.observation.id}`);
    },
    async forget(uids) {
      await store.team.apply(uids.map((uid) => ({ op: 'forget', tombstone: { uid, kind: 'observation', project: 'github.com/acme/one', forgottenBy: 'teammate', seq: ++seq, forgottenAt: Date.now() } })), seq, ctx);
    },
    async close() {
      raw.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
