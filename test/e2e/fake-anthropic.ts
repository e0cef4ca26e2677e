/**
 * A scripted stand-in for the Anthropic Messages API, for driving the real Claude Code CLI offline.
 *
 * Claude Code sends two kinds of `POST /v1/messages` requests:
 * - the main agent loop, recognised by a `tools` list that contains `Bash`; these are answered from a
 *   script, one step per request (a tool call, or text that ends the turn);
 * - side requests (session titles, topic detection, summaries, …), answered with short plain text.
 * Every request, of any kind, is recorded so tests can inspect what Claude Code actually sent.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One content block the scripted model produces. */
export type ScriptBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; name: string; input: Record<string, unknown>; id?: string };

/**
 * What the scripted model answers to one main-loop request. `thinkMs` holds the answer back that
 * long, as a real model's latency would: without it Claude Code can fork the hooks around one reply
 * within one kernel clock tick (10 ms), the resolution hooks are ordered by.
 */
export type ScriptReply = (
  | { text: string }
  | { tool_use: { name: string; input: Record<string, unknown>; id?: string } }
  | { blocks: ScriptBlock[] }
) & { thinkMs?: number };

/** A script step: a fixed reply, or one computed from everything recorded so far. */
export type ScriptStep = ScriptReply | ((ctx: StepContext) => ScriptReply);

export interface StepContext {
  /** The request being answered. */
  request: RecordedRequest;
  /** Every request recorded so far, this one included. */
  requests: readonly RecordedRequest[];
  /** The main-loop requests so far, this one included. */
  mainRequests: readonly RecordedRequest[];
  /** 0-based index of this step in the script. */
  step: number;
}

export type RequestKind = 'main' | 'side' | 'count_tokens' | 'other';

export interface RecordedRequest {
  kind: RequestKind;
  method: string;
  /** Path and query as received. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body, or `undefined` when the body was empty or not JSON. */
  body: any;
  rawBody: string;
  at: number;
  /** For main-loop requests: the script reply it got. */
  reply?: ScriptReply;
  /** For /v1/messages requests: the content blocks sent back (tool_use ids filled in). */
  sentBlocks?: ScriptBlock[];
}

export interface FakeAnthropicOptions {
  script?: ScriptStep[];
  /** Text for side requests (titles and the like). */
  sideText?: string;
  /** Print each request to stderr. Also enabled by env MNEMO_E2E_DEBUG=1. */
  debug?: boolean;
}

export interface FakeAnthropic {
  readonly url: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  /** Problems noticed by the server (script exhausted, a step threw, malformed requests). */
  readonly errors: string[];
  /** Main-loop requests in arrival order. */
  mainRequests(): RecordedRequest[];
  /** Steps not consumed yet. */
  remainingSteps(): number;
  /** Replace the script (e.g. between two sessions that share the server). */
  setScript(script: ScriptStep[]): void;
  close(): Promise<void>;
}

const MODEL_FALLBACK = 'claude-sonnet-4-5';

