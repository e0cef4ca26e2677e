/**
 * Vector neighbours respect the search filters before the cut: a filtered search gets its neighbours
 * from inside the filter, on the exact path (few rows in scope) and on the coarse Hamming path with
 * its growing over-fetch (thresholds lowered so a small store reaches it).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
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

test('knn with filters: the coarse path over-fetches until enough candidates survive, and agrees with the exact path', async () => {
  const path = join(tmp(), 'm.db');
  const { store, b } = await seeded(path);
  await store.close();
  const db = new Database(path);
  try {
    const embedder = createHashEmbedder();
    const exact = VectorIndex.open(db, embedder.id)!;
    await embedPending(exact, embedder);
    // Scope over 10 rows goes coarse; the first 8 Hamming candidates hold few of B's 12 rows, so it must grow.
    const coarse = VectorIndex.open(db, embedder.id, { tuning: { exactUpTo: 10, coarse: 8, maxCoarse: 10_000 } })!;
    const [q] = await embedder.embed([QUERY], 'query');
    const want = exact.knn(q!, 5, { project: '/proj/b' });
    assert.equal(want.length, 5);
    assert.ok(want.every((id) => b.has(id)));
    assert.deepEqual(coarse.knn(q!, 5, { project: '/proj/b' }), want);
    // With the growth capped at the first fetch, the same query returns what survived of it: fewer, never outsiders.
    const capped = VectorIndex.open(db, embedder.id, { tuning: { exactUpTo: 10, coarse: 8, maxCoarse: 8 } })!;
    const few = capped.knn(q!, 5, { project: '/proj/b' });
    assert.ok(few.length < 5 && few.every((id) => b.has(id)), `capped: ${few.length}`);
    // A filter without an index (type) never counts its scope: it takes the coarse path, and agrees.
    assert.deepEqual(coarse.knn(q!, 5, { types: ['error'] }), want);
    assert.deepEqual(exact.knn(q!, 5, { types: ['error'] }), want);
    // Other filters narrow the scope the same way; a scope smaller than n comes back whole.
    assert.deepEqual(exact.knn(q!, 5, { project: '/proj/b', since: Number.MAX_SAFE_INTEGER }), []);
    assert.deepEqual(coarse.knn(q!, 3, { types: ['discovery'], sessionId: 999_999 }), []);
    assert.deepEqual(new Set(exact.knn(q!, 20, { project: '/proj/b' })), b);
    assert.deepEqual(new Set(coarse.knn(q!, 20, { project: '/proj/b' })), b);
    assert.equal(coarse.knn(q!, 5).length, 5);
  } finally {
    db.close();
  }
});
