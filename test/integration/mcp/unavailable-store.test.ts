// The MCP server when its store cannot be opened (issue 8, "Locked or unavailable store"): a directory
// stands where mnemo.db belongs. The server must come up, answer every call with a tool error that
// names the problem, and recover by itself once the path is free: no restart, nothing the hooks
// spooled meanwhile lost.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { assertBuilt, cleanupTemps, connectMcp, gitRepo, runHook, tempDir, textOf, type McpConnection } from './harness.ts';

let dataDir: string;
let repo: string;
let mcp: McpConnection | undefined;

before(async () => {
  assertBuilt();
  dataDir = tempDir('unavailable');
  repo = gitRepo('unavailable-repo');
  mkdirSync(join(dataDir, 'mnemo.db', 'something'), { recursive: true });
  mcp = await connectMcp({ cwd: repo, env: { MNEMO_DATA_DIR: dataDir }, name: 'mnemo-unavailable-test' });
});

after(async () => {
  await mcp?.close();
  cleanupTemps();
});

const call = (name: string, args: Record<string, unknown>) => mcp!.call(name, args);

test('while a directory stands in place of mnemo.db, every tool answers with an error naming it', async () => {
  for (const [name, args] of [
    ['search', { query: 'anything' }],
    ['context', {}],
    ['save_memory', { text: 'remember the zqlaterzq decision' }],
  ] as const) {
    const r = await call(name, args);
    assert.equal(r.isError, true, `${name}: ${textOf(r)}`);
    assert.match(textOf(r), /mnemo\.db/, name);
    assert.match(textOf(r), /is a directory/, name);
    assert.doesNotMatch(textOf(r), /internal error/i, name);
  }
  assert.equal(mcp!.stderr().trim(), '', 'nothing on stderr');
  const log = readFileSync(join(dataDir, 'mnemo.log'), 'utf8');
  assert.equal(log.split('\n').filter((l) => /store unavailable/.test(l)).length, 1, `one log line for one outage:\n${log}`);
});

test('once the path is free, the next call opens the store and folds what the hooks spooled meanwhile', async () => {
  const base = { session_id: 'unavail-1', transcript_path: join(repo, '.t.jsonl'), cwd: repo };
  runHook(dataDir, { ...base, hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: 'toolu_unavail_1', tool_input: { command: 'make zqspooledzq' }, tool_response: { stdout: 'ok', stderr: '' } });
  rmSync(join(dataDir, 'mnemo.db'), { recursive: true });
  const found = await call('search', { query: 'zqspooledzq' });
  assert.ok(!found.isError, textOf(found));
  assert.match(textOf(found), /zqspooledzq/);
  const saved = await call('save_memory', { text: 'remember the zqlaterzq decision' });
  assert.ok(!saved.isError, textOf(saved));
  assert.match(textOf(await call('search', { query: 'zqlaterzq' })), /zqlaterzq/);
  assert.ok(existsSync(join(dataDir, 'mnemo.db')));
  assert.match(readFileSync(join(dataDir, 'mnemo.log'), 'utf8'), /store is available again/);
});
