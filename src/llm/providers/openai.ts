/**
 * @module llm/providers/openai
 * OpenAI through the `openai` SDK's Chat Completions, which OpenAI-compatible servers (vLLM, LM Studio,
 * llama.cpp, gateways) also speak: point `OPENAI_BASE_URL` at one. `OPENAI_API_KEY` is required;
 * `OPENAI_ORG_ID` and `OPENAI_PROJECT_ID` are passed on when set.
 */
import { OpenAI } from 'openai';
import { SummarizerError } from '../errors.ts';
import { SDK_MAX_RETRIES, envValue, tokens, type Provider, type StopKind } from '../provider.ts';

/** GPT-5.1 and later accept `reasoning_effort: 'none'`; other models (and compatible servers) get no such field. */
const REASONING_NONE_RE = /^gpt-5\.\d/;

function stopKind(reason: string | null | undefined): StopKind {
  if (reason === 'stop') return 'end';
  if (reason === 'length') return 'max_tokens';
  if (reason === 'content_filter') return 'refusal';
  return 'other';
}

export const openaiProvider: Provider = async (call) => {
  const apiKey = envValue(call.env, 'OPENAI_API_KEY');
  if (!apiKey) throw new SummarizerError('missing API key (set OPENAI_API_KEY)');
  const client = new OpenAI({
    apiKey,
    baseURL: envValue(call.env, 'OPENAI_BASE_URL') ?? null,
    organization: envValue(call.env, 'OPENAI_ORG_ID') ?? null,
    project: envValue(call.env, 'OPENAI_PROJECT_ID') ?? null,
    maxRetries: SDK_MAX_RETRIES,
    timeout: call.timeoutMs,
    fetch: call.makeFetch(),
    logLevel: 'off',
  });
  const completion = await client.chat.completions.create(
    {
      model: call.model,
      messages: [
        { role: 'system', content: call.prompt.system },
        { role: 'user', content: call.prompt.user },
      ],
      max_completion_tokens: call.maxOutputTokens,
      ...(REASONING_NONE_RE.test(call.model) ? { reasoning_effort: 'none' as const } : {}),
    },
    { signal: call.signal },
  );
  const choice = completion.choices?.[0];
  const refused = typeof choice?.message?.refusal === 'string' && choice.message.refusal !== '';
  return {
    text: choice?.message?.content ?? '',
    inputTokens: tokens(completion.usage?.prompt_tokens),
    outputTokens: tokens(completion.usage?.completion_tokens),
    stop: refused ? 'refusal' : stopKind(choice?.finish_reason),
  };
};
