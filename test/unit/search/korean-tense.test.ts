import { test } from 'node:test';
import assert from 'node:assert/strict';
import { otherTense } from '../../../src/core/search/korean-tense.ts';
import { planQuery } from '../../../src/core/search/query-plan.ts';

test('korean tense: a stem ending in a joining vowel and its past form map to each other', () => {
  const pairs: [string, string][] = [['남아', '남았'], ['고쳐', '고쳤'], ['바꿔', '바꿨'], ['수정해', '수정했'], ['안돼', '안됐']];
  for (const [present, past] of pairs) {
    assert.equal(otherTense(present), past);
    assert.equal(otherTense(past), present);
  }
});

test('korean tense: other words have none', () => {
  for (const w of ['파일', '가이드', '했', '테스트', '남은', 'file', '修正', '있던']) assert.equal(otherTense(w), undefined, w);
});

test('korean tense: a question in one tense also searches the other', () => {
  const forms = planQuery('마지막까지 남아 있던 파일').concepts.map((c) => c.forms.map((f) => f.tokens.join(' ')));
  assert.ok(forms.some((f) => f.includes('남아') && f.includes('남았')), JSON.stringify(forms));
});
