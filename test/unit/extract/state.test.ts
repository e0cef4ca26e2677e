import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractToolEvents, initialState, MAX_ERRORS, MAX_RECENT, normalizeState } from '../../../src/core/extract/index.ts';
import { bash, bashFail, ofType, replay, types } from './helpers.ts';

const edit = (path: string) => ({ toolName: 'Edit', input: { file_path: path, old_string: 'a', new_string: 'b' }, response: {} });

test('error → fix → success resolves, with state persisted as JSON between processes', () => {
  const events = replay([
    bashFail('npm test', 'Exit code 1\nFAIL src/pool.test.ts\nTypeError: acquireConnection is not a function'),
    edit('/r/src/pool.ts'),
    bash('npm test', { stdout: 'Tests: 12 passed', stderr: '' }),
  ]);
  assert.deepEqual(types(events[0]!), ['error_tool']);
  const resolved = ofType(events[2]!, 'error_resolved');
  assert.equal(resolved.length, 1);
  assert.equal(resolved[0]!.category, 'error-resolution');
  assert.match(resolved[0]!.data, /^Bash `npm test` succeeded after: Bash `npm test`: FAIL src\/pool.test.ts — TypeError: acquireConnection/);
});

test('a resolution needs the same target: another command does not resolve it', () => {
  const events = replay([bashFail('npm test', 'Exit code 1\nboom'), bash('ls -la'), bash('cat a.txt'), bash('npm run lint')]);
  assert.equal(events.flat().filter((e) => e.type === 'error_resolved').length, 0);
  const same = replay([bashFail('cat missing.txt', 'Exit code 1\ncat: missing.txt: No such file or directory'), bash('cat other.txt')]);
  assert.equal(ofType(same[1]!, 'error_resolved').length, 0, 'cat x failing is not resolved by cat y');
  const flags = replay([bashFail('npm test -- --watch=false', 'Exit code 1\nx'), bash('npm test')]);
  assert.equal(ofType(flags[1]!, 'error_resolved').length, 1, 'same program and subcommand');
  const piped = replay([bashFail('cd app && npm run build 2>&1 | tail -5', 'Exit code 2\nerror TS2345'), bash('npm run build')]);
  assert.equal(ofType(piped[1]!, 'error_resolved').length, 1, 'pipelines key on their main command');
});

test('an edit or write after a failed read of the same file resolves it; a read after a failed edit does not', () => {
  const a = replay([
    { toolName: 'Read', input: { file_path: '/r/new.ts' }, failed: true, error: 'File does not exist.' },
    { toolName: 'Write', input: { file_path: '/r/new.ts', content: 'x' }, response: {} },
  ]);
  assert.equal(ofType(a[1]!, 'error_resolved').length, 1);
  const b = replay([
    { toolName: 'Edit', input: { file_path: '/r/a.ts', old_string: 'nope', new_string: 'x' }, failed: true, error: 'String to replace not found in file.' },
    { toolName: 'Read', input: { file_path: '/r/a.ts' }, response: 'content' },
    edit('/r/a.ts'),
  ]);
  assert.equal(ofType(b[1]!, 'error_resolved').length, 0);
  assert.equal(ofType(b[2]!, 'error_resolved').length, 1);
});

test('resolution only within the window', () => {
  const calls = [bashFail('npm test', 'Exit code 1\nx'), ...Array.from({ length: 7 }, (_, i) => bash(`echo ${i}`)), bash('npm test')];
  const events = replay(calls);
  assert.equal(events.flat().filter((e) => e.type === 'error_resolved').length, 0);
});

test('retry_detected: the identical call three times in a row, across processes', () => {
  const events = replay([bash('npm test'), bash('npm test'), bash('npm test'), bash('npm test'), bash('npm test'), bash('npm test')]);
  assert.deepEqual(events.map((e) => ofType(e, 'retry_detected').length), [0, 0, 1, 0, 0, 1]);
  const r = ofType(events[2]!, 'retry_detected')[0]!;
  assert.equal(r.category, 'iteration-loop');
  assert.equal(r.data, 'Bash `npm test` repeated 3× in a row');
  const failing = replay([bashFail('make', 'Exit code 2\nerror: x'), bashFail('make', 'Exit code 2\nerror: x'), bashFail('make', 'Exit code 2\nerror: x')]);
  assert.match(ofType(failing[2]!, 'retry_detected')[0]!.data, /still failing: error: x/);
  const interleaved = replay([bash('npm test'), bash('ls'), bash('npm test'), bash('ls'), bash('npm test')]);
  assert.equal(interleaved.flat().filter((e) => e.type === 'retry_detected').length, 0);
  const different = replay([
    { toolName: 'Read', input: { file_path: '/a', offset: 1 }, response: 'x' },
    { toolName: 'Read', input: { file_path: '/a', offset: 50 }, response: 'x' },
    { toolName: 'Read', input: { file_path: '/a', offset: 100 }, response: 'x' },
  ]);
  assert.equal(different.flat().filter((e) => e.type === 'retry_detected').length, 0, 'paging through a file is not a loop');
});

test('state stays bounded and JSON-serializable', () => {
  let state = initialState();
  for (let i = 0; i < 200; i++) {
    state = extractToolEvents(i % 2 ? bash(`echo ${i}`) : bashFail(`cmd${i} run`, 'Exit code 1\nx'), state).state;
  }
  assert.equal(state.n, 200);
  assert.ok(state.recent.length <= MAX_RECENT);
  assert.ok(state.errors.length <= MAX_ERRORS);
  assert.deepEqual(JSON.parse(JSON.stringify(state)), state);
  assert.ok(JSON.stringify(state).length < 4000);
});

test('pre-phase calls and bookkeeping tools leave the state alone', () => {
  const s0 = initialState();
  assert.deepEqual(extractToolEvents({ ...bash('npm test'), phase: 'pre' }, s0).state, s0);
  assert.deepEqual(extractToolEvents({ toolName: 'TodoWrite', input: { todos: [] }, response: {} }, s0).state, s0);
});

test('corrupt or foreign state degrades to an empty state', () => {
  for (const raw of [null, undefined, 42, 'x', [], {}, { v: 2 }, { v: 1, n: -5, recent: 'no', errors: [{ t: 1 }] }, { v: 1, n: 1, recent: [{ t: 'Bash', s: 'x', ok: true, n: 1 }, null], errors: null }]) {
    const s = normalizeState(raw);
    assert.equal(s.v, 1);
    assert.ok(Array.isArray(s.recent) && Array.isArray(s.errors));
    assert.doesNotThrow(() => extractToolEvents(bash('ls'), raw as never));
  }
  assert.equal(normalizeState({ v: 1, n: 1, recent: [{ t: 'Bash', s: 'x', ok: true, n: 1 }, null], errors: null }).recent.length, 1);
});
