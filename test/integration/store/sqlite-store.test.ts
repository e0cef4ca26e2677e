import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fork } from 'node:child_process';
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { StoreError } from '../../../src/store/store.ts';
import type { CapturedEvent, ObservationDraft } from '../../../src/core/types.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'mnemo-store-'));
let n = 0;
function ev(partial: Partial<CapturedEvent> & { obs?: Partial<ObservationDraft> } = {}): CapturedEvent {
  const { obs, ...rest } = partial;
  n++;
  return {
    uid: `uid-${n}-${Math.random()}`,
    at: 1_700_000_000_000 + n * 1000,
    event: 'PostToolUse',
    platform: 'claude-code',
    externalSessionId: 'ext-1',
    place: { project: '/proj/a', branch: 'main' },
    ...(obs !== undefined ? { observation: { kind: 'tool', type: 'change', title: 'Edited x', body: 'body', files: [], private: false, ...obs } } : {}),
    ...rest,
  } as CapturedEvent;
}

test('ingest is idempotent by uid and by natural key; sessions are mapped once', async () => {
  const store = SqliteStore.open({ path: join(tmp(), 'm.db'), busyTimeoutMs: 1000 });
  const a = ev({ obs: { title: 'Edited pool.ts', toolUseId: 't1' }, dedupeKey: 'post:t1' });
  const r1 = await store.ingest([ev({ event: 'SessionStart', session: { source: 'startup' } }), a]);
  assert.equal(r1.ids.length, 1);
  const r2 = await store.ingest([a, { ...a, uid: 'another-delivery' }]);
  assert.deepEqual([r2.applied, r2.duplicates], [0, 2]);
  const sessions = await store.listSessions({});
  assert.equal(sessions.length, 1);
  assert.equal(sessions[0]!.branch, 'main');
  assert.equal(sessions[0]!.observationCount, 1);
  await store.close();
});

test('a pending note is replaced by its outcome; SessionEnd closes and SessionStart reopens', async () => {
  const store = SqliteStore.open({ path: join(tmp(), 'm.db'), busyTimeoutMs: 1000 });
  await store.ingest([ev({ event: 'PreToolUse', obs: { type: 'pending', kind: 'note', title: 'About to run', toolUseId: 't9' }, dedupeKey: 'pre:t9' })]);
  assert.equal((await store.stats()).observations, 1);
  await store.ingest([ev({ obs: { toolUseId: 't9', title: 'Edited y' }, dedupeKey: 'post:t9' })]);
  const all = await store.search({ query: 'About run Edited' });
  assert.deepEqual(all.map((h) => h.observation.title), ['Edited y']);
  await store.ingest([ev({ event: 'SessionEnd', session: { endReason: 'logout' } })]);
  assert.ok((await store.listSessions({}))[0]!.endedAt);
  await store.ingest([ev({ event: 'SessionStart', session: { source: 'resume' } })]);
  assert.equal((await store.listSessions({}))[0]!.endedAt, undefined);
  assert.deepEqual(await store.check(), []);
  await store.close();
});

test('search: filters, current project first, private rows never match, forget clears the index', async () => {
  const store = SqliteStore.open({ path: join(tmp(), 'm.db'), busyTimeoutMs: 1000 });
  await store.ingest([
    ev({ obs: { title: 'Connection pool fix in other project' }, place: { project: '/proj/b' }, externalSessionId: 'ext-b' }),
    ev({ obs: { title: 'Connection pool fix here', type: 'change' } }),
    ev({ obs: { title: 'connection secret', private: true, type: 'prompt', kind: 'user' } }),
    ev({ obs: { title: 'Read the pool config', type: 'discovery' } }),
  ]);
  const hits = await store.search({ query: 'connection pool', currentProject: '/proj/a' });
  assert.deepEqual(hits.map((h) => h.observation.title).slice(0, 2), ['Connection pool fix here', 'Read the pool config']);
  assert.ok(!hits.some((h) => h.observation.private));
  assert.equal(hits.length, 3);
  assert.deepEqual((await store.search({ query: 'pool', project: '/proj/b' })).map((h) => h.observation.project), ['/proj/b']);
  assert.deepEqual((await store.search({ query: 'pool', types: ['discovery'] })).map((h) => h.observation.title), ['Read the pool config']);
  assert.equal((await store.search({ query: 'pool', since: Date.now() + 1e9 })).length, 0);
  const id = hits[0]!.observation.id;
  assert.equal(await store.forget({ ids: [id] }), 1);
  assert.ok(!(await store.search({ query: 'connection pool' })).some((h) => h.observation.id === id));
  assert.deepEqual(await store.check(), []);
  await store.close();
});

