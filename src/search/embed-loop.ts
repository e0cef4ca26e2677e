/**
 * @module search/embed-loop
 * Embeds observations that have no vector yet, in small batches, oldest first. It runs only in
 * long-lived processes — the MCP server's background loop and `mnemo embed` — never in a hook:
 * importing a model runtime or calling an API costs far more than a hook's budget.
 */
import type { Embedder } from '../embed/types.ts';
import type { VectorIndex } from '../store/sqlite/vectors.ts';

/** Bounds of one embedding pass. */
export interface EmbedPassOptions {
  /** Texts per embedder call. */
  readonly batch?: number;
  /** Stop starting new batches after this long. */
  readonly maxMs?: number;
  /** Stop after this many rows. */
  readonly maxRows?: number;
  readonly onBatch?: (embedded: number) => void;
}

/** What one pass did. */
export interface EmbedPassResult {
  readonly embedded: number;
  /** Rows were still waiting when the pass stopped. */
  readonly more: boolean;
}

/** One pass over the pending rows. Embedder errors propagate (the caller backs off). */
export async function embedPending(index: VectorIndex, embedder: Embedder, opts: EmbedPassOptions = {}): Promise<EmbedPassResult> {
  const batch = opts.batch ?? 32;
  const started = Date.now();
  let embedded = 0;
  for (;;) {
    if (opts.maxMs !== undefined && Date.now() - started >= opts.maxMs) return { embedded, more: true };
    if (opts.maxRows !== undefined && embedded >= opts.maxRows) return { embedded, more: true };
    const rows = index.pending(batch);
    if (rows.length === 0) return { embedded, more: false };
    const vectors = await embedder.embed(rows.map((r) => r.text), 'document');
    // Rows re-embedded from further back (a dropped vector) come after the new ones: the mark is the highest id.
    index.save(rows.map((r, i) => ({ id: r.id, vector: vectors[i]! })), Math.max(...rows.map((r) => r.id)));
    embedded += rows.length;
    opts.onBatch?.(embedded);
  }
}

/** A running background loop. */
export interface EmbedLoop {
  stop(): void;
}

/**
 * Start the background loop: a pass every `intervalMs` (at most `maxMs` each, never two at once),
 * backing off exponentially (up to 5 minutes) while the embedder fails, and sweeping the KNN index
 * of rows deleted elsewhere now and then. The first pass also reads the KNN's sign codes into memory,
 * so that no search pays for it.
 */
export function startEmbedLoop(index: VectorIndex, embedder: Embedder, opts: { intervalMs?: number; maxMs?: number; warn?: (msg: string, err: unknown) => void } = {}): EmbedLoop {
  const interval = opts.intervalMs ?? 3000;
  let running = false;
  let failures = 0;
  let skipUntil = 0;
  let ticks = 0;
  let warmed = false;
  const timer = setInterval(() => {
    if (running || Date.now() < skipUntil) return;
    running = true;
    if (!warmed) (warmed = true), index.warm();
    embedPending(index, embedder, { maxMs: opts.maxMs ?? 1500 })
      .then(() => {
        failures = 0;
        if (++ticks % 100 === 0) index.sweep();
      })
      .catch((err: unknown) => {
        failures++;
        skipUntil = Date.now() + Math.min(300_000, interval * 2 ** failures);
        opts.warn?.(`embedding failed (${failures} in a row); retrying later`, err);
      })
      .finally(() => (running = false));
  }, interval);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
