// The MCP server when its store could only be opened read-only (the file was immutable at its start):
// reads answer, save_memory fails with a clear reason, and once the file can be written again the
// server reopens the store for writing by itself — no restart — and folds what the hooks spooled.
// Tests run as root, where chmod does not stop writes: `chattr +i` does (as in test/stress/spool.test.ts).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { assertBuilt, cleanupTemps, connectMcp, gitRepo, runCliProc, runHook, tempDir, textOf, type McpConnection } from './harness.ts';

let dataDir: string;
let repo: string;
let db: string;
let mcp: McpConnection | undefined;
let immutable = false;

function chattr(flag: '+i' | '-i'): void {
  const r = spawnSync('chattr', [flag, db], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`chattr ${flag} ${db} failed (needs root on ext4/xfs/tmpfs): ${r.stderr}`);
  immutable = flag === '+i';
}

const hook = (id: string, marker: string) => {
  runHook(dataDir, { session_id: 'ro-1', transcript_path: join(repo, '.t.jsonl'), cwd: repo, hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: id, tool_input: { command: `make ${marker}` }, tool_response: { stdout: 'ok', stderr: '' } });
};
const spooled = () => (existsSync(join(dataDir, 'spool')) ? readdirSync(join(dataDir, 'spool')).filter((n) => n.endsWith('.json')) : []);
const log = () => (existsSync(join(dataDir, 'mnemo.log')) ? readFileSync(join(dataDir, 'mnemo.log'), 'utf8') : '');

before(async () => {
  assertBuilt();
  dataDir = tempDir('read-only');
  repo = gitRepo('read-only-repo');
  db = join(dataDir, 'mnemo.db');
  // A store with one observation in it, folded and checkpointed by a CLI process.
  hook('toolu_ro_before', 'zqbeforezq');
  const folded = runCliProc(['search', 'zqbeforezq'], { dataDir, cwd: repo });
  assert.equal(folded.status, 0, folded.stderr);
  assert.deepEqual(spooled(), []);
  chattr('+i');
  mcp = await connectMcp({ cwd: repo, env: { MNEMO_DATA_DIR: dataDir }, name: 'mnemo-read-only-test' });
});

after(async () => {
  if (immutable) chattr('-i');
  await mcp?.close();
  cleanupTemps();
});

const call = (name: string, args: Record<string, unknown>) => mcp!.call(name, args);

test('while the file is immutable, reads answer from the store and save_memory says it cannot write', async () => {
  const found = await call('search', { query: 'zqbeforezq' });
  assert.ok(!found.isError, textOf(found));
  assert.match(textOf(found), /zqbeforezq/);
  const saved = await call('save_memory', { text: 'remember the zqwhilerozq decision' });
  assert.equal(saved.isError, true, textOf(saved));
  assert.match(textOf(saved), /read-only|cannot write/i);
  assert.doesNotMatch(textOf(saved), /internal error/i);
  hook('toolu_ro_during', 'zqduringzq');
  assert.equal(spooled().length, 1, 'the hook event waits in the spool');
});

test('once the file can be written, the same server reopens it for writing, saves and folds the spool', async () => {
  chattr('-i');
  // The server notices by itself (drain tick); no timing is asserted, the wait is only bounded.
  for (let i = 0; i < 300 && !/reopened it for writing/.test(log()); i++) await sleep(100);
  assert.match(log(), /reopened it for writing/, `the server logs the recovery:\n${log()}`);
  assert.equal(log().split('\n').filter((l) => /reopened it for writing/.test(l)).length, 1, 'logged once');
  const saved = await call('save_memory', { text: 'remember the zqafterrozq decision' });
  assert.ok(!saved.isError, textOf(saved));
  assert.match(textOf(await call('search', { query: 'zqafterrozq' })), /zqafterrozq/);
  assert.match(textOf(await call('search', { query: 'zqduringzq' })), /zqduringzq/, 'the spooled event was folded');
  assert.deepEqual(spooled(), []);
});
