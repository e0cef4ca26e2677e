/**
 * Failure reasons and verdicts for output shapes of many tools: the line a person would name, the
 * failed test the runner names, exit-status meanings, give-up diagnostics in plain-text outputs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectFailure } from '../../../src/core/extract/index.ts';
import { errorLine } from '../../../src/core/extract/error-line.ts';
import { failedTest } from '../../../src/core/extract/failed-test.ts';

/** The reason of a Claude Code PostToolUseFailure for `command` with `output`. */
const reason = (output: string, code = 1, command = 'x'): string | undefined =>
  detectFailure({ toolName: 'Bash', input: { command }, failed: true, error: `Exit code ${code}\n${output}` })?.reason;
/** A hook-less host's plain-string output (no exit status). */
const plain = (output: string, command = 'x') => detectFailure({ toolName: 'Bash', input: { command }, response: output });

test('located compiler diagnostics: the first error, in every spelling', () => {
  assert.equal(reason('src/App.java:5: error: cannot find symbol\n  symbol: class Strin\n1 error'), 'src/App.java:5: error: cannot find symbol');
  assert.equal(reason('/app/src/user.py\n  /app/src/user.py:12:16 - error: Cannot access attribute "nmae"\n1 error, 0 warnings'), '/app/src/user.py:12:16 - error: Cannot access attribute "nmae"');
  assert.equal(reason('\n/app/src/index.js\n  3:7   error    \'foo\' is assigned a value but never used  no-unused-vars\n\n✖ 1 problem (1 error, 0 warnings)'), "3:7   error    'foo' is assigned a value but never used  no-unused-vars");
  assert.equal(reason('Building...\n/app/Program.cs(5,9): error CS0103: The name \'cnt\' does not exist [/app/app.csproj]\n\nBuild FAILED.'), "/app/Program.cs(5,9): error CS0103: The name 'cnt' does not exist [/app/app.csproj]");
  // No "error" word: go build, ruff/flake8 (after a `# pkg` header that is not the reason).
  assert.equal(reason('# example.com/app/cmd\ncmd/main.go:12:2: undefined: Foo'), 'cmd/main.go:12:2: undefined: Foo');
});

test('wrapper lines yield to the line that says why', () => {
  const link = "/usr/bin/ld: main.o: in function `main':\nmain.c:(.text+0x1a): undefined reference to `helper'\nclang: error: linker command failed with exit code 1";
  assert.equal(reason(link), "main.c:(.text+0x1a): undefined reference to `helper'");
  const push = ' ! [rejected]        main -> main (non-fast-forward)\nerror: failed to push some refs to \'github.com:u/app.git\'';
  assert.equal(reason(push), '! [rejected]        main -> main (non-fast-forward)');
  const gradle = '> Task :app:compileKotlin FAILED\ne: file:///app/App.kt:5:5 Unresolved reference: foo\n\nFAILURE: Build failed with an exception.';
  assert.equal(reason(gradle), 'e: file:///app/App.kt:5:5 Unresolved reference: foo');
});

test('a line that announces its message on the next one gets it appended', () => {
  const rust = "     Running `target/debug/app`\nthread 'main' panicked at src/main.rs:3:37:\ncalled `Option::unwrap()` on a `None` value\nnote: run with `RUST_BACKTRACE=1`";
  assert.equal(reason(rust, 101), "thread 'main' panicked at src/main.rs:3:37: called `Option::unwrap()` on a `None` value");
  const cmake = 'CMake Error at CMakeLists.txt:8 (find_package):\n  Could not find a package configuration file provided by "Boost"\n';
  assert.equal(reason(cmake), 'CMake Error at CMakeLists.txt:8 (find_package): Could not find a package configuration file provided by "Boost"');
  assert.equal(reason('app/Main.hs:5:8: error: [GHC-88464]\n    Variable not in scope: lenght\n'), 'app/Main.hs:5:8: error: [GHC-88464] Variable not in scope: lenght');
});

