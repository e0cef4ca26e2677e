import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { splitFile, splitQuestions, stratumOf } from '../../../eval/split.ts';
import { firstRank, score } from '../../../eval/metrics.ts';

for (const set of ['v2', 'v3', 'v4', 'v5', 'v6']) {
  test(`the committed ${set} split is the one eval/split.ts computes, ~50/50 in every stratum`, () => {
    const qs = JSON.parse(readFileSync(new URL(`../../../eval/data/questions-${set}.json`, import.meta.url), 'utf8'));
    const committed = JSON.parse(readFileSync(new URL(`../../../eval/data/questions-${set}.split.json`, import.meta.url), 'utf8'));
    assert.deepEqual(committed, splitFile(qs), `questions-${set}.split.json was edited by hand or the set changed`);
    const sides = splitQuestions(qs);
    const per = new Map<string, { dev: number; test: number }>();
    for (const q of qs) {
      const k = stratumOf(q);
      const c = per.get(k) ?? { dev: 0, test: 0 };
      c[sides.get(q.question_id)!]++;
      per.set(k, c);
    }
    for (const [k, c] of per) assert.ok(Math.abs(c.dev - c.test) <= 1, `${k}: ${c.dev} dev / ${c.test} test`);
    assert.ok(Math.abs(committed.dev.length - committed.test.length) <= 1);
    assert.equal(committed.dev.length + committed.test.length, qs.length);
    for (const q of qs) {
      assert.ok(q.question && q.query && q.answer_keys.length > 0, `${q.question_id}: both styles and a key`);
      for (const k of q.answer_keys) assert.match(k, /^(toolu_\w+|[0-9a-f-]{36}|queued:[0-9a-f-]{36}:\d+)$/, `${q.question_id}: ${k}`);
    }
  });
}

test('the split depends on ids only: reordering or editing a question text moves nothing', () => {
  const qs = [
    { question_id: 'a', question_type: 'factual', language: 'en' },
    { question_id: 'b', question_type: 'factual', language: 'en' },
    { question_id: 'c', question_type: 'debugging', language: 'zh' },
    { question_id: 'd', question_type: 'debugging', language: 'zh' },
  ];
  const one = splitQuestions(qs);
  const two = splitQuestions([...qs].reverse());
  for (const q of qs) assert.equal(one.get(q.question_id), two.get(q.question_id));
  assert.equal([...one.values()].filter((s) => s === 'dev').length, 2);
});

test('metrics: R@k counts any answer in the first k, MRR the first answer', () => {
  assert.equal(firstRank([5, 3, 9], new Set([9, 3])), 2);
  assert.equal(firstRank([5], new Set([1])), undefined);
  const s = score([1, 3, 7, undefined]);
  assert.equal(s.r5, 0.5);
  assert.equal(s.r10, 0.75);
  assert.ok(Math.abs(s.mrr - (1 + 1 / 3 + 1 / 7) / 4) < 1e-12);
  assert.deepEqual(score([]), { r5: 0, r10: 0, mrr: 0, n: 0 });
});
