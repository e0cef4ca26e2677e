/**
 * @module llm/types
 * The contract between the session compressor and the optional LLM summarizers. The caller prepares a
 * redacted digest and a heuristic summary; a provider may improve on the heuristic, never replace it
 * with something worse or with nothing.
 */

/** Where a summary came from. `heuristic` is also what every failed LLM attempt reports. */
export type SummarizerName = 'heuristic' | 'anthropic' | 'openai' | 'ollama';

/** An LLM provider: every summarizer except the offline heuristic. */
export type LlmProviderName = Exclude<SummarizerName, 'heuristic'>;

import type { Settled } from '../core/summarize/facts.ts';

/** What the caller hands to {@link summarizeWithLlm}. */
export interface SummaryRequest {
  /** BCP-47-ish guess of the user's language, e.g. `en`, `zh`, `zh-TW`, `ja`: the summary is written in it. */
  language: string;
  /** Redacted text of the session prepared by the caller (≤ ~24k characters). Sent as data, never as instructions. */
  digest: string;
  /** The offline summary: returned unchanged whenever the LLM cannot do better. */
  heuristic: { brief: string; detailed: string };
  /**
   * What the session settled (commits made, commands whose last attempt succeeded): a reply that
   * lists one of them as an open issue, or shows host bookkeeping, is rejected for the heuristic.
   */
  checks?: {
    readonly settled: readonly Settled[];
    /** Prompts that ask for nothing (remarks, replies, decisions, acknowledgements): a reply listing one as the goal is rejected. */
    readonly notGoals?: readonly string[];
  };
}

/** A summary pair and what it cost. Never invalid: either the model's validated text or the heuristic one. */
export interface SummaryResult {
  brief: string;
  detailed: string;
  provider: SummarizerName;
  /** The model that wrote the summary (absent for the heuristic). */
  model?: string;
  /** Tokens billed by the provider, also when its reply was rejected and the heuristic was used; 0 if unknown. */
  inputTokens: number;
  outputTokens: number;
  /** Why an LLM attempt fell back to the heuristic summary, e.g. `openai (gpt-5.4-mini): timeout after 300 ms`. */
  fallbackReason?: string;
}

/** Resolved summarizer settings (see {@link resolveLlmSettings}). */
export interface LlmSettings {
  provider: SummarizerName;
  /** Model name; defaults per provider ({@link DEFAULT_MODELS}). Absent for the heuristic. */
  model?: string;
  /** Ceiling on the whole attempt, retries included. */
  timeoutMs: number;
  /** Output tokens the model may spend (reasoning included, where the model reasons). */
  maxOutputTokens: number;
  /** Problems met while resolving (unknown provider, unparsable number): the caller logs them. */
  warnings?: readonly string[];
}

/** The character limits of the two summaries (trae-mem's 900 / 3,200). */
export const SUMMARY_LIMITS = Object.freeze({ brief: 900, detailed: 3200 });
