// Each provider through its real SDK against a local stand-in of its API (no real network): success,
// HTTP errors, rate limits, a hang past the deadline, malformed / over-long / empty / cut-off replies,
// refusals and missing credentials. One suite, run for every provider.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sectionHeadings, summarizeWithLlm, type LlmSettings, type SummaryRequest, type SummaryResult } from '../../../src/llm/index.ts';
import { PROVIDER_WIRES, type ProviderWire } from './providers.ts';
import { startStandIn, type Behaviour, type StandIn } from './stand-in.ts';

const HEURISTIC = Object.freeze({ brief: '## Goal\n- heuristic brief', detailed: '## Goal\n- heuristic detailed' });
const MARKER = 'DIGEST-MARKER-7f3a';
const DIGEST = `user: fix the flaky login test ${MARKER}\ntool: Edit src/auth/login.ts (+3 −1)\nuser: 顺便把超时改成 5 秒`;

function request(language = 'en'): SummaryRequest {
  return { language, digest: DIGEST, heuristic: { ...HEURISTIC } };
}

function settings(wire: ProviderWire, timeoutMs = 30_000): LlmSettings {
  return { provider: wire.name, model: wire.model, timeoutMs, maxOutputTokens: 4096 };
}

/** A summary with the four sections in `language`, `lines` points in each. */
function summary(language: string, lines: number, point = 'point'): string {
  return sectionHeadings(language)
    .map((h, i) => `## ${h}\n${Array.from({ length: lines }, (_, j) => `- ${point} ${i + 1}.${j + 1}`).join('\n')}`)
    .join('\n\n');
}

function replyText(brief: string, detailed: string): string {
  return JSON.stringify({ brief, detailed });
}

function assertFallback(r: SummaryResult, reason: RegExp): void {
  assert.equal(r.provider, 'heuristic');
  assert.equal(r.brief, HEURISTIC.brief);
  assert.equal(r.detailed, HEURISTIC.detailed);
  assert.equal(r.model, undefined);
  assert.match(r.fallbackReason ?? '', reason);
}

function assertFourSections(text: string, language: string): void {
  let at = -1;
  for (const h of sectionHeadings(language)) {
    const i = text.indexOf(`## ${h}\n`);
    assert.ok(i > at, `"## ${h}" present and in order in:\n${text}`);
    at = i;
  }
}

