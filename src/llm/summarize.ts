/**
 * @module llm/summarize
 * The one entry point: try the configured LLM once (SDK retries limited, one overall deadline), accept
 * its reply only if it validates, and otherwise hand back the heuristic summary with the reason. It never
 * throws and never waits past the deadline, whatever the endpoint does.
 */
import { DeadlineError, SummarizerError, describeFailure } from './errors.ts';
import { guardedFetch } from './fetch-guard.ts';
import { replyProblem } from '../core/summarize/reply-check.ts';
import { parseSummaryReply } from './parse.ts';
import { buildPrompt } from './prompt.ts';
import type { Env, Provider, ProviderReply } from './provider.ts';
import { DEFAULT_MODELS } from './settings.ts';
import type { LlmProviderName, LlmSettings, SummaryRequest, SummaryResult } from './types.ts';

/** Adapters load on first use, so nothing that merely resolves settings pays for an SDK. */
const PROVIDERS: Readonly<Record<LlmProviderName, () => Promise<Provider>>> = {
  anthropic: async () => (await import('./providers/anthropic.ts')).anthropicProvider,
  openai: async () => (await import('./providers/openai.ts')).openaiProvider,
  ollama: async () => (await import('./providers/ollama.ts')).ollamaProvider,
};

/** The adapter of a provider, loaded on first use (also for the query rewrite, llm/rewrite). */
export const loadProvider = (name: LlmProviderName): Promise<Provider> => PROVIDERS[name]();

export function isProvider(name: unknown): name is LlmProviderName {
  return typeof name === 'string' && Object.hasOwn(PROVIDERS, name);
}

/** Rejects with the signal's reason as soon as it aborts, whether or not `work` listens to it. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

function heuristic(req: SummaryRequest, reason?: string, usage?: ProviderReply): SummaryResult {
  return {
    brief: String(req?.heuristic?.brief ?? ''),
    detailed: String(req?.heuristic?.detailed ?? ''),
    provider: 'heuristic',
    inputTokens: usage?.inputTokens ?? 0,
    outputTokens: usage?.outputTokens ?? 0,
    ...(reason !== undefined ? { fallbackReason: reason } : {}),
  };
}

function positive(n: unknown, fallback: number): number {
  return typeof n === 'number' && Number.isFinite(n) && n >= 1 ? Math.trunc(n) : fallback;
}

async function attempt(
  req: SummaryRequest,
  provider: LlmProviderName,
  model: string,
  settings: LlmSettings,
  env: Env,
): Promise<SummaryResult> {
  const label = `${provider} (${model})`;
  if (typeof req.digest !== 'string' || req.digest.trim() === '') {
    return heuristic(req, `${label}: nothing to summarize (empty digest)`);
  }
  const timeoutMs = positive(settings.timeoutMs, 30_000);
  const controller = new AbortController();
  const deadline = Date.now() + timeoutMs;
  const timer = setTimeout(() => controller.abort(new DeadlineError(timeoutMs)), timeoutMs);
  let reply: ProviderReply | undefined;
  try {
    const run = await untilAborted(PROVIDERS[provider](), controller.signal);
    reply = await untilAborted(
      run({
        model,
        prompt: buildPrompt(typeof req.language === 'string' ? req.language : '', req.digest),
        maxOutputTokens: positive(settings.maxOutputTokens, 8192),
        env,
        signal: controller.signal,
        timeoutMs,
        makeFetch: (opts) => guardedFetch({ signal: controller.signal, deadline, ...opts }),
      }),
      controller.signal,
    );
  } catch (err) {
    // An SDK that noticed the abort first reports it in its own words; the deadline is the real cause.
    const cause = controller.signal.aborted && controller.signal.reason instanceof DeadlineError ? controller.signal.reason : err;
    return heuristic(req, `${label}: ${describeFailure(cause)}`);
  } finally {
    clearTimeout(timer);
    // Ends whatever the SDK still has in flight (a retry's sleep, an unread body).
    if (!controller.signal.aborted) controller.abort(new SummarizerError('attempt finished'));
  }
  if (reply.stop === 'refusal') return heuristic(req, `${label}: the model refused`, reply);
  const parsed = parseSummaryReply(reply.text, req.language);
  if (!parsed.ok) {
    const cut = reply.stop === 'max_tokens' ? ' (cut off at the output-token limit)' : '';
    return heuristic(req, `${label}: ${parsed.reason}${cut}`, reply);
  }
  // The same rules as the heuristic summary: nothing both done and open, no host bookkeeping.
  const settled = Array.isArray(req.checks?.settled) ? req.checks.settled : [];
  const notGoals = Array.isArray(req.checks?.notGoals) ? req.checks.notGoals : [];
  const problem = replyProblem(parsed.brief, settled, notGoals) ?? replyProblem(parsed.detailed, settled, notGoals);
  if (problem) return heuristic(req, `${label}: reply rejected: ${problem}`, reply);
  return {
    brief: parsed.brief,
    detailed: parsed.detailed,
    provider,
    model,
    inputTokens: reply.inputTokens,
    outputTokens: reply.outputTokens,
  };
}

/**
 * Summarizes a session with the configured LLM, or returns `req.heuristic` (provider `heuristic`, with
 * `fallbackReason` saying why) on any failure: missing key, network, 401, 429, 5xx, timeout, refusal,
 * malformed, empty or over-long reply. Tokens are what the provider reported, also for rejected replies.
 *
 * @param env where the SDKs' variables are read (`ANTHROPIC_API_KEY`, `OPENAI_BASE_URL`, `OLLAMA_HOST`, …).
 */
export async function summarizeWithLlm(
  req: SummaryRequest,
  settings: LlmSettings,
  env: Env = process.env,
): Promise<SummaryResult> {
  try {
    const provider = settings?.provider;
    if (provider === 'heuristic') return heuristic(req);
    if (!isProvider(provider)) return heuristic(req, `unknown summarizer ${JSON.stringify(provider)}`);
    const model = typeof settings.model === 'string' && settings.model.trim() !== '' ? settings.model.trim() : DEFAULT_MODELS[provider];
    return await attempt(req, provider, model, settings, env ?? {});
  } catch (err) {
    return heuristic(req, `unexpected error: ${describeFailure(err)}`);
  }
}
