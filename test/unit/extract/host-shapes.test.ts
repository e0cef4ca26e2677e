import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectFailure, extractUserEvents, type ToolCall } from '../../../src/core/extract/index.ts';
import { textVerdict } from '../../../src/core/extract/failure-text.ts';
import { ofType, replay, run, types } from './helpers.ts';

/** A shell call whose output the host handed over as a plain string (Codex, VS Code, Copilot). */
const shell = (command: string, output: string, toolName = 'exec_command'): ToolCall => ({ toolName, input: { command }, response: output });
const failed = (command: string, output: string, toolName?: string) => detectFailure(shell(command, output, toolName));

// ----- plain-string outputs ----------------------------------------------------------------------

test('a stated exit status fails a plain-string output, in the spellings tools print', () => {
  for (const [out, code] of [
    ['FAIL src/store.test.ts\nError: expected 3 but got 5\nexit code 1', 1],
    ['building…\nExit status 2', 2],
    ['[Process exited with code 1]', 1],
    ['error Command failed with exit code 1.', 1],
    ['subprocess.CalledProcessError: Command \'[\'make\']\' returned non-zero exit status 2.', 2],
    ['make: *** [Makefile:12: test] Error 2', 2],
    ['Process finished with exit code 137', 137],
    ['exit status 1', 1],
  ] as const) {
    const f = failed('./ci.sh', out);
    assert.ok(f, out);
    assert.equal(f.exitCode, code, out);
  }
  assert.equal(failed('./ci.sh', 'all good\nexit code 0'), null, 'a stated 0 is a success');
  assert.equal(failed('./ci.sh', 'Tests: 2 failed, 3 passed\nExit code: 0'), null, 'the stated status wins over the text');
  assert.equal(failed('./ci.sh', 'If the exit code is 1, retry the job later.'), null, 'prose about exit codes is not a status line');
});

test("a test runner's failure summary or marker fails it; a passing or zero-failure summary never does", () => {
  const failing = [
    'PASS src/a.test.ts\nFAIL src/b.test.ts\n  ● adds\nTests:       1 failed, 41 passed, 42 total',
    ' Test Files  1 failed | 3 passed (4)\n      Tests  2 failed | 40 passed (42)',
    '===================== 1 failed, 12 passed in 0.42s =====================',
    'FAILED tests/test_pool.py::test_leak - AssertionError: 3 != 5',
    '--- FAIL: TestPool (0.01s)\nFAIL\tgithub.com/acme/shop/db\t0.012s',
    'test result: FAILED. 3 passed; 1 failed; 0 ignored',
    '  12 passing (40ms)\n  2 failing',
    '5 examples, 2 failures',
    'ok 1 - adds\nnot ok 2 - subtracts\n# tests 2\n# pass 1\n# fail 1',
    '[ERROR] Tests run: 10, Failures: 2, Errors: 0, Skipped: 0',
    'FAILURES!\nTests: 3, Assertions: 5, Failures: 1.',
    'Failed!  - Failed:     1, Passed:    10, Skipped:     0, Total:    11',
    'Found 3 errors in 2 files.',
  ];
  for (const out of failing) assert.ok(failed('npm test', out), out);
  const passing = [
    'Tests: 42 passed, 0 failed',
    '42 passed, 0 failed',
    'Tests:       42 passed, 42 total',
    '=== 12 passed in 0.1s ===',
    'ok  \tgithub.com/acme/shop/db\t0.012s',
    'test result: ok. 3 passed; 0 failed; 0 ignored',
    '  12 passing (40ms)',
    'The suite reported 0 failures and 0 errors.',
    'not ok 3 - pending # TODO later',
    'FAIL fast is a principle we follow: stop at the first error.'.replace('FAIL fast', 'Fail fast'),
  ];
  for (const out of passing) assert.equal(failed('npm test', out), null, out);
});

