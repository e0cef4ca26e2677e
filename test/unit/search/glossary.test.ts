import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chineseFor, cjkFor, codeFor, englishFor, segmentCjk } from '../../../src/core/search/glossary.ts';
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
  assert.deepEqual(segmentCjk('鸟信窗'), [{ text: '鸟信窗', kind: 'other' }]);
  assert.deepEqual(segmentCjk(''), []);
});

test('segmentation of Japanese and Korean: particles and endings between words go, words stay whole', () => {
  const ja = segmentCjk('サーバーをバックグラウンドで動かして');
  assert.deepEqual(ja.filter((s) => s.kind === 'term').map((s) => s.text), ['サーバー', 'バックグラウンド', '動かし']);
  assert.ok(ja.filter((s) => s.kind === 'stop').every((s) => /^[ぁ-ゖ]+$/u.test(s.text)), 'only hiragana grammar is dropped');
  assert.deepEqual(segmentCjk('鍵盤の並び').filter((s) => s.kind === 'other').map((s) => s.text), ['鍵盤', '並'], 'kanji stay, okurigana go');
  assert.deepEqual(segmentCjk('ちゃんと'), [{ text: 'ちゃんと', kind: 'other' }], 'a run of hiragana alone is a word');
  assert.deepEqual(segmentCjk('파일을'), [{ text: '파일', kind: 'term' }, { text: '을', kind: 'stop' }]);
  assert.deepEqual(segmentCjk('수정해줘'), [{ text: '수정', kind: 'term' }, { text: '해줘', kind: 'stop' }]);
  assert.deepEqual(segmentCjk('파이썬'), [{ text: '파이썬', kind: 'other' }], 'a particle is never cut out of a word');
  assert.deepEqual(segmentCjk('스펙에').map((s) => s.text), ['스펙', '에']);
});

test('both directions of the glossary', () => {
  assert.ok(englishFor('重试').includes('retry'));
  assert.ok(englishFor('报错').includes('error'));
  assert.deepEqual(englishFor('不是术语'), []);
  assert.deepEqual(chineseFor(['connection', 'pool', 'timeout']), ['连接池', '超时'], 'the longest phrase wins');
  assert.ok(chineseFor(['deploy']).includes('部署'));
  assert.ok(chineseFor(['database']).includes('数据库'));
  assert.deepEqual(chineseFor(['frobnicate']), []);
  assert.ok(englishFor('コミット').includes('commit'), 'Japanese');
  assert.ok(englishFor('커밋').includes('commit'), 'Korean');
  assert.ok(englishFor('削除').includes('rm'), 'a CJK term also stands for its code forms');
  const output = cjkFor(['output']);
  for (const t of ['输出', '出力', '출력']) assert.ok(output.includes(t), t);
  assert.ok(output.indexOf('出力') < 3, "every language's usual term comes first");
  assert.deepEqual(codeFor(['deleted', 'files']), ['rm', 'unlink', 'rmdir']);
  assert.deepEqual(codeFor(['frobnicate']), []);
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

test('an English question gets CJK expansions; paths and identifiers are never translated', () => {
  const exp = tokens(planQuery('connection pool timeout').expansions);
  for (const t of ['连接 接池', '超时', 'タイ イム ムア アウ ウト', '커넥 넥션 풀']) assert.ok(exp.includes(t), t);
  assert.ok(!exp.includes('接続 続プ プー ール'), 'one term per language for each concept (each costs a count)');
  assert.deepEqual(planQuery('src/db/pool.ts').expansions, []);
  assert.deepEqual(planQuery('acquireConnection').expansions, []);
  const p = planQuery('retry 重试');
  assert.ok(!tokens(p.expansions).includes('retry'), 'no expansion repeats a unit of the query');
});

test('property: the translations of any query render into a valid MATCH expression', async () => {
  const { openSqlite } = await import('../../../src/store/sqlite/driver.ts');
  const fc = (await import('fast-check')).default;
  const { renderMatch } = await import('../../../src/core/search/query-plan.ts');
  const db = openSqlite(':memory:');
  db.exec("CREATE VIRTUAL TABLE t USING fts5(x, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2')");
  db.prepare('INSERT INTO t(rowid, x) VALUES (1, ?)').run('连接 接池 connection pool retry 重试');
  const check = (q: string) => {
    const p = planQuery(q);
    for (const m of [p.match, renderMatch(p.expansions)]) if (m) db.prepare('SELECT rowid FROM t WHERE t MATCH ?').all(m);
  };
  const words = fc.constantFrom('连接池', '重试', '报错', '测试', 'connection', 'pool', 'timeout', '"', '*', '(', ':', 'NEAR', 'OR', '的', ' ');
  fc.assert(fc.property(fc.array(words, { maxLength: 12 }).map((a) => a.join('')), (q) => check(q)), { numRuns: 500 });
  fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 100 }), (q) => check(q)), { numRuns: 300 });
});
