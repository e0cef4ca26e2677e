/**
 * The per-session cap on extracted events: the store drops the least important (highest priority
 * number), then the oldest, first, within and across ingest batches, exactly as core/extract/evict
 * would over the whole history; pending notes replaced by their outcome take their events along.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureEvent } from '../../../src/core/capture.ts';
import { evict } from '../../../src/core/extract/evict.ts';
import type { CapturedEvent, HookEvent } from '../../../src/core/types.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'mnemo-cap-'));

/** A varied session: commands that pass and fail, edits, prompts, pre/post pairs. */
function history(n: number): CapturedEvent[] {
  const out: CapturedEvent[] = [];
  const place = { project: '/proj/cap', branch: 'main' };
  const base = { platform: 'claude-code', sessionId: 'cap-1', cwd: '/proj/cap' } as const;
  const push = (ev: HookEvent, i: number, k: number) => {
    const c = captureEvent(ev, { place, now: 1_700_000_000_000 + i * 1000 + k, uid: `u-${i}-${k}`, limits: { maxInputChars: 2000, maxOutputChars: 4000 } });
    if (c) out.push(c);
  };
  for (let i = 0; i < n; i++) {
    switch (i % 5) {
      case 0:
        push({ ...base, event: 'UserPromptSubmit', prompt: i % 10 === 0 ? `Fix the failing test in src/mod${i}.ts, it must not regress` : `continue with step ${i}` }, i, 0);
        break;
      case 1:
        push({ ...base, event: 'PreToolUse', toolName: 'Bash', toolInput: { command: `npm test -- mod${i}` }, toolUseId: `t${i}` }, i, 0);
        push({ ...base, event: 'PostToolUse', toolName: 'Bash', toolInput: { command: `npm test -- mod${i}` }, toolResponse: { stdout: i % 3 ? `Tests 3 failed | 10 passed\nError: expected ${i} to equal ${i + 1}` : '13 passed, 0 failed', stderr: '' }, toolUseId: `t${i}` }, i, 1);
        break;
      case 2:
        push({ ...base, event: 'PostToolUse', toolName: 'Edit', toolInput: { file_path: `/proj/cap/src/mod${i}.ts`, old_string: 'a', new_string: 'b' }, toolResponse: { filePath: `/proj/cap/src/mod${i}.ts` }, toolUseId: `e${i}` }, i, 0);
        break;
      case 3:
        push({ ...base, event: 'PostToolUse', toolName: 'Read', toolInput: { file_path: `/proj/cap/CLAUDE.md` }, toolResponse: { file: { content: 'x'.repeat(3000) } }, toolUseId: `r${i}` }, i, 0);
        break;
      default:
        push({ ...base, event: 'PostToolUseFailure', toolName: 'Bash', toolInput: { command: `git push origin b${i}` }, error: 'fatal: could not read from remote', toolUseId: `f${i}` }, i, 0);
    }
  }
  return out;
}

async function eventsKept(cap: number, batches: readonly (readonly CapturedEvent[])[]) {
  const store = SqliteStore.open({ path: join(tmp(), 'm.db'), busyTimeoutMs: 1000, maxEventsPerSession: cap });
  try {
    for (const b of batches) await store.ingest(b);
    const session = (await store.listSessions({}))[0]!;
    return (await store.eventsFor({ sessionId: session.id })).map((e) => ({ key: `${e.obsId}:${e.type}:${e.data}`, priority: e.priority, obsId: e.obsId }));
  } finally {
    await store.close();
  }
}

test('over the cap, the store keeps exactly what evict() keeps of the whole history, in any batching', async () => {
  const all = history(120);
  const full = await eventsKept(100_000, [all]);
  assert.ok(full.length > 60, `the history yields ${full.length} events`);
  assert.ok(new Set(full.map((e) => e.priority)).size >= 3, 'several priorities');
  for (const cap of [7, 40]) {
    const expected = evict(full, cap).map((e) => e.key);
    assert.equal(expected.length, cap);
    const one = await eventsKept(cap, [all]);
    assert.deepEqual(one.map((e) => e.key), expected, `cap ${cap}, one batch`);
    const many: CapturedEvent[][] = [];
    for (let i = 0; i < all.length; i += 9) many.push(all.slice(i, i + 9));
    const batched = await eventsKept(cap, many);
    assert.deepEqual(batched.map((e) => e.key), expected, `cap ${cap}, batches of 9`);
    const single = await eventsKept(cap, all.map((e) => [e]));
    assert.deepEqual(single.map((e) => e.key), expected, `cap ${cap}, one event per batch`);
  }
});

test('under the cap nothing is dropped', async () => {
  const all = history(30);
  const full = await eventsKept(100_000, [all]);
  const capped = await eventsKept(full.length, [all.slice(0, 10), all.slice(10)]);
  assert.deepEqual(capped, full);
});
