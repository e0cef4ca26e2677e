/**
 * The KNN over the sign codes in memory (read from sqlite-vec's chunks): every stored row is where the
 * codes say, across chunks; rows added later, by this connection or another, and rows deleted are seen
 * by the next query; with candidates covering the store it gives the exact answer, filters included;
 * and vectors of zeros (texts without a feature) are nobody's neighbours.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';
import { createHashEmbedder, hashEmbed } from '../../../src/embed/hash.ts';
import { embedPending } from '../../../src/search/embed-loop.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { VectorIndex } from '../../../src/store/sqlite/vectors.ts';
import type { SearchFilters } from '../../../src/store/store.ts';
import { rng } from '../../../bench/lib/stats.ts';
import { obs, tmp } from './helpers.ts';

const WORDS = 'pool connection timeout retry cache schema migration index query token session worker queue render button theme deploy rollback snapshot replica lease heartbeat parser encoder'.split(' ');

/** Distinct texts: a few common words and one word of the row's own. */
function texts(n: number, seed: number): string[] {
  const r = rng(seed);
  return Array.from({ length: n }, (_, i) => `${Array.from({ length: 3 }, () => WORDS[Math.floor(r() * WORDS.length)]).join(' ')} zq${seed}x${i}`);
}

async function ingest(path: string, titles: readonly string[], extra: Parameters<typeof obs>[0] extends infer O ? Partial<O> : never = {}): Promise<void> {
  const store = SqliteStore.open({ path, busyTimeoutMs: 1000 });
  try {
    await store.ingest(titles.map((title) => obs({ ...extra, title })));
  } finally {
    await store.close();
  }
}

const idsOf = (db: SqliteDb, titles: readonly string[]) => titles.map((t) => (db.prepare('SELECT id FROM observations WHERE title = ?').get(t) as { id: number }).id);

test('sign codes: each row is found from its own vector across chunks; later rows (any connection) and deletions are seen by the next query', async () => {
  const path = join(tmp(), 'm.db');
  const first = texts(1100, 1); // more than one sqlite-vec chunk (1024 rows)
  await ingest(path, first);
  const db = openSqlite(path);
  const other = openSqlite(path);
  try {
    const embedder = createHashEmbedder();
    await embedPending(VectorIndex.open(db, embedder.id)!, embedder);
    // One Hamming candidate, never more: what comes back is the row whose code is nearest.
    const one = VectorIndex.open(db, embedder.id, { tuning: { exactUpTo: 10, coarse: 1, maxCoarse: 1 } })!;
    const own = (t: string) => one.knn(hashEmbed(`${t}\n`), 1);
    const ids = idsOf(db, first);
    first.forEach((t, i) => assert.deepEqual(own(t), [ids[i]], t));
    // Read from sqlite-vec's chunks (not its KNN, the fallback where their layout is not the expected one).
    assert.equal(one.signCodesHeld, 1100);

    // Rows embedded later by another connection fill the last chunk and start a new one.
    const second = texts(1000, 2);
    await ingest(path, second);
    await embedPending(VectorIndex.open(other, embedder.id)!, embedder);
    const ids2 = idsOf(db, second);
    second.forEach((t, i) => assert.deepEqual(own(t), [ids2[i]], t));
    // And by this one.
    const third = texts(5, 3);
    await ingest(path, third);
    await embedPending(VectorIndex.open(db, embedder.id)!, embedder);
    assert.deepEqual(third.map(own), idsOf(db, third).map((id) => [id]));
    assert.equal(one.signCodesHeld, 2105);

    // Deleted by another connection (no sqlite-vec there: the KNN rows stay): never returned.
    const gone = [ids[0]!, ids[1030]!, ids2[999]!];
    other.prepare(`DELETE FROM observations WHERE id IN (${gone.join(',')})`).run();
    const many = VectorIndex.open(db, embedder.id, { tuning: { exactUpTo: 10 } })!;
    for (const [i, t] of [[0, first[0]!], [1030, first[1030]!]] as const) {
      assert.deepEqual(own(t), [], `row ${i} deleted`);
      const near = many.knn(hashEmbed(`${t}\n`), 20);
      assert.equal(near.length, 20);
      assert.ok(!near.some((id) => gone.includes(id)));
    }
    assert.deepEqual(own(first[500]!), [ids[500]]);
  } finally {
    db.close();
    other.close();
  }
});

