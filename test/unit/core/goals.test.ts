// Which requests the Goal shows first: the one that opened the work, then the latest session's
// weightiest request, then the one that opened the latest session; never a prompt that is no request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { goalLines, type ReadPrompt } from '../../../src/core/summarize/goals.ts';
import { readPrompt } from '../../../src/core/summarize/prompt-kind.ts';

const widths = { brief: 150, detailed: 240 };
let at = 0;
function p(text: string, session = 1, opening = false): ReadPrompt {
  return { at: at++, session, reading: readPrompt(text, { answersAssistant: false, opening }) };
}
const byRank = (lines: ReturnType<typeof goalLines>) => [...lines].sort((a, b) => a.rank - b.rank).map((l) => l.text);

test('one session: the opening request first, however short, then the one that asks for most; remarks never', () => {
  const lines = goalLines(
    [
      p('Implement spotter-gqc', 1, true),
      p('okay, im watching the logs now'),
      p('add a test for the empty store'),
      p('Add rate limiting to the API gateway with a token bucket per client and document RATE_LIMIT_BURST in README.md'),
      p('did you push?'),
    ],
    widths,
  );
  assert.deepEqual(byRank(lines).slice(0, 2), ['Implement spotter-gqc', 'Add rate limiting to the API gateway with a token bucket per client and document RATE_LIMIT_BURST in README.md']);
  assert.ok(!lines.some((l) => /watching the logs|did you push/.test(l.text)));
  // Shown in session order.
  assert.deepEqual([...lines].sort((a, b) => a.order - b.order).map((l) => l.text)[1], 'add a test for the empty store');
});

test('a chain of sessions: the request that opened the work, the latest session\'s weightiest, then what opened the latest session', () => {
  const lines = goalLines(
    [
      p('Port the billing module to the new payments API', 1, true),
      p('add retries to the payments client in src/pay/client.ts'),
      p('check the webhook logs', 2, true),
      p('Make the refund flow idempotent by keying refunds on the payment intent id and storing the key in refunds.sql', 2),
    ],
    widths,
  );
  assert.deepEqual(byRank(lines).slice(0, 3), [
    'Port the billing module to the new payments API',
    'Make the refund flow idempotent by keying refunds on the payment intent id and storing the key in refunds.sql',
    'check the webhook logs',
  ]);
});

test('no request at all: no goal line', () => {
  assert.deepEqual(goalLines([p('thanks, looks good'), p("I concede defeat. let's go back")], widths), []);
});
