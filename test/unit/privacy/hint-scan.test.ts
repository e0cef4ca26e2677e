/**
 * The literal scanner that decides which shaped-token rules run must find exactly what a global
 * regex alternation of the same words finds (leftmost, longest, not overlapping): a hint it missed
 * would skip a rule, and so leave a secret in place.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { LiteralScanner } from '../../../src/core/privacy/hint-scan.ts';
import { TOKEN_RULES } from '../../../src/core/privacy/token-rules.ts';

const escape = (w: string): string => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function hitsOf(scanner: LiteralScanner, text: string): string[] {
  const out: string[] = [];
  for (let h = scanner.next(text, 0); h; h = scanner.next(text, h.at + h.word.length)) out.push(`${h.at}:${h.word}`);
  return out;
}

function regexHits(words: readonly string[], text: string): string[] {
  const re = new RegExp([...words].sort((a, b) => b.length - a.length).map(escape).join('|'), 'g');
  return [...text.matchAll(re)].map((m) => `${m.index}:${m[0]}`);
}

const HINTS = TOKEN_RULES.flatMap((r) => r.hints);

test('the token hints are found as a regex alternation finds them, overlaps and prefixes included', () => {
  const scanner = new LiteralScanner(HINTS);
  const pieces = fc.constantFrom(...HINTS, ...HINTS.map((h) => h.slice(0, -1)), ...HINTS.map((h) => h.slice(1)), 'a', 'Z', '0', ' ', '\n', '-', '_', '.', '→', 'é', '😀');
  fc.assert(
    fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
      const text = parts.join('');
      assert.deepEqual(hitsOf(scanner, text), regexHits(HINTS, text));
    }),
    { numRuns: 3000 },
  );
});

test('a word at the very start or end of the text is found, and a one-character text has none', () => {
  const scanner = new LiteralScanner(['ab', 'abc', 'zz']);
  assert.deepEqual(hitsOf(scanner, 'abc'), ['0:abc']);
  assert.deepEqual(hitsOf(scanner, 'xxab'), ['2:ab']);
  assert.deepEqual(hitsOf(scanner, 'zzz'), ['0:zz']);
  assert.deepEqual(hitsOf(scanner, 'a'), []);
  assert.deepEqual(hitsOf(scanner, ''), []);
  assert.equal(scanner.next('xxab', 3), undefined);
});

test('words the scanner cannot index are refused', () => {
  assert.throws(() => new LiteralScanner(['a']));
  assert.throws(() => new LiteralScanner(['éa']));
});
