// How each provider's API looks on the wire, for the shared provider suite: where the SDK is pointed,
// which path it calls, what a reply, an error, a refusal and a cut-off reply look like.
import type { LlmProviderName } from '../../../src/llm/index.ts';
import type { RecordedRequest } from './stand-in.ts';

export interface Usage {
  readonly input: number;
  readonly output: number;
}

export interface ProviderWire {
  readonly name: LlmProviderName;
  readonly model: string;
  readonly path: string;
  /** Environment pointing the SDK at the stand-in, with a key where one is needed. */
  env(origin: string): Record<string, string>;
  /** The same without credentials, or undefined when the provider needs none. */
  envWithoutKey?(origin: string): Record<string, string>;
  /** Does the SDK retry a 429/500 once (maxRetries 1)? */
  readonly retries: boolean;
  reply(text: string, usage: Usage, stop?: 'end' | 'max_tokens'): unknown;
  refusal?(usage: Usage): unknown;
  error(status: number, message: string): unknown;
  /** The model and the full prompt text the request carried. */
  sent(req: RecordedRequest): { model: string; text: string };
  /** The credential the request carried, if any. */
  auth(req: RecordedRequest): string | undefined;
}

const bearer = (req: RecordedRequest): string | undefined => {
  const h = req.headers['authorization'] ?? req.headers['x-api-key'];
  return typeof h === 'string' ? h.replace(/^Bearer /, '') : undefined;
};

const messagesText = (messages: Array<{ content: unknown }>): string =>
  messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))).join('\n');

export const anthropic: ProviderWire = {
  name: 'anthropic',
  model: 'claude-haiku-5-5',
  path: '/v1/messages',
  env: (origin) => ({ ANTHROPIC_BASE_URL: origin, ANTHROPIC_API_KEY: 'sk-ant-test' }),
  envWithoutKey: (origin) => ({ ANTHROPIC_BASE_URL: origin }),
  retries: true,
  reply: (text, usage, stop = 'end') => ({
    id: 'msg_test',
    type: 'message',
    role: 'assistant',
    model: 'claude-haiku-5-5',
    content: [{ type: 'text', text }],
    stop_reason: stop === 'end' ? 'end_turn' : 'max_tokens',
    stop_sequence: null,
    usage: { input_tokens: usage.input, output_tokens: usage.output, cache_creation_input_tokens: null, cache_read_input_tokens: null },
  }),
  refusal: (usage) => ({
    id: 'msg_test',
    type: 'message',
    role: 'assistant',
    model: 'claude-haiku-5-5',
    content: [],
    stop_reason: 'refusal',
    stop_sequence: null,
    usage: { input_tokens: usage.input, output_tokens: usage.output },
  }),
  error: (status, message) => ({ type: 'error', error: { type: status === 429 ? 'rate_limit_error' : 'api_error', message } }),
  sent: (req) => ({ model: req.body.model, text: `${req.body.system}\n${messagesText(req.body.messages)}` }),
  auth: bearer,
};

export const openai: ProviderWire = {
  name: 'openai',
  model: 'gpt-5.4-mini',
  path: '/v1/chat/completions',
  env: (origin) => ({ OPENAI_BASE_URL: `${origin}/v1`, OPENAI_API_KEY: 'sk-openai-test' }),
  envWithoutKey: (origin) => ({ OPENAI_BASE_URL: `${origin}/v1` }),
  retries: true,
  reply: (text, usage, stop = 'end') => ({
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'gpt-5.4-mini',
    choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, finish_reason: stop === 'end' ? 'stop' : 'length', logprobs: null }],
    usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
  }),
  refusal: (usage) => ({
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'gpt-5.4-mini',
    choices: [{ index: 0, message: { role: 'assistant', content: null, refusal: 'I cannot help with that.' }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
  }),
  error: (status, message) => ({ error: { message, type: status === 429 ? 'rate_limit_exceeded' : 'server_error', param: null, code: null } }),
  sent: (req) => ({ model: req.body.model, text: messagesText(req.body.messages) }),
  auth: bearer,
};

export const ollama: ProviderWire = {
  name: 'ollama',
  model: 'qwen3:4b',
  path: '/api/chat',
  env: (origin) => ({ OLLAMA_HOST: origin }),
  retries: false,
  reply: (text, usage, stop = 'end') => ({
    model: 'qwen3:4b',
    created_at: '2026-01-01T00:00:00Z',
    message: { role: 'assistant', content: text },
    done: true,
    done_reason: stop === 'end' ? 'stop' : 'length',
    total_duration: 1,
    load_duration: 1,
    prompt_eval_count: usage.input,
    prompt_eval_duration: 1,
    eval_count: usage.output,
    eval_duration: 1,
  }),
  error: (_status, message) => ({ error: message }),
  sent: (req) => ({ model: req.body.model, text: messagesText(req.body.messages) }),
  auth: () => undefined,
};

export const PROVIDER_WIRES: readonly ProviderWire[] = [anthropic, openai, ollama];
