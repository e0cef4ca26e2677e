/**
 * Semantic search through the real store and sqlite-vec: backfill, KNN, fusion modes, and vectors
 * leaving with their rows however the rows go (forget here, or a process without sqlite-vec).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';
import { createHashEmbedder } from '../../../src/embed/hash.ts';
import type { Embedder } from '../../../src/embed/types.ts';
import { embedPending } from '../../../src/search/embed-loop.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { obs, tmp } from './helpers.ts';

const titles = async (store: SqliteStore, query: string, mode = {}) => (await store.search({ query, limit: 10 }, mode)).map((h) => h.observation.title);

async function seeded(path: string): Promise<SqliteStore> {
  const store = SqliteStore.open({ path, busyTimeoutMs: 1000 });
  await store.ingest([
    obs({ title: 'Edited src/db/pool.ts', body: 'release pooled connections on error' }),
    obs({ title: 'Ran npm test', body: 'checkout tests pass' }),
    obs({ title: 'Refactored the rendering of buttons', body: 'theme tokens' }),
    obs({ title: 'secret plans', body: 'never embedded', private: true, type: 'prompt', kind: 'user' }),
  ]);
  return store;
}

test('backfill embeds every non-private row once; KNN finds by meaning-ish features; keyword search is unchanged', async () => {
  const store = await seeded(join(tmp(), 'm.db'));
  try {
    assert.equal(store.capabilities.vectors, false);
    const keywordOnly = await titles(store, 'pooled connection');
    const embedder = createHashEmbedder();
    const index = store.enableSemantic(embedder)!;
    assert.ok(index, 'sqlite-vec loads');
    assert.equal(store.capabilities.vectors, true);
    assert.deepEqual(await embedPending(index, embedder), { embedded: 3, more: false });
    assert.deepEqual(await embedPending(index, embedder), { embedded: 0, more: false }, 'nothing twice');
    assert.equal(index.count(), 3);
    // `poolconnect` shares sub-word features with the pool record but no keyword.
    assert.deepEqual(await titles(store, 'poolconnect', { semantic: false }), []);
    assert.equal((await titles(store, 'poolconnect', { keyword: false }))[0], 'Edited src/db/pool.ts');
    // Fused by RRF: the keyword results are all still there, and private rows never come back.
    const hybrid = await titles(store, 'pooled connection');
    assert.deepEqual(hybrid.filter((t) => keywordOnly.includes(t)), keywordOnly);
    assert.equal(hybrid[0], 'Edited src/db/pool.ts');
    assert.ok(!hybrid.includes('secret plans'));
    // Ingested later: embedded by the next pass.
    await store.ingest([obs({ title: 'Deployed to staging', body: 'kubectl rollout' })]);
    assert.equal((await embedPending(index, embedder)).embedded, 1);
  } finally {
    await store.close();
  }
});

test('an append embedder only adds after the keyword results; a failing or slow embedder leaves keyword results alone', async () => {
  const store = await seeded(join(tmp(), 'm.db'));
  try {
    const hash = createHashEmbedder();
    const appended: Embedder = { id: hash.id, fusion: 'append', embed: hash.embed };
    const index = store.enableSemantic(appended)!;
    await embedPending(index, appended);
    assert.ok((await titles(store, 'poolconnect')).includes('Edited src/db/pool.ts'));
    const keywordOnly = await titles(store, 'pooled connection', { semantic: false });
    assert.deepEqual((await titles(store, 'pooled connection')).slice(0, keywordOnly.length), keywordOnly);
    const before = await titles(store, 'checkout', { semantic: false });
    store.enableSemantic({ id: hash.id, embed: async () => Promise.reject(new Error('down')) });
    assert.deepEqual(await titles(store, 'checkout'), before);
    // A hanging embedder costs one query its 2 s deadline, then is left alone for a minute.
    store.enableSemantic({ id: hash.id, embed: () => new Promise<Float32Array[]>(() => undefined) });
    let t = Date.now();
    assert.deepEqual(await titles(store, 'checkout'), before);
    assert.ok(Date.now() - t >= 1900 && Date.now() - t < 5000, `waited ${Date.now() - t} ms`);
    t = Date.now();
    assert.deepEqual(await titles(store, 'checkout'), before);
    assert.ok(Date.now() - t < 1000, 'the second query does not wait');
  } finally {
    await store.close();
  }
});

test('vectors go with their rows: forget, deletes by a process without sqlite-vec (cascade + sweep), model change', async () => {
  const path = join(tmp(), 'm.db');
  const store = await seeded(path);
  try {
    const embedder = createHashEmbedder();
    const index = store.enableSemantic(embedder)!;
    await embedPending(index, embedder);
    const [pool] = await store.search({ query: 'pool', limit: 1 }, { semantic: false });
    assert.equal(await store.forget({ ids: [pool!.observation.id] }), 1);
    const raw = openSqlite(path);
    try {
      const count = (sql: string) => (raw.prepare(sql).get() as { n: number }).n;
      assert.equal(count('SELECT count(*) AS n FROM obs_vectors'), 2);
      assert.ok(!(await titles(store, 'poolconnect', { keyword: false })).includes('Edited src/db/pool.ts'));
      // A hook process has no sqlite-vec: deleting a row still removes its vector (foreign key cascade).
      raw.pragma('foreign_keys = ON');
      const { id } = raw.prepare("SELECT id FROM observations WHERE title = 'Ran npm test'").get() as { id: number };
      raw.prepare('DELETE FROM observations_fts WHERE rowid = ?').run(id);
      raw.prepare('DELETE FROM observations WHERE id = ?').run(id);
      assert.equal(count('SELECT count(*) AS n FROM obs_vectors'), 1);
      assert.equal(index.sweep(), 1, 'the KNN copy is swept later');
      // A one-shot search with another model leaves them alone; the embedding process replaces them.
      const other: Embedder = { id: 'hash:other', embed: embedder.embed };
      assert.equal(store.enableSemantic(other, { readOnly: true }), undefined);
      assert.equal(count(`SELECT count(*) AS n FROM obs_vectors WHERE model = '${embedder.id}'`), 1);
      const index2 = store.enableSemantic(other)!;
      assert.equal(count("SELECT count(*) AS n FROM obs_vectors WHERE model != 'hash:other'"), 0);
      assert.equal((await embedPending(index2, other)).embedded, 1);
    } finally {
      raw.close();
    }
    assert.deepEqual(await store.check(), []);
  } finally {
    await store.close();
  }
});

test('narration attached after a row was embedded re-embeds it, however far below the high-water mark', async () => {
  const path = join(tmp(), 'm.db');
  const store = SqliteStore.open({ path, busyTimeoutMs: 1000 });
  try {
    const session = 'e0e0e0e0-0000-4000-8000-0000000000ve';
    const call = (i: number, title: string) =>
      obs({ title, body: 'Output: ok', type: 'command', toolName: 'Bash', toolUseId: `toolu_v${i}` }, { externalSessionId: session, dedupeKey: `post:toolu_v${i}` });
    await store.ingest([call(0, 'Edited src/retry.ts')]);
    // Far more rows after it than a pass re-checks below the mark.
    await store.ingest(Array.from({ length: 1200 }, (_, i) => call(i + 1, `Ran step ${i} of the build`)));
    const embedder = createHashEmbedder();
    const index = store.enableSemantic(embedder)!;
    while ((await embedPending(index, embedder)).more);
    assert.equal(index.count(), 1201);
    assert.notEqual((await titles(store, 'zorbflux swallows timeout', { keyword: false }))[0], 'Edited src/retry.ts', 'nothing names it yet');

    store.saveNarration('claude-code', [{ session, callId: 'toolu_v0', why: 'the zorbflux client swallows the timeout, so surface it first' }]);
    assert.equal(index.count(), 1200, 'its vector, made without the narration, is dropped');
    let embedded = 0;
    for (let pass = 0; pass < 3 && index.count() < 1201; pass++) embedded += (await embedPending(index, embedder)).embedded;
    assert.equal(embedded, 1, 'only that row is embedded again');
    assert.equal((await titles(store, 'zorbflux swallows timeout', { keyword: false }))[0], 'Edited src/retry.ts', 'its vector now holds the narration');
  } finally {
    await store.close();
  }
});
