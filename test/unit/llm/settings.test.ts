import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_MODELS, resolveLlmSettings } from '../../../src/llm/index.ts';

test('defaults: heuristic, 30 s, 8192 tokens, no model, no warnings, frozen', () => {
  const s = resolveLlmSettings({}, {});
  assert.deepEqual(s, { provider: 'heuristic', timeoutMs: 30_000, maxOutputTokens: 8192 });
  assert.ok(Object.isFrozen(s));
});

test('each provider gets its default model; MNEMO_SUMMARIZER_MODEL overrides it', () => {
  assert.deepEqual(DEFAULT_MODELS, { anthropic: 'claude-haiku-5-5', openai: 'gpt-5.4-mini', ollama: 'qwen3:4b' });
  for (const p of ['anthropic', 'openai', 'ollama'] as const) {
    assert.equal(resolveLlmSettings({ MNEMO_SUMMARIZER: p }).model, DEFAULT_MODELS[p]);
  }
  assert.equal(resolveLlmSettings({ MNEMO_SUMMARIZER: 'OpenAI', MNEMO_SUMMARIZER_MODEL: ' gpt-4.1-mini ' }).model, 'gpt-4.1-mini');
  assert.equal(resolveLlmSettings({ MNEMO_SUMMARIZER: 'heuristic', MNEMO_SUMMARIZER_MODEL: 'x' }).model, undefined);
});

test('the config file is read; the environment wins over it', () => {
  const file = { summarizer: 'ollama', summarizerModel: 'llama3.2:3b', llmTimeoutMs: 60_000, llmMaxOutputTokens: 4096 };
  assert.deepEqual(resolveLlmSettings({}, file), { provider: 'ollama', model: 'llama3.2:3b', timeoutMs: 60_000, maxOutputTokens: 4096 });
  const s = resolveLlmSettings({ MNEMO_SUMMARIZER: 'anthropic', MNEMO_LLM_TIMEOUT_MS: '5000' }, file);
  assert.equal(s.provider, 'anthropic');
  assert.equal(s.model, 'llama3.2:3b', 'a model set in the file still applies');
  assert.equal(s.timeoutMs, 5000);
});

test('bad values fall back with a warning, never an exception', () => {
  const unknown = resolveLlmSettings({ MNEMO_SUMMARIZER: 'gemini' });
  assert.equal(unknown.provider, 'heuristic');
  assert.equal(unknown.model, undefined);
  assert.match(unknown.warnings?.[0] ?? '', /unknown summarizer "gemini".*using heuristic/);

  const badTimeout = resolveLlmSettings({ MNEMO_SUMMARIZER: 'openai', MNEMO_LLM_TIMEOUT_MS: 'soon' });
  assert.equal(badTimeout.timeoutMs, 30_000);
  assert.match(badTimeout.warnings?.[0] ?? '', /MNEMO_LLM_TIMEOUT_MS="soon" is not a number/);

  const clamped = resolveLlmSettings({ MNEMO_LLM_TIMEOUT_MS: '5', MNEMO_LLM_MAX_OUTPUT_TOKENS: '1e9' });
  assert.equal(clamped.timeoutMs, 100);
  assert.equal(clamped.maxOutputTokens, 64_000);
  assert.equal(clamped.warnings?.length, 2);

  assert.equal(resolveLlmSettings({ MNEMO_SUMMARIZER: '  ' }).provider, 'heuristic');
  assert.equal(resolveLlmSettings({}, { summarizer: 42 }).provider, 'heuristic');
});
