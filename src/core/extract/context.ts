/**
 * @module core/extract/context
 * What every tool extractor receives: the call with its tool name and fields normalized, the
 * failure verdict computed once, and a few derived strings. Extractors are small factories
 * `{ name, match, extract }` assembled in order by `registry.ts`.
 */
import type { Json } from './fields.ts';
import type { ExtractedEvent, FailureInfo } from './types.ts';

/** The normalized view of one tool call, computed once and shared by every extractor. */
export interface CallContext {
  /** Canonical tool name (see `normalizeToolName`). */
  readonly tool: string;
  /** The name as the host sent it. */
  readonly rawTool: string;
  /** Input with field spellings normalized. */
  readonly input: Json;
  readonly response: unknown;
  readonly hasResponse: boolean;
  readonly failure: FailureInfo | null;
  readonly cwd?: string;
  readonly phase: 'pre' | 'post';
}

/** One small rule: `match` is cheap and decides whether `extract` runs at all. */
export interface Extractor {
  readonly name: string;
  match(ctx: CallContext): boolean;
  extract(ctx: CallContext): ExtractedEvent[];
}