export async function startFakeAnthropic(options: FakeAnthropicOptions = {}): Promise<FakeAnthropic> {
  const debug = options.debug ?? process.env.MNEMO_E2E_DEBUG === '1';
  const requests: RecordedRequest[] = [];
  const errors: string[] = [];
  let script: ScriptStep[] = [...(options.script ?? [])];
  let stepIndex = 0;
  let idCounter = 0;
  const nextId = (prefix: string): string => `${prefix}_e2e${String(++idCounter).padStart(6, '0')}`;

  const mainRequests = (): RecordedRequest[] => requests.filter((r) => r.kind === 'main');

  function nextReply(request: RecordedRequest): ScriptReply {
    if (stepIndex >= script.length) {
      errors.push(`script exhausted at main-loop request #${mainRequests().length}`);
      return { text: '(fake-anthropic: script exhausted)' };
    }
    const step = script[stepIndex]!;
    const ctx: StepContext = { request, requests, mainRequests: mainRequests(), step: stepIndex };
    stepIndex++;
    if (typeof step !== 'function') return step;
    try {
      return step(ctx);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      errors.push(`script step ${ctx.step} threw: ${message}`);
      return { text: `(fake-anthropic: script step ${ctx.step} threw: ${message})` };
    }
  }

  function toBlocks(reply: ScriptReply): Array<Required<Pick<ScriptBlock, 'type'>> & Record<string, any>> {
    if ('blocks' in reply) {
      return reply.blocks.map((b) => (b.type === 'tool_use' ? { ...b, id: b.id ?? nextId('toolu') } : b));
    }
    if ('tool_use' in reply) {
      return [{ type: 'tool_use', id: reply.tool_use.id ?? nextId('toolu'), name: reply.tool_use.name, input: reply.tool_use.input }];
    }
    return [{ type: 'text', text: reply.text }];
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    let body: any;
    try {
      body = rawBody ? JSON.parse(rawBody) : undefined;
    } catch {
      body = undefined;
    }
    const url = req.url ?? '/';
    const path = url.split('?')[0]!;
    const method = req.method ?? 'GET';

    let kind: RequestKind = 'other';
    if (method === 'POST' && /\/v1\/messages\/count_tokens$/.test(path)) kind = 'count_tokens';
    else if (method === 'POST' && /\/v1\/messages$/.test(path)) {
      const tools: unknown = body?.tools;
      const isMain = Array.isArray(tools) && tools.some((t: any) => t?.name === 'Bash');
      kind = isMain ? 'main' : 'side';
    }
    const record: RecordedRequest = { kind, method, url, headers: req.headers, body, rawBody, at: Date.now() };
    requests.push(record);
    if (debug) process.stderr.write(`[fake-anthropic] ${method} ${url} -> ${kind}${body?.model ? ` (${body.model})` : ''}\n`);

    if (kind === 'count_tokens') {
      sendJson(res, 200, { input_tokens: Math.max(1, Math.ceil(rawBody.length / 4)) });
      return;
    }
    if (kind === 'other') {
      // Anything else Claude Code may probe at start (bootstrap, settings, metrics): an empty object.
      sendJson(res, 200, {});
      return;
    }
    if (body === undefined) {
      errors.push(`unparseable body for ${method} ${url}`);
      sendJson(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'body is not JSON' } });
      return;
    }

    let reply: ScriptReply;
    if (kind === 'main') {
      reply = nextReply(record);
      record.reply = reply;
      if (reply.thinkMs) await new Promise((resolve) => setTimeout(resolve, reply.thinkMs));
    } else {
      reply = { text: options.sideText ?? 'Scripted session' };
    }
    const blocks = toBlocks(reply);
    record.sentBlocks = blocks as ScriptBlock[];
    const stopReason = blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn';
    const message = {
      id: nextId('msg'),
      type: 'message',
      role: 'assistant',
      model: typeof body.model === 'string' ? body.model : MODEL_FALLBACK,
      stop_sequence: null,
    };
    const inputTokens = Math.max(1, Math.ceil(rawBody.length / 4));
    const outputTokens = 10;

    if (body.stream !== true) {
      sendJson(res, 200, {
        ...message,
        content: blocks,
        stop_reason: stopReason,
        usage: { input_tokens: inputTokens, output_tokens: outputTokens },
      });
      return;
    }

    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'request-id': nextId('req'),
    });
    const send = (event: string, data: unknown): void => {
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    send('message_start', {
      type: 'message_start',
      message: {
        ...message,
        content: [],
        stop_reason: null,
        usage: { input_tokens: inputTokens, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      },
    });
    send('ping', { type: 'ping' });
    blocks.forEach((block, index) => {
      if (block.type === 'tool_use') {
        send('content_block_start', {
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
        });
        const json = JSON.stringify(block.input ?? {});
        // Two deltas, to exercise Claude Code's partial-JSON accumulation like the real API does.
        const cut = Math.floor(json.length / 2);
        for (const part of [json.slice(0, cut), json.slice(cut)]) {
          send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: part } });
        }
      } else {
        send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
        send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } });
      }
      send('content_block_stop', { type: 'content_block_stop', index });
    });
    send('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: outputTokens },
    });
    send('message_stop', { type: 'message_stop' });
    res.end();
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      errors.push(`handler error: ${err instanceof Error ? err.stack : String(err)}`);
      if (!res.headersSent) sendJson(res, 500, { type: 'error', error: { type: 'api_error', message: 'fake-anthropic failed' } });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    errors,
    mainRequests,
    remainingSteps: () => script.length - stepIndex,
    setScript(next) {
      script = [...next];
      stepIndex = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

// ---------------------------------------------------------------------------------------------
// Helpers for reading recorded requests.

/** Every text the model was given in a request: system blocks and message text, in order. */
export function requestTexts(body: any): string[] {
  const out: string[] = [];
  const pushContent = (content: unknown): void => {
    if (typeof content === 'string') out.push(content);
    else if (Array.isArray(content)) {
      for (const block of content) {
        if (block?.type === 'text' && typeof block.text === 'string') out.push(block.text);
        else if (block?.type === 'tool_result') pushContent(block.content);
      }
    }
  };
  pushContent(body?.system);
  for (const message of body?.messages ?? []) pushContent(message?.content);
  return out;
}

/** The tool_result blocks in a request's messages, keyed by tool_use_id, with their text joined. */
export function toolResults(body: any): Array<{ tool_use_id: string; is_error: boolean; text: string }> {
  const out: Array<{ tool_use_id: string; is_error: boolean; text: string }> = [];
  for (const message of body?.messages ?? []) {
    if (!Array.isArray(message?.content)) continue;
    for (const block of message.content) {
      if (block?.type !== 'tool_result') continue;
      const content = block.content;
      const text =
        typeof content === 'string'
          ? content
          : Array.isArray(content)
            ? content.map((c: any) => (c?.type === 'text' ? c.text : JSON.stringify(c))).join('\n')
            : '';
      out.push({ tool_use_id: String(block.tool_use_id), is_error: block.is_error === true, text });
    }
  }
  return out;
}

/** The tool_result answering a given tool_use id, searched across the recorded requests. */
export function findToolResult(
  requests: readonly RecordedRequest[],
  toolUseId: string,
): { tool_use_id: string; is_error: boolean; text: string } | undefined {
  for (let i = requests.length - 1; i >= 0; i--) {
    const hit = toolResults(requests[i]!.body).find((r) => r.tool_use_id === toolUseId);
    if (hit) return hit;
  }
  return undefined;
}

/** The tool_result of the tool_use that the previous main-loop reply made (for chaining steps). */
export function lastToolResult(ctx: StepContext): { tool_use_id: string; is_error: boolean; text: string } | undefined {
  const results = toolResults(ctx.request.body);
  return results[results.length - 1];
}
