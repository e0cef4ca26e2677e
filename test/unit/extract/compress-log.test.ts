/**
 * compressLog finds problem lines with one regex run over the whole log. Its definition is per line:
 * a line (trailing whitespace trimmed, repeats folded into `line  (×n)`) is kept when the problem
 * regex matches it. The reference below is that definition, written out; the two must agree on any
 * log, including words glued to letters (`\b`), trailing Unicode spaces, `\r`, and repeated lines.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { compressLog } from '../../../src/core/extract/compress/log.ts';

const PROBLEM_LINE_RE =
  /\b(?:error|Error|ERROR|fatal|FATAL|panic|FAIL(?:ED)?|failed|Exception|Traceback|warning|WARN|ERR!|assert(?:ion)?|expected|Expected|undefined|not found|denied|refused|timed? ?out|Caused by)\b|✗|✘|×|❌/;
const FRAME_RE = /^\s+at\s|^\s+File "|^\s+\d+:\s+0x/;

/** compressLog as first written: every line tested on its own. */
function referenceSelect(text: string, maxChars: number): string {
  const trimmed = text.split('\n').map((l) => l.trimEnd());
  const lines: string[] = [];
  for (let i = 0; i < trimmed.length; ) {
    let j = i + 1;
    while (j < trimmed.length && trimmed[j] === trimmed[i]) j++;
    lines.push(j - i > 1 ? `${trimmed[i]}  (×${j - i})` : trimmed[i]!);
    i = j;
  }
  const lineCap = Math.max(80, Math.min(400, Math.floor(maxChars / 6)));
  const keep = new Set<number>();
  for (let i = 0; i < Math.min(8, lines.length); i++) keep.add(i);
  for (let i = Math.max(0, lines.length - 12); i < lines.length; i++) keep.add(i);
  let frames = 0;
  for (let i = 0; i < lines.length; i++) {
    if (PROBLEM_LINE_RE.test(lines[i]!)) {
      keep.add(i);
      if (i > 0) keep.add(i - 1);
    } else if (FRAME_RE.test(lines[i]!) && frames < 6) {
      keep.add(i);
      frames++;
    }
  }
  const order = [...keep].sort((a, b) => a - b);
  // The budget holds the omission markers too (28 characters each), recounted after every removal.
  const markers = () => order.filter((i, k) => i > (k ? order[k - 1]! : -1) + 1).length + (order[order.length - 1]! < lines.length - 1 ? 1 : 0);
  let size = order.reduce((a, i) => a + Math.min(lines[i]!.length, lineCap) + 1, 0);
  while (size + markers() * 28 > maxChars && order.length > 2) {
    const [removed] = order.splice(Math.floor(order.length / 2), 1);
    size -= Math.min(lines[removed!]!.length, lineCap) + 1;
  }
  const out: string[] = [];
  let prev = -1;
  for (const i of order) {
    if (i > prev + 1) out.push(`… ${i - prev - 1} lines omitted …`);
    out.push(lines[i]!.length > lineCap ? `${lines[i]!.slice(0, lineCap - 1)}…` : lines[i]!);
    prev = i;
  }
  if (prev < lines.length - 1) out.push(`… ${lines.length - 1 - prev} lines omitted …`);
  return out.join('\n');
}

const reference = (text: string, maxChars: number): string => (text.length <= maxChars ? text : referenceSelect(text, maxChars));

const pieces = fc.constantFrom(
  'error', 'Error', 'errors', 'xerror', 'error_', 'FAIL', 'FAILED', 'FAILx', 'failed', 'ERR!', 'ERR!x', 'assert', 'assertion', 'expected',
  'undefined', 'not found', 'not  found', 'denied', 'refused', 'timeout', 'time out', 'timed out', 'timedout', 'Caused by', 'Traceback',
  'warning', 'WARN', 'panic', 'fatal', 'Exception', '✗', '✘', '×', '❌', '✓', '→', 'é', 'ok', 'step', '  at ', '  File "', '  12: 0x',
  ' ', '  ', '\t', '\u00a0', '\u2028', '\ufeff', '\u3000', '\r', '\n', '\n', '\n', '_', '-', '1', 'a',
);
const line = fc.array(pieces, { maxLength: 12 }).map((p) => p.join(''));
/** Logs with runs of repeated lines, long enough to be compressed at the chosen size. */
const log = fc.array(fc.tuple(line, fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 120 }).map((ls) => ls.flatMap(([l, n]) => Array<string>(n).fill(l)).join('\n'));

test('problem lines found in one pass are those a per-line test finds', () => {
  fc.assert(
    fc.property(log, fc.integer({ min: 80, max: 2000 }), (text, max) => {
      assert.equal(compressLog(text, max), reference(text, max));
    }),
    { numRuns: 3000 },
  );
});

test('a problem word on the first or last line, or glued to a letter, is judged as on its own line', () => {
  const filler = Array.from({ length: 60 }, (_, i) => `step ${i} ok`);
  for (const text of [
    ['error at start', ...filler, 'ends with Error'].join('\n'),
    [...filler.slice(0, 30), 'xerror and errorx are not problems', ...filler.slice(30)].join('\n'),
    [...filler.slice(0, 30), 'trailing FAILED \u00a0\r', ...filler.slice(30)].join('\n'),
    [...filler.slice(0, 30), 'same', 'same', 'same', ...filler.slice(30)].join('\n'),
  ]) {
    assert.equal(compressLog(text, 200), reference(text, 200));
  }
  assert.match(compressLog([...filler.slice(0, 30), 'xerror', ...filler.slice(30)].join('\n'), 200), /^(?!.*xerror)/s);
});

test('a compressed log keeps its last line whole: the markers count against the budget, so no cut is needed after', () => {
  const lines = Array.from({ length: 400 }, (_, i) => (i % 7 === 0 ? `error: step ${i} went wrong in module_${i}` : `step ${i} ok, nothing to see here at all`));
  const last = '[main 37016ac] Fix tree view: use Ark UI directly, deduplicate entries, improve badge labels';
  const out = compressLog([...lines, last].join('\n'), 2000);
  assert.ok(out.length <= 2000, `${out.length} characters`);
  assert.ok(out.endsWith(last), out.slice(-200));
});
