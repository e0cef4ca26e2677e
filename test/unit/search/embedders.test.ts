/**
 * Embedders: the offline hash embedder, and the API embedders through their real SDKs against a
 * scripted HTTP stand-in on 127.0.0.1 (test/unit/llm/stand-in.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEmbedder, EmbedError, resolveEmbedSettings } from '../../../src/embed/index.ts';
import { createHashEmbedder, HASH_DIMS, hashFeatures } from '../../../src/embed/hash.ts';
import { createOllamaEmbedder } from '../../../src/embed/ollama.ts';
import { createOpenAiEmbedder } from '../../../src/embed/openai.ts';
import { startStandIn } from '../llm/stand-in.ts';

const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const norm = (a: Float32Array) => Math.sqrt(cos(a, a));

test('hash embedder: offline, deterministic, unit length, and Chinese glossary terms meet their English', async () => {
  const e = createHashEmbedder();
  const [a, b, c, d, empty] = await e.embed(['连接池泄漏', 'connection pool leak', 'rendered the button theme', 'connection pool leak', ''], 'document');
  assert.equal(a!.length, HASH_DIMS);
  assert.ok(Math.abs(norm(a!) - 1) < 1e-5);
  assert.deepEqual(b, d);
  assert.ok(cos(a!, b!) > 0.5, `cross-lingual similarity ${cos(a!, b!)}`);
  assert.ok(cos(a!, b!) > cos(a!, c!) + 0.3);
  assert.equal(norm(empty!), 0, 'nothing to embed is the zero vector, not NaN');
  assert.equal(e.fusion ?? 'rrf', 'rrf', 'fused with the keyword lists (measured in eval/RESULTS.md)');
});

test('hash features: function words and numbers carry nothing; a glossary term brings every translation, hyphenated ones as words', () => {
  const words = (t: string) => [...hashFeatures(t).keys()].filter((k) => k.startsWith('w:')).sort();
  assert.deepEqual(words('What did the pre-commit hook complain about at line 42 of 3f9a2c1d?'), ['w:commit', 'w:complain', 'w:hook', 'w:line', 'w:pre']);
  // 预提交 → pre-commit (two words, as documents tokenize it); 报错 → error, errors (one stem).
  assert.deepEqual(words('预提交报错'), ['w:commit', 'w:error', 'w:pre']);
  assert.ok([...hashFeatures('poolconnect').keys()].some((k) => k === 'g:poo'), 'sub-word trigrams stay, at a small weight');
  assert.ok(hashFeatures('poolconnect').get('g:poo')! < hashFeatures('poolconnect').get('w:poolconnect')!);
});

test('hash embedder: a record sharing one content word with the question beats one sharing only function words', async () => {
  const [q, hit, miss] = await createHashEmbedder().embed(['which file got the multiply_numbers function', 'Added multiply function to utils', 'which of the files did you get from them'], 'document');
  assert.ok(cos(q!, hit!) > cos(q!, miss!) + 0.2, `${cos(q!, hit!)} vs ${cos(q!, miss!)}`);
});

test('settings: off by default, env over config.json, per-provider model defaults, bad values warn', () => {
  assert.equal(resolveEmbedSettings({}).embedder, 'none');
  assert.equal(resolveEmbedSettings({}, { embedder: 'hash' }).embedder, 'hash');
  assert.equal(resolveEmbedSettings({ MNEMO_EMBEDDER: 'none' }, { embedder: 'hash' }).embedder, 'none');
  const o = resolveEmbedSettings({ MNEMO_EMBEDDER: 'Ollama' });
  assert.equal(o.embedder, 'ollama');
  assert.equal(o.model, 'bge-m3');
  const oa = resolveEmbedSettings({ MNEMO_EMBEDDER: 'openai', MNEMO_EMBED_DIMENSIONS: '256' });
  assert.deepEqual([oa.model, oa.dimensions], ['text-embedding-3-small', 256]);
  const bad = resolveEmbedSettings({ MNEMO_EMBEDDER: 'word2vec' });
  assert.equal(bad.embedder, 'none');
  assert.equal(bad.warnings.length, 1);
  const onnx = resolveEmbedSettings({ MNEMO_EMBEDDER: 'onnx' });
  assert.equal(onnx.embedder, 'none', 'onnx without a model folder stays off');
});

test('createEmbedder: none is undefined; openai without a key is a clear error', async () => {
  assert.equal(await createEmbedder(resolveEmbedSettings({})), undefined);
  assert.equal((await createEmbedder(resolveEmbedSettings({ MNEMO_EMBEDDER: 'hash' })))?.id, createHashEmbedder().id);
  await assert.rejects(createEmbedder(resolveEmbedSettings({ MNEMO_EMBEDDER: 'openai' }), {}), (e: unknown) => e instanceof EmbedError && /OPENAI_API_KEY/.test(e.message));
});

test('ollama: POST /api/embed with the model and every text; vectors normalised; errors become EmbedError', async () => {
  const s = await startStandIn([
    { status: 200, json: { model: 'bge-m3', embeddings: [[3, 4], [0, 2]] } },
    { status: 500, json: { error: 'model "bge-m3" not found, try pulling it first' } },
  ]);
  try {
    const e = createOllamaEmbedder({ model: 'bge-m3', host: s.origin, timeoutMs: 5000 });
    assert.equal(e.id, 'ollama:bge-m3');
    const v = await e.embed(['修复连接池', 'fix the pool'], 'document');
    assert.deepEqual(v.map((x) => [...x].map((n) => Number(n.toFixed(3)))), [[0.6, 0.8], [0, 1]]);
    assert.equal(s.requests[0]!.path, '/api/embed');
    assert.equal(s.requests[0]!.body.model, 'bge-m3');
    assert.deepEqual(s.requests[0]!.body.input, ['修复连接池', 'fix the pool']);
    await assert.rejects(e.embed(['x'], 'query'), (err: unknown) => err instanceof EmbedError && /not found/.test(err.message));
    assert.deepEqual(await e.embed([], 'query'), [], 'an empty batch makes no request');
    assert.equal(s.requests.length, 2);
  } finally {
    await s.close();
  }
});

test('ollama: a count mismatch or a hang is an error, not a wrong answer', async () => {
  const s = await startStandIn([{ status: 200, json: { embeddings: [[1, 0]] } }, { hang: true }]);
  try {
    const e = createOllamaEmbedder({ model: 'm', host: s.origin, timeoutMs: 300 });
    await assert.rejects(e.embed(['a', 'b'], 'document'), EmbedError);
    await assert.rejects(e.embed(['a'], 'document'), EmbedError);
  } finally {
    await s.close();
  }
});

test('openai: POST /v1/embeddings with model, input and dimensions; data re-ordered by index', async () => {
  const s = await startStandIn([
    {
      status: 200,
      json: {
        object: 'list',
        model: 'text-embedding-3-small',
        data: [
          { object: 'embedding', index: 1, embedding: [0, 5] },
          { object: 'embedding', index: 0, embedding: [2, 0] },
        ],
        usage: { prompt_tokens: 4, total_tokens: 4 },
      },
    },
    { status: 401, json: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } },
  ]);
  try {
    const e = createOpenAiEmbedder({ model: 'text-embedding-3-small', apiKey: 'sk-test', baseURL: `${s.origin}/v1`, dimensions: 256, timeoutMs: 5000 });
    assert.equal(e.id, 'openai:text-embedding-3-small:256');
    const v = await e.embed(['first', 'second'], 'document');
    assert.deepEqual(v.map((x) => [...x]), [[1, 0], [0, 1]]);
    const req = s.requests[0]!;
    assert.equal(req.path, '/v1/embeddings');
    assert.equal(req.headers.authorization, 'Bearer sk-test');
    assert.deepEqual([req.body.model, req.body.dimensions, req.body.input], ['text-embedding-3-small', 256, ['first', 'second']]);
    await assert.rejects(e.embed(['x'], 'query'), (err: unknown) => err instanceof EmbedError && /API key/.test(err.message));
  } finally {
    await s.close();
  }
});
