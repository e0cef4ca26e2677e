import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chineseFor, englishFor, segmentCjk } from '../../../src/core/search/glossary.ts';
import { planQuery } from '../../../src/core/search/query-plan.ts';

const tokens = (units: readonly { tokens: readonly string[] }[]) => units.map((u) => u.tokens.join(' '));

test('segmentation: glossary words, particles and the rest, longest match first', () => {
  assert.deepEqual(segmentCjk('为什么提交失败了'), [
    { text: '为什么', kind: 'stop' },
    { text: '提交', kind: 'term' },
    { text: '失败', kind: 'term' },
    { text: '了', kind: 'stop' },
  ]);
  assert.deepEqual(segmentCjk('连接池泄漏').map((s) => s.text), ['连接池', '泄漏'], '连接池 before 连接');
  assert.deepEqual(segmentCjk('空信窗'), [{ text: '空信窗', kind: 'other' }]);
  assert.deepEqual(segmentCjk(''), []);
});

test('both directions of the glossary', () => {
  assert.ok(englishFor('重试').includes('retry'));
  assert.ok(englishFor('报错').includes('error'));
  assert.deepEqual(englishFor('不是术语'), []);
  assert.deepEqual(chineseFor(['connection', 'pool', 'timeout']), ['连接池', '超时'], 'the longest phrase wins');
  assert.ok(chineseFor(['deploy']).includes('部署'));
  assert.ok(chineseFor(['database']).includes('数据库'));
  assert.deepEqual(chineseFor(['frobnicate']), []);
});

test('a Chinese question plans into its content words and English expansions', () => {
  const p = planQuery('为什么提交 gitignore 失败了');
  assert.deepEqual(tokens(p.units), ['提交', 'gitignore', '失败']);
  assert.ok(tokens(p.expansions).includes('commit'));
  assert.ok(tokens(p.expansions).includes('fail'));
  // Long unknown runs fall back to single bigrams (classic CJK bigram retrieval), particles dropped.
  const long = planQuery('偶发奇怪现象怎样复现呢');
  assert.deepEqual(tokens(long.units), ['偶发', '发奇', '奇怪', '怪现', '现象', '复现']);
  assert.ok(!tokens(long.units).some((t) => t.includes('呢')));
});

test('an English question gets Chinese expansions; paths and identifiers are never translated', () => {
  assert.deepEqual(tokens(planQuery('connection pool timeout').expansions), ['连接 接池', '超时']);
  assert.deepEqual(planQuery('src/db/pool.ts').expansions, []);
  assert.deepEqual(planQuery('acquireConnection').expansions, []);
  const p = planQuery('retry 重试');
  assert.ok(!tokens(p.expansions).includes('retry'), 'no expansion repeats a unit of the query');
});
