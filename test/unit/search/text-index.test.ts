import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasCjk, toIndexText } from '../../../src/core/search/text-index.ts';

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

test('hasCjk answers as the script properties do for every code point (its cheap prefilter lets none through unseen)', () => {
  const wrong: string[] = [];
  for (let c = 0; c <= 0x10ffff; c++) {
    const s = String.fromCodePoint(c);
    if (hasCjk(s) !== CJK.test(s)) wrong.push(c.toString(16));
  }
  assert.deepEqual(wrong, []);
});

test('hasCjk finds a CJK character among others, astral ones included', () => {
  assert.equal(hasCjk('fix the pool → done …'), false);
  assert.equal(hasCjk('fix the pool → 修复连接池 …'), true);
  assert.equal(hasCjk('plane two: \u{20B9F} (Han, a surrogate pair)'), true);
  assert.equal(hasCjk('emoji only \u{1F600}'), false);
});

test('toIndexText rewrites CJK runs as bigrams and leaves other text alone', () => {
  assert.equal(toIndexText('plain → text'), 'plain → text');
  assert.equal(toIndexText('修复连接'), ' 修复 复连 连接 ');
});
