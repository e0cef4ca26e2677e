/**
 * @module llm/providers/ollama
 * A local model through the `ollama` SDK (`/api/chat`). `OLLAMA_HOST` is honoured the way the Ollama CLI
 * reads it (`host:port`, `:port` or a URL; default `127.0.0.1:11434`). No key: nothing leaves the machine.
 */
import { Ollama } from 'ollama';
import { envValue, tokens, type Provider, type StopKind } from '../provider.ts';

/** Qwen3's hybrid models accept `think: false`; sending it to a model without thinking can be an error. */
const THINK_OFF_RE = /^qwen3(?:\.\d+)?:/;
const THINK_BLOCK_RE = /<think>[\s\S]*?<\/think>/g;
/** Ollama's default context is a few thousand tokens and silently drops the rest of a long digest. */
const MAX_CONTEXT = 32_768;

function contextFor(promptChars: number, maxOutputTokens: number): number {
  const needed = Math.ceil(promptChars / 3) + maxOutputTokens + 256;
  let ctx = 4096;
  while (ctx < needed && ctx < MAX_CONTEXT) ctx *= 2;
  return ctx;
}

function stopKind(reason: string | undefined): StopKind {
  if (reason === 'stop') return 'end';
  if (reason === 'length') return 'max_tokens';
  return 'other';
}

export const ollamaProvider: Provider = async (call) => {
  const host = envValue(call.env, 'OLLAMA_HOST');
  const client = new Ollama({ ...(host ? { host } : {}), fetch: call.makeFetch({ jsonErrors: true }) });
  const { system, user } = call.prompt;
  const response = await client.chat({
    model: call.model,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ],
    stream: false,
    format: 'json',
    ...(THINK_OFF_RE.test(call.model) ? { think: false } : {}),
    options: { num_predict: call.maxOutputTokens, num_ctx: contextFor(system.length + user.length, call.maxOutputTokens) },
  });
  return {
    text: (response.message?.content ?? '').replace(THINK_BLOCK_RE, ''),
    inputTokens: tokens(response.prompt_eval_count),
    outputTokens: tokens(response.eval_count),
    stop: stopKind(response.done_reason),
  };
};
