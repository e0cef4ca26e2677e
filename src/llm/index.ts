/**
 * @module llm
 * Optional LLM summarizers (Anthropic, OpenAI, Ollama through their official SDKs), always behind the
 * heuristic fallback. Named exports only: anything not listed here is internal.
 */
export type { LlmProviderName, LlmSettings, SummarizerName, SummaryRequest, SummaryResult } from './types.ts';
export { SUMMARY_LIMITS } from './types.ts';
export { DEFAULT_MODELS, LLM_DEFAULTS, resolveLlmSettings } from './settings.ts';
export { summarizeWithLlm } from './summarize.ts';
export { sectionHeadings } from './prompt.ts';
export { parseSummaryReply, charCount } from './parse.ts';