test('a stack trace fails it unless a passing summary says the run succeeded', () => {
  for (const out of [
    "TypeError: Cannot read properties of undefined (reading 'id')\n    at getUser (/app/src/user.js:12:15)\n    at main (/app/src/index.js:3:1)",
    'Traceback (most recent call last):\n  File "main.py", line 4, in <module>\n    run()\nValueError: bad value',
    'Exception in thread "main" java.lang.NullPointerException\n\tat com.acme.App.main(App.java:14)',
    'panic: runtime error: index out of range [3] with length 3\n\ngoroutine 1 [running]:\nmain.main()',
    "thread 'main' panicked at src/main.rs:4:5:\ncalled `Option::unwrap()` on a `None` value",
    'Unhandled exception. System.InvalidOperationException: boom\n   at Acme.Program.Main(String[] args) in C:\\src\\Program.cs:line 12',
    'src/db.c:14:3: error: unknown type name ‘pool_t’',
    'error[E0308]: mismatched types\n --> src/main.rs:2:18',
    "fatal: not a git repository (or any of the parent directories): .git",
  ]) {
    assert.ok(failed('node app.js', out), out);
  }
  const loggedTrace = "console.error\n    Error: expected in this test\n    at Object.<anonymous> (/app/a.test.js:3:9)\n\nTests:       12 passed, 12 total";
  assert.equal(failed('npm test', loggedTrace), null);
  const reason = failed('node app.js', 'Traceback (most recent call last):\n  File "a.py", line 2, in <module>\nZeroDivisionError: division by zero')?.reason;
  assert.equal(reason, 'ZeroDivisionError: division by zero');
});

test('commands that only show content are never judged by their output', () => {
  const trace = 'Traceback (most recent call last):\n  File "a.py", line 2\nValueError: x\nexit code 1';
  for (const command of ['cat logs/error.log', 'tail -n 50 app.log | grep -B5 Error', 'git log -p', 'docker logs api', 'grep -rn "FAIL" test-output.txt']) {
    assert.equal(failed(command, trace), null, command);
  }
  assert.ok(failed('npm test 2>&1 | tail -20', 'FAIL src/a.test.ts\nTests: 1 failed, 3 passed'), 'a runner piped into tail is still the runner');
  assert.equal(detectFailure({ toolName: 'Read', input: { file_path: '/r/log.txt' }, response: trace }), null, 'a file is content');
  assert.equal(detectFailure({ toolName: 'mcp__grafana__query_logs', input: {}, response: trace }), null, 'an MCP result has its own isError flag');
});

test('a plain-string failure becomes error_tool (with its exit code), and a later pass resolves it', () => {
  const [first, second] = replay([shell('npm test', 'FAIL src/store.test.ts\nError: expected 3 but got 5\nexit code 1'), shell('npm test', 'Tests: 40 passed, 40 total')]);
  assert.deepEqual(types(first!), ['error_tool']);
  assert.match(first![0]!.data, /^Bash `npm test`: exit 1 — FAIL src\/store.test.ts — Error: expected 3 but got 5/);
  assert.deepEqual(types(second!), ['error_resolved']);
});

test('textVerdict is bounded and total', () => {
  assert.equal(textVerdict(''), null);
  assert.equal(textVerdict(42 as unknown as string), null);
  const huge = 'x'.repeat(3_000_000) + '\nTests: 1 failed, 2 passed';
  assert.ok(textVerdict(huge)?.failed, 'the summary at the end of a huge output is read');
  assert.equal(textVerdict(`${'a'.repeat(500)} exit code 1`), null, 'an over-long line is data');
});

// ----- flags ------------------------------------------------------------------------------------

test('isError, is_error, success:false, error and status flags inside a result are failures', () => {
  for (const response of [
    { isError: true, content: [{ type: 'text', text: 'Issue not found' }] },
    { is_error: true, content: 'Error: File does not exist.' },
    { success: false, error: 'timeout after 30s' },
    { status: 'error', message: 'permission denied' },
    { result: { isError: true, content: [{ type: 'text', text: 'rate limited' }] } },
    { error: { message: 'ENOENT', type: 'io' } },
  ]) {
    const r = run({ toolName: 'mcp__gh__get_issue', input: { n: 1 }, response });
    assert.deepEqual(types(r.events).filter((t) => t !== 'constraint_discovered'), ['mcp_tool_call', 'error_tool'], JSON.stringify(response));
  }
  assert.equal(detectFailure({ toolName: 'x', input: {}, response: { status: 'completed', error: '(none)' } }), null);
});

