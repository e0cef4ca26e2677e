/** The shared search contract against the local SQLite store. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CapturedEvent } from '../../../src/core/types.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { runSearchContract, type ContractDoc } from '../../contract/search-contract.ts';

runSearchContract('SQLite store', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-contract-'));
  const store = SqliteStore.open({ path: join(dir, 'm.db'), busyTimeoutMs: 1000 });
  // The Store contract speaks observation ids; the suite speaks uids.
  const uidOf = new Map<number, string>();
  const idOf = new Map<string, number>();
  const toEvent = (d: ContractDoc): CapturedEvent => ({
    uid: d.uid,
    at: d.createdAt,
    event: 'PostToolUse',
    platform: 'claude-code',
    externalSessionId: 'contract',
    place: { project: d.project },
    dedupeKey: `post:${d.uid}`,
    observation: { kind: 'tool', type: d.type ?? 'change', title: d.title, body: d.body, files: [], private: false, toolUseId: d.uid, ...(d.tags ? { tags: d.tags } : {}) },
  });
  return {
    projects: ['/work/one', '/work/two'],
    async ingest(docs) {
      const fresh = docs.filter((d) => !idOf.has(d.uid));
      const r = await store.ingest(docs.map(toEvent));
      fresh.forEach((d, i) => {
        const id = r.ids[i];
        if (id !== undefined) {
          uidOf.set(id, d.uid);
          idOf.set(d.uid, id);
        }
      });
      // The transcript reader's part: the narration, linked to the call by its id.
      const narrated = fresh.filter((d) => d.why).map((d) => ({ session: 'contract', callId: d.uid, why: d.why! }));
      if (narrated.length) store.saveNarration('claude-code', narrated);
      return { inserted: r.ids.length, duplicates: r.duplicates };
    },
    async search(query, opts = {}) {
      const hits = await store.search({ query, ...(opts.project ? { project: opts.project } : {}), limit: opts.limit ?? 20 });
      return hits.map((h) => uidOf.get(h.observation.id) ?? `#${h.observation.id}`);
    },
    async forget(uids) {
      await store.forget({ ids: uids.flatMap((u) => (idOf.has(u) ? [idOf.get(u)!] : [])) });
    },
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
