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

test('"after the context was compacted in the X session" finds what followed X\'s compaction, not a compaction in a session that talks about compacting', async () => {
  const store = SqliteStore.open({ path: join(tmp(), 'm.db'), busyTimeoutMs: 2000 });
  try {
    const ids: Record<string, number> = {};
    const add = async (name: string, ev: ReturnType<typeof obs>) => (ids[name] = (await store.ingest([ev])).ids[0]!);
    // A session whose work is context compaction itself: its records say "compact" and "context" everywhere.
    for (let i = 0; i < 40; i++) await add(`noise-${i}`, obs({ title: `Ran \`npm run lint\` → ${i} warnings`, type: 'command', body: `Output: payments dashboard, invoices and refunds views checked (${i})` }, { externalSessionId: `noise-${i % 5}` }));
    const talk = { externalSessionId: 'compaction-feature' };
    for (let i = 0; i < 3; i++) await add(`talk-${i}`, obs({ title: `Edited src/context/compact.ts (+${i + 2} −1)`, type: 'change', body: `compact the context window when the context is full; compaction threshold ${i}` }, talk));
    await add('talk-compact', obs({ title: 'Compacted: context compaction work so far', type: 'compact', kind: 'note', body: 'summary' }, { ...talk, event: 'PostCompact' }));
    await add('talk-after', obs({ title: 'Ran `npm run build`', type: 'command', body: 'Output: built' }, talk));
    // The session asked about: a migration to a new payment provider, compacted once.
    const work = { externalSessionId: 'payments' };
    await add('w1', obs({ title: 'Edited src/payments/provider.ts (+40 −12)', type: 'change', body: 'migrate the payment provider to the new billing API' }, work));
    await add('w2', obs({ title: 'Ran `npm test -- payments`', type: 'command', body: 'Output: 12 passed' }, work));
    await add('w-compact', obs({ title: 'Compacted: summary of the session so far', type: 'compact', kind: 'note', body: 'summary' }, { ...work, event: 'PostCompact' }));
    await add('w-after', obs({ title: 'Read src/payments/webhooks.ts (88 lines)', type: 'discovery', body: 'export function onWebhook() {}' }, work));
    for (const q of ['what did Claude do after the context was compacted in the payments session?', '支付那次会话里上下文被压缩之后，Claude 接着做了什么？']) {
      const hits = await store.search({ query: q, limit: 20 });
      const r = hits.findIndex((h) => h.observation.id === ids['w-after']) + 1;
      assert.ok(r >= 1 && r <= 3, `${q}: the record after the payments compaction ranks ${r}; first: ${hits.slice(0, 3).map((h) => h.observation.title).join(' | ')}`);
    }
  } finally {
    await store.close();
  }
});