test('traces: the root cause of a Java chain, the final exception of a chained or grouped Python trace', () => {
  const java = 'Exception in thread "main" java.lang.RuntimeException: failed to start\n\tat com.x.Main.main(Main.java:20)\nCaused by: java.net.ConnectException: Connection refused\n\tat com.x.Db.open(Db.java:44)\n\t... 1 more';
  assert.equal(reason(java), 'Caused by: java.net.ConnectException: Connection refused');
  const chained = 'Traceback (most recent call last):\n  File "a.py", line 5, in load\nValueError: bad json\n\nThe above exception was the direct cause of the following exception:\n\nTraceback (most recent call last):\n  File "a.py", line 12, in <module>\nRuntimeError: config load failed';
  assert.equal(reason(chained), 'RuntimeError: config load failed');
  const group = '  + Exception Group Traceback (most recent call last):\n  |   File "t.py", line 9, in <module>\n  | ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)\n  +-+---------------- 1 ----------------\n    | Traceback (most recent call last):\n    |   File "t.py", line 4, in work\n    |     raise ValueError(f"bad item {i}")\n    | ValueError: bad item 3\n    +------------------------------------';
  assert.equal(reason(group), 'ValueError: bad item 3');
  // pytest prints more after the trace: the exception is the trace's, not the output's last line.
  const collect = 'Traceback:\ntests/test_client.py:3: in <module>\n    import requests\nE   ModuleNotFoundError: No module named \'requests\'\n=== short test summary info ===\nERROR tests/test_client.py\n=== 1 error in 0.12s ===';
  assert.match(reason(collect)!, /ModuleNotFoundError: No module named 'requests'/);
});

test('decorated lines: terraform boxes, BuildKit step prefixes', () => {
  assert.equal(reason('╷\n│ Error: Reference to undeclared input variable\n│\n│   on main.tf line 12\n╵'), 'Error: Reference to undeclared input variable');
  assert.equal(reason('#8 [4/6] RUN npm ci\n#8 2.302 npm ERR! The `npm ci` command can only install with an existing package-lock.json\n#8 ERROR: process "/bin/sh -c npm ci" did not complete successfully: exit code: 1'), 'npm ERR! The `npm ci` command can only install with an existing package-lock.json');
});

test('the failed test the runner names leads the reason', () => {
  const pytest = 'tests/test_api.py:42: AssertionError\n=== short test summary info ===\nFAILED tests/test_api.py::test_create_user - assert 400 == 201\n=== 1 failed, 11 passed in 0.53s ===';
  assert.equal(reason(pytest), 'FAILED tests/test_api.py::test_create_user - assert 400 == 201');
  assert.equal(reason('--- FAIL: TestParse (0.00s)\n    parse_test.go:18: got 3, want 4\nFAIL\nFAIL\texample.com/app/parse\t0.004s'), '--- FAIL: TestParse (0.00s): parse_test.go:18: got 3, want 4');
  assert.match(reason('test tests::it_subs ... ok\ntest tests::it_adds ... FAILED\n\ntest result: FAILED. 1 passed; 1 failed;', 101)!, /^test tests::it_adds \.\.\. FAILED/);
  assert.equal(failedTest('Failures:\n\n  1) User#name returns the full name\n\nFailed examples:\n\nrspec ./spec/user_spec.rb:10 # User#name returns the full name'), 'rspec ./spec/user_spec.rb:10 # User#name returns the full name');
  assert.equal(failedTest('There was 1 failure:\n\n1) Tests\\CalcTest::testAdd\nFailed asserting that 5 is identical to 4.'), '1) Tests\\CalcTest::testAdd');
  assert.equal(failedTest('  Failed AppTests.CalcTests.AddsNumbers [12 ms]\n  Error Message:'), 'Failed AppTests.CalcTests.AddsNumbers [12 ms]');
  assert.equal(failedTest('TAP version 13\nnot ok 1 - parses dates\n  ---\nok 2 - formats'), 'not ok 1 - parses dates');
  // The test line and the error line together, when the test line does not hold the error.
  assert.equal(reason('FAIL: test_parse (tests.test_parser.ParserTest.test_parse)\n---\nTraceback (most recent call last):\n  File "t.py", line 14, in test_parse\nAssertionError: 3 != 2\n\nFAILED (failures=1)'), 'FAIL: test_parse (tests.test_parser.ParserTest.test_parse) — AssertionError: 3 != 2');
  // A passing-test line is never named.
  assert.equal(failedTest('test tests::no_errors ... ok\nPASS src/errors.test.js'), undefined);
});

