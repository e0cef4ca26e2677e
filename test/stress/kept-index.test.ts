/**
 * The kept SessionStart index under races (src/context/cache.ts, src/store/generation.ts): a SessionEnd
 * that folds, summarizes and keeps the index, a SessionStart, and another session's tool call folded by
 * a CLI command at a random moment, all at once, round after round. Once everything has stopped and the spool
 * is folded, a SessionStart must answer exactly what an index built from the store answers: a kept
 * index stamped before a write it does not show would differ.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type ProcResult, SEED, report, rng, runCli, runHook, scale, sleep, tempDir, validPayload } from './helpers.ts';

const ROUNDS = scale(6, 30);

function contextOf(r: ProcResult): string {
  assert.equal(r.code, 0, r.stderr);
  return (JSON.parse(r.stdout) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput?.additionalContext ?? '';
}

test('after racing folds, summaries and kept indexes, SessionStart answers what the store holds', async () => {
  const dataDir = tempDir('mnemo-kept-race-');
  const cwd = tempDir('mnemo-kept-race-cwd-');
  const derived = join(dataDir, 'mnemo.db-derived');
  const run = (event: Parameters<typeof validPayload>[0], session: string, extra: Record<string, unknown> = {}, env: Record<string, string> = {}) =>
    runHook(event, validPayload(event, session, cwd, extra), { dataDir, cwd, env });
  const bash = (command: string, id: string) => ({ tool_input: { command, description: 'Run it' }, tool_use_id: id });
  /** The kept file's inode, or undefined: a SessionStart that built its index anew replaces the file. */
  const keptInode = () => {
    try {
      const f = readdirSync(derived).find((n) => n.startsWith('index-'));
      return f ? statSync(join(derived, f)).ino : undefined;
    } catch {
      return undefined;
    }
  };

  const rand = rng(SEED);
  const mismatches: string[] = [];
  let servedKept = 0;
  for (let r = 0; r < ROUNDS; r++) {
    await run('SessionStart', `a${r}`);
    for (let i = 0; i < 3; i++) await run('PostToolUse', `a${r}`, bash(`npm run task-${r}-${i}`, `toolu_a${r}_${i}`));
    // All at once: a's end (folds, summarizes, keeps the index), a new session starting (kept index or
    // built), and, a random moment later, another session's tool call spooled and folded by a CLI
    // command: before, during or after the kept index is written.
    const raced = await Promise.all([
      run('SessionEnd', `a${r}`),
      (async () => {
        await sleep(Math.floor(rand() * 120));
        return run('SessionStart', `c${r}`);
      })(),
      (async () => {
        await sleep(Math.floor(rand() * 120));
        const tool = await run('PostToolUse', `b${r}`, bash(`make check-${r}`, `toolu_b${r}`));
        return tool.code === 0 ? runCli(['search', 'check', '--json'], dataDir, cwd) : tool;
      })(),
    ]);
    assert.deepEqual(raced.map((p) => p.code), [0, 0, 0], raced.map((p) => p.stderr).join('\n'));
    // Quiet again: fold what is left (SessionStart events only), then ask twice.
    await runCli(['sessions', '--json'], dataDir, cwd);
    const before = keptInode();
    const served = contextOf(await run('SessionStart', `d${r}`));
    if (before !== undefined && keptInode() === before) servedKept++;
    const built = contextOf(await run('SessionStart', `e${r}`, {}, { MNEMO_CONTEXT_CACHE: '0' }));
    if (served !== built) mismatches.push(`round ${r}:\n--- served\n${served}\n--- built\n${built}`);
    await run('SessionEnd', `b${r}`);
  }
  report('kept index races', { rounds: ROUNDS, servedKept, mismatches: mismatches.length });
  assert.deepEqual(mismatches, []);
  // Not vacuous: some rounds ended with a kept index that was still good, and it was served.
  assert.ok(servedKept > 0, 'no round served a kept index');
});
