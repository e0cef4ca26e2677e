/**
 * @module embed/settings
 * `MNEMO_EMBEDDER*` variables and `config.json` keys → {@link EmbedSettings}. Environment wins over the
 * file, the file over the defaults. Semantic search is off unless asked for.
 *
 * | variable | config.json | default |
 * |---|---|---|
 * | `MNEMO_EMBEDDER` | `embedder` | `none` (`hash`, `ollama`, `openai`, `onnx`) |
 * | `MNEMO_EMBED_MODEL` | `embedModel` | ollama `bge-m3`, openai `text-embedding-3-small`, onnx: a folder (required) |
 * | `MNEMO_EMBED_DIMENSIONS` | `embedDimensions` | openai 512 (text-embedding-3 shortens at the source) |
 * | `MNEMO_EMBED_TIMEOUT_MS` | `embedTimeoutMs` | 30,000 per batch (queries: at most 2,000, then keywords only) |
 * | `MNEMO_EMBED_SCOPE` | `embedScope` | `store` (every vector) or `candidates` (the keyword candidates only) |
 */
import type { EmbedderName, EmbedScope } from './types.ts';

/** bge-m3 is multilingual (Chinese and English share one space), which is what cross-lingual recall needs. */
export const DEFAULT_EMBED_MODELS = Object.freeze({ ollama: 'bge-m3', openai: 'text-embedding-3-small' });
const NAMES: readonly EmbedderName[] = ['none', 'hash', 'ollama', 'openai', 'onnx'];

/** The resolved embedding settings; `warnings` say what was ignored and why. */
export interface EmbedSettings {
  readonly embedder: EmbedderName;
  readonly model?: string;
  readonly dimensions?: number;
  readonly timeoutMs: number;
  readonly scope: EmbedScope;
  readonly warnings: readonly string[];
}

type Env = Readonly<Record<string, string | undefined>>;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** Environment over config.json over defaults (see the table above); never throws. */
export function resolveEmbedSettings(env: Env, file: Readonly<Record<string, unknown>> = {}): EmbedSettings {
  const warnings: string[] = [];
  const requested = (text(env.MNEMO_EMBEDDER) ?? text(file.embedder) ?? 'none').toLowerCase();
  let embedder: EmbedderName = 'none';
  if ((NAMES as readonly string[]).includes(requested)) embedder = requested as EmbedderName;
  else warnings.push(`unknown embedder ${JSON.stringify(requested)}; expected one of ${NAMES.join(', ')}; semantic search stays off`);
  const model = text(env.MNEMO_EMBED_MODEL) ?? text(file.embedModel) ?? (embedder === 'ollama' || embedder === 'openai' ? DEFAULT_EMBED_MODELS[embedder] : undefined);
  if (embedder === 'onnx' && !model) {
    warnings.push('MNEMO_EMBEDDER=onnx needs MNEMO_EMBED_MODEL=<folder of an exported model>; semantic search stays off');
    embedder = 'none';
  }
  const dimsRaw = Number(text(env.MNEMO_EMBED_DIMENSIONS) ?? file.embedDimensions ?? (embedder === 'openai' ? 512 : NaN));
  const timeoutRaw = Number(text(env.MNEMO_EMBED_TIMEOUT_MS) ?? file.embedTimeoutMs ?? 30_000);
  const scopeRaw = (text(env.MNEMO_EMBED_SCOPE) ?? text(file.embedScope) ?? 'store').toLowerCase();
  const scope: EmbedScope = scopeRaw === 'candidates' ? 'candidates' : 'store';
  if (scopeRaw !== scope) warnings.push(`unknown embed scope ${JSON.stringify(scopeRaw)}; expected store or candidates; using store`);
  return Object.freeze({
    embedder,
    ...(model ? { model } : {}),
    ...(Number.isInteger(dimsRaw) && dimsRaw >= 16 && dimsRaw <= 4096 ? { dimensions: dimsRaw } : {}),
    timeoutMs: Number.isFinite(timeoutRaw) ? Math.min(600_000, Math.max(500, Math.trunc(timeoutRaw))) : 30_000,
    scope,
    warnings,
  });
}
