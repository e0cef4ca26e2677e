/**
 * @module llm/provider
 * What a provider adapter does: one request through its official SDK, the reply's text and usage out.
 * Adapters throw on transport and API errors; judging the reply is {@link summarizeWithLlm}'s job.
 */
import type { Prompt } from './prompt.ts';

/** Environment variables as the SDKs would read them (normally `process.env`). */
export type Env = Readonly<Record<string, string | undefined>>;
/** The `fetch` shape both Stainless SDKs and the Ollama SDK accept. */
export type FetchFn = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Everything one provider request needs. */
export interface ProviderCall {
  readonly model: string;
  readonly prompt: Prompt;
  readonly maxOutputTokens: number;
  /** Where the SDK's usual variables (`*_API_KEY`, `*_BASE_URL`, `OLLAMA_HOST`) are read from. */
  readonly env: Env;
  /** Aborted when the attempt's deadline passes. */
  readonly signal: AbortSignal;
  /** Per-request timeout handed to the SDK (the overall deadline is enforced outside too). */
  readonly timeoutMs: number;
  /** Makes a deadline-aware `fetch` (see `fetch-guard.ts`). */
  readonly makeFetch: (opts?: { jsonErrors?: boolean }) => FetchFn;
}

/** Why the model stopped, normalized across providers. */
export type StopKind = 'end' | 'max_tokens' | 'refusal' | 'other';

/** The model's raw text and the usage the provider reported. */
export interface ProviderReply {
  readonly text: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly stop: StopKind;
}

/** One adapter per provider, loaded lazily by `summarize.ts`. */
export type Provider = (call: ProviderCall) => Promise<ProviderReply>;

/** SDK retries: one, so a blip is survived but a dead endpoint costs at most two attempts. */
export const SDK_MAX_RETRIES = 1;

/** A non-negative integer from a usage field that may be missing or null. */
export function tokens(...values: unknown[]): number {
  let n = 0;
  for (const v of values) if (typeof v === 'number' && Number.isFinite(v) && v > 0) n += Math.trunc(v);
  return n;
}

/** A variable's trimmed value, or undefined when unset or blank. */
export function envValue(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v ? v : undefined;
}