// ----- references -------------------------------------------------------------------------------

const refs = (call: ToolCall) => ofType(run(call).events, 'external_ref').map((e) => e.data);

test("issue references in a file's content, a write and a tool's output", () => {
  assert.deepEqual(refs({ toolName: 'Read', input: { file_path: '/p/CHANGELOG.md' }, response: 'Fixed bug #42 and addressed #99' }), ['#42', '#99']);
  assert.deepEqual(refs({ toolName: 'Write', input: { file_path: '/p/NOTES.md', content: 'Blocked on GH-12; see acme/shop#7.' }, response: 'ok' }), ['acme/shop#7', '#12']);
  assert.deepEqual(refs({ toolName: 'Edit', input: { file_path: '/p/a.ts', old_string: 'x', new_string: '// workaround for (#311)' }, response: 'ok' }), ['#311']);
  assert.deepEqual(refs(shell('git log --oneline -2', 'bec67da Merge pull request #89 from entireio/soph\n45df707 fix: trailer (#88)')), ['#89', '#88']);
  assert.deepEqual(
    refs({ toolName: 'Read', input: { file_path: '/p/TODO.md' }, response: 'Tracked in https://github.com/acme/shop/issues/42 and https://gitlab.com/g/p/-/merge_requests/3 and https://acme.atlassian.net/browse/OPS-17; docs at https://example.com/guide' }),
    ['https://github.com/acme/shop/issues/42', 'https://gitlab.com/g/p/-/merge_requests/3', 'https://acme.atlassian.net/browse/OPS-17'],
  );
});

test('numbers that only look like issue references are not', () => {
  assert.deepEqual(refs({ toolName: 'Read', input: { file_path: '/p/theme.css' }, response: '.a { color: #333; } /* see #42 */' }), [], 'style files hold colours');
  assert.deepEqual(refs({ toolName: 'Read', input: { file_path: '/p/a.ts' }, response: 'const c = { color: #333 };\nconst d = "#111";' }), []);
  assert.deepEqual(refs(shell('docker build .', '#1 [internal] load build definition\n#5 [2/4] RUN npm ci\n#5 DONE 3.1s')), [], 'BuildKit numbers its steps at line starts');
  assert.deepEqual(refs(shell('php bin/run', 'PHP Fatal error: x\n#0 /var/www/a.php(12): run()\n#1 {main}')), [], 'stack frames are numbered at line starts');
  assert.deepEqual(refs({ toolName: 'Read', input: { file_path: '/p/README.md' }, response: 'see https://example.com/docs and https://github.com/acme/shop' }), [], 'other links in a file are not references');
});

// ----- skills, MCP, plans, resolution ------------------------------------------------------------

test('a Skill call without input still yields skill, named from the answer when it can be', () => {
  assert.deepEqual(run({ toolName: 'Skill', input: {}, response: { success: true, commandName: 'superpowers:brainstorming' } }).events.map((e) => `${e.type}:${e.data}`), ['skill:superpowers:brainstorming']);
  assert.deepEqual(run({ toolName: 'Skill', input: {}, response: 'Launching skill: tdd' }).events.map((e) => e.data), ['tdd']);
  assert.deepEqual(run({ toolName: 'Skill', input: {}, response: 'ok' }).events.map((e) => `${e.type}:${e.data}`), ['skill:skill (unnamed)']);
  assert.deepEqual(types(run({ toolName: 'Skill', input: {}, failed: true, error: 'unknown skill' }).events), ['error_tool']);
});

