import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summarizeWithLlm, type LlmSettings, type SummaryRequest } from '../../../src/llm/index.ts';
import { startStandIn } from './stand-in.ts';

const req: SummaryRequest = { language: 'en', digest: 'user: fix it', heuristic: { brief: 'B', detailed: 'D' } };

test('the heuristic setting returns the heuristic summary as is, with no fallback reason', async () => {
  const r = await summarizeWithLlm(req, { provider: 'heuristic', timeoutMs: 1000, maxOutputTokens: 1024 }, {});
  assert.deepEqual(r, { brief: 'B', detailed: 'D', provider: 'heuristic', inputTokens: 0, outputTokens: 0 });
});

test('an empty digest is not sent anywhere', async () => {
  const s = await startStandIn([{ status: 500, json: {} }]);
  try {
    const r = await summarizeWithLlm({ ...req, digest: ' \n' }, { provider: 'ollama', timeoutMs: 1000, maxOutputTokens: 1024 }, { OLLAMA_HOST: s.origin });
    assert.equal(r.provider, 'heuristic');
    assert.match(r.fallbackReason ?? '', /^ollama \(qwen3:4b\): nothing to summarize/);
    assert.equal(s.requests.length, 0);
  } finally {
    await s.close();
  }
});

test('nonsense input never throws', async () => {
  const bogus = { provider: 'gemini', timeoutMs: Number.NaN, maxOutputTokens: -1 } as unknown as LlmSettings;
  const r1 = await summarizeWithLlm(req, bogus, {});
  assert.equal(r1.provider, 'heuristic');
  assert.match(r1.fallbackReason ?? '', /unknown summarizer "gemini"/);
  const r2 = await summarizeWithLlm({} as SummaryRequest, { provider: 'anthropic', timeoutMs: 1000, maxOutputTokens: 1024 }, {});
  assert.equal(r2.provider, 'heuristic');
  assert.equal(r2.brief, '');
  const r3 = await summarizeWithLlm(req, undefined as unknown as LlmSettings, {});
  assert.equal(r3.provider, 'heuristic');
});
