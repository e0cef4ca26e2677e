/**
 * The generation tokens (src/store/generation.ts) change after every write that can change what a
 * project's SessionStart index shows, and only then: a kept index is refused after any of them; a
 * session merely starting (its row, no observation) does not throw it away, nor does a write that only
 * touches another project.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { SqlitePortable } from '../../../src/store/sqlite/portable.ts';
import { bumpGeneration, currentGeneration, derivedDir, readGeneration } from '../../../src/store/generation.ts';
import type { CapturedEvent } from '../../../src/core/types.ts';

let n = 0;
function ev(event: CapturedEvent['event'], session: string, withObservation: boolean, at = 1_700_000_000_000 + ++n * 1000): CapturedEvent {
  return {
    uid: `gen-${++n}-${Math.random()}`,
    at,
    event,
    platform: 'claude-code',
    externalSessionId: session,
    place: { project: '/proj/gen' },
    ...(withObservation ? { observation: { kind: 'tool', type: 'change', title: `Edited file ${n}`, body: 'body', files: [], private: false } } : {}),
  } as CapturedEvent;
}

function freshStore(): { store: SqliteStore; path: string } {
  const path = join(mkdtempSync(join(tmpdir(), 'mnemo-gen-')), 'mnemo.db');
  return { store: SqliteStore.open({ path, busyTimeoutMs: 1000 }), path };
}

const OTHER = '/proj/other';

/** Runs `write` and says whether the stamp of /proj/gen changed; a stamp of another project must not change unless `global`. */
async function changes(path: string, write: () => Promise<unknown> | unknown, global = false): Promise<boolean> {
  const before = currentGeneration(path, '/proj/gen');
  const other = currentGeneration(path, OTHER);
  assert.ok(before && other, 'tokens can be created');
  await write();
  assert.equal(readGeneration(path, OTHER) !== other, global, global ? 'every project' : 'another project is untouched');
  return readGeneration(path, '/proj/gen') !== before;
}

test('writes that change what the index shows replace the token; a session starting does not', async () => {
  const { store, path } = freshStore();
  try {
    assert.equal(await changes(path, () => store.ingest([ev('SessionStart', 's1', false)])), false, 'a new session, no observation');
    assert.equal(await changes(path, () => store.ingest([ev('PostToolUse', 's1', true)])), true, 'an observation');
    const mine = readGeneration(path, '/proj/gen');
    const otherBefore = readGeneration(path, OTHER);
    await store.ingest([{ ...ev('PostToolUse', 'elsewhere', true), place: { project: OTHER } }]);
    assert.equal(readGeneration(path, '/proj/gen'), mine, 'an observation of another project leaves this one alone');
    assert.notEqual(readGeneration(path, OTHER), otherBefore);
    const [again] = (await store.ingest([ev('PostToolUse', 's1', true)])).ids;
    assert.ok(again);
    const uidTwice = ev('PostToolUse', 's1', true);
    await store.ingest([uidTwice]);
    assert.equal(await changes(path, () => store.ingest([uidTwice])), false, 'a duplicate delivery');
    assert.equal(await changes(path, () => store.ingest([ev('SessionEnd', 's1', false)])), true, 'a session ending');
    assert.equal(await changes(path, () => store.ingest([ev('SessionStart', 's1', false)])), true, 'an ended session coming back');
    const session = (await store.getSessionByExternalId('claude-code', 's1'))!;
    assert.equal(
      await changes(path, () =>
        store.saveSummary(session.id, { brief: 'b', detailed: 'd', language: 'en', provider: 'heuristic', inputTokens: 0, outputTokens: 0, observationCount: 2, createdAt: Date.now() }),
      ),
      true,
      'a summary',
    );
    assert.equal(await changes(path, () => store.endSession(session.id, 'abandoned', Date.now())), true, 'closing a session');
    assert.equal(await changes(path, () => store.endSession(session.id, 'abandoned', Date.now())), false, 'closing it again changes nothing');
    assert.equal(await changes(path, () => store.saveSnapshot(session.id, 'snapshot')), false, 'a snapshot is only read after compaction');
    assert.equal(await changes(path, () => store.forget({ ids: [again] }), true), true, 'forgetting');
    assert.equal(await changes(path, () => store.prune({ maxAgeMs: 24 * 3600 * 1000 }), true), true, 'retention deleting old rows');
  } finally {
    await store.close();
  }
});

test('import jsonl replaces the token when it restores something', async () => {
  const { store, path } = freshStore();
  await store.close();
  const portable = SqlitePortable.open({ path, busyTimeoutMs: 1000 });
  try {
    const session = { id: 7, platform: 'claude-code', externalId: 'restored', project: '/proj/gen', startedAt: 1_700_000_000_000, observationCount: 0 };
    assert.equal(await changes(path, () => portable.restore([{ record: 'session', session } as never]), true), true);
  } finally {
    portable.close();
  }
});

test('forgetting removes the derived copies beside the store', async () => {
  const { store, path } = freshStore();
  try {
    const { ids } = await store.ingest([ev('PostToolUse', 's2', true)]);
    const dir = derivedDir(path)!;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index-0.json'), '{"text":"Edited file"}');
    await store.forget({ ids });
    assert.equal(existsSync(dir), false);
  } finally {
    await store.close();
  }
});

test('a token that can be neither replaced nor removed reads as none, so no kept copy is trusted', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-gen-odd-'));
  const path = join(dir, 'mnemo.db');
  // Something else sits where the marker goes (even root cannot write a file over a folder).
  mkdirSync(join(dir, 'mnemo.db-generation', 'inside'), { recursive: true });
  assert.equal(bumpGeneration(path), false);
  assert.equal(readGeneration(path, '/p'), undefined);
  assert.equal(currentGeneration(path, '/p'), undefined);
});

test('an in-memory store has no token and never fails a write over it', () => {
  assert.equal(currentGeneration(':memory:', '/p'), undefined);
  assert.equal(bumpGeneration(':memory:'), true);
});
