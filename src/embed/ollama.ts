/**
 * @module embed/ollama
 * Embeddings from a local Ollama server through the official `ollama` SDK (`/api/embed`).
 * `OLLAMA_HOST` is honoured as the Ollama CLI reads it; nothing leaves the machine.
 */
import { Ollama } from 'ollama';
import { EmbedError, normalize, type Embedder } from './types.ts';

/** Model, server (default: the SDK's, honouring OLLAMA_HOST) and per-request timeout. */
export interface OllamaEmbedderOptions {
  readonly model: string;
  readonly host?: string;
  readonly timeoutMs: number;
}

/** An embedder over Ollama's `/api/embed`; failures become EmbedError. */
export function createOllamaEmbedder(opts: OllamaEmbedderOptions): Embedder {
  const timeoutFetch: typeof fetch = (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(opts.timeoutMs) });
  const client = new Ollama({ ...(opts.host ? { host: opts.host } : {}), fetch: timeoutFetch });
  return {
    id: `ollama:${opts.model}`,
    async embed(texts) {
      if (texts.length === 0) return [];
      try {
        const r = await client.embed({ model: opts.model, input: [...texts], truncate: true });
        if (!Array.isArray(r.embeddings) || r.embeddings.length !== texts.length) throw new EmbedError(`ollama returned ${r.embeddings?.length ?? 0} vectors for ${texts.length} texts`);
        return r.embeddings.map((v) => normalize(v));
      } catch (err) {
        throw err instanceof EmbedError ? err : new EmbedError(`ollama embed failed: ${(err as Error).message}`, { cause: err });
      }
    },
  };
}
