import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rememberLast } from '../../../src/core/privacy/remember-last.ts';

test('rememberLast answers a repeated input without asking again, null answers included', () => {
  const asked: string[] = [];
  const kind = rememberLast(4, (name: string) => (asked.push(name), name.startsWith('api') ? 'key' : null));
  assert.equal(kind('apiKey'), 'key');
  assert.equal(kind('author'), null);
  assert.equal(kind('apiKey'), 'key');
  assert.equal(kind('author'), null);
  assert.deepEqual(asked, ['apiKey', 'author']);
});

test('rememberLast forgets its oldest input once full, and only that one', () => {
  const asked: number[] = [];
  const double = rememberLast(3, (n: number) => (asked.push(n), n * 2));
  for (const n of [1, 2, 3, 4]) double(n);
  asked.length = 0;
  assert.equal(double(2), 4);
  assert.equal(double(4), 8);
  assert.deepEqual(asked, [], '2, 3 and 4 are held');
  assert.equal(double(1), 2);
  assert.deepEqual(asked, [1], '1 went first');
});
