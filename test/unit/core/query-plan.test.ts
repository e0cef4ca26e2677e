import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';
import fc from 'fast-check';
import { planQuery } from '../../../src/core/search/query-plan.ts';
import { toIndexText } from '../../../src/core/search/text-index.ts';

function ftsDb() {
  const db = openSqlite(':memory:');
  db.exec("CREATE VIRTUAL TABLE t USING fts5(x, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2')");
  const docs = [
    'Fixed acquireConnection leak in src/db/pool.ts',
    'Upgraded Next.js to 15 and fixed the build',
    '修复连接池泄漏导致的 5xx',
    'payload优先使用LLM返回的字段',
    'Ran npm test: ECONNRESET in checkout',
    'snake_case_name handled in parser',
  ];
  const ins = db.prepare('INSERT INTO t(rowid, x) VALUES (?, ?)');
  docs.forEach((d, i) => ins.run(i + 1, toIndexText(d)));
  const find = (q: string): number[] => {
    const plan = planQuery(q);
    if (!plan.match) return [];
    return (db.prepare('SELECT rowid FROM t WHERE t MATCH ? ORDER BY rank').all(plan.match) as { rowid: number }[]).map((r) => r.rowid);
  };
  return { db, find };
}

test('identifiers, paths and dotted names match as typed', () => {
  const { find } = ftsDb();
  assert.deepEqual(find('src/db/pool.ts'), [1]);
  assert.deepEqual(find('acquireConnection'), [1]);
  assert.deepEqual(find('Next.js'), [2]);
  assert.deepEqual(find('ECONNRESET'), [5]);
  assert.deepEqual(find('snake_case_name'), [6]);
});

test('two-character CJK words and mixed CJK/Latin text are found', () => {
  const { find } = ftsDb();
  assert.deepEqual(find('连接'), [3]);
  assert.deepEqual(find('泄漏'), [3]);
  assert.deepEqual(find('连接池'), [3]);
  assert.ok(find('payload优先').includes(4));
  assert.deepEqual(find('优先'), [4]);
  assert.deepEqual(find('连'), [3], 'a single CJK character matches as a prefix');
});

test('OR of meaningful terms: one missing word does not empty the result, stop words are dropped', () => {
  const { find } = ftsDb();
  assert.deepEqual(find('the connection leak in pool'), [1]);
  assert.ok(find('checkout nonexistentword').includes(5));
  const plan = planQuery('what is the pool');
  assert.deepEqual(plan.terms, ['pool']);
  assert.equal(planQuery('the and of').match !== null, true, 'a query of only stop words still searches');
});

test('prefix and phrase syntax', () => {
  const { find } = ftsDb();
  assert.deepEqual(find('acquireConn*'), [1]);
  assert.deepEqual(find('"fixed the build"'), [2]);
  assert.deepEqual(find('"build the fixed"'), []);
});

test('hostile input never raises an FTS syntax error', () => {
  const { find } = ftsDb();
  const nasty = [
    'a:b', 'foo*', '"unbalanced', '(', ')', 'AND', 'OR NOT', 'NEAR(a b)', '***', '"', '""', '^', '-x', '+', '{a b}', '[x]',
    "'; DROP TABLE t; --", 'title:foo', 'x'.repeat(10_000), '!@#$%^&*()_+-=[]{}|;\':",./<>?`~\\'.repeat(300),
    '🔥🚀 emoji', 'مرحبا بالعالم', 'שלום', '\u0000\u0001', 'a\nb\tc', '\uD800', 'NEAR', 'col : val', '* *',
  ];
  for (const q of nasty) assert.doesNotThrow(() => find(q), `query ${JSON.stringify(q.slice(0, 40))}`);
  assert.equal(planQuery('').match, null);
  assert.equal(planQuery('!!! ??? ...').match, null);
});

test('property: any string plans into a valid MATCH expression', () => {
  const { find } = ftsDb();
  fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (q) => { find(q); }), { numRuns: 500 });
  fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (q) => { find(q); }), { numRuns: 500 });
});

test('a CJK run of nothing but grammar and question words is dropped beside real words, searched when alone', () => {
  const heads = (q: string) => planQuery(q).units.map((u) => u.tokens.join(' '));
  assert.deepEqual(heads('サーバー は何をした？'), ['サー ーバ バー'], 'は何をした is the question, not its subject');
  assert.deepEqual(heads('何をした？'), ['何を をし した'], 'alone, it is all there is to search');
  assert.deepEqual(heads('2번 방식으로 해달라고 한 다음에 뭘 했어?').slice(-1), ['방식']);
});

test('a possessive is its word, not a phrase with `s`', () => {
  const heads = (q: string) => planQuery(q).units.map((u) => u.tokens.join(' '));
  assert.deepEqual(heads("the repository's contributors"), ['repository', 'contributors']);
  assert.deepEqual(heads('Codex’s review'), ['codex', 'review']);
  assert.deepEqual(heads("src/a's.ts"), ['src a s ts'], 'inside a path it is part of the name');
});

test('"the user" who asked is not the word `user`: its glossary entry would bring every ユーザー of the store', () => {
  for (const q of ['what did the user ask after the revert', "the user's request after the revert", 'What did the user tell Claude about the revert?', 'did the user want the revert']) {
    assert.ok(!planQuery(q).terms.includes('user'), `${q}: ${planQuery(q).terms.join(' ')}`);
    assert.ok(planQuery(q).terms.includes('revert'), q);
  }
  for (const q of ['user table migration', 'add a users endpoint', 'user session expiry after login']) {
    assert.ok(planQuery(q).terms.some((t) => t === 'user' || t === 'users'), q);
  }
});
