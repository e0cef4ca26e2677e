/**
 * The long-lived side of semantic search: `mnemo embed` (in-process through runCli) backfills and
 * reports; the background loop embeds what arrives, backs off while the embedder fails, and stops.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { runCli } from '../../../src/cli/main.ts';
import type { Io } from '../../../src/cli/io.ts';
import { resolveConfig } from '../../../src/config/config.ts';
import { createHashEmbedder, HASH_DIMS } from '../../../src/embed/hash.ts';
import type { Embedder } from '../../../src/embed/types.ts';
import { startEmbedLoop } from '../../../src/search/embed-loop.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { obs, tmp } from './helpers.ts';

function io(env: Record<string, string>): Io & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { out: (t) => stdout.push(t), err: (t) => stderr.push(t), env, cwd: tmp(), config: resolveConfig(env), stdout, stderr };
}

test('mnemo embed: usage error when semantic search is off; backfills once; --json summary', async () => {
  const dataDir = tmp();
  const store = SqliteStore.open({ path: join(dataDir, 'mnemo.db'), busyTimeoutMs: 1000 });
  await store.ingest([obs({ title: 'Edited src/db/pool.ts' }), obs({ title: 'Ran npm test' })]);
  await store.close();
  const off = io({ MNEMO_DATA_DIR: dataDir });
  assert.equal(await runCli(['embed'], off), 2);
  assert.match(off.stderr.join('\n'), /MNEMO_EMBEDDER/);
  const on = io({ MNEMO_DATA_DIR: dataDir, MNEMO_EMBEDDER: 'hash' });
  assert.equal(await runCli(['embed', '--json'], on), 0);
  assert.deepEqual(JSON.parse(on.stdout[0]!), { ...JSON.parse(on.stdout[0]!), model: createHashEmbedder().id, embedded: 2, vectors: 2, more: false });
  const again = io({ MNEMO_DATA_DIR: dataDir, MNEMO_EMBEDDER: 'hash' });
  assert.equal(await runCli(['embed'], again), 0);
  assert.match(again.stdout[0]!, /^Embedded 0 observation/);
  // The CLI search uses the vectors when the embedder is configured (a sub-word match no keyword has).
  const search = io({ MNEMO_DATA_DIR: dataDir, MNEMO_EMBEDDER: 'hash' });
  assert.equal(await runCli(['search', 'poolts', '--json'], search), 0);
  assert.equal(JSON.parse(search.stdout[0]!)[0]?.title, 'Edited src/db/pool.ts');
});

test('background loop: embeds new rows, backs off on failure, stops', async () => {
  const store = SqliteStore.open({ path: join(tmp(), 'm.db'), busyTimeoutMs: 1000 });
  try {
    const hash = createHashEmbedder();
    let fail = true;
    let calls = 0;
    const flaky: Embedder = { id: hash.id, fusion: hash.fusion, embed: async (t, p) => (calls++, fail ? Promise.reject(new Error('down')) : hash.embed(t, p)) };
    const index = store.enableSemantic(flaky)!;
    const warnings: string[] = [];
    const loop = startEmbedLoop(index, flaky, { intervalMs: 20, warn: (m) => warnings.push(m) });
    await store.ingest([obs({ title: 'first' }), obs({ title: 'second' })]);
    for (let i = 0; i < 100 && warnings.length === 0; i++) await sleep(10);
    await sleep(150);
    assert.ok(warnings.length >= 1 && warnings.length <= 4, `backs off: ${warnings.length} failures`);
    assert.ok(calls <= 4);
    fail = false;
    for (let i = 0; i < 100 && index.count() < 2; i++) await sleep(20);
    assert.equal(index.count(), 2, 'embedded once the embedder is back');
    loop.stop();
    await store.ingest([obs({ title: 'third' })]);
    await sleep(100);
    assert.equal(index.count(), 2, 'stopped');
  } finally {
    await store.close();
  }
});
