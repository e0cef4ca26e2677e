import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { compressOutput, detectFailure, evict, extractKeyInfo, extractToolEvents, extractUserEvents, normalizeState, normalizeToolName } from '../../../src/core/extract/index.ts';

const TOOL_NAMES = ['Bash', 'Read', 'Write', 'Edit', 'MultiEdit', 'Glob', 'Grep', 'TodoWrite', 'TaskCreate', 'TaskUpdate', 'Agent', 'Task', 'Skill', 'ExitPlanMode', 'EnterPlanMode', 'AskUserQuestion', 'EnterWorktree', 'WebFetch', 'apply_patch', 'shell', 'run_shell_command', 'mcp__x__y', 'MCP:z', 'view'];
const toolName = fc.oneof(fc.constantFrom(...TOOL_NAMES), fc.string());
const call = fc.record(
  {
    toolName,
    input: fc.oneof(fc.jsonValue(), fc.record({ command: fc.string(), file_path: fc.string(), content: fc.string(), todos: fc.jsonValue(), questions: fc.jsonValue() })),
    response: fc.oneof(fc.jsonValue(), fc.record({ stdout: fc.string(), stderr: fc.string(), exit_code: fc.integer() })),
    error: fc.string(),
    isInterrupt: fc.boolean(),
    failed: fc.boolean(),
    cwd: fc.string(),
    phase: fc.constantFrom('pre', 'post'),
  },
  { requiredKeys: ['toolName', 'input'] },
);

test('extractToolEvents never throws and always returns bounded events and a valid state', () => {
  fc.assert(
    fc.property(call, fc.jsonValue(), (c, rawState) => {
      const r = extractToolEvents(c as never, rawState as never);
      assert.ok(Array.isArray(r.events));
      for (const e of r.events) assert.ok(e.data.length <= 300);
      assert.deepEqual(normalizeState(JSON.parse(JSON.stringify(r.state))), r.state);
    }),
    { numRuns: 1500 },
  );
});

test('extractToolEvents never throws on arbitrary JSON as the whole call', () => {
  fc.assert(
    fc.property(fc.jsonValue(), fc.jsonValue(), (c, s) => {
      const r = extractToolEvents(c as never, s as never);
      assert.ok(Array.isArray(r.events));
    }),
    { numRuns: 1000 },
  );
});

test('a sequence of arbitrary calls keeps the state bounded', () => {
  fc.assert(
    fc.property(fc.array(call, { maxLength: 40 }), (calls) => {
      let state = normalizeState(undefined);
      for (const c of calls) state = extractToolEvents(c as never, JSON.parse(JSON.stringify(state))).state;
      assert.ok(state.recent.length <= 10 && state.errors.length <= 5);
    }),
    { numRuns: 200 },
  );
});

test('extractUserEvents never throws, on any string in any script', () => {
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), fc.jsonValue().map((v) => JSON.stringify(v))), (s) => {
      const ev = extractUserEvents(s);
      assert.ok(Array.isArray(ev));
      for (const e of ev) assert.ok(e.data.length <= 300);
    }),
    { numRuns: 2000 },
  );
  for (const junk of [null, undefined, 5, {}, []]) assert.deepEqual(extractUserEvents(junk as never), []);
});

test('helpers never throw', () => {
  fc.assert(
    fc.property(fc.string(), fc.jsonValue(), fc.jsonValue(), fc.integer(), (s, a, b, n) => {
      assert.equal(typeof normalizeToolName(s), 'string');
      assert.equal(typeof extractKeyInfo(s), 'string');
      assert.ok(compressOutput(s, a, b, n).length <= Math.max(80, n));
      detectFailure({ toolName: s, input: a, response: b });
      evict([{ priority: 1 }, { priority: n }], n);
    }),
    { numRuns: 1000 },
  );
});
