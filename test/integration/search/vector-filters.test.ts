/**
 * Vector neighbours respect the search filters before the cut: a filtered search gets its neighbours
 * from inside the filter on each path — exact (few rows in scope), the Hamming selection restricted to
 * an indexed filter's rows, and the growing over-fetch for filters without an index; sqlite-vec's own
 * KNN (the fallback) too — with the thresholds lowered so a small store reaches them all.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';
import { createHashEmbedder } from '../../../src/embed/hash.ts';
import { embedPending } from '../../../src/search/embed-loop.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { VectorIndex } from '../../../src/store/sqlite/vectors.ts';
import { obs, tmp } from './helpers.ts';

const QUERY = 'connection pool timeout retry';
/** 80 records in project A that match the query closely, 12 errors in B that match it loosely, each a little differently. */
async function seeded(path: string): Promise<{ store: SqliteStore; b: Set<number> }> {
  const store = SqliteStore.open({ path, busyTimeoutMs: 1000 });
  const a = Array.from({ length: 80 }, (_, i) => obs({ title: `connection pool timeout retry ${['alpha', 'beta', 'gamma', 'delta'][i % 4]} note${i}` }));
  const bRows = Array.from({ length: 12 }, (_, i) => obs({ title: `pool ${'timeout '.repeat(1 + (i % 3))} handler${i} widget${i} render${i}`, type: 'error', kind: 'error' }, { place: { project: '/proj/b' } }));
  await store.ingest([...a, ...bRows]);
  const b = new Set((await store.search({ query: 'pool', project: '/proj/b', limit: 50 }, { semantic: false })).map((h) => h.observation.id));
  assert.equal(b.size, 12);
  return { store, b };
}

test('semantic search with a project filter finds neighbours inside the project, not only among the global nearest', async () => {
  const { store, b } = await seeded(join(tmp(), 'm.db'));
  try {
    const embedder = createHashEmbedder();
    const index = store.enableSemantic(embedder)!;
    await embedPending(index, embedder);
    // The 50 global nearest are all in project A: filtering them afterwards would leave nothing.
    const [q] = await embedder.embed([QUERY], 'query');
    assert.ok(index.knn(q!, 50).every((id) => !b.has(id)), 'the fixture puts B outside the global top 50');
    const hits = await store.search({ query: QUERY, project: '/proj/b', limit: 5 }, { keyword: false });
    assert.equal(hits.length, 5);
    assert.ok(hits.every((h) => h.observation.project === '/proj/b'));
  } finally {
    await store.close();
  }
});

test('knn with filters: every path agrees with the exact one; the over-fetch grows until enough survive, within its cap', async () => {
  const path = join(tmp(), 'm.db');
  const { store, b } = await seeded(path);
  await store.close();
  const db = openSqlite(path);
  try {
    const embedder = createHashEmbedder();
    const exact = VectorIndex.open(db, embedder.id)!;
    await embedPending(exact, embedder);
    const [q] = await embedder.embed([QUERY], 'query');
    const want = exact.knn(q!, 5, { project: '/proj/b' });
    assert.equal(want.length, 5);
    assert.ok(want.every((id) => b.has(id)));
    // Over 10 rows in scope is "many": an indexed filter (project) whose rows the Hamming-nearest
    // miss restricts the selection to its rows; taking 12 candidates covers all of B's, so the
    // re-ranking must give the exact answer.
    const restricted = VectorIndex.open(db, embedder.id, { tuning: { exactUpTo: 10, coarse: 12 } })!;
    assert.deepEqual(restricted.knn(q!, 5, { project: '/proj/b' }), want);
    const few = VectorIndex.open(db, embedder.id, { tuning: { exactUpTo: 10, coarse: 6 } })!.knn(q!, 5, { project: '/proj/b', since: 0 });
    assert.ok(few.length === 5 && few.every((id) => b.has(id)), 'restricted: candidates only from inside the filter');
    // The type is indexed too (migration 5's deferred index, built at once in a new store): even with
    // the growth capped at the first take, its rows are found.
    const capAtFirst = VectorIndex.open(db, embedder.id, { tuning: { exactUpTo: 10, coarse: 8, maxCoarse: 8 } })!;
    assert.deepEqual(capAtFirst.knn(q!, 5, { types: ['error'] }), want);
    // A filter without an index (platform; every row has this one, so the scope is B's errors) takes
    // the over-fetch path: the first 8 Hamming candidates hold too few of them, so it grows, and ends
    // with the exact answer.
    const unindexed = { types: ['error'], platform: 'claude-code' } as const;
    const growing = VectorIndex.open(db, embedder.id, { tuning: { exactUpTo: 10, coarse: 8, maxCoarse: 10_000 } })!;
    assert.deepEqual(growing.knn(q!, 5, unindexed), want);
    assert.deepEqual(exact.knn(q!, 5, unindexed), want);
    // With the growth capped at the first take, it returns what survived of it: fewer, never outsiders.
    const capped = capAtFirst.knn(q!, 5, unindexed);
    assert.ok(capped.length < 5 && capped.every((id) => b.has(id)), `capped: ${capped.length}`);
    // sqlite-vec's own KNN (the fallback where its chunks cannot be read) agrees on each path.
    const vec0 = (t: object) => VectorIndex.open(db, embedder.id, { tuning: { exactUpTo: 10, signCodes: false, ...t } })!;
    assert.deepEqual(vec0({ coarse: 12 }).knn(q!, 5, { project: '/proj/b' }), want);
    assert.deepEqual(vec0({ coarse: 8, maxCoarse: 10_000 }).knn(q!, 5, unindexed), want);
    // Empty scopes are empty; a scope smaller than n comes back whole; unfiltered still works.
    assert.deepEqual(exact.knn(q!, 5, { project: '/proj/b', since: Number.MAX_SAFE_INTEGER }), []);
    assert.deepEqual(restricted.knn(q!, 5, { project: '/proj/b', since: Number.MAX_SAFE_INTEGER }), []);
    assert.deepEqual(growing.knn(q!, 3, { types: ['error'], platform: 'nowhere' }), []);
    assert.deepEqual(new Set(exact.knn(q!, 20, { project: '/proj/b' })), b);
    assert.deepEqual(new Set(growing.knn(q!, 20, unindexed)), b);
    assert.deepEqual(new Set(growing.knn(q!, 20, { types: ['error'] })), b);
    assert.equal(growing.knn(q!, 5).length, 5);
  } finally {
    db.close();
  }
});
