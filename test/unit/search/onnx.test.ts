/**
 * The local ONNX embedder end to end with `@huggingface/transformers` and a tiny model built by the
 * test (tiny-onnx.ts). The runtime is an optional peer (~475 MB): the test runs where it is installed
 * next to mnemo or where MNEMO_TEST_TRANSFORMERS names a folder holding it, and is skipped otherwise.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createOnnxEmbedder } from '../../../src/embed/onnx.ts';
import { EmbedError } from '../../../src/embed/types.ts';
import { writeTinyModel } from './tiny-onnx.ts';

function runtimeEntry(): string | undefined {
  const name = ['@huggingface', 'transformers'].join('/');
  const dir = process.env.MNEMO_TEST_TRANSFORMERS;
  try {
    return createRequire(dir ? join(dir, 'x.js') : import.meta.url).resolve(name);
  } catch {
    return undefined;
  }
}
const entry = runtimeEntry();
const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

test('onnx: a local model folder embeds offline; Chinese and English of one topic meet', { skip: entry ? false : 'needs @huggingface/transformers (optional peer)' }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-onnx-'));
  writeTinyModel(join(dir, 'tiny'));
  const embedder = createOnnxEmbedder({ modelPath: join(dir, 'tiny'), runtime: () => import(pathToFileURL(entry!).href) });
  assert.equal(embedder.id, 'onnx:tiny');
  const [en, zh, other] = await embedder.embed(['connection pool leak', '连接池', 'render the button theme'], 'document');
  assert.equal(en!.length, 4);
  assert.ok(Math.abs(cos(en!, en!) - 1) < 1e-5, 'unit length');
  assert.ok(cos(en!, zh!) > 0.9, `same topic: ${cos(en!, zh!)}`);
  assert.ok(cos(en!, other!) < 0.3, `other topic: ${cos(en!, other!)}`);
  // Padding inside a batch does not change a text's vector (mean pooling over the attention mask).
  const [alone] = await embedder.embed(['connection pool leak'], 'query');
  assert.ok(cos(alone!, en!) > 0.9999);
});

test('onnx: a missing runtime or model folder is a clear EmbedError', async () => {
  const none = createOnnxEmbedder({ modelPath: '/nonexistent', runtime: () => Promise.reject(new Error('Cannot find package')) });
  await assert.rejects(none.embed(['x'], 'query'), (e: unknown) => e instanceof EmbedError && /npm install @huggingface\/transformers/.test(e.message));
  if (!entry) return;
  const missing = createOnnxEmbedder({ modelPath: join(tmpdir(), 'mnemo-no-such-model'), runtime: () => import(pathToFileURL(entry).href) });
  assert.ok(!existsSync(join(tmpdir(), 'mnemo-no-such-model')));
  await assert.rejects(missing.embed(['x'], 'query'), (e: unknown) => e instanceof EmbedError && /cannot load the ONNX model/.test(e.message));
});