test('an exit status with a conventional meaning explains a silent failure', () => {
  assert.equal(reason('starting job...\nprocessing batch 1', 124, 'timeout 30 ./job.sh'), 'timed out (exit 124 from timeout)');
  assert.equal(reason('epoch 1/10 loss=0.93\nKilled', 137), 'Killed');
  assert.equal(reason('epoch 1/10 loss=0.93', 137), 'killed by SIGKILL, often out of memory (exit 137)');
  // Exit 1 means what the tool says: no invented meaning.
  assert.equal(reason('epoch 1/10', 1), 'epoch 1/10');
});

test('plain-text outputs that end on a give-up diagnostic are failures; passing ones are not', () => {
  for (const [out, line] of [
    ["curl: (7) Failed to connect to localhost port 8080 after 0 ms: Couldn't connect to server", "curl: (7) Failed to connect to localhost port 8080 after 0 ms: Couldn't connect to server"],
    ['Error from server (NotFound): pods "web-0" not found', 'Error from server (NotFound): pods "web-0" not found'],
    ['ERROR: Could not find a version that satisfies the requirement torchh==9.9 (from versions: none)\nERROR: No matching distribution found for torchh==9.9', 'ERROR: Could not find a version that satisfies the requirement torchh==9.9 (from versions: none)'],
    ['ERROR:  relation "userz" does not exist\nLINE 1: select * from userz\n                      ^', 'ERROR:  relation "userz" does not exist'],
    ['Auto-merging src/app.ts\nCONFLICT (content): Merge conflict in src/app.ts\nAutomatic merge failed; fix conflicts and then commit the result.', 'CONFLICT (content): Merge conflict in src/app.ts'],
    ['log/log.go:21:2: fmt.Printf format %d has arg name of wrong type string', 'log/log.go:21:2: fmt.Printf format %d has arg name of wrong type string'],
  ] as const) {
    const f = plain(out);
    assert.ok(f, out);
    assert.equal(f.reason, line);
  }
  for (const out of [
    'vite v5.0.0 building for production...\n✓ 42 modules transformed.\ndist/assets/error-boundary-4f3a.js  1.20 kB\n✓ built in 812ms\nwarnings: 0, errors: 0',
    'NAME    READY   STATUS   RESTARTS   AGE\nweb-1   1/1     Running  0          2d\nworker  0/1     Error    3          1h',
    '   Compiling app v0.1.0\nwarning: unused variable: `errors`\n --> src/main.rs:2:9\n    Finished dev target(s) in 0.41s',
    'INFO retry 1/3: ERROR: connection reset\nINFO connected\nINFO done, 40 rows',
    'src/a.c:3:5: warning: unused variable \'x\'',
    'No changes. Your infrastructure matches the configuration.',
  ]) assert.equal(plain(out), null, out);
});

test('an error line in the middle of a long output is found', () => {
  const noise = Array.from({ length: 3000 }, (_, i) => `[${i}] compiling module_${i}.c (warnings: 0)`).join('\n');
  const out = `${noise}\nsrc/engine.c:88:14: error: expected ';' before 'return'\n${noise}\nmake: *** [Makefile:20: all] Error 2`;
  assert.equal(reason(out, 2), "src/engine.c:88:14: error: expected ';' before 'return'");
  assert.equal(errorLine('x'.repeat(1000) + '\nok'), undefined);
});
