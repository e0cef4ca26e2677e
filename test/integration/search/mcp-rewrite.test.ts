/**
 * The MCP server's search with the optional LLM query rewrite (the built bundle over stdio, the SDK's
 * own Client, the OpenAI SDK against the scripted stand-in): a Chinese question that no keyword or
 * glossary term matches finds the English record through the model's keywords; without the opt-in the
 * model is never asked, and a broken model leaves search working.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { assertBuilt, childEnv, CLI, cleanupTemps, gitRepo, MARK, seed, sessionPayloads, tempDir } from '../mcp/harness.ts';
import { openai } from '../../unit/llm/providers.ts';
import { startStandIn } from '../../unit/llm/stand-in.ts';

after(() => cleanupTemps());

async function search(dataDir: string, cwd: string, env: Record<string, string>, query: string): Promise<{ title: string }[]> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], cwd, env: childEnv({ MNEMO_DATA_DIR: dataDir, ...env }), stderr: 'pipe' });
  const client = new Client({ name: 'mnemo-rewrite-test', version: '0.0.0' });
  await client.connect(transport, { timeout: 15_000 });
  try {
    const r = (await client.callTool({ name: 'search', arguments: { query } })) as CallToolResult;
    assert.ok(!r.isError, JSON.stringify(r.content));
    return (r.structuredContent as { results: { title: string }[] }).results;
  } finally {
    await client.close();
  }
}

/** "The koala marker": no glossary word, nothing in the store matches it. */
const QUESTION = '树袋熊标记在哪里';

test('mcp search: MNEMO_QUERY_REWRITE=on sends a Chinese question to the LLM once and searches with its English keywords', async () => {
  assertBuilt();
  const dataDir = tempDir('mnemo-mcp-rewrite-');
  const repo = gitRepo('rewrite-repo');
  seed(dataDir, sessionPayloads('rewrite-session-1', repo));
  const s = await startStandIn([{ status: 200, json: openai.reply(`${MARK.bodyOnly} marker`, { input: 30, output: 5 }) }]);
  try {
    const llm = { MNEMO_SUMMARIZER: 'openai', ...openai.env(s.origin) };
    assert.deepEqual(await search(dataDir, repo, llm, QUESTION), [], 'without the opt-in, no keyword matches');
    assert.equal(s.requests.filter((r) => JSON.stringify(r.body).includes(QUESTION)).length, 0, 'and the model was not asked');
    const found = await search(dataDir, repo, { ...llm, MNEMO_QUERY_REWRITE: 'on' }, QUESTION);
    assert.ok(found.length > 0, 'found through the keywords');
    assert.match(found[0]!.title, /pool\.ts/);
    assert.equal(s.requests.filter((r) => JSON.stringify(r.body).includes(QUESTION)).length, 1);
  } finally {
    await s.close();
  }
});

test('mcp search: a failing LLM leaves the question as it was and the search answers', async () => {
  assertBuilt();
  const dataDir = tempDir('mnemo-mcp-rewrite-');
  const repo = gitRepo('rewrite-repo-2');
  seed(dataDir, sessionPayloads('rewrite-session-2', repo));
  const s = await startStandIn([{ status: 401, json: openai.error(401, 'bad key') }]);
  try {
    const found = await search(dataDir, repo, { MNEMO_SUMMARIZER: 'openai', ...openai.env(s.origin), MNEMO_QUERY_REWRITE: 'on' }, '连接池 pool.ts');
    assert.ok(found.length > 0);
    assert.ok(s.requests.length >= 1, 'the model was asked');
  } finally {
    await s.close();
  }
});
