// compress/read finds declaration lines with one search over the whole text; these are the lines that
// the rule it replaced finds when it tests each line on its own (the rule is kept here as the reference).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { declarationLines } from '../../../src/core/extract/compress/declarations.ts';

const NUMBER_PREFIX_RE = /\s*\d+[\u2192\t]/y;
const DECLARATION_RE = /\s*(?:export\s|import\s|from\s\S+\simport|(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?(?:function|def|class|interface|type|struct|enum|trait|impl|fn|func|module|defmodule|defp?|package|const\s+[A-Z_]{2,}|public|private|protected|@\w+)\b|#{1,6}\s)/y;

/** The per-line rule: a declaration where the line's own text starts (after a `  12→` number). */
function declarationByLine(line: string): boolean {
  NUMBER_PREFIX_RE.lastIndex = 0;
  DECLARATION_RE.lastIndex = NUMBER_PREFIX_RE.test(line) ? NUMBER_PREFIX_RE.lastIndex : 0;
  return DECLARATION_RE.test(line);
}

function found(text: string): boolean[] {
  const lines = text.split('\n');
  const isDeclaration = declarationLines(text, lines);
  return lines.map((_, i) => isDeclaration(i));
}

// Pieces that make lines the two rules could tell apart: white space of every kind (a line break inside
// a line, `\r`, U+2028 and a no-break space among them), numbers with Claude Code's arrow or a tab, the
// rule's keywords alone, before a space or at a line's end, and parentheses that a `pub(…)` might span.
const piece = fc.constantFrom(
  ' ', '  ', '\t', '\r', '\u2028', '\u00a0', '\n', '\n\n', '12', '7\u2192', '  3\u2192', '4\t', '\u2192',
  'export', 'export ', 'import ', 'from ', 'from x import', ' import', 'pub', 'pub(crate) ', '(', ')', 'async ',
  'function', 'def', 'defp', 'class', 'type', 'const ', 'FOO', 'A_B', 'x', 'fn', 'module', 'public', '@', '@x', '#', '## ', '#######',
  'exported', 'classy', '_', 'TODO', '.',
);

test('declaration lines found in one search are those each line tested alone gives', () => {
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
      const text = pieces.join('');
      assert.deepEqual(found(text), text.split('\n').map(declarationByLine), JSON.stringify(text));
    }),
    { numRuns: 20_000 },
  );
});

test('declarations of a numbered Read, of code, prose and headings', () => {
  const text = [
    '     1\u2192import { x } from "y";',
    '     2\u2192',
    '     3\u2192export async function f() {}',
    '     4\u2192  return 1;',
    '# Heading',
    '#NoSpace',
    'pub(crate) fn g() {}',
    'const MAX_SIZE = 3;',
    'const small = 3;',
    '\u2028class Hidden {}',
    'text\rclass AfterCarriageReturn {}',
    '  @decorator',
  ].join('\n');
  assert.deepEqual(found(text), [true, false, true, false, true, false, true, true, false, true, false, true]);
  // Asked for a few lines only, it answers for those (the search stops as soon as it can).
  const lines = text.split('\n');
  const isDeclaration = declarationLines(text, lines);
  assert.equal(isDeclaration(0), true);
  assert.equal(isDeclaration(3), false);
  assert.equal(isDeclaration(4), true);
});
