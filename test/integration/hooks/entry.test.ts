/**
 * The shipped hook entry (`plugin/dist/hook.cjs`) and its V8 code cache: the cache is written under
 * `<data dir>/cache/` after a first run, reused after that, and whatever state it is in (garbage,
 * truncated, unwritable, turned off, left over from another build) the hook keeps its contract and
 * stores the event. The entry of earlier installs (`hook.js`) still works.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { childEnv, exportAll, hookContractProblems, hookJs, type ProcResult, readLog, runHook, spoolFiles, tempDir, validPayload } from './helpers.ts';

const cacheFiles = (dataDir: string, bundle: string) => {
  const dir = join(dataDir, 'cache');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith(`${bundle}-`) && f.endsWith('.v8')) : [];
};

async function post(dataDir: string, cwd: string, n: number, env: Record<string, string | undefined> = {}): Promise<ProcResult> {
  const payload = validPayload('PostToolUse', 's-cache', cwd, { tool_use_id: `toolu_cache_${n}`, tool_input: { command: `echo run-${n}`, description: 'Echo' } });
  return runHook('PostToolUse', payload, { dataDir, cwd, env });
}

/** Runs PostToolUse once, checks the contract and that its event reached the spool. */
async function postStored(dataDir: string, cwd: string, n: number, env: Record<string, string | undefined> = {}): Promise<void> {
  const before = spoolFiles(dataDir).length;
  const r = await post(dataDir, cwd, n, env);
  assert.deepEqual(hookContractProblems('PostToolUse', r, 15_000), [], `run ${n}: ${r.stderr}`);
  assert.equal(r.stdout.trim(), '{}');
  assert.equal(spoolFiles(dataDir).length, before + 1, `run ${n} spooled its event`);
}

describe('hook.cjs runs its bundles through a code cache', () => {
  it('writes one cache per bundle and event on the first run, then reuses it unchanged', async () => {
    const dataDir = tempDir();
    const cwd = tempDir('mnemo-cache-cwd-');
    await postStored(dataDir, cwd, 1);
    const first = cacheFiles(dataDir, 'hook-main.cjs');
    assert.equal(first.length, 1, `one cache file after the first run: ${first.join(', ')}`);
    assert.match(first[0]!, /PostToolUse\.v8$/);
    const bytes = readFileSync(join(dataDir, 'cache', first[0]!));
    assert.ok(bytes.length > 1000, `cache of ${bytes.length} bytes`);
    await postStored(dataDir, cwd, 2);
    assert.deepEqual(cacheFiles(dataDir, 'hook-main.cjs'), first);
    assert.deepEqual(readFileSync(join(dataDir, 'cache', first[0]!)), bytes, 'an accepted cache is not rewritten');

    // SessionStart loads the store bundle through the cache as well, and injects the index.
    const start = await runHook('SessionStart', validPayload('SessionStart', 's-cache-2', cwd), { dataDir, cwd });
    assert.deepEqual(hookContractProblems('SessionStart', start, 15_000), []);
    assert.match(JSON.parse(start.stdout).hookSpecificOutput.additionalContext, /echo run-2/);
    assert.equal(cacheFiles(dataDir, 'hook-store.cjs').length, 1);
    const again = await runHook('SessionStart', validPayload('SessionStart', 's-cache-3', cwd), { dataDir, cwd });
    assert.deepEqual(hookContractProblems('SessionStart', again, 15_000), []);
    assert.equal(JSON.parse(again.stdout).hookSpecificOutput.additionalContext, JSON.parse(start.stdout).hookSpecificOutput.additionalContext);
    assert.equal(readLog(dataDir), '', 'nothing logged');
  });

  it('survives a garbage or truncated cache file and replaces it', async () => {
    const dataDir = tempDir();
    const cwd = tempDir('mnemo-cache-cwd-');
    await postStored(dataDir, cwd, 1);
    const [name] = cacheFiles(dataDir, 'hook-main.cjs');
    const file = join(dataDir, 'cache', name!);
    const good = readFileSync(file);
    for (const [label, bad] of [
      ['garbage', Buffer.alloc(good.length, 0x5a)],
      ['truncated', good.subarray(0, Math.floor(good.length / 3))],
      ['empty', Buffer.alloc(0)],
    ] as const) {
      writeFileSync(file, bad);
      await postStored(dataDir, cwd, label.length + 10);
      const now = readFileSync(file);
      assert.notDeepEqual(now, bad, `${label}: the rejected cache was rewritten`);
      assert.ok(now.length > 1000, `${label}: rewritten with ${now.length} bytes`);
    }
    const { observations } = await exportAll(dataDir);
    assert.equal(observations.length, 4, 'every run stored its event');
  });

  it('works without a cache: turned off, or a cache directory it cannot create', async () => {
    const off = tempDir();
    const cwd = tempDir('mnemo-cache-cwd-');
    await postStored(off, cwd, 1, { MNEMO_CODE_CACHE: '0' });
    assert.equal(existsSync(join(off, 'cache')), false, 'MNEMO_CODE_CACHE=0 writes no cache');

    const blocked = tempDir();
    writeFileSync(join(blocked, 'cache'), 'a file where the cache directory would go');
    await postStored(blocked, cwd, 1);
    await postStored(blocked, cwd, 2);
    assert.equal(readFileSync(join(blocked, 'cache'), 'utf8'), 'a file where the cache directory would go');
  });

  it('drops caches of other builds when it writes its own', async () => {
    const dataDir = tempDir();
    const cwd = tempDir('mnemo-cache-cwd-');
    mkdirSync(join(dataDir, 'cache'));
    const stale = join(dataDir, 'cache', 'hook-main.cjs-0000000000000000-1-1-v20.0.0-x64-PostToolUse.v8');
    const unrelated = join(dataDir, 'cache', 'notes.txt');
    writeFileSync(stale, 'old build');
    writeFileSync(unrelated, 'not ours');
    await postStored(dataDir, cwd, 1);
    assert.equal(existsSync(stale), false, 'the old build’s cache is gone');
    assert.equal(existsSync(unrelated), true, 'other files are left alone');
    assert.equal(cacheFiles(dataDir, 'hook-main.cjs').length, 1);
  });
});

describe('hook.js, the entry earlier installs point at', () => {
  it('still runs the hook', async () => {
    const dataDir = tempDir();
    const cwd = tempDir('mnemo-cache-cwd-');
    const legacy = join(dirname(hookJs()), 'hook.js');
    const payload = JSON.stringify(validPayload('UserPromptSubmit', 's-legacy', cwd));
    const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((res, rej) => {
      const child = spawn(process.execPath, [legacy, 'UserPromptSubmit'], { cwd, env: childEnv(dataDir), stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
      child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
      child.on('error', rej);
      child.on('close', (code) => res({ code, stdout, stderr }));
      child.stdin.end(payload);
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    assert.equal(r.stdout.trim(), '{}');
    assert.equal(spoolFiles(dataDir).length, 1);
  });
});