test('timeline returns neighbours of the same session in order', async () => {
  const store = SqliteStore.open({ path: join(tmp(), 'm.db'), busyTimeoutMs: 1000 });
  const { ids } = await store.ingest(Array.from({ length: 9 }, (_, i) => ev({ obs: { title: `step ${i}` } })));
  const t = await store.timeline(ids[4]!, 2, 2);
  assert.deepEqual(t.map((o) => o.title), ['step 2', 'step 3', 'step 4', 'step 5', 'step 6']);
  assert.deepEqual(await store.timeline(999_999, 2, 2), []);
  await store.close();
});

test('a store from a newer mnemo is refused and left untouched', async () => {
  const path = join(tmp(), 'm.db');
  (await SqliteStore.open({ path, busyTimeoutMs: 1000 }).close());
  const raw = openSqlite(path);
  raw.pragma('user_version = 99');
  raw.close();
  assert.throws(() => SqliteStore.open({ path, busyTimeoutMs: 1000 }), (e: unknown) => e instanceof StoreError && e.code === 'NEWER_SCHEMA' && /newer/.test(e.message));
  const again = openSqlite(path);
  assert.equal(again.pragma('user_version', { simple: true }), 99);
  again.close();
});

test('concurrent processes mapping the same external session create exactly one session', async () => {
  const path = join(tmp(), 'm.db');
  const script = `
    import { SqliteStore } from ${JSON.stringify(new URL('../../../src/store/sqlite/sqlite-store.ts', import.meta.url).pathname)};
    const store = SqliteStore.open({ path: process.env.DB, busyTimeoutMs: 10000 });
    for (let i = 0; i < 20; i++) {
      await store.ingest([{ uid: process.pid + '-' + i, at: Date.now(), event: 'PostToolUse', platform: 'claude-code', externalSessionId: 'shared', place: { project: '/p' },
        observation: { kind: 'tool', type: 'command', title: 'cmd ' + i, body: '', files: [], private: false } }]);
    }
    await store.close();
  `;
  const dir = tmp();
  const file = join(dir, 'w.mts');
  (await import('node:fs')).writeFileSync(file, script);
  const env: NodeJS.ProcessEnv = { ...process.env, DB: path };
  delete env.NODE_EXTRA_CA_CERTS;
  const codes = await Promise.all(Array.from({ length: 6 }, () => new Promise<number>((res) => fork(file, { env, execArgv: ['--import', 'tsx'] }).on('exit', (c) => res(c ?? 1)))));
  assert.deepEqual(codes, [0, 0, 0, 0, 0, 0]);
  const store = SqliteStore.open({ path, busyTimeoutMs: 1000 });
  const sessions = await store.listSessions({});
  assert.equal(sessions.length, 1);
  assert.equal(sessions[0]!.observationCount, 120);
  assert.deepEqual(await store.check(), []);
  await store.close();
});

test('project volume follows inserts and deletes without scanning bodies; private rows do not count', async () => {
  const store = SqliteStore.open({ path: join(tmp(), 'm.db'), busyTimeoutMs: 1000 });
  const { ids } = await store.ingest([
    ev({ obs: { title: 'ab', body: 'cdef' } }),
    ev({ obs: { title: 'x', body: 'yz' } }),
    ev({ obs: { title: 'secret', body: 'hidden', private: true, type: 'prompt', kind: 'user' } }),
  ]);
  assert.deepEqual(await store.projectVolume('/proj/a'), { observations: 2, chars: 9 });
  await store.forget({ ids: [ids[0]!] });
  assert.deepEqual(await store.projectVolume('/proj/a'), { observations: 1, chars: 3 });
  assert.deepEqual(await store.projectVolume('/nowhere'), { observations: 0, chars: 0 });
  await store.close();
});
