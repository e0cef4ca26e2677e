/**
 * One behaviour suite for every store that searches observations: the local SQLite store and the
 * team server on PostgreSQL (and any mirror of it). Each store is wrapped as a `SearchSubject`; the
 * suite knows nothing of SQL. What both must do: English stems, CJK found through bigrams, identifiers
 * and paths, titles above bodies, ingest idempotent by uid, forget, filters, hostile queries.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ObsType } from '../../src/core/types.ts';

export interface ContractDoc {
  readonly uid: string;
  readonly title: string;
  readonly body: string;
  readonly tags?: string;
  /** A project identity the store understands (a path locally, a remote key on the server). */
  readonly project: string;
  readonly createdAt: number;
  readonly type?: ObsType;
  /** The assistant's words before the call (narration): searchable, weighed above the body. */
  readonly why?: string;
}

export interface SearchSubject {
  /** The two projects the suite may use. */
  readonly projects: readonly [string, string];
  ingest(docs: readonly ContractDoc[]): Promise<{ inserted: number; duplicates: number }>;
  /** Uids, best first. */
  search(query: string, opts?: { project?: string; limit?: number }): Promise<string[]>;
  forget(uids: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

const T0 = 1_760_000_000_000;

export function runSearchContract(name: string, makeSubject: () => Promise<SearchSubject>): void {
  describe(`search contract: ${name}`, () => {
    let s: SearchSubject;
    let p1: string;
    let p2: string;
    const doc = (uid: string, title: string, body: string, over: Partial<ContractDoc> = {}): ContractDoc => ({ uid, title, body, project: p1, createdAt: T0 + uid.length * 1000, ...over });

    before(async () => {
      s = await makeSubject();
      [p1, p2] = s.projects;
      const docs: ContractDoc[] = [
        doc('en-pool', 'Fixed pooling of database connections', 'the pool leaked connections under load'),
        doc('en-other', 'Updated the changelog', 'release notes for version 2'),
        doc('zh-leak', '修复连接池泄漏', '数据库连接池在高负载下泄漏'),
        doc('zh-other', '更新文档', '发布说明'),
        doc('path', 'Edited src/db/pool.ts', 'changed the retry loop', { tags: 'src/db/pool.ts pool.ts' }),
        doc('ident', 'Renamed getObservations to fetchObservations', 'call sites updated in the MCP server'),
        doc('title-hit', 'Migration runner crashed', 'stack trace attached'),
        doc('body-hit', 'Looked at logs', 'the migration runner printed a warning once'),
        doc('p2-doc', 'Fixed pooling in the other project', 'same words, other project', { project: p2 }),
      ];
      const first = await s.ingest(docs);
      assert.equal(first.inserted, docs.length);
    });
    after(() => s.close());

    test('English words are stemmed: "connection pool" finds "pooling of database connections"', async () => {
      const hits = await s.search('connection pool', { project: p1 });
      assert.equal(hits[0], 'en-pool');
      assert.ok(!hits.includes('en-other'));
    });

    test('CJK is found through bigrams, inside longer runs', async () => {
      // Found, not necessarily first: a store with a glossary may rank English records holding the
      // term's translation (`connection pool`) above it, as code and logs are English.
      assert.ok((await s.search('连接池', { project: p1 })).includes('zh-leak'));
      assert.ok((await s.search('泄漏', { project: p1 })).includes('zh-leak'));
      assert.ok(!(await s.search('连接池', { project: p1 })).includes('zh-other'));
    });

    test('paths and identifiers', async () => {
      assert.equal((await s.search('src/db/pool.ts', { project: p1 }))[0], 'path');
      assert.ok((await s.search('pool.ts', { project: p1 })).includes('path'));
      assert.equal((await s.search('getObservations', { project: p1 }))[0], 'ident');
    });

    test('a title match ranks above a body-only match', async () => {
      const hits = await s.search('migration runner', { project: p1 });
      assert.deepEqual(hits.slice(0, 2), ['title-hit', 'body-hit']);
    });

    test('the project filter keeps other projects out', async () => {
      const hits = await s.search('pooling', { project: p2 });
      assert.deepEqual(hits, ['p2-doc']);
      assert.ok((await s.search('pooling')).includes('p2-doc'));
    });

    test('ingest is idempotent by uid', async () => {
      const again = await s.ingest([doc('en-pool', 'Fixed pooling of database connections', 'the pool leaked connections under load')]);
      assert.equal(again.inserted, 0);
      assert.equal(again.duplicates, 1);
      assert.equal((await s.search('connection pool', { project: p1 })).filter((u) => u === 'en-pool').length, 1);
    });

    test('forget removes a record from search', async () => {
      await s.ingest([doc('to-forget', 'Temporary quokka note', 'quokka')]);
      assert.deepEqual(await s.search('quokka', { project: p1 }), ['to-forget']);
      await s.forget(['to-forget']);
      assert.deepEqual(await s.search('quokka', { project: p1 }), []);
    });

    test("the assistant's narration is searchable, and outweighs the same words in raw output", async () => {
      await s.ingest([
        doc('why-hit', 'Edited src/retry.ts', 'added a guard', { why: 'the zorbflux client swallows the timeout, so surface the error first', createdAt: T0 }),
        doc('why-body', 'Ran the integration tests', 'zorbflux client log: timeout after 30s, retrying', { createdAt: T0 }),
      ]);
      const hits = await s.search('zorbflux timeout', { project: p1 });
      assert.deepEqual(hits.slice(0, 2), ['why-hit', 'why-body']);
    });

    test('"how did we fix X": the change right after the failure naming X ranks first, though its own text never names X', async () => {
      await s.ingest([
        doc('fx-fail', 'Failed: Ran `npm test` — TypeError: cannot read quokkabyte of undefined', 'at render (src/view.ts:40)', { type: 'error', createdAt: T0 + 100_000 }),
        doc('fx-edit', 'Edited src/view.ts (+3 −1)', 'return early while the model is loading', { type: 'change', createdAt: T0 + 101_000 }),
        doc('fx-later', 'Ran git status', 'nothing to commit', { type: 'command', createdAt: T0 + 200_000 }),
      ]);
      const hits = await s.search('how did we fix the quokkabyte TypeError', { project: p1 });
      assert.deepEqual(hits.slice(0, 2), ['fx-edit', 'fx-fail']);
      assert.ok(!(await s.search('how did we fix the quokkabyte TypeError', { project: p2 })).includes('fx-edit'), 'not from another project');
    });

    test('hostile and empty queries return lists, never errors', async () => {
      for (const q of ['', '   ', '"', "'; DROP TABLE x; --", 'a & !b | c:*', '((', '*', 'NEAR(a b)', '连']) {
        assert.ok(Array.isArray(await s.search(q)), q);
      }
    });
  });
}
