/**
 * The optional LLM query rewrite through each provider's real SDK against the scripted HTTP stand-in:
 * what is sent, how the reply becomes keywords, the cache, and that no failure ever changes or breaks
 * the question (errors, hangs, refusals, junk).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createQueryRewriter, parseKeywords, queryRewriteWanted } from '../../../src/llm/rewrite.ts';
import type { LlmProviderName, LlmSettings } from '../../../src/llm/types.ts';
import { PROVIDER_WIRES, openai } from './providers.ts';
import { startStandIn } from './stand-in.ts';

const usage = { input: 40, output: 8 };
const settings = (provider: LlmProviderName, model: string): LlmSettings => ({ provider, model, timeoutMs: 30_000, maxOutputTokens: 8192 });

for (const wire of PROVIDER_WIRES) {
  test(`${wire.name}: a Chinese question gets the model's English keywords added, once per question`, async () => {
    const s = await startStandIn([{ status: 200, json: wire.reply('pre-commit hook error, complaint', usage) }]);
    try {
      // A generous deadline: the first call may still be importing the SDK on a loaded machine.
      const r = createQueryRewriter(settings(wire.name, wire.model), wire.env(s.origin), { timeoutMs: 20_000 })!;
      const q = '预提交钩子报了什么错误';
      assert.equal(await r.expand(q), `${q} pre-commit hook error complaint`);
      assert.equal(s.requests.length, 1);
      assert.equal(s.requests[0]!.path.split('?')[0], wire.path);
      const sent = wire.sent(s.requests[0]!);
      assert.equal(sent.model, wire.model);
      assert.match(sent.text, /<query>\n预提交钩子报了什么错误\n<\/query>/);
      assert.equal(await r.expand(q), `${q} pre-commit hook error complaint`, 'cached');
      assert.equal(await r.expand('git push failed'), 'git push failed', 'an English question is not sent');
      assert.equal(s.requests.length, 1);
    } finally {
      await s.close();
    }
  });
}

test('failures leave the question unchanged and pause the model; a later success is used', async () => {
  // The SDK retries a 500 once, so the first failure takes two answers.
  const fail = { status: 500, json: openai.error(500, 'boom') };
  const s = await startStandIn([fail, fail, { hang: true }, { status: 200, json: openai.reply('scroll terminal', usage) }]);
  try {
    const failures: string[] = [];
    const make = (timeoutMs: number, pauseMs: number) => createQueryRewriter(settings('openai', 'gpt-test'), openai.env(s.origin), { timeoutMs, pauseMs, onFailure: (w) => failures.push(w) })!;
    const r = make(20_000, 60_000);
    assert.equal(await r.expand('终端里滚动不起作用'), '终端里滚动不起作用');
    assert.equal(failures.length, 1);
    const sent = s.requests.length;
    assert.equal(await r.expand('终端里滚动不起作用'), '终端里滚动不起作用', 'paused: not asked again');
    assert.equal(s.requests.length, sent);
    // A hang ends at the deadline with the question as it was.
    const r2 = make(300, 0);
    assert.equal(await r2.expand('服务器启动不了'), '服务器启动不了');
    assert.match(failures[1] ?? '', /timeout|time/i);
    assert.equal(await r2.expand('终端里滚动不起作用'), '终端里滚动不起作用 scroll terminal');
  } finally {
    await s.close();
  }
});

test('refusals and junk replies add nothing; keywords are latin words, identifiers and paths only', async () => {
  const s = await startStandIn([{ status: 200, json: openai.refusal!(usage) }, { status: 200, json: openai.reply('抱歉，我无法回答。', usage) }]);
  try {
    const r = createQueryRewriter(settings('openai', 'gpt-test'), openai.env(s.origin), { timeoutMs: 20_000 })!;
    assert.equal(await r.expand('删除了哪个文件'), '删除了哪个文件');
    assert.equal(await r.expand('打印 hello world 的脚本'), '打印 hello world 的脚本', 'nothing latin in the reply');
  } finally {
    await s.close();
  }
  assert.deepEqual(parseKeywords('\nKeywords: "src/db/pool.ts", multiply_numbers, git push.\nSecond line ignored'), ['src/db/pool.ts', 'multiply_numbers', 'git', 'push']);
  assert.deepEqual(parseKeywords('a '.repeat(40)).length, 1);
  assert.equal(parseKeywords(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ')).length, 12);
});

test('off unless asked for, and only with an LLM configured', () => {
  assert.equal(queryRewriteWanted({}), false);
  assert.equal(queryRewriteWanted({ MNEMO_QUERY_REWRITE: 'on' }), true);
  assert.equal(queryRewriteWanted({}, { queryRewrite: true }), true);
  assert.equal(queryRewriteWanted({ MNEMO_QUERY_REWRITE: 'off' }, { queryRewrite: true }), false);
  assert.equal(createQueryRewriter({ provider: 'heuristic', timeoutMs: 1000, maxOutputTokens: 1024 }, {}), undefined);
});
