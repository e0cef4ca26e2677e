/**
 * Failure reasons of more tools' output shapes (round 2 of failure-shapes.test.ts): the exact line a
 * person would name, in the failure hook and in plain-text outputs without an exit status, and the
 * successful runs that only talk about errors, which must stay successes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectFailure } from '../../../src/core/extract/index.ts';
import { failedTest } from '../../../src/core/extract/failed-test.ts';

/** The reason of a Claude Code PostToolUseFailure for `command` with `output`. */
const reason = (output: string, code = 1, command = 'x'): string | undefined =>
  detectFailure({ toolName: 'Bash', input: { command }, failed: true, error: `Exit code ${code}\n${output}` })?.reason;
/** A hook-less host's plain-string output (no exit status): its reason, or null for a success. */
const plain = (output: string, command = 'x'): string | null => detectFailure({ toolName: 'Bash', input: { command }, response: output })?.reason ?? null;

/** Outputs, the reason each must give in the failure hook and as plain text. */
const CASES: ReadonlyArray<readonly [string, string, string]> = [
  ['aws', '\nAn error occurred (NoSuchBucket) when calling the ListObjectsV2 operation: The specified bucket does not exist',
    'An error occurred (NoSuchBucket) when calling the ListObjectsV2 operation: The specified bucket does not exist'],
  ['mysql', "mysql: [Warning] Using a password on the command line interface can be insecure.\nERROR 1146 (42S02) at line 1: Table 'app.userz' doesn't exist",
    "ERROR 1146 (42S02) at line 1: Table 'app.userz' doesn't exist"],
  ['redis-cli', '(error) WRONGTYPE Operation against a key holding the wrong kind of value', '(error) WRONGTYPE Operation against a key holding the wrong kind of value'],
  ['redis-cli connect', 'Could not connect to Redis at 127.0.0.1:6379: Connection refused', 'Could not connect to Redis at 127.0.0.1:6379: Connection refused'],
  ['jasmine', "Started\nF.\n\nFailures:\n1) Calculator adds\n  Message:\n    Expected 3 to equal 4.\n\n2 specs, 1 failure\nFinished in 0.01 seconds", '1) Calculator adds'],
  ['gh http', '{"message":"Not Found","status":"404"}gh: Not Found (HTTP 404)\nHTTP 404: Not Found (https://api.github.com/repos/acme/nope)', 'HTTP 404: Not Found (https://api.github.com/repos/acme/nope)'],
  ['gh graphql', "GraphQL: Could not resolve to a Repository with the name 'acme/nope'. (repository)", "GraphQL: Could not resolve to a Repository with the name 'acme/nope'. (repository)"],
  ['dart analyze', "Analyzing app...\n\n  error - lib/a.dart:14:22 - The argument type 'String' can't be assigned to the parameter type 'int'. - argument_type_not_assignable\nwarning - lib/a.dart:3:8 - Unused import: 'dart:io'. - unused_import\n\n2 issues found.",
    "error - lib/a.dart:14:22 - The argument type 'String' can't be assigned to the parameter type 'int'. - argument_type_not_assignable"],
  ['shellcheck', "\nIn deploy.sh line 4:\ncp $SRC /tmp\n   ^--^ SC2086 (info): Double quote to prevent globbing and word splitting.\n\nDid you mean: \ncp \"$SRC\" /tmp\n\nFor more information:\n  https://www.shellcheck.net/wiki/SC2086 -- Double quote to prevent globbing ...",
    'SC2086 (info): Double quote to prevent globbing and word splitting.'],
  ['perl @INC', "Can't locate JSON.pm in @INC (you may need to install the JSON module) (@INC contains: /etc/perl) at import.pl line 3.\nBEGIN failed--compilation aborted at import.pl line 3.",
    "Can't locate JSON.pm in @INC (you may need to install the JSON module) (@INC contains: /etc/perl) at import.pl line 3."],
  ['perl strict', 'Global symbol "$totl" requires explicit package name (did you forget to declare "my $totl"?) at report.pl line 12.\nExecution of report.pl aborted due to compilation errors.',
    'Global symbol "$totl" requires explicit package name (did you forget to declare "my $totl"?) at report.pl line 12.'],
  ['ruby', "app.rb:3:in 'greet': undefined method 'upcase' for nil (NoMethodError)\n\tfrom app.rb:6:in '<main>'", "app.rb:3:in 'greet': undefined method 'upcase' for nil (NoMethodError)"],
  ['php', 'PHP Fatal error:  Uncaught Error: Call to undefined function foo() in /app/index.php:3\nStack trace:\n#0 {main}\n  thrown in /app/index.php on line 3',
    'PHP Fatal error:  Uncaught Error: Call to undefined function foo() in /app/index.php:3'],
  ['esbuild', '✘ [ERROR] Could not resolve "lodsh"\n\n    src/a.ts:1:18:\n      1 │ import _ from "lodsh";\n        ╵               ~~~~~~~\n\n1 error', '✘ [ERROR] Could not resolve "lodsh"'],
  ['eslint -f unix', "/app/src/api.ts:12:9: 'user' is assigned a value but never used. [Error/no-unused-vars]\n/app/src/api.ts:20:3: Unexpected console statement. [Warning/no-console]\n\n2 problems",
    "/app/src/api.ts:12:9: 'user' is assigned a value but never used. [Error/no-unused-vars]"],
  ['black', 'would reformat /app/src/orders.py\n\nOh no! 💥 💔 💥\n1 file would be reformatted, 11 files would be left unchanged.', 'would reformat /app/src/orders.py'],
  ['prettier', 'Checking formatting...\n[warn] src/Cart.tsx\n[warn] src/errors/handler.ts\n[warn] Code style issues found in 2 files. Run Prettier with --write to fix.', '[warn] src/Cart.tsx'],
  ['poetry', "\nUpdating dependencies\nResolving dependencies...\n\nBecause app depends on requests (^9) which doesn't match any versions, version solving failed.",
    "Because app depends on requests (^9) which doesn't match any versions, version solving failed."],
  ['webpack', "asset main.js 1.2 KiB [emitted] (name: main)\n\nERROR in ./src/index.js 1:0-30\nModule not found: Error: Can't resolve './missing' in '/app/src'\n\nwebpack 5.89.0 compiled with 1 error in 120 ms",
    "ERROR in ./src/index.js 1:0-30 Module not found: Error: Can't resolve './missing' in '/app/src'"],
  ['systemctl', 'Job for nginx.service failed because the control process exited with error code.\nSee "systemctl status nginx.service" and "journalctl -xeu nginx.service" for details.',
    'Job for nginx.service failed because the control process exited with error code.'],
  ['erlang', 'escript: exception error: undefined function migrate:run/0\n  in function  escript:run/2 (escript.erl, line 750)\n  in call from init:start_em/1', 'escript: exception error: undefined function migrate:run/0'],
  ['scala-cli', 'Compiling project (Scala 3.3.1, JVM (17))\n[error] ./Main.scala:3:3\n[error] Not found: value greet\n[error]   greet("x")\n[error]   ^^^^^\nError compiling project (Scala 3.3.1, JVM (17))\nCompilation failed',
    './Main.scala:3:3 Not found: value greet'],
];

