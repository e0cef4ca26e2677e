import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stripPrivate, PRIVATE_PLACEHOLDER } from '../../../src/core/privacy/private-tags.ts';
import { captureEvent } from '../../../src/core/capture.ts';

test('private blocks are removed, the rest kept', () => {
  const r = stripPrivate('deploy to prod <private>token is abc123</private> tonight');
  assert.equal(r.text, 'deploy to prod tonight');
  assert.equal(r.hadPrivate, true);
  assert.equal(r.allPrivate, false);
});

test('an all-private text becomes the placeholder', () => {
  const r = stripPrivate('  <private>my secret</private>\n <PRIVATE attr="x">more</PRIVATE> ');
  assert.equal(r.text, PRIVATE_PLACEHOLDER);
  assert.equal(r.allPrivate, true);
});

test('multi-line, several blocks, unclosed block hides the rest', () => {
  assert.equal(stripPrivate('a<private>\nx\n</private>b<private>y</private>c').text, 'abc');
  assert.equal(stripPrivate('keep <private>secret forever').text, 'keep');
  assert.equal(stripPrivate('hello <private>x</private>').text, 'hello');
  assert.equal(stripPrivate('no tags here').hadPrivate, false);
});

test('capture strips private blocks from nested strings of tool inputs and responses', () => {
  const c = captureEvent(
    {
      platform: 'claude-code', sessionId: 's1', event: 'PostToolUse', toolName: 'mcp__db__query', toolUseId: 't1',
      toolInput: { a: ['x <private>s</private> y'], b: { c: '<private>t</private>' }, n: 1 },
      toolResponse: { rows: [{ note: 'ok <PRIVATE>u</private>' }] },
    },
    { place: { project: '/repo' }, now: 0, uid: 'u1', limits: { maxInputChars: 2000, maxOutputChars: 4000 } },
  )!;
  assert.deepEqual(c.call!.input, { a: ['x y'], b: { c: PRIVATE_PLACEHOLDER }, n: 1 });
  assert.deepEqual(c.call!.response, { rows: [{ note: 'ok' }] });
});