test('sign codes: with candidates covering the store the answer is the exact one, filters included; the sqlite-vec fallback agrees', async () => {
  const path = join(tmp(), 'm.db');
  const a = texts(300, 4);
  const b = texts(60, 5);
  await ingest(path, a);
  await ingest(path, b, { type: 'error', kind: 'error' });
  // Texts without a feature (numbers, function words) embed to zeros: no distance to anything.
  await ingest(path, ['12345 67890', 'the of and 42']);
  const db = openSqlite(path);
  try {
    const embedder = createHashEmbedder();
    const exact = VectorIndex.open(db, embedder.id)!; // 362 rows: under the exact threshold
    await embedPending(exact, embedder);
    const zeros = idsOf(db, ['12345 67890', 'the of and 42']);
    assert.ok(zeros.every((id) => (db.prepare('SELECT count(*) AS n FROM obs_vectors WHERE obs_id = ?').get(id) as { n: number }).n === 1), 'embedded, as zeros');
    const codes = VectorIndex.open(db, embedder.id, { tuning: { exactUpTo: 10 } })!; // 500 candidates ≥ 362 rows
    const vec0 = VectorIndex.open(db, embedder.id, { tuning: { exactUpTo: 10, coarse: 400, signCodes: false } })!;
    const bIds = new Set(idsOf(db, b));
    for (const q of ['pool connection timeout', 'render theme button', 'zq4x17 lease', 'snapshot replica heartbeat parser']) {
      const [v] = await embedder.embed([q], 'query');
      for (const filters of [{}, { types: ['error'] }, { project: '/proj/a' }] as SearchFilters[]) {
        const want = exact.knn(v!, 25, filters);
        assert.equal(want.length, 25);
        assert.ok(!want.some((id) => zeros.includes(id)), 'a vector of zeros is no neighbour');
        if (filters.types) assert.ok(want.every((id) => bIds.has(id)));
        assert.deepEqual(codes.knn(v!, 25, filters), want, `${q} ${JSON.stringify(filters)}`);
        assert.deepEqual(vec0.knn(v!, 25, filters), want, `vec0: ${q} ${JSON.stringify(filters)}`);
      }
    }
    const [none] = await embedder.embed(['the 2024'], 'query');
    assert.deepEqual(exact.knn(none!, 5), [], 'a query without a feature has no neighbours');
    assert.deepEqual(codes.knn(none!, 5), []);
  } finally {
    db.close();
  }
});

test('sign codes: warm() reads them ahead of the first query only past the exact threshold; a sweep after many deletions drops them for a fresh read', async () => {
  const path = join(tmp(), 'm.db');
  const rows = texts(200, 6);
  await ingest(path, rows);
  const db = openSqlite(path);
  try {
    const embedder = createHashEmbedder();
    await embedPending(VectorIndex.open(db, embedder.id)!, embedder);
    const under = VectorIndex.open(db, embedder.id, { tuning: { exactUpTo: 500 } })!;
    under.warm();
    assert.equal(under.signCodesHeld, 0, '200 rows are compared exactly: nothing to read ahead');
    const past = VectorIndex.open(db, embedder.id, { tuning: { exactUpTo: 10 } })!;
    assert.equal(past.signCodesHeld, 0, 'nothing read before warm() or a query');
    past.warm();
    assert.equal(past.signCodesHeld, 200);
    const ids = idsOf(db, rows);
    assert.deepEqual(past.knn(hashEmbed(`${rows[7]}\n`), 1), [ids[7]], 'queries use what warm() read');

    // A quarter deleted (by a connection without sqlite-vec): the sweep drops the KNN rows and the codes.
    db.prepare(`DELETE FROM observations WHERE id IN (${ids.slice(0, 50).join(',')})`).run();
    assert.equal(past.sweep(), 50);
    assert.equal(past.signCodesHeld, 0, 'read anew at the next query');
    assert.ok(!past.knn(hashEmbed(`${rows[7]}\n`), 10).includes(ids[7]!), 'a deleted row is nobody\'s neighbour');
    assert.deepEqual(past.knn(hashEmbed(`${rows[120]}\n`), 1), [ids[120]]);
    assert.equal(past.signCodesHeld, 150);
  } finally {
    db.close();
  }
});
