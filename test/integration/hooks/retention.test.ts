/**
 * Retention through the real bundles: SessionEnd starts `mnemo prune --background` when a run is
 * due (and only then), and `mnemo prune` applies the settings or its flags.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import type { CapturedEvent } from '../../../src/core/types.ts';
import { assertHookOk, readLog, runCli, runHook, tempDir, validPayload } from './helpers.ts';

const DAY = 86_400_000;

function ev(at: number, i: number): CapturedEvent {
  return {
    uid: `retention-${at}-${i}`,
    at,
    event: 'PostToolUse',
    platform: 'claude-code',
    externalSessionId: `old-${Math.floor(at / DAY)}`,
    place: { project: '/proj/r' },
    observation: { kind: 'tool', type: 'change', title: `Edited file ${i}`, body: `change ${i}`, files: [], private: false },
  } as CapturedEvent;
}

/** A store with `old` observations 100 days old and `recent` from today. */
async function seed(dataDir: string, old: number, recent: number): Promise<void> {
  const store = SqliteStore.open({ path: join(dataDir, 'mnemo.db'), busyTimeoutMs: 1000 });
  const now = Date.now();
  await store.ingest([...Array.from({ length: old }, (_, i) => ev(now - 100 * DAY + i, i)), ...Array.from({ length: recent }, (_, i) => ev(now - 1000 + i, old + i))]);
  await store.close();
}

const rows = (dataDir: string): number => {
  const db = openSqlite(join(dataDir, 'mnemo.db'), { readonly: true });
  try {
    return db.prepare('SELECT count(*) FROM observations').pluck().get() as number;
  } finally {
    db.close();
  }
};

async function waitFor(what: string, cond: () => boolean, deadlineMs = 30_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('SessionEnd starts a background prune when one is due; the hook itself stays within its contract', async () => {
  const dataDir = tempDir('mnemo-retention-hook-');
  const cwd = tempDir('mnemo-retention-cwd-');
  await seed(dataDir, 120, 5);
  writeFileSync(join(dataDir, 'config.json'), JSON.stringify({ retentionDays: 30 }));
  const r = await runHook('SessionEnd', validPayload('SessionEnd', 'retention-end', cwd), { dataDir, cwd });
  assertHookOk('SessionEnd', r);
  await waitFor('the background prune deletes the old rows', () => rows(dataDir) === 5);
  await waitFor('the run is logged', () => /retention: pruned 120 observation/.test(readLog(dataDir)));
});

test('SessionEnd starts nothing when retention is off or nothing is due', async () => {
  for (const config of [{}, { retentionDays: 365 }]) {
    const dataDir = tempDir('mnemo-retention-idle-');
    const cwd = tempDir('mnemo-retention-cwd-');
    await seed(dataDir, 20, 5);
    writeFileSync(join(dataDir, 'config.json'), JSON.stringify(config));
    assertHookOk('SessionEnd', await runHook('SessionEnd', validPayload('SessionEnd', 'retention-idle', cwd), { dataDir, cwd }));
    // An explicit run afterwards proves there was something it would have deleted under a shorter limit.
    const p = await runCli(['prune', '--days', '30', '--json'], dataDir, cwd);
    assert.equal(p.code, 0, p.stderr);
    assert.equal((JSON.parse(p.stdout) as { byAge: number }).byAge, 20, `config ${JSON.stringify(config)}: the old rows were still there for the explicit run`);
  }
});

test('mnemo prune: off without settings, flags override, --max-mb, bad flags are usage errors', async () => {
  const dataDir = tempDir('mnemo-retention-cli-');
  await seed(dataDir, 40, 10);
  const off = await runCli(['prune'], dataDir);
  assert.equal(off.code, 0, off.stderr);
  assert.match(off.stdout, /retention is off/);
  assert.equal(rows(dataDir), 50);
  const byAge = await runCli(['prune', '--days', '30'], dataDir);
  assert.equal(byAge.code, 0, byAge.stderr);
  assert.match(byAge.stdout, /pruned 40 observation\(s\) past the age limit and 0 past the size cap/);
  assert.equal(rows(dataDir), 10);
  const bySize = await runCli(['prune', '--max-mb', '1', '--vacuum', '--json'], dataDir);
  assert.equal(bySize.code, 0, bySize.stderr);
  assert.equal((JSON.parse(bySize.stdout) as { bySize: number }).bySize, 0, 'a store under the cap keeps everything');
  for (const bad of [['prune', '--days', 'soon'], ['prune', '--max-mb', '-1'], ['prune', '--nope']]) {
    const r = await runCli(bad, dataDir);
    assert.equal(r.code, 2, `${bad.join(' ')}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, /^mnemo prune: /);
  }
});
