/**
 * @module embed
 * Builds the configured embedder. Provider SDKs and model runtimes are imported here, lazily, so
 * nothing that does not embed (hooks above all) ever loads them.
 */
import type { EmbedSettings } from './settings.ts';
import type { Embedder } from './types.ts';

export type { Embedder, EmbedPurpose, EmbedderName, EmbedScope } from './types.ts';
export { EmbedError } from './types.ts';
export { resolveEmbedSettings, type EmbedSettings } from './settings.ts';

type Env = Readonly<Record<string, string | undefined>>;

/** The embedder the settings ask for, or undefined when semantic search is off. Throws EmbedError on bad setup. */
export async function createEmbedder(s: EmbedSettings, env: Env = process.env): Promise<Embedder | undefined> {
  const embedder = await build(s, env);
  return embedder && s.scope === 'candidates' ? { ...embedder, scope: 'candidates' } : embedder;
}

async function build(s: EmbedSettings, env: Env): Promise<Embedder | undefined> {
  switch (s.embedder) {
    case 'none':
      return undefined;
    case 'hash':
      return (await import('./hash.ts')).createHashEmbedder();
    case 'ollama': {
      const host = env.OLLAMA_HOST?.trim();
      return (await import('./ollama.ts')).createOllamaEmbedder({ model: s.model!, timeoutMs: s.timeoutMs, ...(host ? { host } : {}) });
    }
    case 'openai': {
      const baseURL = env.OPENAI_BASE_URL?.trim();
      return (await import('./openai.ts')).createOpenAiEmbedder({
        model: s.model!,
        timeoutMs: s.timeoutMs,
        ...(env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY } : {}),
        ...(baseURL ? { baseURL } : {}),
        ...(s.dimensions ? { dimensions: s.dimensions } : {}),
      });
    }
    case 'onnx':
      return (await import('./onnx.ts')).createOnnxEmbedder({ modelPath: s.model! });
  }
}
