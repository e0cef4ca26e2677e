// Retention run by the MCP server itself, for hosts with no SessionEnd hook to start `mnemo prune`:
// with MNEMO_RETENTION_DAYS set and old observations stored, the server (the real bundle, through the
// SDK's client) deletes them shortly after start, keeps the recent ones and keeps answering.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import type { CapturedEvent } from '../../../src/core/types.ts';
import { assertBuilt, childEnv, CLI, cleanupTemps, gitRepo, sleep, tempDir } from './harness.ts';

const DAY = 86_400_000;
let client: Client | undefined;

after(async () => {
  await client?.close().catch(() => undefined);
  cleanupTemps();
});

function ev(at: number, i: number, title: string, session: string): CapturedEvent {
  return {
    uid: `mcp-retention-${i}`,
    at,
    event: 'PostToolUse',
    platform: 'claude-code',
    externalSessionId: session,
    place: { project: '/proj/mcp-retention' },
    observation: { kind: 'tool', type: 'change', title, body: `${title} body`, files: [], private: false },
  } as CapturedEvent;
}

const rows = (dbPath: string): number => {
  const db = openSqlite(dbPath, { readonly: true });
  try {
    return db.prepare('SELECT count(*) FROM observations').pluck().get() as number;
  } finally {
    db.close();
  }
};

test('the MCP server prunes what is due by itself and keeps answering', async () => {
  assertBuilt();
  const dataDir = tempDir('mcp-retention');
  const repo = gitRepo('mcp-retention-repo');
  const dbPath = join(dataDir, 'mnemo.db');
  const store = SqliteStore.open({ path: dbPath, busyTimeoutMs: 1000 });
  const now = Date.now();
  await store.ingest([
    ...Array.from({ length: 40 }, (_, i) => ev(now - 100 * DAY + i, i, `Edited zqancientzq module ${i}`, 'old')),
    ev(now - 1000, 40, 'Edited zqrecentzq module', 'new'),
  ]);
  await store.close();

  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp'],
    cwd: repo,
    env: childEnv({ MNEMO_DATA_DIR: dataDir, MNEMO_RETENTION_DAYS: '30' }),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
  client = new Client({ name: 'mnemo-retention-test', version: '0.0.0' });
  await client.connect(transport, { timeout: 15_000 });
  const search = async (query: string) => {
    const r = (await client!.callTool({ name: 'search', arguments: { query } }, undefined, { timeout: 15_000 })) as CallToolResult;
    assert.ok(!r.isError, JSON.stringify(r.content));
    return r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  };

  // No SessionEnd ever arrives: the server's own check must do it (polled, no timing asserted).
  const deadline = Date.now() + 60_000;
  while (rows(dbPath) > 1) {
    if (Date.now() > deadline) throw new Error(`the server never pruned: ${rows(dbPath)} rows left\n${stderr}`);
    assert.match(await search('zqrecentzq'), /Edited zqrecentzq module/, 'the server answers meanwhile');
    await sleep(250);
  }
  assert.doesNotMatch(await search('zqancientzq'), /Edited zqancientzq module/);
  assert.match(await search('zqrecentzq'), /Edited zqrecentzq module/, 'the recent observation stays');
  assert.match(readFileSync(join(dataDir, 'mnemo.log'), 'utf8'), /retention: pruned 40 observation/);
  assert.equal(stderr.trim(), '', 'nothing on stderr');
});
