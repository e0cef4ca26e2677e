import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { appendAt, setAt } from '../../../src/install/jsonc-edit.ts';
import { detectFormatting, parseObject, valueAt } from '../../../src/install/jsonc-doc.ts';

test('appending to a pretty array follows its indentation and leaves the rest alone', () => {
  const text = '{\n   "a": [\n      1,\n      2\n   ]\n}\n';
  assert.equal(appendAt(text, ['a'], { x: 1 }), '{\n   "a": [\n      1,\n      2,\n      {\n         "x": 1\n      }\n   ]\n}\n');
});

test('appending after a trailing comment keeps the comment on its line', () => {
  const text = '{\n  "a": [\n    { "k": 1 } // mine\n  ]\n}';
  assert.equal(appendAt(text, ['a'], 2), '{\n  "a": [\n    { "k": 1 }, // mine\n    2\n  ]\n}');
});

test('a trailing comma style is kept', () => {
  const text = '{\n  "a": [\n    1,\n  ],\n}';
  assert.equal(appendAt(text, ['a'], 2), '{\n  "a": [\n    1,\n    2,\n  ],\n}');
});

test('one-line containers get compact members in their own spacing', () => {
  assert.equal(setAt('{"a":1,"b":{"c":2}}', ['b', 'd'], [1, 2]), '{"a":1,"b":{"c":2,"d":[1,2]}}');
  assert.equal(setAt('{ "a": 1, "b": {} }', ['b', 'd'], { e: true }), '{ "a": 1, "b": {"d": {"e": true}} }');
  assert.equal(setAt('{"a": 1}', ['z'], 'x'), '{"a": 1, "z": "x"}');
});

test('missing parents are created as nested objects', () => {
  assert.equal(setAt('{\n  "a": 1\n}\n', ['m', 'n'], 1), '{\n  "a": 1,\n  "m": {\n    "n": 1\n  }\n}\n');
  assert.equal(setAt('', ['m'], 1), '{\n  "m": 1\n}\n');
  assert.equal(setAt('{}', ['m'], 1), '{\n  "m": 1\n}');
  assert.equal(setAt('{}\n', ['m'], []), '{\n  "m": []\n}\n');
});

test('an empty object inside a pretty file is opened up', () => {
  assert.equal(setAt('{\n  "hooks": {}\n}', ['hooks', 'Stop'], [1]), '{\n  "hooks": {\n    "Stop": [\n      1\n    ]\n  }\n}');
  assert.equal(
    setAt('{\n  "hooks": { // none yet\n  }\n}', ['hooks', 'Stop'], 1),
    '{\n  "hooks": {\n    "Stop": 1 // none yet\n  }\n}',
  );
});

test('removing the last item never eats a neighbour (jsonc-parser 3.3.1 turns [1, 2] into [12])', () => {
  assert.equal(setAt('{"a": [1, 2]}', ['a', 1], undefined), '{"a": [1]}');
  assert.equal(setAt('{"a": [1, 2]}', ['a', 0], undefined), '{"a": [2]}');
  assert.equal(setAt('{"a": [1]}', ['a', 0], undefined), '{"a": []}');
  assert.equal(setAt('{"a": 1, "b": 2}', ['b'], undefined), '{"a": 1}');
  assert.equal(setAt('{"a": 1, "b": 2}', ['a'], undefined), '{"b": 2}');
});

test('removing a member on its own line takes the line and keeps comments', () => {
  const text = '{\n  // head\n  "a": 1, // about a\n  "b": 2,\n  /* c */ "c": 3\n}\n';
  assert.equal(setAt(text, ['b'], undefined), '{\n  // head\n  "a": 1, // about a\n  /* c */ "c": 3\n}\n');
  assert.equal(setAt(text, ['c'], undefined), '{\n  // head\n  "a": 1, // about a\n  "b": 2\n}\n');
  assert.equal(setAt('{\n  "a": [\n    1\n  ]\n}', ['a', 0], undefined), '{\n  "a": []\n}');
});

test('replacing a value keeps its place', () => {
  assert.equal(setAt('{\n  "a": { "x": 1 },\n  "b": 2\n}', ['a'], { y: 2 }), '{\n  "a": {\n    "y": 2\n  },\n  "b": 2\n}');
  assert.equal(setAt('{"a": [1, 2], "b": 2}', ['a', 1], 'z'), '{"a": [1, "z"], "b": 2}');
});

test('formatting is detected from the file', () => {
  assert.deepEqual(detectFormatting('{\n\t"a": 1\n}'), { insertSpaces: false, tabSize: 1, eol: '\n' });
  assert.deepEqual(detectFormatting('{\r\n    "a": {\r\n        "b": 1\r\n    }\r\n}'), { insertSpaces: true, tabSize: 4, eol: '\r\n' });
  assert.deepEqual(detectFormatting('{"a":1}'), { insertSpaces: true, tabSize: 2, eol: '\n' });
});

test('invalid documents are refused with a position', () => {
  assert.throws(() => parseObject('{\n  "a": 1,\n  "b" 2\n}', 'x.json'), /x\.json is not valid JSON: ColonExpected at line 3, column 7/);
  assert.throws(() => parseObject('[1, 2]', 'x.json'), /must contain a JSON object/);
  assert.doesNotThrow(() => parseObject('{ "a": 1, /* c */ }', 'x.json'));
});

/** Random JSON objects printed in random styles. */
const key = fc.string({ minLength: 1, maxLength: 6 }).filter((k) => k !== '__proto__');
const leaf = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.string({ maxLength: 8 }));
const value = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('v'), { maxLength: 3 }), fc.dictionary(key, tie('v'), { maxKeys: 3, noNullPrototype: true })),
})).v;
const style = fc.constantFrom<string | number | undefined>(undefined, 2, 4, '\t', 3);

test('property: adding a new key and removing it again gives back the exact text', () => {
  fc.assert(
    fc.property(fc.dictionary(key, value, { maxKeys: 5, noNullPrototype: true }), style, fc.boolean(), value, (obj, indent, crlf, added) => {
      let text = JSON.stringify(obj, null, indent);
      if (crlf) text = text.replace(/\n/g, '\r\n');
      const k = 'mnemo-test-key';
      const withKey = setAt(text, [k], added);
      parseObject(withKey, 'p.json');
      assert.deepEqual(JSON.parse(JSON.stringify(valueAt(withKey, [k]))), added);
      assert.deepEqual(JSON.parse(withKey), { ...obj, [k]: added });
      assert.equal(setAt(withKey, [k], undefined), text);
    }),
    { numRuns: 300 },
  );
});

test('property: appending to an array and removing the item gives back the exact text', () => {
  fc.assert(
    fc.property(fc.array(value, { minLength: 1, maxLength: 4 }), style, value, (arr, indent, added) => {
      const text = JSON.stringify({ list: arr, after: 1 }, null, indent);
      const withItem = appendAt(text, ['list'], added);
      assert.deepEqual(JSON.parse(withItem).list, [...arr, added]);
      assert.equal(setAt(withItem, ['list', arr.length], undefined), text);
    }),
    { numRuns: 300 },
  );
});
