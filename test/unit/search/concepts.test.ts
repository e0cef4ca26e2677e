import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { conceptEvidence, conceptIdf, rankByConcepts, TRANSLATION_WEIGHT, type FormEvidence } from '../../../src/core/search/concepts.ts';
import { planQuery } from '../../../src/core/search/query-plan.ts';

// Columns as the index has them: title, body, tags, why, finding.
const columns = { weights: [8, 1, 4, 6, 3], averages: [10, 200, 3, 20, 20] };
const form = (idf: number, freq: Record<number, number[]>, weight = 1): FormEvidence => ({ idf, weight, freq: new Map(Object.entries(freq).map(([k, v]) => [Number(k), v])) });
const len = (entries: Record<number, number[]>) => new Map(Object.entries(entries).map(([k, v]) => [Number(k), v]));

test('concepts: a record holding every concept beats one dense in a single concept', () => {
  // `conventional fix コミット 件数`: record 1 says "86 conventional fix commits"; record 2 is a log full of "commit".
  const concepts = [
    [form(5, { 1: [0, 1, 0, 0, 0] })], // conventional
    [form(3, { 1: [0, 1, 0, 0, 0] })], // fix
    [form(6, {}), form(2, { 1: [0, 1, 0, 0, 0], 2: [0, 40, 0, 0, 0] }, TRANSLATION_WEIGHT)], // コミット / commit
  ];
  const ranked = rankByConcepts([2, 1], concepts, len({ 1: [10, 60, 0, 0, 0], 2: [10, 900, 0, 0, 0] }), columns);
  assert.deepEqual(ranked, [1, 2]);
});

test('concepts: three forms of one concept count once, by the best', () => {
  const one = [[form(4, { 1: [1, 0, 0, 0, 0] }), form(4, { 1: [1, 0, 0, 0, 0] }, TRANSLATION_WEIGHT), form(4, { 1: [1, 0, 0, 0, 0] }, TRANSLATION_WEIGHT)]];
  const two = [[form(4, { 1: [1, 0, 0, 0, 0] })], [form(1, { 2: [1, 0, 0, 0, 0] })]];
  const lengths = len({ 1: [10, 200, 3, 20, 20], 2: [10, 200, 3, 20, 20] });
  const a = rankByConcepts([1], one, lengths, columns);
  assert.deepEqual(a, [1]);
  // Record 1 with all three forms of concept A against record 2 with one form of A and one of B.
  const mixed = [
    [form(4, { 1: [1, 0, 0, 0, 0], 2: [1, 0, 0, 0, 0] }), form(4, { 1: [1, 0, 0, 0, 0] }, TRANSLATION_WEIGHT)],
    [form(1, { 2: [1, 0, 0, 0, 0] })],
  ];
  assert.deepEqual(rankByConcepts([1, 2], mixed, lengths, columns), [2, 1], 'a second concept outweighs a second form of the first');
  assert.deepEqual(rankByConcepts([1, 2], two, lengths, columns), [1, 2]);
});

test('concepts: a long output does not outrank a short precise record for holding the words more often', () => {
  const concepts = [[form(4, { 1: [1, 0, 0, 0, 0], 2: [0, 12, 0, 0, 0] })], [form(4, { 1: [0, 1, 0, 0, 0], 2: [0, 9, 0, 0, 0] })]];
  const ranked = rankByConcepts([2, 1], concepts, len({ 1: [8, 40, 0, 0, 0], 2: [12, 6000, 0, 0, 0] }), columns);
  assert.deepEqual(ranked, [1, 2]);
});

test('concepts: the query words themselves outweigh a translation of equal rarity; records holding nothing are left out', () => {
  const concepts = [[form(4, { 1: [1, 0, 0, 0, 0] }), form(4, { 2: [1, 0, 0, 0, 0] }, TRANSLATION_WEIGHT)]];
  const lengths = len({ 1: [10, 200, 3, 20, 20], 2: [10, 200, 3, 20, 20], 3: [10, 200, 3, 20, 20] });
  assert.deepEqual(rankByConcepts([3, 2, 1], concepts, lengths, columns), [1, 2]);
});

