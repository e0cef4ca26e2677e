/**
 * The outbox on the local side, without a server: what is queued, when, in which transaction, and
 * what a push would send. Nothing is queued before a project is shared; private, local-marked and
 * bookkeeping records never are; the record the engine builds re-checks every rule.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSqlite } from '../../../src/store/sqlite/driver.ts';
import type { SharedObservation, SharedSession, SharedSummary } from '../../../src/core/team/contract.ts';
import type { Outgoing } from '../../../src/store/sqlite/team/outbox.ts';
import { event, openTemp, prompt, sessionEnd } from './sync-helpers.ts';

const KEY = 'github.com/acme/shop';
const pushes = (out: Outgoing[]) => out.filter((o): o is Extract<Outgoing, { push: unknown }> => 'push' in o).map((o) => o.push);

test('nothing is queued until a project is shared; then each record is queued with its session, in the write that stores it', async () => {
  const { store } = openTemp();
  try {
    await store.ingest([prompt('fix the pool'), event({ title: 'Edited src/db/pool.ts' })]);
    assert.equal(store.team.outbox().waiting, 0, 'an unshared project queues nothing');
    store.team.share('/work/shop', KEY, { prompts: true, history: false });
    await store.ingest([event({ title: 'Edited src/db/retry.ts', files: ['/work/shop/src/db/retry.ts'] }, { branch: 'fix/pool' })]);
    await store.ingest([event({ title: 'Ran npm test', type: 'command' }, { project: '/work/other' })]);
    const out = store.team.take(100);
    assert.deepEqual(out.map((o) => o.entry.kind), ['session', 'observation'], 'the session first, then its record; the other project not at all');
    const [session, obs] = pushes(out) as [SharedSession, SharedObservation];
    assert.equal(session.project, KEY);
    assert.equal(obs.project, KEY, 'the project key, never the local path');
    assert.equal(obs.sessionUid, session.uid);
    assert.equal(obs.title, 'Edited src/db/retry.ts');
    assert.equal(obs.assistant, 'claude-code');
    assert.deepEqual(obs.files, ['/work/shop/src/db/retry.ts']);
    assert.ok(!('author' in obs), 'the author is the server’s to set');
  } finally {
    await store.close();
  }
});

test('private records, "about to run" notes and markers are never queued; prompts only where the project shares them', async () => {
  const { store } = openTemp();
  try {
    store.team.share('/work/shop', KEY, { prompts: false, history: false });
    await store.ingest([
      prompt('a prompt that stays here'),
      event({ kind: 'user', type: 'prompt', title: '[PRIVATE]', body: '[PRIVATE]', private: true }, { event: 'UserPromptSubmit' }),
      event({ type: 'pending', title: 'About to run npm test', toolUseId: 'tu-1' }, { event: 'PreToolUse' }),
      event({ type: 'marker', title: 'Compaction started' }),
      event({ title: 'Edited a.ts' }),
    ]);
    const titles = pushes(store.team.take(100)).flatMap((r) => (r.kind === 'observation' ? [r.title] : []));
    assert.deepEqual(titles, ['Edited a.ts']);
  } finally {
    await store.close();
  }
});

test('a <local> prompt keeps its whole turn on the machine; a <local> note keeps itself; a marker in tool output changes nothing', async () => {
  const { store, path } = openTemp();
  try {
    store.team.share('/work/shop', KEY, { prompts: true, history: false });
    await store.ingest([
      prompt('<local> look at the customer export, it has real names'),
      event({ title: 'Read exports/customers.csv', type: 'discovery' }),
      event({ title: 'Edited exports/scrub.ts' }),
      prompt('now tidy the tests'),
      event({ title: 'Read fixtures/site.xml', type: 'discovery', body: '<config><local/></config>' }),
      event({ kind: 'note', type: 'note', title: 'Remember', body: 'the staging password rotates on Mondays <local>' }),
    ]);
    const shared = pushes(store.team.take(100)).flatMap((r) => (r.kind === 'observation' ? [r.title] : []));
    assert.deepEqual(shared, ['now tidy the tests', 'Read fixtures/site.xml']);
    const db = openSqlite(path, { readonly: true });
    const local = db.prepare('SELECT title FROM observations WHERE local_only = 1 ORDER BY id').pluck().all();
    db.close();
    assert.deepEqual(local, ['<local> look at the customer export, it has real names', 'Read exports/customers.csv', 'Edited exports/scrub.ts', 'Remember']);
  } finally {
    await store.close();
  }
});

test('a turn marked <local> stays local across folds (the mark is stored with the session)', async () => {
  const { store } = openTemp();
  try {
    store.team.share('/work/shop', KEY, { prompts: true, history: false });
    await store.ingest([prompt('<local> private research')]);
    await store.ingest([event({ title: 'Edited research.md' })]); // a later fold, another transaction
    assert.equal(store.team.outbox().waiting, 0);
  } finally {
    await store.close();
  }
});

test('a session run with MNEMO_TEAM_LOCAL=1 (events flagged local) is never shared, even after its first events', async () => {
  const { store } = openTemp();
  try {
    store.team.share('/work/shop', KEY, { prompts: true, history: false });
    await store.ingest([event({ title: 'Edited a.ts' }, { session: 's-local', local: true }), event({ title: 'Edited b.ts' }, { session: 's-local' })]);
    await store.ingest([event({ title: 'Edited c.ts' }, { session: 's-shared' })]);
    const titles = pushes(store.team.take(100)).flatMap((r) => (r.kind === 'observation' ? [r.title] : []));
    assert.deepEqual(titles, ['Edited c.ts']);
  } finally {
    await store.close();
  }
});

test('a failed write queues nothing: the record and its outbox entry commit together', async () => {
  const { store } = openTemp();
  try {
    store.team.share('/work/shop', KEY, { prompts: true, history: false });
    const boom = () => {
      throw new Error('extraction failed');
    };
    await assert.rejects(store.ingest([event({ title: 'Edited a.ts' })], { enrich: boom }));
    assert.equal(store.team.outbox().waiting, 0);
    assert.equal((await store.stats()).observations, 0);
  } finally {
    await store.close();
  }
});

test('an entry queued again while a push holds it survives that push’s acknowledgement', async () => {
  const { store } = openTemp();
  try {
    store.team.share('/work/shop', KEY, { prompts: true, history: false });
    await store.ingest([event({ title: 'Edited a.ts' })]);
    const first = store.team.take(100);
    // The session ends while the push is on the wire: its entry is queued again, at a new version.
    await store.ingest([sessionEnd()]);
    store.team.ack(first.map((o) => o.entry));
    const again = store.team.take(100);
    assert.deepEqual(again.map((o) => o.entry.kind), ['session']);
    const s1 = pushes(first).find((r) => r.kind === 'session') as SharedSession;
    const s2 = pushes(again)[0] as SharedSession;
    assert.equal(s2.uid, s1.uid);
    assert.ok((s2.revision ?? 0) > (s1.revision ?? 0), 'a higher revision replaces the first on the server');
    assert.ok(s2.endedAt !== undefined && s1.endedAt === undefined);
  } finally {
    await store.close();
  }
});

test('summaries are queued for shared sessions, and kept here when prompts are not shared or the session holds local records', async () => {
  const summary = { brief: 'Goal: fix the pool', detailed: 'Goal: fix the pool', language: 'en', provider: 'heuristic' as const, inputTokens: 0, outputTokens: 0, observationCount: 1, createdAt: 1 };
  for (const [prompts, local, expected] of [
    [true, false, 1],
    [false, false, 0],
    [true, true, 0],
  ] as const) {
    const { store } = openTemp();
    try {
      store.team.share('/work/shop', KEY, { prompts, history: false });
      await store.ingest([event({ title: 'Edited a.ts' }), ...(local ? [event({ kind: 'note', type: 'note', title: 'n', body: '<local> mine' })] : [])]);
      const session = (await store.listSessions({}))[0]!;
      await store.saveSummary(session.id, summary);
      const sums = pushes(store.team.take(100)).filter((r): r is SharedSummary => r.kind === 'summary');
      assert.equal(sums.length, expected, `prompts ${prompts}, local ${local}`);
      if (expected) assert.equal(sums[0]!.brief, summary.brief);
    } finally {
      await store.close();
    }
  }
});

test('forget queues tombstones for my shared records only; unsharing drops what waits but never a tombstone', async () => {
  const { store } = openTemp();
  try {
    // A session that was over before sharing began: nothing of it can be on the server.
    await store.ingest([event({ title: 'Edited before-share.ts' }, { session: 'earlier' })]);
    store.team.share('/work/shop', KEY, { prompts: true, history: false });
    const { ids } = await store.ingest([event({ title: 'Edited shared.ts' }), event({ title: 'Edited also.ts' })]);
    const [before] = (await store.search({ query: 'before-share' })).map((h) => h.observation.id);
    const out = store.team.take(100);
    store.team.ack(out.map((o) => o.entry)); // pushed
    const uid = (pushes(out).find((r) => r.kind === 'observation' && r.title === 'Edited shared.ts') as SharedObservation).uid;
    await store.forget({ ids: [ids[0]!, before!] });
    const left = store.team.take(100);
    assert.deepEqual(left.map((o) => ('forget' in o ? o.forget : o.entry.kind)), [uid], 'one tombstone: the record that never was shared needs none');
    const unshared = await store.team.unshare('/work/shop');
    assert.equal(unshared.removed, true);
    assert.deepEqual(store.team.take(100).map((o) => ('forget' in o ? o.forget : o.entry.kind)), [uid], 'the tombstone still goes after unsharing');
  } finally {
    await store.close();
  }
});

test('share --history queues the past through the same rules, sessions first; records no longer shareable are dropped at push', async () => {
  const { store } = openTemp();
  try {
    await store.ingest([prompt('old prompt', { session: 'old' }), event({ title: 'Edited old.ts' }, { session: 'old' }), event({ kind: 'user', type: 'prompt', title: '[PRIVATE]', body: '[PRIVATE]', private: true }, { session: 'old' })]);
    const r = store.team.share('/work/shop', KEY, { prompts: false, history: true });
    assert.equal(r.queued, 1);
    assert.deepEqual(store.team.take(100).map((o) => o.entry.kind), ['session', 'observation']);
    const [id] = (await store.search({ query: 'old.ts' })).map((h) => h.observation.id);
    const kept = store.team.keepLocal({ ids: [id!] });
    assert.deepEqual(kept, { marked: 1, unqueued: 1, maybeShared: 0 });
    assert.deepEqual(store.team.take(100).map((o) => o.entry.kind), ['session']);
  } finally {
    await store.close();
  }
});
