// The MCP server when its store cannot be opened (issue 8, "Locked or unavailable store"): a directory
// stands where mnemo.db belongs. The server must come up, answer every call with a tool error that
// names the problem, and recover by itself once the path is free: no restart, nothing the hooks
// spooled meanwhile lost.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { assertBuilt, childEnv, CLI, cleanupTemps, gitRepo, runHook, tempDir } from './harness.ts';

let dataDir: string;
let repo: string;
let client: Client;
let stderr = '';

before(async () => {
  assertBuilt();
  dataDir = tempDir('unavailable');
  repo = gitRepo('unavailable-repo');
  mkdirSync(join(dataDir, 'mnemo.db', 'something'), { recursive: true });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp'],
    cwd: repo,
    env: childEnv({ MNEMO_DATA_DIR: dataDir }),
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
  client = new Client({ name: 'mnemo-unavailable-test', version: '0.0.0' });
  await client.connect(transport, { timeout: 15_000 });
});

after(async () => {
  await client?.close().catch(() => undefined);
  cleanupTemps();
});

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args }, undefined, { timeout: 15_000 })) as CallToolResult;
}
const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

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
  assert.equal(stderr.trim(), '', 'nothing on stderr');
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
