/**
 * The kept SessionStart index (src/context/cache.ts): a session that starts after the previous one
 * ended is answered from the index SessionEnd kept, without opening SQLite (its own event stays in the
 * spool), and with exactly the text a fresh build gives; any write that changes what the index shows,
 * events still waiting in the spool, compaction, a damaged copy or `forget` send SessionStart back to
 * the store. Runs the built hook bundle, as Claude Code does.
 */
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { drainSpool } from '../../../src/store/drain.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { logLinesOf, runHook, spoolFiles, tempDir, validPayload, type ProcResult } from './helpers.ts';

function contextOf(r: ProcResult): string {
  assert.equal(r.code, 0, r.stderr);
  return (JSON.parse(r.stdout) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput?.additionalContext ?? '';
}

const bash = (command: string, id: string) => ({ tool_input: { command, description: 'Run it' }, tool_use_id: id });

describe('the kept SessionStart index', () => {
  const dataDir = tempDir('mnemo-kept-');
  const cwd = tempDir('mnemo-kept-cwd-');
  const derived = join(dataDir, 'mnemo.db-derived');
  const run = (event: Parameters<typeof validPayload>[0], session: string, extra: Record<string, unknown> = {}, env: Record<string, string> = {}) =>
    runHook(event, validPayload(event, session, cwd, extra), { dataDir, cwd, env });
  /** Fold the spool the way the MCP server or the CLI would: a write that is not a SessionEnd. */
  const foldElsewhere = async () => {
    const store = SqliteStore.open({ path: join(dataDir, 'mnemo.db'), busyTimeoutMs: 2000 });
    try {
      await drainSpool(store, join(dataDir, 'spool'));
    } finally {
      await store.close();
    }
  };

  before(async () => {
    await run('SessionStart', 'first');
    await run('PostToolUse', 'first', bash('npm run migrate-first-schema', 'toolu_first'));
    await run('SessionEnd', 'first');
    assert.deepEqual(spoolFiles(dataDir), [], 'SessionEnd folded the spool');
  });

  const keptFiles = () => readdirSync(derived).filter((f) => f.startsWith('index-'));
  /** The kept file's inode: a SessionStart that built the index anew replaced it (write and rename). */
  const keptInode = () => statSync(join(derived, keptFiles()[0]!)).ino;

  it('SessionEnd keeps the index of its project', () => {
    const files = keptFiles();
    assert.equal(files.length, 1, `kept: ${files.join(', ')}`);
    assert.match(readFileSync(join(derived, files[0]!), 'utf8'), /migrate-first-schema/);
  });

  it('the next SessionStart serves it without opening the store, with the same text as a fresh build', async () => {
    const inode = keptInode();
    const kept = await run('SessionStart', 'second');
    const text = contextOf(kept);
    assert.match(text, /migrate-first-schema/);
    // Its own event was not folded: nothing opened the store.
    assert.equal(spoolFiles(dataDir).length, 1);
    assert.deepEqual(logLinesOf(dataDir, kept.pid), []);
    assert.equal(keptInode(), inode);

    const fresh = await run('SessionStart', 'third', {}, { MNEMO_CONTEXT_CACHE: '0' });
    assert.equal(spoolFiles(dataDir).length, 0, 'with the cache off, SessionStart folds the spool as before');
    assert.equal(contextOf(fresh), text);
  });

  it('events of another project waiting in the spool do not stop it', async () => {
    const elsewhere = tempDir('mnemo-kept-other-');
    await runHook('PostToolUse', validPayload('PostToolUse', 'other-project', elsewhere, bash('make other-project', 'toolu_other')), { dataDir, cwd: elsewhere });
    const before = spoolFiles(dataDir).length;
    const inode = keptInode();
    const start = await run('SessionStart', 'third-b');
    assert.match(contextOf(start), /migrate-first-schema/);
    assert.equal(spoolFiles(dataDir).length, before + 1, 'served from the kept index: nothing folded');
    // Once they are folded in, by the MCP server say, this project's index is still the kept one.
    await foldElsewhere();
    const again = await run('SessionStart', 'third-c');
    assert.equal(contextOf(again), contextOf(start));
    assert.equal(spoolFiles(dataDir).length, 1);
    assert.equal(keptInode(), inode, 'served from the kept index again, not built anew');
    await foldElsewhere();
  });

  it('a write elsewhere (MCP server, CLI) makes the kept index stale', async () => {
    await run('PostToolUse', 'fourth', bash('npm run seed-fourth-fixtures', 'toolu_fourth'));
    await foldElsewhere();
    assert.deepEqual(spoolFiles(dataDir), []);
    const start = await run('SessionStart', 'fifth');
    assert.match(contextOf(start), /seed-fourth-fixtures/);
    // Built from the store; its own event, alone in the spool, was no reason to write.
    assert.equal(spoolFiles(dataDir).length, 1);
  });

  it('events still in the spool are folded before the index is served', async () => {
    // The index was just rebuilt and kept by the SessionStart above; now a session dies with events spooled.
    await run('PostToolUse', 'sixth', bash('npm run crash-sixth-worker', 'toolu_sixth'));
    const start = await run('SessionStart', 'seventh');
    assert.match(contextOf(start), /crash-sixth-worker/);
    assert.equal(spoolFiles(dataDir).length, 0, 'folded, its own event with them');
  });

  it('a session started after compaction gets its snapshot, never a kept index', async () => {
    await run('UserPromptSubmit', 'eighth', { prompt: 'Check the compaction path' });
    await run('PostToolUse', 'eighth', bash('npm run compact-eighth-check', 'toolu_eighth'));
    await run('PreCompact', 'eighth');
    const start = await run('SessionStart', 'eighth', { source: 'compact' });
    const text = contextOf(start);
    assert.match(text, /Where this session was before compaction/);
    assert.match(text, /compact-eighth-check/);
  });

  it('a damaged kept index is ignored and replaced', async () => {
    await run('SessionEnd', 'eighth');
    const [file] = keptFiles();
    writeFileSync(join(derived, file!), '{"format":1,"text":');
    const start = await run('SessionStart', 'ninth');
    assert.match(contextOf(start), /migrate-first-schema/);
    assert.doesNotThrow(() => JSON.parse(readFileSync(join(derived, file!), 'utf8')), 'rewritten whole');
  });

  it('forgetting removes every kept index, so forgotten text survives in none', async () => {
    await run('SessionEnd', 'ninth');
    assert.ok(existsSync(derived));
    const store = SqliteStore.open({ path: join(dataDir, 'mnemo.db'), busyTimeoutMs: 2000 });
    try {
      const session = await store.getSessionByExternalId('claude-code', 'first');
      assert.ok(session);
      assert.ok((await store.forget({ sessionId: session.id })) > 0);
    } finally {
      await store.close();
    }
    assert.equal(existsSync(derived), false);
    const start = await run('SessionStart', 'tenth');
    assert.doesNotMatch(contextOf(start), /migrate-first-schema/);
  });
});
