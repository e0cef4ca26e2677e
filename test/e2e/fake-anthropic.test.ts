// The scripted stand-in for the Messages API on its own (no Claude Code): wire format and bookkeeping.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeAnthropic, toolResults, requestTexts } from './fake-anthropic.ts';

const MAIN_TOOLS = [{ name: 'Bash', input_schema: { type: 'object' } }];

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function postJson(url: string, body: unknown): Promise<any> {
  return (await post(url, body)).json();
}

/** Parses an SSE body into its events. */
function parseSse(text: string): Array<{ event: string; data: any }> {
  return text
    .split('\n\n')
    .filter((chunk) => chunk.trim())
    .map((chunk) => {
      const event = /^event: (.*)$/m.exec(chunk)?.[1] ?? '';
      const data = JSON.parse(/^data: (.*)$/m.exec(chunk)?.[1] ?? 'null');
      return { event, data };
    });
}

test('streams a scripted tool_use as SSE with input_json_delta', async () => {
  const api = await startFakeAnthropic({ script: [{ tool_use: { id: 'toolu_1', name: 'Bash', input: { command: 'echo "hi"' } } }] });
  try {
    const res = await post(`${api.url}/v1/messages?beta=true`, { model: 'm', stream: true, tools: MAIN_TOOLS, messages: [{ role: 'user', content: 'go' }] });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/event-stream/);
    const events = parseSse(await res.text());
    assert.deepEqual(
      events.map((e) => e.event),
      ['message_start', 'ping', 'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop'],
    );
    assert.equal(events[0]!.data.message.model, 'm');
    assert.deepEqual(events[2]!.data.content_block, { type: 'tool_use', id: 'toolu_1', name: 'Bash', input: {} });
    const json = events.filter((e) => e.event === 'content_block_delta').map((e) => e.data.delta.partial_json).join('');
    assert.deepEqual(JSON.parse(json), { command: 'echo "hi"' });
    assert.equal(events[6]!.data.delta.stop_reason, 'tool_use');
    assert.equal(api.requests[0]!.kind, 'main');
    assert.equal(api.remainingSteps(), 0);
  } finally {
    await api.close();
  }
});

test('answers text, side requests, count_tokens, unknown routes and non-streaming requests', async () => {
  const api = await startFakeAnthropic({ script: [{ text: 'final words' }], sideText: 'A title' });
  try {
    const sideBody = await postJson(`${api.url}/v1/messages`, { model: 'haiku', stream: false, messages: [{ role: 'user', content: 'title?' }] });
    assert.deepEqual(sideBody.content, [{ type: 'text', text: 'A title' }]);
    assert.equal(sideBody.stop_reason, 'end_turn');

    const main = await postJson(`${api.url}/v1/messages`, { model: 'm', stream: false, tools: MAIN_TOOLS, messages: [] });
    assert.deepEqual(main.content, [{ type: 'text', text: 'final words' }]);

    const count = await postJson(`${api.url}/v1/messages/count_tokens`, { messages: [] });
    assert.ok(count.input_tokens > 0);

    const other: unknown = await (await fetch(`${api.url}/api/whatever`)).json();
    assert.deepEqual(other, {});

    assert.deepEqual(
      api.requests.map((r) => r.kind),
      ['side', 'main', 'count_tokens', 'other'],
    );
    assert.deepEqual(api.errors, []);
  } finally {
    await api.close();
  }
});

test('steps can be functions of the recorded requests; exhaustion and throws are reported', async () => {
  const api = await startFakeAnthropic({
    script: [
      (ctx) => ({ text: `seen ${ctx.mainRequests.length} request(s), results: ${toolResults(ctx.request.body).map((r) => r.text).join('|')}` }),
      () => {
        throw new Error('boom');
      },
    ],
  });
  try {
    const body = {
      model: 'm',
      stream: false,
      tools: MAIN_TOOLS,
      system: [{ type: 'text', text: 'sys' }],
      messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'out' }] }] }],
    };
    assert.deepEqual(requestTexts(body), ['sys', 'out']);
    const first = await postJson(`${api.url}/v1/messages`, body);
    assert.equal(first.content[0].text, 'seen 1 request(s), results: out');
    const second = await postJson(`${api.url}/v1/messages`, body);
    assert.match(second.content[0].text, /threw: boom/);
    await post(`${api.url}/v1/messages`, body);
    assert.equal(api.errors.length, 2);
    assert.match(api.errors[0]!, /step 1 threw: boom/);
    assert.match(api.errors[1]!, /script exhausted/);
  } finally {
    await api.close();
  }
});
