/**
 * The evaluation's replay through the plugin's real hook processes (eval/hook-replay): every tool
 * call and prompt of a transcript lands in the store where the labels can find it, by tool_use_id
 * and entry uuid, and `mnemo search --json` (the CLI's own code, in-process) answers from it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { replayThroughHooks } from '../../../eval/hook-replay.ts';
import { idsForKey, indexObservations } from '../../../eval/labels.ts';
import { cleanEnv, cli, searchIds } from '../../../eval/recall.ts';
import { openDatabase } from '../../../src/store/sqlite/driver.ts';

const FIXTURE = new URL('../../../eval/data/transcripts/DRMacIver-claude-reliability/hello-world-script/', import.meta.url).pathname;

test('replay through the hooks: every call and prompt is stored, labelled keys resolve, search answers', async () => {
  const root = mkdtempSync(join(tmpdir(), 'mnemo-replay-'));
  cpSync(FIXTURE, join(root, 'transcripts'), { recursive: true });
  const data = join(root, 'data');
  const r = await replayThroughHooks([join(root, 'transcripts')], data, { env: cleanEnv(data), concurrency: 1 });
  assert.deepEqual(r.hookFailures, [], 'every hook exits 0 with one JSON object or nothing');
  const hooks = r.events.map((e) => e.hook);
  for (const h of ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionEnd']) assert.ok(hooks.includes(h), `${h} sent`);
  assert.ok(r.events.every((e) => e.hook !== 'PreToolUse' || r.events.some((p) => p.hook === 'PostToolUse' && p.toolUseId === e.toolUseId)), 'a PreToolUse precedes each result');
  await cli(data, ['sessions', '--json']); // folds whatever the hooks left in the spool
  const db = openDatabase({ path: join(data, 'mnemo.db'), busyTimeoutMs: 5000, readonly: true });
  try {
    const index = indexObservations(db, r.events);
    for (const id of ['toolu_01R3SZZYuAq6mou5RqHE4rzF', 'toolu_01GNvoSEyj9jAsgFtJBduDPp', '10dcdc4f-bc3e-4b4f-a336-cc788f8ffbe1']) {
      assert.equal(idsForKey(id, index).length, 1, `${id} names one stored observation`);
    }
    assert.deepEqual(idsForKey('toolu_not_in_the_transcript', index), []);
    assert.equal(index.unmatched, 0);
    const write = idsForKey('toolu_01R3SZZYuAq6mou5RqHE4rzF', index)[0]!;
    // Every record of this one-task session names hello.sh; the question finds them all, and the
    // file's creation leads when asked for by what it did.
    const question = await searchIds(data, 'which shell script prints hello world');
    assert.ok(question.includes(write), `the Write of hello.sh is among ${JSON.stringify(question)}`);
    const top = await searchIds(data, 'created hello.sh');
    assert.equal(top[0], write, `the Write of hello.sh leads ${JSON.stringify(top)}`);
  } finally {
    db.close();
  }
});
