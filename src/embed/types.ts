/**
 * @module embed/types
 * The embedder contract. An embedder turns text into unit vectors; everything else (storage, search,
 * the background loop) is independent of where the vectors come from.
 */

/** What the text is: some models embed questions and passages differently (e.g. `search_query:` prefixes). */
export type EmbedPurpose = 'document' | 'query';

/** Turns text into unit vectors of one vector space. */
export interface Embedder {
  /**
   * The vector space: provider and model (`ollama:bge-m3`). Vectors stored under another id are never
   * compared with this one's; changing the model re-embeds the store.
   */
  readonly id: string;
  /**
   * How search uses its neighbours: `rrf` fuses them with the keyword lists; `append` only adds them
   * after the keyword results (for embedders measured not to improve the ranking). Default `rrf`.
   */
  readonly fusion?: 'rrf' | 'append';
  /**
   * Where the neighbours come from: `store` searches every vector (KNN), `candidates` only ranks the
   * records the keyword lists found (a bounded cost whatever the store's size). Default `store`.
   */
  readonly scope?: EmbedScope;
  /** Embed a batch. Returns one L2-normalised vector per text, all of the same length. */
  embed(texts: readonly string[], purpose: EmbedPurpose): Promise<Float32Array[]>;
}

/** The values of `MNEMO_EMBED_SCOPE`. */
export type EmbedScope = 'store' | 'candidates';

/** The values of `MNEMO_EMBEDDER`. */
export type EmbedderName = 'none' | 'hash' | 'ollama' | 'openai' | 'onnx';

/** Raised for configuration and provider failures; the search falls back to keywords on it. */
export class EmbedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EmbedError';
  }
}

/** Scale a vector to unit length (a zero vector stays zero). */
export function normalize(v: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(v);
  let sum = 0;
  for (let i = 0; i < out.length; i++) sum += out[i]! * out[i]!;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < out.length; i++) out[i]! /= norm;
  return out;
}
