/**
 * The MCP server with MNEMO_EMBEDDER=hash (the built bundle over stdio, the SDK's own Client): it
 * embeds the store in the background, and its `search` tool then finds by vector what no keyword
 * matches. Without the variable nothing is embedded.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { assertBuilt, childEnv, CLI, cleanupTemps, gitRepo, seed, sessionPayloads, tempDir } from '../mcp/harness.ts';

after(() => cleanupTemps());

async function withServer<T>(dataDir: string, cwd: string, env: Record<string, string>, fn: (c: Client) => Promise<T>): Promise<T> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], cwd, env: childEnv({ MNEMO_DATA_DIR: dataDir, ...env }), stderr: 'pipe' });
  const client = new Client({ name: 'mnemo-semantic-test', version: '0.0.0' });
  await client.connect(transport, { timeout: 15_000 });
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}

const vectors = (dataDir: string) => {
  const db = openSqlite(join(dataDir, 'mnemo.db'), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM obs_vectors').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

test('mcp: background embedding with MNEMO_EMBEDDER=hash, vector hits through the search tool; off by default', async () => {
  assertBuilt();
  const dataDir = tempDir('mnemo-mcp-sem-');
  const repo = gitRepo('sem-repo');
  seed(dataDir, sessionPayloads('sem-session-1', repo));
  await withServer(dataDir, repo, {}, async () => sleep(500));
  assert.equal(vectors(dataDir), 0, 'semantic search is off unless asked for');
  await withServer(dataDir, repo, { MNEMO_EMBEDDER: 'hash' }, async (client) => {
    for (let i = 0; i < 50 && vectors(dataDir) === 0; i++) await sleep(200);
    assert.ok(vectors(dataDir) > 3, `embedded in the background: ${vectors(dataDir)}`);
    // `acquirepool` is no word of the store; its character trigrams and stems are.
    const r = (await client.callTool({ name: 'search', arguments: { query: 'acquirepooled' } })) as CallToolResult;
    assert.ok(!r.isError);
    const results = (r.structuredContent as { results: { title: string }[] }).results;
    assert.ok(results.length > 0, 'found by vector');
  });
});
