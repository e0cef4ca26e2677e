/**
 * Order and kinds of records in ranking (core/search/structure through store/sqlite/search): the fix
 * that followed a failure although its text never names the error, the prompt that followed an event,
 * what came after a compaction. A store of many unrelated sessions around them, so word overlap
 * alone cannot put the answers first.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { obs, tmp } from './helpers.ts';
import { openSqlite } from '../../../src/store/sqlite/driver.ts';
import { searchObservations } from '../../../src/store/sqlite/search.ts';

async function storeWith(dir = tmp()): Promise<{ store: SqliteStore; ids: Record<string, number> }> {
  const store = SqliteStore.open({ path: join(dir, 'm.db'), busyTimeoutMs: 2000 });
  // Noise: other sessions that mention the same words in passing.
  const noise = Array.from({ length: 60 }, (_, i) =>
    obs(
      { title: `Ran \`npm test\` → ${i} passed`, type: 'command', body: `Output: the build and the test suite passed; websocket handshake ok (${i})` },
      { externalSessionId: `noise-${i % 6}` },
    ),
  );
  await store.ingest(noise);
  const s = { externalSessionId: 'the-session' };
  const steps = [
    ['prompt', obs({ title: 'the websocket handshake fails in CI', type: 'prompt', kind: 'user', body: 'the websocket handshake fails in CI' }, { ...s, event: 'UserPromptSubmit' })],
    ['failure', obs({ title: 'Failed: Ran `npm test` — Error: websocket handshake timeout (ERR_HANDSHAKE)', type: 'error', body: 'Error: websocket handshake timeout ERR_HANDSHAKE' }, s)],
    ['read', obs({ title: 'Read src/net/client.ts (120 lines)', type: 'discovery', body: 'export function connect() {}' }, s)],
    ['fix', obs({ title: 'Edited src/net/client.ts (+3 −1)', type: 'change', body: 'Input: {"old_string":"timeout: 100","new_string":"timeout: 5000, retries: 3"}' }, s)],
    ['rerun', obs({ title: 'Ran `npm test` → 42 passed', type: 'command', body: 'Output: 42 passed' }, s)],
    ['next-prompt', obs({ title: 'now bump the version and tag a release', type: 'prompt', kind: 'user', body: 'now bump the version and tag a release' }, { ...s, event: 'UserPromptSubmit' })],
    ['compact', obs({ title: 'Compacted: the websocket handshake was fixed by raising the client timeout', type: 'compact', kind: 'note', body: 'summary of the session so far' }, { ...s, event: 'PostCompact' })],
    ['after-compact', obs({ title: 'Ran `git tag v1.2.0`', type: 'command', body: 'Output: ' }, s)],
  ] as const;
  const ids: Record<string, number> = {};
  for (const [name, ev] of steps) ids[name] = (await store.ingest([ev])).ids[0]!;
  return { store, ids };
}

const rank = async (store: SqliteStore, query: string, id: number) => (await store.search({ query, limit: 20 })).findIndex((h) => h.observation.id === id) + 1;

test('"how did we fix X" finds the change after the failure that names X', async () => {
  const { store, ids } = await storeWith();
  try {
    const r = await rank(store, 'how did we fix the websocket handshake timeout', ids.fix!);
    assert.ok(r >= 1 && r <= 5, `the fix ranks ${r}`);
    const [edit] = await store.getObservations([ids.fix!]);
    assert.ok(!/websocket|handshake/i.test(`${edit!.title} ${edit!.body} ${edit!.tags ?? ''}`), 'the fix never names the problem: only order finds it');
  } finally {
    await store.close();
  }
});

test('"what did I ask after X" finds the next prompt; "after the compaction" what followed it', async () => {
  const { store, ids } = await storeWith();
  try {
    const r = await rank(store, 'what did I ask after the tests passed again', ids['next-prompt']!);
    assert.ok(r >= 1 && r <= 5, `the next prompt ranks ${r}`);
    const c = await rank(store, 'what happened right after the compaction', ids['after-compact']!);
    assert.ok(c >= 1 && c <= 3, `the record after the compaction ranks ${c}`);
  } finally {
    await store.close();
  }
});

test('a question about order gets no semantic list: likeness to the question would lift the anchor over what followed it', async () => {
  const dir = tmp();
  const { store, ids } = await storeWith(dir);
  await store.close();
  const db = openSqlite(join(dir, 'm.db'));
  try {
    const ranked: (readonly number[])[] = [];
    // The embedder's ranking of the candidates, reversed so that it could only pull the answer down.
    const rankAmong = (c: readonly number[]) => (ranked.push(c), [...c].reverse());
    searchObservations(db, { query: 'what did I ask after the tests passed again', limit: 20 }, { rankAmong });
    assert.equal(ranked.length, 0, 'no vector list for "after X"');
    const hits = searchObservations(db, { query: 'websocket handshake timeout', limit: 20 }, { rankAmong });
    assert.equal(ranked.length, 1, 'a question about content is ranked by likeness too');
    assert.ok(hits.some((h) => h.observation.id === ids.failure), 'and still finds its match');
  } finally {
    db.close();
  }
});