test('give-up lines of more tools are the reason, with or without an exit status', () => {
  for (const [name, out, line] of CASES) {
    assert.equal(reason(out), line, `${name} (failure hook)`);
    assert.equal(plain(out), line, `${name} (plain text)`);
  }
});

test('the line that says why beats the wrapper around it (maven, sbt, perl, elixir, compose)', () => {
  const maven = '[ERROR] COMPILATION ERROR : \n[INFO] -------------------------------------------------------------\n[ERROR] /app/src/main/java/com/acme/OrderService.java:[42,17] cannot find symbol\n  symbol:   method totl()\n[INFO] 1 error\n[INFO] BUILD FAILURE\n[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.11.0:compile (default-compile) on project app: Compilation failure\n[ERROR] -> [Help 1]';
  assert.equal(reason(maven), '/app/src/main/java/com/acme/OrderService.java:[42,17] cannot find symbol');
  const sbt = '[info] compiling 2 Scala sources to /app/target/scala-2.13/classes ...\n[error] /app/src/main/scala/app/Main.scala:5:11: type mismatch;\n[error]  found   : String("1")\n[error]  required: Int\n[error] one error found\n[error] (Compile / compileIncremental) Compilation failed\n[error] Total time: 3 s';
  assert.equal(reason(sbt), '/app/src/main/scala/app/Main.scala:5:11: type mismatch;');
  assert.equal(plain(sbt), '/app/src/main/scala/app/Main.scala:5:11: type mismatch;');
  assert.equal(reason('Died: no config at deploy.pl line 9.\nBEGIN failed--compilation aborted at deploy.pl line 9.', 255), 'Died: no config at deploy.pl line 9.');
  const elixir = 'Compiling 1 file (.ex)\n\n== Compilation error in file lib/shop/cart.ex ==\n** (CompileError) lib/shop/cart.ex:9: undefined function totl/1\n';
  assert.equal(reason(elixir), '** (CompileError) lib/shop/cart.ex:9: undefined function totl/1');
  assert.equal(reason('** (CompileError) lib/a.ex: cannot compile module A (errors have been logged)\n** (Mix) Could not compile dependency :a'), '** (Mix) Could not compile dependency :a');
  const compose = 'Attaching to db-1, migrate-1\nmigrate-1  | Running migrations...\nmigrate-1  | Error: relation "users" does not exist\nmigrate-1 exited with code 1\nservice "migrate" didn\'t complete successfully: exit 1';
  assert.equal(reason(compose), 'Error: relation "users" does not exist');
  assert.equal(plain(compose), 'Error: relation "users" does not exist');
  const stack = 'app   > [2 of 2] Compiling Lib\napp   > /app/src/Lib.hs:9:15: error: [GHC-88464]\napp   >     Variable not in scope: totl :: [Int] -> Int\n\nError: [S-7282]\n       Stack failed to execute the build plan.';
  assert.equal(reason(stack), '/app/src/Lib.hs:9:15: error: [GHC-88464] Variable not in scope: totl :: [Int] -> Int');
  const next = '   Linting and checking validity of types  ..Failed to compile.\n\n./app/cart/page.tsx:18:21\nType error: Property \'price\' does not exist on type \'Item\'.\n\n> 18 |       {items.map((i) => i.price)}';
  assert.equal(reason(next), "./app/cart/page.tsx:18:21 Type error: Property 'price' does not exist on type 'Item'.");
  assert.equal(reason('Unhandled exception. System.NullReferenceException: Object reference not set to an instance of an object.\n   at Program.Main(String[] args) in /app/Program.cs:line 9', 134),
    'Unhandled exception. System.NullReferenceException: Object reference not set to an instance of an object.');
});

