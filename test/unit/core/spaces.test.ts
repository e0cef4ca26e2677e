import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collapseSpaces } from '../../../src/core/spaces.ts';

/** Every character `\s` matches, and a few that it does not. */
const SPACES = [...' \t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'];
const OTHERS = [...'ab→…\u200b\u180e'];

test('collapseSpaces gives what replacing every /\\s+/ run by a space gives, on seeded random texts', () => {
  let seed = 7;
  const next = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n);
  const wrong: string[] = [];
  for (let k = 0; k < 20000; k++) {
    let s = '';
    for (let len = next(16); len > 0; len--) s += next(3) === 0 ? OTHERS[next(OTHERS.length)] : SPACES[next(next(2) ? 1 : SPACES.length)];
    if (collapseSpaces(s) !== s.replace(/\s+/g, ' ')) wrong.push(JSON.stringify(s));
  }
  assert.deepEqual(wrong, []);
});

test('collapseSpaces leaves single spaces alone and collapses every other run', () => {
  assert.equal(collapseSpaces('a b c'), 'a b c');
  assert.equal(collapseSpaces('a  b\tc\n\n d\u3000e '), 'a b c d e ');
  assert.equal(collapseSpaces('\r\n'), ' ');
});
