/**
 * Ranking through the real store: bounded lists behave like full BM25 where it matters, rare terms
 * survive a common word's window, Chinese and English find each other, hostile input never errors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { RARE_CAP, WINDOW } from '../../../src/store/sqlite/search.ts';
import { obs, tmp } from './helpers.ts';

const ids = async (store: SqliteStore, query: string, extra: object = {}) => (await store.search({ query, limit: 10, ...extra })).map((h) => h.observation.title);

test('an old record with a rare word is found although a common word of the query fills the window', async () => {
  const store = SqliteStore.open({ path: join(tmp(), 'm.db'), busyTimeoutMs: 1000 });
  try {
    await store.ingest([obs({ title: 'Fixed the flaky zorbflux test', body: 'zorbflux failed under load' })]);
    // Past the window but under the rare cap: every unit is selective, the ranking is exact BM25.
    const some = Array.from({ length: WINDOW + 100 }, (_, i) => obs({ title: `Read test file ${i}`, body: 'test helper' }));
    for (let i = 0; i < some.length; i += 500) await store.ingest(some.slice(i, i + 500));
    assert.deepEqual((await ids(store, 'zorbflux test')).slice(0, 1), ['Fixed the flaky zorbflux test']);
    // Past the rare cap: `test` is common, only its newest matches are scored, `zorbflux` is ranked over
    // the whole history in its own list and still comes first.
    const more = Array.from({ length: RARE_CAP }, (_, i) => obs({ title: `Read test page ${i}`, body: 'test helper' }));
    for (let i = 0; i < more.length; i += 500) await store.ingest(more.slice(i, i + 500));
    assert.deepEqual((await ids(store, 'zorbflux test')).slice(0, 1), ['Fixed the flaky zorbflux test']);
    // Only common words: an all-words list joins the window, and every result has them.
    const common = await ids(store, 'test helper');
    assert.equal(common.length, 10);
    assert.ok(common.every((t) => t.startsWith('Read test')));
  } finally {
    await store.close();
  }
});

test('titles outrank bodies; identifiers, paths, CJK two-character words; Chinese ↔ English through the glossary', async () => {
  const store = SqliteStore.open({ path: join(tmp(), 'm.db'), busyTimeoutMs: 1000 });
  try {
    await store.ingest([
      obs({ title: 'Read notes.md', body: 'mentions the connection pool once' }),
      obs({ title: 'Edited src/db/pool.ts (+3 −2)', body: 'acquireConnection retries', files: ['/p/src/db/pool.ts'], type: 'change' }),
      obs({ title: 'Failed: Ran `npm test` — Error: read ECONNRESET', body: 'connection reset by peer', type: 'error' }),
      obs({ title: '修复连接池泄漏', body: '数据库连接没有释放', type: 'prompt', kind: 'user' }),
      obs({ title: 'Deployed v2 to staging', body: 'kubectl rollout', type: 'command' }),
    ]);
    assert.equal((await ids(store, 'pool'))[0], 'Edited src/db/pool.ts (+3 −2)');
    assert.equal((await ids(store, 'src/db/pool.ts'))[0], 'Edited src/db/pool.ts (+3 −2)');
    assert.equal((await ids(store, 'acquireConnection'))[0], 'Edited src/db/pool.ts (+3 −2)');
    assert.deepEqual(await ids(store, '泄漏'), ['修复连接池泄漏']);
    // Chinese question, English record (and the Chinese one).
    assert.ok((await ids(store, '部署到哪里了')).includes('Deployed v2 to staging'));
    assert.ok((await ids(store, '测试报错')).includes('Failed: Ran `npm test` — Error: read ECONNRESET'));
    // English question, Chinese record.
    assert.ok((await ids(store, 'connection pool leak')).includes('修复连接池泄漏'));
    assert.ok((await ids(store, 'database connection')).includes('修复连接池泄漏'));
    // Filters still apply to every list.
    assert.deepEqual(await ids(store, 'connection pool', { types: ['prompt'] }), ['修复连接池泄漏']);
  } finally {
    await store.close();
  }
});

test('a katakana word no glossary lists finds the English word it comes from in this index', async () => {
  const store = SqliteStore.open({ path: join(tmp(), 'm.db'), busyTimeoutMs: 1000 });
  try {
    await store.ingest([
      obs({ title: 'Ran `charmcraft pack` in grafana-k8s-operator', body: 'packed the charm' }),
      obs({ title: 'Set the time zone', body: 'team settings' }),
      obs({ title: 'Enabled turbo mode', body: 'faster builds' }),
      obs({ title: 'Opened a new tab', body: 'tab tab tab' }),
    ]);
    assert.equal((await ids(store, 'チャーム'))[0], 'Ran `charmcraft pack` in grafana-k8s-operator');
    assert.ok(!(await ids(store, 'チャーム')).includes('Set the time zone'), 'not a word with the same consonants and another vowel');
    assert.equal((await ids(store, 'ターボ'))[0], 'Enabled turbo mode', 'a long vowel heard as an r, before a commoner word without one');
    // What a team search is told (the server keeps no vocabulary): only words this index resolves.
    assert.deepEqual(await store.loanwordsFor('チャーム の 検証 and ログ'), { チャーム: ['charm'] });
  } finally {
    await store.close();
  }
});

test('the current project comes first, fused order inside each project', async () => {
  const store = SqliteStore.open({ path: join(tmp(), 'm.db'), busyTimeoutMs: 1000 });
  try {
    await store.ingest([
      obs({ title: 'retry retry retry backoff' }, { place: { project: '/proj/b' }, externalSessionId: 'b' }),
      obs({ title: 'one retry here' }),
      obs({ title: 'unrelated' }),
    ]);
    const hits = await store.search({ query: 'retry backoff', currentProject: '/proj/a' });
    assert.deepEqual(hits.map((h) => h.observation.project), ['/proj/a', '/proj/b']);
    const all = await store.search({ query: 'retry backoff' });
    assert.equal(all[0]!.observation.project, '/proj/b', 'without a current project the better match leads');
  } finally {
    await store.close();
  }
});

test('hostile queries never raise through the whole search path (every list, glossary, probes)', async () => {
  const store = SqliteStore.open({ path: join(tmp(), 'm.db'), busyTimeoutMs: 1000 });
  try {
    await store.ingest([obs({ title: 'Edited src/db/pool.ts', body: '修复连接池 retry' }), obs({ title: 'Next.js build' })]);
    const punct = [...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'];
    const nasty = [
      ...punct,
      ...punct.map((c) => `pool${c}retry`),
      punct.join(''),
      '"unbalanced', 'a "b" "c', '""', '"*"', 'NEAR(a b)', 'a AND OR NOT b', 'title:pool', '{title}: x', '^pool', 'pool*', '*',
      "'; DROP TABLE observations; --", 'SELECT * FROM observations_fts', '连接池 OR 1=1',
      'x'.repeat(10_240), ('连接 retry "" ' as string).repeat(800), '🔥 pool 🚀', 'مرحبا pool', 'שלום עולם', '\u202Epool\u202C',
      '\u0000', '\uD800', '\uFEFFpool', 'ｐｏｏｌ', '连', '的了吗', '为什么', 'a', '',
    ];
    for (const q of nasty) {
      await assert.doesNotReject(store.search({ query: q, limit: 5 }), `query ${JSON.stringify(q.slice(0, 30))}`);
    }
    assert.equal((await store.search({ query: 'ｐｏｏｌ' }))[0]?.observation.title, 'Edited src/db/pool.ts', 'full-width letters are normalised');
  } finally {
    await store.close();
  }
});