test('the failed test is named with its runner: nextest, ava, gtest, numbered lists with their spec file', () => {
  const nextest = "        PASS [   0.002s] app::tests::it_subs\n        FAIL [   0.003s] app::tests::it_adds\n\n--- STDERR:              app::tests::it_adds ---\nthread 'tests::it_adds' panicked at src/lib.rs:10:9:\nassertion failed: 1 + 2 == 4\n\n     Summary [   0.004s] 2 tests run: 1 passed, 1 failed, 0 skipped\n        FAIL [   0.003s] app::tests::it_adds\nerror: test run failed";
  assert.equal(failedTest(nextest), 'FAIL [ 0.003s] app::tests::it_adds');
  assert.equal(reason(nextest, 100), "FAIL [ 0.003s] app::tests::it_adds \u2014 thread 'tests::it_adds' panicked at src/lib.rs:10:9: assertion failed: 1 + 2 == 4");
  const ava = '\n  ✔ math › adds\n  ✘ [fail]: math › subtracts\n\n  Difference (- actual, + expected):\n\n  - 2\n  + 1\n\n  ─\n\n  1 test failed';
  assert.equal(reason(ava), '✘ [fail]: math › subtracts');
  assert.equal(plain(ava), '✘ [fail]: math › subtracts');
  const gtest = '[ RUN      ] ParserTest.RejectsEmpty\n/app/test/parser_test.cc:21: Failure\nValue of: parse("").ok()\n[  FAILED  ] ParserTest.RejectsEmpty (0 ms)\n[  PASSED  ] 2 tests.\n[  FAILED  ] 1 test, listed below:\n[  FAILED  ] ParserTest.RejectsEmpty\n\n 1 FAILED TEST';
  assert.equal(plain(gtest), '[ FAILED ] ParserTest.RejectsEmpty (0 ms)');
  const mocha = '\n  Cart\n    ✔ adds items\n    1) computes total\n\n\n  1 passing (8ms)\n  1 failing\n\n  1) Cart\n       computes total:\n\n      AssertionError [ERR_ASSERTION]: 30 == 35\n      + expected - actual\n\n      at Context.<anonymous> (test/cart.test.js:14:12)\n      at process.processImmediate (node:internal/timers:476:21)\n';
  assert.equal(reason(mocha), '1) Cart computes total (test/cart.test.js:14) \u2014 AssertionError [ERR_ASSERTION]: 30 == 35');
  const cypress = '  Running:  checkout.cy.ts                     (1 of 1)\n\n  Checkout\n    1) places an order\n\n  0 passing (6s)\n  1 failing\n\n  1) Checkout\n       places an order:\n     AssertionError: Timed out retrying after 4000ms: Expected to find element: `[data-cy=confirm]`, but never found it.\n      at Context.eval (webpack://shop/./cypress/e2e/checkout.cy.ts:9:8)\n';
  assert.equal(failedTest(cypress), '1) Checkout places an order (cypress/e2e/checkout.cy.ts:9)');
  const jasmine = 'Failures:\n1) UserService creates a user\n  Message:\n    Expected undefined to be \'alice\'.\n  Stack:\n        at <Jasmine>\n        at UserContext.<anonymous> (/app/spec/user.spec.js:14:27)\n\n3 specs, 1 failure';
  assert.equal(failedTest(jasmine), '1) UserService creates a user (/app/spec/user.spec.js:14)');
});