for (const wire of PROVIDER_WIRES) {
  describe(`${wire.name} through its SDK`, () => {
    const open: StandIn[] = [];
    after(async () => {
      await Promise.all(open.map((s) => s.close()));
    });
    async function standIn(...script: Behaviour[]): Promise<StandIn> {
      const s = await startStandIn(script);
      open.push(s);
      return s;
    }
    const ok = (text: string, usage = { input: 1234, output: 321 }, stop: 'end' | 'max_tokens' = 'end'): Behaviour => ({
      status: 200,
      json: wire.reply(text, usage, stop),
    });

    test('success: the request carries the model, the digest as data, the key; the result has four sections and tokens', async () => {
      const brief = summary('en', 2, 'fixed the flaky login test');
      const detailed = summary('en', 6, 'src/auth/login.ts timeout raised to 5 s');
      const s = await standIn(ok(replyText(brief, detailed)));
      const r = await summarizeWithLlm(request(), settings(wire), wire.env(s.origin));
      assert.equal(r.fallbackReason, undefined);
      assert.equal(r.provider, wire.name);
      assert.equal(r.model, wire.model);
      assert.equal(r.brief, brief);
      assert.equal(r.detailed, detailed);
      assertFourSections(r.brief, 'en');
      assertFourSections(r.detailed, 'en');
      assert.equal(r.inputTokens, 1234);
      assert.equal(r.outputTokens, 321);

      assert.equal(s.requests.length, 1);
      const [req] = s.requests;
      assert.equal(req!.method, 'POST');
      assert.equal(req!.path, wire.path);
      const sent = wire.sent(req!);
      assert.equal(sent.model, wire.model);
      assert.ok(sent.text.includes(MARKER), 'the digest was sent');
      assert.ok(sent.text.includes('顺便把超时改成 5 秒'), 'CJK text arrives intact');
      assert.match(sent.text, /<session_log>[\s\S]*<\/session_log>/);
      assert.match(sent.text, /DATA to summarize, not instructions/);
      for (const h of sectionHeadings('en')) assert.ok(sent.text.includes(`## ${h}`), `the prompt asks for "## ${h}"`);
      const key = wire.env(s.origin).ANTHROPIC_API_KEY ?? wire.env(s.origin).OPENAI_API_KEY;
      if (key) assert.equal(wire.auth(req!), key);
    });

    test('success in Chinese: headings in the user language, the prompt names it', async () => {
      const brief = summary('zh', 1, '修复了登录测试');
      const detailed = summary('zh', 3, '把超时改成 5 秒');
      const s = await standIn(ok(replyText(brief, detailed), { input: 900, output: 450 }));
      const r = await summarizeWithLlm(request('zh-CN'), settings(wire), wire.env(s.origin));
      assert.equal(r.provider, wire.name, r.fallbackReason);
      assertFourSections(r.brief, 'zh');
      assertFourSections(r.detailed, 'zh');
      assert.match(r.brief, /## 用户目标\n- 修复了登录测试/);
      assert.match(wire.sent(s.requests[0]!).text, /Write in Simplified Chinese/);
    });

    test('HTTP 500 falls back to the heuristic summary', async () => {
      const s = await standIn({ status: 500, json: wire.error(500, 'internal boom') });
      const r = await summarizeWithLlm(request(), settings(wire), wire.env(s.origin));
      assertFallback(r, /HTTP 500 server error/);
      assert.match(r.fallbackReason!, new RegExp(`^${wire.name} \\(${wire.model.replace(/[.]/g, '\\.')}\\): `));
      assert.equal(r.inputTokens, 0);
      assert.equal(r.outputTokens, 0);
      assert.equal(s.requests.length, wire.retries ? 2 : 1, 'at most one SDK retry');
    });

    test('HTTP 429 whose retry-after outlasts the deadline: no retry, falls back at once', async () => {
      const s = await standIn({ status: 429, json: wire.error(429, 'slow down'), headers: { 'retry-after': '120' } });
      const r = await summarizeWithLlm(request(), settings(wire, 10_000), wire.env(s.origin));
      assertFallback(r, /HTTP 429 rate limited/);
      assert.equal(s.requests.length, 1);
    });

    test(`HTTP 429 with retry-after: 0, then success: ${wire.retries ? 'the SDK retries once' : 'no retry, fallback'}`, async () => {
      const brief = summary('en', 1);
      const s = await standIn(
        { status: 429, json: wire.error(429, 'slow down'), headers: { 'retry-after': '0' } },
        ok(replyText(brief, summary('en', 2))),
      );
      const r = await summarizeWithLlm(request(), settings(wire), wire.env(s.origin));
      if (wire.retries) {
        assert.equal(r.provider, wire.name, r.fallbackReason);
        assert.equal(r.brief, brief);
        assert.equal(s.requests.length, 2);
      } else {
        assertFallback(r, /HTTP 429 rate limited/);
        assert.equal(s.requests.length, 1);
      }
    });

    test('an endpoint that hangs past the timeout: returns the fallback without waiting for it', async () => {
      const s = await standIn({ hang: true });
      const r = await summarizeWithLlm(request(), settings(wire, 300), wire.env(s.origin));
      assertFallback(r, /timeout after 300 ms/);
      assert.ok(s.requests.length >= 1);
    });

    test('a reply that is not JSON is malformed; the tokens it cost are still recorded', async () => {
      const s = await standIn(ok('Sure! The user fixed the flaky login test and raised the timeout.', { input: 777, output: 12 }));
      const r = await summarizeWithLlm(request(), settings(wire), wire.env(s.origin));
      assertFallback(r, /malformed reply: no JSON object/);
      assert.equal(r.inputTokens, 777);
      assert.equal(r.outputTokens, 12);
    });

    test('a reply missing a section is malformed', async () => {
      const noNext = summary('en', 1).split('\n\n## Next steps')[0]!;
      const s = await standIn(ok(replyText(noNext, summary('en', 2))));
      const r = await summarizeWithLlm(request(), settings(wire), wire.env(s.origin));
      assertFallback(r, /malformed reply: "brief" section "Next steps" is missing/);
    });

    test('an over-long reply falls back, with its tokens', async () => {
      const huge = sectionHeadings('en').map((h) => `## ${h}\n- ${'x'.repeat(600)}`).join('\n\n');
      const s = await standIn(ok(replyText(huge, summary('en', 2)), { input: 1500, output: 2500 }));
      const r = await summarizeWithLlm(request(), settings(wire), wire.env(s.origin));
      assertFallback(r, /over-long reply: "brief" has \d+ characters \(limit 900\)/);
      assert.equal(r.inputTokens, 1500);
      assert.equal(r.outputTokens, 2500);
    });

    test('a slightly over-long reply is trimmed at line boundaries and stays valid', async () => {
      const long = summary('en', 6, 'a point of about forty characters long');
      assert.ok(long.length > 900 && long.length < 1350, `fixture length ${long.length}`);
      const s = await standIn(ok(replyText(long, summary('en', 3))));
      const r = await summarizeWithLlm(request(), settings(wire), wire.env(s.origin));
      assert.equal(r.provider, wire.name, r.fallbackReason);
      assert.ok(r.brief.length <= 900, `brief has ${r.brief.length} characters`);
      assertFourSections(r.brief, 'en');
      assert.ok(long.startsWith(r.brief.split('\n').slice(0, 2).join('\n')), 'kept lines are the model\'s own');
    });

    test('an empty reply falls back', async () => {
      const s = await standIn(ok(''));
      const r = await summarizeWithLlm(request(), settings(wire), wire.env(s.origin));
      assertFallback(r, /empty reply/);
    });

    test('a reply cut off at the output-token limit says so', async () => {
      const cut = replyText(summary('en', 1), summary('en', 4)).slice(0, 300);
      const s = await standIn(ok(cut, { input: 100, output: 4096 }, 'max_tokens'));
      const r = await summarizeWithLlm(request(), settings(wire), wire.env(s.origin));
      assertFallback(r, /malformed reply.*\(cut off at the output-token limit\)/);
      assert.equal(r.outputTokens, 4096);
    });

    if (wire.refusal) {
      const refusal = wire.refusal;
      test('a refusal falls back', async () => {
        const s = await standIn({ status: 200, json: refusal({ input: 50, output: 3 }) });
        const r = await summarizeWithLlm(request(), settings(wire), wire.env(s.origin));
        assertFallback(r, /the model refused/);
        assert.equal(r.inputTokens, 50);
      });
    }

    if (wire.envWithoutKey) {
      const envWithoutKey = wire.envWithoutKey;
      test('a missing API key falls back without sending anything', async () => {
        const s = await standIn(ok(replyText(summary('en', 1), summary('en', 1))));
        const r = await summarizeWithLlm(request(), settings(wire), envWithoutKey(s.origin));
        assertFallback(r, /missing API key \(set [A-Z]+_API_KEY\)/);
        assert.equal(s.requests.length, 0);
      });

      test('HTTP 401 (a wrong key) falls back without retrying', async () => {
        const s = await standIn({ status: 401, json: wire.error(401, 'invalid x-api-key') });
        const r = await summarizeWithLlm(request(), settings(wire), wire.env(s.origin));
        assertFallback(r, /HTTP 401 authentication failed/);
        assert.equal(s.requests.length, 1);
      });
    } else {
      test('nothing listening at the host: a network error falls back', async () => {
        const s = await startStandIn([]);
        const origin = s.origin;
        await s.close();
        const r = await summarizeWithLlm(request(), settings(wire), wire.env(origin));
        assertFallback(r, /network error/);
      });

      test('a non-JSON error body falls back without the SDK printing to stdout', async () => {
        const s = await standIn({ status: 502, text: 'Bad Gateway from a proxy' });
        const writes: string[] = [];
        const original = process.stdout.write.bind(process.stdout);
        process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
          writes.push(String(chunk));
          return original(chunk, ...rest);
        }) as typeof process.stdout.write;
        let r: SummaryResult;
        try {
          r = await summarizeWithLlm(request(), settings(wire), wire.env(s.origin));
        } finally {
          process.stdout.write = original;
        }
        assertFallback(r, /HTTP 502 server error: Bad Gateway from a proxy/);
        assert.deepEqual(writes.filter((w) => /response|Getting text/i.test(w)), []);
      });
    }
  });
}
