/**
 * The one-pass hint scan decides which detectors look where: it must find exactly what a global
 * regex of each word set finds (leftmost, longest, not overlapping, from any start), or a missed
 * hint would skip a rule and leave a secret in place.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { HintScanner, type Hits } from '../../../src/core/privacy/hint-scan.ts';
import { SECRET_WORD_RE, findHints } from '../../../src/core/privacy/hints.ts';
import { SECRET_WORDS, TOKEN_HINTS } from '../../../src/core/privacy/hint-sets.ts';

const escape = (w: string): string => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const TOKEN_HINT_RE = new RegExp([...TOKEN_HINTS].sort((a, b) => b.length - a.length).map(escape).join('|'), 'g');

function regexHits(re: RegExp, text: string, from: number): string[] {
  re.lastIndex = from;
  const out: string[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(`${m.index}:${m[0]}`);
  return out;
}

const list = (text: string, hits: Hits): string[] => {
  const out: string[] = [];
  for (let k = 0; k < hits.length; k += 2) out.push(`${hits[k]}:${text.substr(hits[k]!, hits[k + 1]!)}`);
  return out;
};

const SECRET_PIECES = ['pass', 'PASS', 'Pwd', 'secret', 'SeCrEt', 'token', 'TOKEN', 'key', 'KEY', 'auth', 'Auth', 'credential', 'creds', 'CRED', 'psk', 'PSK', 'ps', 'cookie', 'COOKIE', 'bearer', 'pat', 'PAT', 'path', 'pa', 'to', 'co'];
const pieces = fc.constantFrom(
  ...TOKEN_HINTS,
  ...TOKEN_HINTS.map((h) => h.slice(0, -1)),
  ...TOKEN_HINTS.map((h) => h.slice(1)),
  ...SECRET_PIECES,
  'a', 'Z', '0', '_', ' ', '\n', '-', '.', '→', 'é', 'ſ', '\u212a', 'İ', 'ó', '😀',
);

test('token hints and secret words are found as their regexes find them, from any start', () => {
  fc.assert(
    fc.property(fc.array(pieces, { maxLength: 40 }), fc.nat(), (parts, n) => {
      const text = parts.join('');
      const from = text.length === 0 ? 0 : n % text.length;
      const found = findHints(text, from);
      assert.deepEqual(list(text, found.tokenHints), regexHits(TOKEN_HINT_RE, text, from));
      assert.deepEqual(list(text, found.secretWords), regexHits(SECRET_WORD_RE, text, from));
    }),
    { numRuns: 4000 },
  );
});

test('a long text finds the same hits through the regex engine (a fresh scanner) as through the scan loop', () => {
  const sets = [{ words: TOKEN_HINTS }, { words: SECRET_WORDS, ignoreCase: true, wordEnd: ['pat'] }];
  const byRegex = new HintScanner(sets, Infinity);
  const byLoop = new HintScanner(sets, 0);
  fc.assert(
    fc.property(fc.array(pieces, { minLength: 1, maxLength: 60 }), fc.integer({ min: 1000, max: 3000 }), fc.nat(), (parts, length, n) => {
      let text = parts.join('');
      while (text.length < length) text += ` ${text}`;
      const from = n % text.length;
      const viaRegex = byRegex.scan(text, from);
      assert.deepEqual(viaRegex, byLoop.scan(text, from));
      assert.deepEqual(list(text, viaRegex[0]!), regexHits(TOKEN_HINT_RE, text, from));
      assert.deepEqual(list(text, viaRegex[1]!), regexHits(SECRET_WORD_RE, text, from));
    }),
    { numRuns: 300 },
  );
  // A shorter word listed before a longer one it begins: the longer one is found where it occurs.
  const prefixes = [{ words: ['ab', 'abcd'] }, { words: ['xy', 'xyz'], ignoreCase: true, wordEnd: ['xyz'] }];
  const repeated = 'abcd xyz XYZw ab '.repeat(80);
  assert.deepEqual(new HintScanner(prefixes, Infinity).scan(repeated), new HintScanner(prefixes, 0).scan(repeated));
  // Past its budget of characters a scanner uses its loop: the same answers.
  const spent = new HintScanner(sets, 1500);
  const text = 'Bearer sk-ant-xyz ghp_ PAT password '.repeat(40);
  assert.ok(text.length >= 1000);
  const first = spent.scan(text);
  assert.deepEqual(spent.scan(text), first);
  assert.deepEqual(first, byLoop.scan(text));
});

test('a word at the very start or end of the text is found, and a one-character text has none', () => {
  const scanner = new HintScanner([{ words: ['ab', 'abc', 'zz'] }, { words: ['xy'], ignoreCase: true, wordEnd: ['xy'] }]);
  const hits = (text: string, from = 0) => scanner.scan(text, from).map((h) => list(text, h));
  assert.deepEqual(hits('abc'), [['0:abc'], []]);
  assert.deepEqual(hits('xxab'), [['2:ab'], []]);
  assert.deepEqual(hits('zzz'), [['0:zz'], []]);
  assert.deepEqual(hits('XY xyz Xy'), [[], ['0:XY', '7:Xy']]);
  assert.deepEqual(hits('a'), [[], []]);
  assert.deepEqual(hits(''), [[], []]);
  assert.deepEqual(hits('xxab', 3), [[], []]);
});

test('words the scanner cannot index are refused', () => {
  assert.throws(() => new HintScanner([{ words: ['a'] }]));
  assert.throws(() => new HintScanner([{ words: ['éa'] }]));
  assert.throws(() => new HintScanner([{ words: ['Ab'], ignoreCase: true }]));
});
