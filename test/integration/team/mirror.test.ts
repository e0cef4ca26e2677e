/**
 * The mirror on the local side, fed pull pages by hand: teammates' records land in the store marked
 * by author, only for projects shared here; they are found by search with the scopes, kept out of my
 * own index and "last session", deleted by tombstones down to the file's bytes, and applied exactly once.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildContext } from '../../../src/context/build.ts';
import { filesHolding, openTemp, remote } from './sync-helpers.ts';
import { event, prompt } from './sync-helpers.ts';
import { exportLines } from '../../../src/store/export-lines.ts';
import { SqlitePortable } from '../../../src/store/sqlite/portable.ts';
import { importJsonl } from '../../../src/import/jsonl-import.ts';
import { Readable } from 'node:stream';

const KEY = 'github.com/acme/shop';
const CTX = { me: 'alice', origin: 'team:acme@db' };

test('pulled records are mirrored for shared projects only, by author; mine from another machine count as mine', async () => {
  const { store } = openTemp();
  try {
    store.team.share('/work/shop', KEY, { prompts: true, history: false });
    await store.ingest([event({ title: 'Edited local.ts', body: 'pool tuning here' })]);
    const page = [
      remote.session('bob', 'sb'),
      remote.observation('bob', 'ob1', 'sb', { title: 'Edited src/db/pool.ts', body: 'pool tuning by bob' }),
      remote.observation('bob', 'ob2', 'sx', { project: 'github.com/acme/other', title: 'Other project', body: 'pool tuning elsewhere' }),
      remote.session('alice', 'sa'),
      remote.observation('alice', 'oa1', 'sa', { title: 'Edited on my laptop', body: 'pool tuning on the laptop' }),
      remote.summary('bob', 'sb'),
    ];
    const r = await store.team.apply(page, remote.seq, CTX);
    assert.equal(r.applied, 5);
    assert.equal(r.skipped, 1, 'the project not shared here is left to search --team');
    assert.equal(store.team.state().cursor, String(remote.seq));

    const all = await store.search({ query: 'pool tuning' });
    assert.deepEqual(all.map((h) => [h.observation.title, h.observation.author ?? 'me']).sort(), [
      ['Edited local.ts', 'me'],
      ['Edited on my laptop', 'me'],
      ['Edited src/db/pool.ts', 'bob'],
    ]);
    assert.deepEqual((await store.search({ query: 'pool tuning', scope: 'team' })).map((h) => h.observation.title), ['Edited src/db/pool.ts']);
    assert.deepEqual((await store.search({ query: 'pool tuning', scope: 'mine' })).map((h) => h.observation.title).sort(), ['Edited local.ts', 'Edited on my laptop']);
    assert.equal(all.every((h) => h.observation.project === '/work/shop'), true, 'mirrored into the local project');

    // Applying the same page again changes nothing.
    const again = await store.team.apply(page, remote.seq, CTX);
    assert.equal(again.applied, 3, 'the sessions and the summary are upserts; observations, stored once, are skipped');
    assert.equal((await store.search({ query: 'pool tuning' })).length, 3);
    // Mirrored rows never go back out.
    assert.equal(store.team.take(100).filter((o) => 'push' in o && o.push.uid.startsWith('o')).length, 0);
  } finally {
    await store.close();
  }
});

test('my index lines and "last session" stay mine (teammates have their block); teammates are not abandoned sessions of mine; export leaves the mirror out', async () => {
  const { store } = openTemp();
  try {
    store.team.share('/work/shop', KEY, { prompts: true, history: false });
    await store.team.apply([remote.session('bob', 'open-sb', { createdAt: 1 }), remote.observation('bob', 'ob-open', 'open-sb', { title: 'Bob was here', createdAt: 2 }), remote.summary('bob', 'open-sb')], remote.seq, CTX);
    const index = await buildContext(store, { contextBudget: 10_000, contextWindow: 400 }, '/work/shop');
    const [own, team] = index.split('## From teammates');
    assert.doesNotMatch(own!, /Bob was here/, 'not among my own lines');
    assert.match(team ?? '', /Bob was here @bob/, 'in the teammates’ block');
    assert.equal(await store.latestSummary('/work/shop'), undefined);
    assert.deepEqual(await store.abandonedSessions(1000, 10), [], 'a teammate’s open session is not mine to close');
    const exported: string[] = [];
    for await (const r of store.exportAll()) exported.push(r.record);
    assert.deepEqual(exported, []);
  } finally {
    await store.close();
  }
});

test('a tombstone deletes the mirrored record from the store and from the file’s bytes', async () => {
  const { store, dir } = openTemp();
  try {
    store.team.share('/work/shop', KEY, { prompts: true, history: false });
    const marker = 'qzteammatesecret7781qz';
    await store.team.apply(
      [remote.session('bob', 'sb'), remote.observation('bob', 'gone', 'sb', { title: `Noted ${marker}`, body: `the key is ${marker} in the vault` }), remote.observation('bob', 'kept', 'sb', { title: 'Kept note', body: 'kept words' })],
      remote.seq,
      CTX,
    );
    assert.equal((await store.search({ query: marker })).length, 1);
    const r = await store.team.apply([remote.forget('bob', 'gone')], remote.seq, CTX);
    assert.equal(r.deleted, 1);
    assert.equal((await store.search({ query: marker })).length, 0);
    assert.equal((await store.search({ query: 'kept words' })).length, 1);
    await store.close();
    assert.deepEqual(filesHolding(dir, marker), []);
  } finally {
    await store.close();
  }
});

test('unsharing and disconnecting delete the mirror', async () => {
  const { store } = openTemp();
  try {
    store.team.share('/work/shop', KEY, { prompts: true, history: false });
    store.team.share('/work/api', 'github.com/acme/api', { prompts: true, history: false });
    await store.team.apply(
      [remote.observation('bob', 'x1', 'sb', { title: 'shop thing' }), remote.observation('bob', 'x2', 'sc', { project: 'github.com/acme/api', title: 'api thing' })],
      remote.seq,
      CTX,
    );
    assert.equal((await store.team.unshare('/work/shop')).mirrorDeleted, 1);
    assert.deepEqual((await store.search({ query: 'thing' })).map((h) => h.observation.title), ['api thing']);
    assert.equal(await store.team.dropMirror(), 1);
    assert.deepEqual(await store.search({ query: 'thing' }), []);
  } finally {
    await store.close();
  }
});

test('export leaves teammates’ records out and keeps the local-only marks through import jsonl', async () => {
  const { store, path } = openTemp();
  const target = openTemp();
  try {
    store.team.share('/work/shop', KEY, { prompts: true, history: false });
    await store.ingest([prompt('<local> the customer list', { session: 'lx' }), event({ title: 'Edited shared.ts' }, { session: 'lx' }), event({ title: 'Edited other.ts' }, { session: 'ly' })]);
    await store.team.apply([remote.observation('bob', 'ob-exp', 'sb-exp', { title: 'Bob’s edit' })], remote.seq, CTX);
    const [ly] = (await store.listSessions({})).filter((s) => s.externalId === 'ly');
    store.team.keepLocal({ sessionId: ly!.id });
    const lines: string[] = [];
    for await (const line of exportLines(store, path)) lines.push(line);
    const text = lines.join('\n');
    assert.doesNotMatch(text, /Bob’s edit/);
    const records = lines.map((l) => JSON.parse(l) as { record: string; title?: string; localOnly?: boolean; externalId?: string });
    assert.deepEqual(records.filter((r) => r.localOnly).map((r) => r.title ?? r.externalId), ['ly', '<local> the customer list', 'Edited shared.ts', 'Edited other.ts']);
    const portable = SqlitePortable.open({ path: target.path, busyTimeoutMs: 2000 });
    await importJsonl(portable, Readable.from([text]));
    portable.close();
    // Restored into a store that shares the project, with its history: what was local stays local.
    target.store.team.share('/work/shop', KEY, { prompts: true, history: true });
    assert.deepEqual(target.store.team.take(100).map((o) => o.entry.kind), []);
  } finally {
    await store.close();
    await target.store.close();
  }
});