test('the mcp event comes with every MCP call that ran, named by the tool, with or without an answer', () => {
  const bare = run({ toolName: 'mcp__context-mode__ctx_stats', input: {} });
  assert.deepEqual(bare.events.map((e) => `${e.type}:${e.data}`), ['mcp_tool_call:context-mode/ctx_stats', 'mcp:context-mode/ctx_stats']);
  assert.deepEqual(types(run({ toolName: 'mcp__x__y', input: {}, response: '' }).events), ['mcp_tool_call', 'mcp']);
  assert.deepEqual(types(run({ toolName: 'mcp__x__y', input: {}, phase: 'pre' }).events), ['mcp_tool_call'], 'not before it ran');
});

test('apply_patch into .claude/plans is a plan write; a relative patch path resolves the absolute failure', () => {
  const patch = (body: string): ToolCall => ({ toolName: 'apply_patch', input: { input: `*** Begin Patch\n${body}\n*** End Patch` }, response: 'Done!' });
  assert.deepEqual(types(run(patch('*** Update File: .claude/plans/my-plan.md\n@@\n-a\n+b')).events), ['file_edit', 'plan_file_write']);
  const [, fix] = replay([{ toolName: 'Read', input: { file_path: '/project/src/missing.ts' }, failed: true, error: 'File does not exist.' }, patch('*** Add File: src/missing.ts\n+export {};')]);
  assert.deepEqual(types(fix!), ['file_write', 'error_resolved']);
  const [, other] = replay([{ toolName: 'Read', input: { file_path: '/project/src/missing.ts' }, failed: true, error: 'File does not exist.' }, patch('*** Add File: lib/missing.ts\n+export {};')]);
  assert.deepEqual(types(other!), ['file_write'], 'another file of the same name does not resolve it');
});

// ----- prompts ----------------------------------------------------------------------------------

const kinds = (p: string) => extractUserEvents(p).map((e) => (e.type === 'intent' ? `intent:${e.data}` : e.type));

test('a flat no followed by what to do instead is a correction, in any language', () => {
  for (const p of ['no, use the ctx- prefix instead of cm-', 'nope, keep the old API', 'нет, используй pnpm', '不对，用 useReducer', 'いいえ、pnpm を使ってください', 'hayır, pnpm kullan', 'nein, nimm pnpm']) {
    assert.ok(kinds(p).includes('decision'), `${p}: ${kinds(p).join()}`);
  }
  for (const p of ['no', 'no, thanks', 'no problem', 'nope']) assert.ok(!kinds(p).includes('decision'), p);
});

test('instructions meant to hold from now on are decisions', () => {
  for (const p of ['always respond in TypeScript', 'never push to main', 'from now on run the linter before committing', 'toujours répondre en français', 'siempre usa pnpm en este repo', 'immer pnpm statt npm verwenden', 'всегда запускай тесты перед коммитом', '以后都用 pnpm 安装依赖', 'いつもテストを先に書いてください', '항상 한국어로 대답해 주세요']) {
    assert.ok(kinds(p).includes('decision'), `${p}: ${kinds(p).join()}`);
  }
  for (const p of ['never mind', 'never mind, it works now', 'always?', 'Why does it always fail?']) assert.ok(!kinds(p).includes('decision'), p);
});

test('/plan enters plan mode with its task; /PLAN is not the command', () => {
  assert.deepEqual(extractUserEvents('/plan refactor auth').map((e) => `${e.type}:${e.data}`).slice(0, 2), ['user_prompt:/plan refactor auth', 'plan_enter:entered plan mode (/plan): refactor auth']);
  assert.deepEqual(types(extractUserEvents('/plan')), ['user_prompt', 'plan_enter']);
  assert.ok(!types(extractUserEvents('/PLAN refactor auth')).includes('plan_enter'));
  assert.ok(!types(extractUserEvents('please /plan this')).includes('plan_enter'));
});

test('a long paste without white space is a blob; long prose is not data', () => {
  const blob = extractUserEvents(`Here is the config:\n${'eyJhbGciOiJIUzI1NiJ9'.repeat(100)}`);
  assert.match(ofType(blob, 'data')[0]?.data ?? '', /^pasted blob, 2 lines/);
  assert.deepEqual(ofType(extractUserEvents('word '.repeat(500)), 'data'), []);
});
