// Words about the memory itself ("in a previous session", "last time", "之前讨论过的") name no event and
// no order: they go before a query is planned and its intent read. A project's own words stay.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { queryIntent } from '../../../src/core/search/intent.ts';
import { withoutMemoryTalk, withoutTimeTalk } from '../../../src/core/search/memory-talk.ts';
import { planQuery } from '../../../src/core/search/query-plan.ts';

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

test('talk about the memory itself is removed, in English, Chinese, Japanese and Korean', () => {
  const cases: [string, string][] = [
    ['pool size in a previous session', 'pool size'],
    ['what we discussed about the pool size', 'what about the pool size'],
    ['earlier conversation about pool size', 'about pool size'],
    ['pool size we looked at a while ago', 'pool size we looked at'],
    ['search memory for pool size', 'pool size'],
    ['we talked about the pool size before', 'the pool size'],
    ['what happened with the pool size before?', 'what happened with the pool size ?'],
    ['我们之前讨论过的连接池', '我们 讨论过的连接池'],
    ['上次会话里 连接池', '连接池'],
    ['前回のセッションで プール', 'プール'],
    ['以前の会話で プール', 'プール'],
    ['지난번 세션에서 풀', '풀'],
    ['이전에 얘기한 풀', '얘기한 풀'],
  ];
  for (const [q, want] of cases) assert.equal(squash(withoutMemoryTalk(q)), want, q);
});

test("a project's words and real orderings stay", () => {
  for (const q of [
    'How does the CLI detect other sessions?',
    'another active session warning',
    'session id after the compaction',
    'what failed before the deploy',
    'what did we do after the revert',
    'what was the previous value of the timeout',
    '部署之前做了什么',
    'デプロイの前にやったこと',
    '배포하기 전에 말한 것',
    '배포 이전에 한 것',
    'run the loop for a while',
  ]) assert.equal(withoutMemoryTalk(q), q, q);
});

test('"earlier" or "before" with no event after it orders nothing; "earlier than X" and "before X" do', () => {
  for (const q of ['pool size earlier', 'previously: pool size', 'we talked about the pool size before', '我们之前讨论过的连接池', '以前話したプール']) {
    assert.equal(queryIntent(q).before, false, q);
  }
  for (const q of ['what failed before the deploy', 'the pool size earlier than the revert', '部署之前做了什么', 'デプロイの前に何をした']) {
    assert.equal(queryIntent(q).before, true, q);
  }
  assert.ok(!planQuery('pool size in a previous session, earlier').terms.some((t) => ['previous', 'session', 'earlier'].includes(t)));
  assert.ok(planQuery('another active session warning').terms.includes('session'));
});

test('a date relative to now stays a keyword (the records say "yesterday" too) but orders nothing', () => {
  assert.equal(withoutMemoryTalk('what did we find in the notebooks last week'), 'what did we find in the notebooks last week');
  assert.equal(squash(withoutTimeTalk('what did we find in the notebooks last week')), 'what did we find in the notebooks');
  assert.equal(queryIntent('pool size (from last week)').last, false);
  assert.equal(queryIntent('which pool size did we use in the end').last, true);
});
