/**
 * @module llm/providers/anthropic
 * Claude through `@anthropic-ai/sdk` (Messages API). Credentials and endpoint come from the usual
 * `ANTHROPIC_API_KEY` (or `ANTHROPIC_AUTH_TOKEN`) and `ANTHROPIC_BASE_URL`. Profiles and workload identity
 * are not used: mnemo only talks to a provider whose key the user set.
 */
import { Anthropic } from '@anthropic-ai/sdk';
import { SummarizerError } from '../errors.ts';
import { SDK_MAX_RETRIES, envValue, tokens, type Provider, type StopKind } from '../provider.ts';

/** Haiku models accept `thinking: disabled`; a summary gains little from thinking and pays for it in tokens. */
const THINKING_OFF_RE = /^claude-haiku-/;

function stopKind(reason: string | null | undefined): StopKind {
  if (reason === 'end_turn' || reason === 'stop_sequence') return 'end';
  if (reason === 'max_tokens' || reason === 'model_context_window_exceeded') return 'max_tokens';
  if (reason === 'refusal') return 'refusal';
  return 'other';
}

export const anthropicProvider: Provider = async (call) => {
  const apiKey = envValue(call.env, 'ANTHROPIC_API_KEY');
  const authToken = envValue(call.env, 'ANTHROPIC_AUTH_TOKEN');
  if (!apiKey && !authToken) throw new SummarizerError('missing API key (set ANTHROPIC_API_KEY)');
  const client = new Anthropic({
    ...(apiKey ? { apiKey } : { authToken: authToken ?? null }),
    baseURL: envValue(call.env, 'ANTHROPIC_BASE_URL') ?? null,
    maxRetries: SDK_MAX_RETRIES,
    timeout: call.timeoutMs,
    fetch: call.makeFetch(),
    logLevel: 'off',
  });
  const message = await client.messages.create(
    {
      model: call.model,
      max_tokens: call.maxOutputTokens,
      system: call.prompt.system,
      messages: [{ role: 'user', content: call.prompt.user }],
      ...(THINKING_OFF_RE.test(call.model) ? { thinking: { type: 'disabled' as const } } : {}),
    },
    { signal: call.signal },
  );
  const text = message.content
    .map((block) => (block.type === 'text' ? block.text : ''))
    .join('');
  const usage = message.usage;
  return {
    text,
    inputTokens: tokens(usage?.input_tokens, usage?.cache_creation_input_tokens, usage?.cache_read_input_tokens),
    outputTokens: tokens(usage?.output_tokens),
    stop: stopKind(message.stop_reason),
  };
};
