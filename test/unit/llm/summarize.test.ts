import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summarizeWithLlm, type LlmSettings, type SummaryRequest } from '../../../src/llm/index.ts';
import { startStandIn } from './stand-in.ts';
import { commandParts } from '../../../src/core/extract/shell/actions.ts';
import type { Settled } from '../../../src/core/summarize/facts.ts';
import { replyProblem } from '../../../src/core/summarize/reply-check.ts';
import { anthropic, openai } from './providers.ts';

const req: SummaryRequest = { language: 'en', digest: 'user: fix it', heuristic: { brief: 'B', detailed: 'D' } };

test('the heuristic setting returns the heuristic summary as is, with no fallback reason', async () => {
  const r = await summarizeWithLlm(req, { provider: 'heuristic', timeoutMs: 1000, maxOutputTokens: 1024 }, {});
  assert.deepEqual(r, { brief: 'B', detailed: 'D', provider: 'heuristic', inputTokens: 0, outputTokens: 0 });
});

test('an empty digest is not sent anywhere', async () => {
  const s = await startStandIn([{ status: 500, json: {} }]);
  try {
    const r = await summarizeWithLlm({ ...req, digest: ' \n' }, { provider: 'ollama', timeoutMs: 1000, maxOutputTokens: 1024 }, { OLLAMA_HOST: s.origin });
    assert.equal(r.provider, 'heuristic');
    assert.match(r.fallbackReason ?? '', /^ollama \(qwen3:4b\): nothing to summarize/);
    assert.equal(s.requests.length, 0);
  } finally {
    await s.close();
  }
});

test('nonsense input never throws', async () => {
  const bogus = { provider: 'gemini', timeoutMs: Number.NaN, maxOutputTokens: -1 } as unknown as LlmSettings;
  const r1 = await summarizeWithLlm(req, bogus, {});
  assert.equal(r1.provider, 'heuristic');
  assert.match(r1.fallbackReason ?? '', /unknown summarizer "gemini"/);
  const r2 = await summarizeWithLlm({} as SummaryRequest, { provider: 'anthropic', timeoutMs: 1000, maxOutputTokens: 1024 }, {});
  assert.equal(r2.provider, 'heuristic');
  assert.equal(r2.brief, '');
  const r3 = await summarizeWithLlm(req, undefined as unknown as LlmSettings, {});
  assert.equal(r3.provider, 'heuristic');
});

// The reply is held to the heuristic summary's rules, through the real SDKs against a stand-in API.

const settled: Settled[] = [
  { kind: 'commit', subject: 'fix(db): release pooled connections on error' },
  { kind: 'command', part: commandParts('git push --set-upstream origin fix')[0]! },
  { kind: 'command', part: commandParts('npm test -- checkout')[0]! },
];
const sections = (open: string) =>
  `## Goal\n- Fix the pool leak\n## Done\n- Committed fix(db): release pooled connections on error\n## Open issues and risks\n- ${open}\n## Next steps\n- Watch the error rate`;

test('reply check: an open issue that a recorded success settled, or host bookkeeping anywhere, is named; a fair reply passes', () => {
  assert.equal(replyProblem(sections('none'), settled), undefined);
  assert.equal(replyProblem(sections('No load test covers 500 concurrent checkouts yet'), settled), undefined);
  assert.match(replyProblem(sections('Commit "fix(db): release pooled connections on error" may need a rebase'), settled) ?? '', /names a commit that was made/);
  assert.match(replyProblem(sections('`git push` failed: no upstream branch'), settled) ?? '', /succeeded later: `git push`/);
  assert.match(replyProblem(sections('npm test failed with ECONNRESET'), settled) ?? '', /failure of `npm test`/);
  assert.match(replyProblem(sections('Read the output file to retrieve the result: /tmp/c/tasks/b1.output'), settled) ?? '', /host bookkeeping/);
  assert.match(replyProblem(sections('none').replace('Fix the pool leak', '<local-command-stdout>ok</local-command-stdout>'), settled) ?? '', /host bookkeeping/);
});

test('reply check: a prompt that asks for nothing (a remark, a reply, an acknowledgement) listed as the goal is named; a request is not', () => {
  const notGoals = ['okay, im watching the logs now', 'yes do option 2', 'ok'];
  const goal = (line: string) => sections('none').replace('Fix the pool leak', line);
  assert.equal(replyProblem(goal('Fix the pool leak'), settled, notGoals), undefined);
  assert.equal(replyProblem(goal('Fix the pool leak; ok to keep the retry count'), settled, notGoals), undefined, 'a short non-goal must be the whole line');
  assert.match(replyProblem(goal('okay, im watching the logs now.'), settled, notGoals) ?? '', /the goal lists a prompt that asks for nothing/);
  assert.match(replyProblem(goal('User said: "yes do option 2"'), settled, notGoals) ?? '', /asks for nothing.*yes do option 2/);
  assert.match(replyProblem(goal('OK'), settled, notGoals) ?? '', /asks for nothing/);
  // The same words outside the goal are no problem (a decision is listed under Done).
  assert.equal(replyProblem(sections('none').replace('Committed fix(db): release pooled connections on error', 'Decision: yes do option 2'), settled, notGoals), undefined);
});

for (const wire of [anthropic, openai]) {
  test(`${wire.name}: a reply contradicting a recorded success keeps the heuristic summary and says why; a fair one is used`, async () => {
    const bad = JSON.stringify({ brief: sections('`git push` failed: no upstream'), detailed: sections('`git push` failed: no upstream branch') });
    const good = JSON.stringify({ brief: sections('none'), detailed: sections('No load test covers 500 concurrent checkouts') });
    const s = await startStandIn([
      { status: 200, json: wire.reply(bad, { input: 900, output: 120 }) },
      { status: 200, json: wire.reply(good, { input: 900, output: 110 }) },
    ]);
    try {
      const settings: LlmSettings = { provider: wire.name, model: wire.model, timeoutMs: 30_000, maxOutputTokens: 1024 };
      const request: SummaryRequest = { ...req, checks: { settled } };
      const r1 = await summarizeWithLlm(request, settings, wire.env(s.origin));
      assert.equal(r1.provider, 'heuristic');
      assert.equal(r1.brief, 'B');
      assert.match(r1.fallbackReason ?? '', /reply rejected: an open issue names a command that succeeded later: `git push`/);
      assert.equal(r1.inputTokens, 900, 'the tokens of a rejected reply are still recorded');
      const sent = wire.sent(s.requests[0]!).text;
      assert.match(sent, /A failure is open only when no later success of the same/);
      assert.match(sent, /Nothing is ever both done and open/);
      const r2 = await summarizeWithLlm(request, settings, wire.env(s.origin));
      assert.equal(r2.provider, wire.name);
      assert.equal(r2.fallbackReason, undefined);
      assert.match(r2.detailed, /No load test covers/);
    } finally {
      await s.close();
    }
  });
}