test('plain-text verdicts: format checkers and build tools that close on a failure', () => {
  assert.equal(plain('Would reformat: src/app/errors.py\n1 file would be reformatted, 9 files already formatted'), 'Would reformat: src/app/errors.py');
  assert.equal(plain("asset main.js 2.1 KiB\n\nERROR in /app/src/index.ts\n[tsl] ERROR in /app/src/index.ts(4,13)\n      TS2339: Property 'totl' does not exist on type 'Order'.\n\nwebpack 5.89.0 compiled with 1 error in 1843 ms"),
    "TS2339: Property 'totl' does not exist on type 'Order'.");
});

test('successful runs that mention errors, failures or warnings are not failures', () => {
  for (const out of [
    '5 specs, 0 failures\nFinished in 0.012 seconds',
    '\n  ✔ errors › throws on bad input\n  ✔ errors › returns failed status\n  ─\n\n  2 tests passed',
    '[==========] Running 1 test from 1 test suite.\n[ RUN      ] ErrorTest.Fatal\n[       OK ] ErrorTest.Fatal (1 ms)\n[  PASSED  ] 1 test.',
    '        PASS [   0.002s] app errors::tests::fails_cleanly\n     Summary [   0.003s] 1 test run: 1 passed, 0 skipped',
    '2026-12-01 10:00:00       1234 error-report.csv\n2026-12-02 10:00:00        980 failed-jobs.json',
    '+----+----------------+\n| id | error          |\n+----+----------------+\n|  2 | timeout failed |\n+----+----------------+',
    '12\tFix HTTP 404: Not Found on /login\tfix-404\tOPEN\n11\tGraphQL: handle errors\tgql-errors\tOPEN',
    '[info] compiling 3 Scala sources\n[warn] /app/src/main/scala/app/ErrorHandler.scala:3:8: Unused import\n[warn] one warning found\n[success] Total time: 4 s',
    "Analyzing app...\n\n   info - lib/errors.dart:3:8 - Unused import: 'dart:async'. - unused_import\n\n1 issue found.",
    'Hello, \nUse of uninitialized value $name in concatenation (.) or string at greet.pl line 4.',
    'PHP Warning:  Undefined variable $errors in /app/report.php on line 3\nReport written: 0 errors',
    'asset main.js 250 KiB [emitted] [big]\n\nWARNING in asset size limit: The following asset(s) exceed the recommended size limit (244 KiB).\n\nwebpack 5.89.0 compiled with 1 warning in 412 ms',
    '▲ [WARNING] Comparison with -0 using the "===" operator will also match 0 [equals-negative-zero]\n\n    src/errors.ts:3:8:\n      3 │ if (x === -0) {}\n\n1 warning\n\n  dist/app.js  1.2kb\n\n⚡ Done in 9ms',
    '/app/src/errors.ts:4:3: Unexpected console statement. [Warning/no-console]\n\n1 problem',
    'All done! ✨ 🍰 ✨\n12 files would be left unchanged.',
    'Checking formatting...\nAll matched files use Prettier code style!',
    'Compiling 2 files (.ex)\nwarning: variable "error" is unused\n  └─ lib/shop/errors.ex:4:14: Shop.Errors.handle/1\n\nGenerated shop app',
    '===> Compiling errors_app\nsrc/errors_app.erl:12:1: Warning: function unused_error/0 is unused\n%   12| unused_error() -> ok.\n%     | ^\n',
    'Dec 04 17:00:58 host systemd[1]: Failed to start nginx.service - A high performance web server.\nDec 04 17:01:00 host systemd[1]: Started nginx.service.',
    '[+] Running 2/2\n ✔ Container app-errors-1     Started\n ✔ Container app-web-1        Started',
  ]) assert.equal(plain(out), null, out);
});

