/**
 * @module embed/openai
 * Embeddings from OpenAI (or any server speaking its API: `OPENAI_BASE_URL`) through the official SDK.
 * `dimensions` shortens text-embedding-3 vectors at the source (512 by default keeps the store small).
 * Only redacted, non-private text is ever sent: observations are redacted at capture.
 */
import OpenAI from 'openai';
import { EmbedError, normalize, type Embedder } from './types.ts';

/** Model, key, endpoint, optional shortened dimensions and per-request timeout. */
export interface OpenAiEmbedderOptions {
  readonly model: string;
  readonly apiKey?: string;
  readonly baseURL?: string;
  readonly dimensions?: number;
  readonly timeoutMs: number;
}

/** An embedder over OpenAI's embeddings endpoint; a missing key or any failure is an EmbedError. */
export function createOpenAiEmbedder(opts: OpenAiEmbedderOptions): Embedder {
  if (!opts.apiKey) throw new EmbedError('missing API key (set OPENAI_API_KEY)');
  const client = new OpenAI({ apiKey: opts.apiKey, baseURL: opts.baseURL ?? null, timeout: opts.timeoutMs, maxRetries: 1 });
  return {
    id: `openai:${opts.model}${opts.dimensions ? `:${opts.dimensions}` : ''}`,
    async embed(texts) {
      if (texts.length === 0) return [];
      try {
        const r = await client.embeddings.create({
          model: opts.model,
          input: [...texts],
          encoding_format: 'float',
          ...(opts.dimensions ? { dimensions: opts.dimensions } : {}),
        });
        const byIndex = [...r.data].sort((a, b) => a.index - b.index);
        if (byIndex.length !== texts.length) throw new EmbedError(`openai returned ${byIndex.length} vectors for ${texts.length} texts`);
        return byIndex.map((d) => normalize(d.embedding));
      } catch (err) {
        throw err instanceof EmbedError ? err : new EmbedError(`openai embed failed: ${(err as Error).message}`, { cause: err });
      }
    },
  };
}
