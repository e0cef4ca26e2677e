/**
 * @module llm/settings
 * Turns `MNEMO_SUMMARIZER*` variables and `config.json` keys into {@link LlmSettings}. Environment wins
 * over the file, the file over the defaults. Bad values never fail: they fall back and leave a warning.
 */
import type { LlmProviderName, LlmSettings, SummarizerName } from './types.ts';

/**
 * The model each provider uses when `MNEMO_SUMMARIZER_MODEL` is not set: the provider's current small,
 * fast, cheap model, since a session summary needs reading comprehension, not deep reasoning.
 * - anthropic `claude-haiku-5-5`: Claude Haiku 5.5, Anthropic's small model (sent with thinking disabled).
 * - openai `gpt-5.4-mini`: GPT-5.4 mini (sent with `reasoning_effort: 'none'`).
 * - ollama `qwen3:4b`: Qwen3 4B, ~2.5 GB, strong in Chinese and English alike (sent with `think: false`).
 */
export const DEFAULT_MODELS: Readonly<Record<LlmProviderName, string>> = Object.freeze({
  anthropic: 'claude-haiku-5-5',
  openai: 'gpt-5.4-mini',
  ollama: 'qwen3:4b',
});

/** Defaults for every setting but the model (see {@link DEFAULT_MODELS}). */
export const LLM_DEFAULTS = Object.freeze({
  provider: 'heuristic' as SummarizerName,
  /** Long enough for a small model on a 24k-character digest; the work runs detached from the hooks. */
  timeoutMs: 30_000,
  /** Room for both summaries in CJK (≈1 token per character) plus JSON quoting and a little reasoning. */
  maxOutputTokens: 8192,
});

const SUMMARIZERS: readonly SummarizerName[] = ['heuristic', 'anthropic', 'openai', 'ollama'];

type Env = Readonly<Record<string, string | undefined>>;

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

function integer(
  name: string,
  raw: unknown,
  fallback: number,
  min: number,
  max: number,
  warnings: string[],
): number {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return fallback;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : NaN;
  if (!Number.isFinite(n)) {
    warnings.push(`${name}=${JSON.stringify(raw)} is not a number; using ${fallback}`);
    return fallback;
  }
  const clamped = Math.min(max, Math.max(min, Math.trunc(n)));
  if (clamped !== n) warnings.push(`${name}=${n} is outside ${min}..${max}; using ${clamped}`);
  return clamped;
}

/**
 * Resolves the summarizer settings.
 * - `MNEMO_SUMMARIZER` / `summarizer`: `heuristic` (default) | `anthropic` | `openai` | `ollama`; anything
 *   else means `heuristic`, with a warning.
 * - `MNEMO_SUMMARIZER_MODEL` / `summarizerModel`: defaults to {@link DEFAULT_MODELS} for the provider.
 * - `MNEMO_LLM_TIMEOUT_MS` / `llmTimeoutMs`: default 30,000, clamped to 100..600,000.
 * - `MNEMO_LLM_MAX_OUTPUT_TOKENS` / `llmMaxOutputTokens`: default 8,192, clamped to 1,024..64,000.
 *
 * @param fileConfig the parsed `config.json` of the data directory (or `{}`).
 */
export function resolveLlmSettings(env: Env, fileConfig: Readonly<Record<string, unknown>> = {}): LlmSettings {
  const warnings: string[] = [];
  const requested = text(env.MNEMO_SUMMARIZER) ?? text(fileConfig.summarizer);
  let provider = LLM_DEFAULTS.provider;
  if (requested !== undefined) {
    const name = requested.toLowerCase();
    if ((SUMMARIZERS as readonly string[]).includes(name)) provider = name as SummarizerName;
    else warnings.push(`unknown summarizer ${JSON.stringify(requested)}; expected one of ${SUMMARIZERS.join(', ')}; using heuristic`);
  }
  const timeoutMs = integer(
    'MNEMO_LLM_TIMEOUT_MS',
    env.MNEMO_LLM_TIMEOUT_MS ?? fileConfig.llmTimeoutMs,
    LLM_DEFAULTS.timeoutMs,
    100,
    600_000,
    warnings,
  );
  const maxOutputTokens = integer(
    'MNEMO_LLM_MAX_OUTPUT_TOKENS',
    env.MNEMO_LLM_MAX_OUTPUT_TOKENS ?? fileConfig.llmMaxOutputTokens,
    LLM_DEFAULTS.maxOutputTokens,
    1024,
    64_000,
    warnings,
  );
  const model =
    provider === 'heuristic'
      ? undefined
      : (text(env.MNEMO_SUMMARIZER_MODEL) ?? text(fileConfig.summarizerModel) ?? DEFAULT_MODELS[provider]);
  return Object.freeze({
    provider,
    ...(model !== undefined ? { model } : {}),
    timeoutMs,
    maxOutputTokens,
    ...(warnings.length > 0 ? { warnings: Object.freeze(warnings) } : {}),
  });
}