test('plain text: a bare Error with frames, a PHP fatal error above a long trace, kubectl and docker give-ups, ansible recaps', () => {
  const esm = "node:internal/modules/esm/resolve:265\n    throw new ERR_MODULE_NOT_FOUND(\n          ^\n\nError [ERR_MODULE_NOT_FOUND]: Cannot find module '/app/lib/db.js' imported from /app/server.mjs\n    at finalizeResolution (node:internal/modules/esm/resolve:265:11)\n    at moduleResolve (node:internal/modules/esm/resolve:933:10) {\n  code: 'ERR_MODULE_NOT_FOUND'\n}\n\nNode.js v22.3.0";
  assert.equal(plain(esm), "Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/app/lib/db.js' imported from /app/server.mjs");
  const frames = Array.from({ length: 14 }, (_, i) => `#${i} /app/vendor/lib/Pipeline.php(${100 + i}): Pipeline->handle()`).join('\n');
  const php = `PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in /app/src/Db.php:12\nStack trace:\n${frames}\n#14 {main}\n  thrown in /app/src/Db.php on line 12`;
  assert.equal(plain(php), 'PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in /app/src/Db.php:12');
  assert.equal(plain('The Deployment "web" is invalid: spec.template.spec.containers[0].image: Required value'), 'The Deployment "web" is invalid: spec.template.spec.containers[0].image: Required value');
  const docker = "Unable to find image 'myapp:latest' locally\ndocker: Error response from daemon: pull access denied for myapp, repository does not exist or may require 'docker login'.\nSee 'docker run --help'.";
  assert.equal(plain(docker), "docker: Error response from daemon: pull access denied for myapp, repository does not exist or may require 'docker login'.");
  const recap = (failed: number, unreachable = 0) => `\nPLAY RECAP *********\ndb1                        : ok=3    changed=2    unreachable=${unreachable}    failed=${failed}    skipped=0    rescued=0    ignored=1   `;
  const ignored = 'TASK [check old cluster] ****\nfatal: [db1]: FAILED! => {"changed": true, "cmd": "pg_lsclusters | grep 12", "rc": 1, "stderr": "", "stdout": ""}\n...ignoring\n';
  assert.equal(plain(ignored + recap(0)), null);
  const fatal = 'TASK [install nginx] ****\nfatal: [db1]: FAILED! => {"changed": false, "msg": "No package matching \'ngnix\' is available"}\n';
  assert.equal(plain(fatal + recap(1)), 'fatal: [db1]: FAILED! => {"changed": false, "msg": "No package matching \'ngnix\' is available"}');
  assert.ok(plain(`TASK [Gathering Facts] ****\nok: [db1]\n${recap(0, 1)}`));
  // Python's logging format is a program's words, not a runner's count.
  assert.equal(plain('WARNING:root:slow response from api\nERROR:sync:payment 12 failed, will retry\nINFO:sync:done, 40 records'), null);
});

test('linters that close on a count, and Lua giving up, fail as plain text; their clean runs pass', () => {
  const rubocop = "Inspecting 12 files\n..C.........\n\nOffenses:\n\napp/models/user.rb:3:5: C: Style/StringLiterals: Prefer single-quoted strings when you don't need string interpolation or special symbols.\n\n12 files inspected, 1 offense detected, 1 offense autocorrectable";
  assert.ok(plain(rubocop), 'rubocop with an offense failed');
  assert.equal(plain('Inspecting 12 files\n............\n\n12 files inspected, no offenses detected'), null);
  const golangci = 'internal/db/pool.go:41:12: Error return value of `conn.Close` is not checked (errcheck)\n\tconn.Close()\n\t          ^\n1 issues:\n* errcheck: 1';
  assert.ok(plain(golangci), 'golangci-lint with an issue failed');
  assert.equal(plain('0 issues.'), null);
  assert.ok(plain("error[no-unused-vars]: `x` is never used\n --> /app/main.ts:1:7\n\nFound 1 problem\nChecked 3 files"), 'deno lint with a problem failed');
  const lua = "lua: app.lua:3: attempt to call a nil value (global 'greet')\nstack traceback:\n\t[C]: in function 'greet'\n\tapp.lua:3: in main chunk\n\t[C]: in ?";
  assert.equal(plain(lua), "lua: app.lua:3: attempt to call a nil value (global 'greet')");
  // A Lua script that prints a `key: value` line is no give-up.
  assert.equal(plain('luarocks: 3.9.2\nlua: 5.4'), null);
});