test('property: the concept score is order-free, never ranks a record holding nothing, and adding a matching form never lowers a record', () => {
  const tf = fc.array(fc.nat(5), { minLength: 5, maxLength: 5 });
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 8 }), tf), { minLength: 1, maxLength: 8 }), (docs) => {
      const ids = [...new Set(docs.map(([id]) => id))];
      const freq = Object.fromEntries(docs.map(([id, t]) => [id, t]));
      const concepts = [[form(3, freq)]];
      const lengths = len(Object.fromEntries(ids.map((id) => [id, [10, 100, 2, 10, 10]])));
      const a = rankByConcepts(ids, concepts, lengths, columns);
      const b = rankByConcepts([...ids].reverse(), concepts, lengths, columns);
      assert.deepEqual(a, b);
      for (const id of a) assert.ok(freq[id]!.some((x) => x > 0));
    }),
  );
});

test('plan: each query word is a concept with its translations; a CJK word with its English forms', () => {
  const zh = planQuery('删除了哪个 markdown 文件');
  const forms = zh.concepts.map((c) => c.forms.map((f) => f.tokens.join(' ')));
  const del = forms.find((f) => f[0] === '删除');
  assert.ok(del && del.includes('delete'), `删除 → delete: ${JSON.stringify(forms)}`);
  assert.ok(forms.some((f) => f[0] === 'markdown'));
  const en = planQuery('delete the connection pool');
  const enForms = en.concepts.map((c) => c.forms.map((f) => f.tokens.join(' ')));
  assert.ok(enForms.some((f) => f[0] === 'delete' && f.includes('rm')), 'an English word keeps its code forms in its concept');
  assert.ok(enForms.some((f) => f[0] === 'connection pool'), 'a glossary phrase is a concept of its own');
  // Every expansion belongs to a concept; no concept is empty.
  for (const p of [zh, en, planQuery('为什么 iex 种子脚本 创建 两次'), planQuery('src/db/pool.ts'), planQuery('')]) {
    const inConcepts = new Set(p.concepts.flatMap((c) => c.forms.slice(1)));
    for (const e of p.expansions) assert.ok(inConcepts.has(e), `expansion ${e.tokens.join(' ')} in a concept`);
    assert.ok(p.concepts.every((c) => c.forms.length > 0));
  }
});

test('conceptEvidence: the word typed at weight 1, a translation weaker and never rarer than it', () => {
  const freq = new Map([[1, [1]]]);
  const [own, translation, common] = conceptEvidence(2, [
    { own: true, idf: 2, freq },
    { own: false, idf: 5, freq },
    { own: false, idf: 0.5, freq },
  ]);
  assert.deepEqual([own!.idf, own!.weight], [2, 1]);
  assert.deepEqual([translation!.idf, translation!.weight], [2, TRANSLATION_WEIGHT], 'a rarer translation counts as rare as the word typed, no more');
  assert.equal(common!.idf, 0.5, 'a commoner translation keeps its own IDF');
  assert.ok(TRANSLATION_WEIGHT < 1);
});

test('concepts: a word rare only because few records share its language does not outweigh a rare concept', () => {
  // 1,000 records, few Korean. `수정` (fix) is in 2 of them, its English form `fix` in 400; `북마크` in none,
  // its English form `bookmark` in 3. Record 1 (Korean) says 수정; record 2 (another session) says bookmark.
  const idf = (n: number) => Math.log((1000 - n + 0.5) / (n + 0.5));
  const counted = (own: boolean, n: number, freq: Record<number, number[]>) => ({ own, idf: idf(n), freq: new Map(Object.entries(freq).map(([k, v]) => [Number(k), v])) });
  const fixForms = [counted(true, 2, { 1: [1, 0, 0, 0, 0] }), counted(false, 400, {})];
  const bookmarkForms = [counted(false, 3, { 2: [1, 0, 0, 0, 0] })];
  const concepts = [conceptEvidence(conceptIdf(idf(2), [idf(2), idf(400)]), fixForms), conceptEvidence(conceptIdf(idf(0), [idf(3)]), bookmarkForms)];
  const lengths = len({ 1: [10, 200, 3, 20, 20], 2: [10, 200, 3, 20, 20] });
  assert.deepEqual(rankByConcepts([1, 2], concepts, lengths, columns), [2, 1]);
  // Its own rarity still counts for part: a concept whose forms are all rare keeps its full weight.
  assert.equal(conceptIdf(idf(2), [idf(2), idf(3)]), Math.sqrt(idf(2) * idf(3)));
  assert.equal(conceptIdf(idf(5), []), idf(5));
  assert.ok(conceptIdf(idf(2), [idf(400)]) > idf(400) && conceptIdf(idf(2), [idf(400)]) < idf(2));
});
