/**
 * Failure shapes of everyday tools that no earlier table listed: errno messages, CLI give-up
 * sentences, linters' located codes without a column, tool prefixes that hide the diagnostic,
 * progress and warning lines that must not win, and more runners' failed-test lines.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectFailure } from '../../../src/core/extract/index.ts';
import { errorLine } from '../../../src/core/extract/error-line.ts';
import { failedTest } from '../../../src/core/extract/failed-test.ts';

const reason = (output: string, code = 1): string | undefined =>
  detectFailure({ toolName: 'Bash', input: { command: 'x' }, failed: true, error: `Exit code ${code}\n${output}` })?.reason;
const plain = (output: string) => detectFailure({ toolName: 'Bash', input: { command: 'x' }, response: output });

test('errno messages are the reason, also after a warning that names another errno', () => {
  assert.equal(reason("data/a.bin\ntar: data/b.bin: Cannot write: No space left on device\ntar: Exiting with failure status due to previous errors", 2), 'tar: data/b.bin: Cannot write: No space left on device');
  assert.equal(
    reason('Warning: Identity file /home/u/.ssh/id_x not accessible: No such file or directory.\nssh: connect to host prod port 22: Connection timed out', 255),
    'ssh: connect to host prod port 22: Connection timed out',
  );
  assert.equal(plain('ssh: connect to host h port 22: Connection refused\n')?.reason, 'ssh: connect to host h port 22: Connection refused');
  assert.equal(plain("dd: error writing '/tmp/x': No space left on device\n2049+0 records in\n2048+0 records out")?.reason, "dd: error writing '/tmp/x': No space left on device");
});

test("a CLI's give-up sentence is the reason; progress and warning lines before it are not", () => {
  assert.equal(reason('WARN[0000] /app/compose.yml: `version` is obsolete\nCannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?'), 'Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?');
  assert.equal(reason("Resolving dependencies...\nCould not find gem 'rails (~> 7.1)' in locally installed gems.", 7), "Could not find gem 'rails (~> 7.1)' in locally installed gems.");
  assert.equal(reason('Analyzing dependencies\n[!] CocoaPods could not find compatible versions for pod "Firebase/Core":\n  In Podfile:'), 'CocoaPods could not find compatible versions for pod "Firebase/Core": In Podfile:');
  assert.equal(reason('go: downloading github.com/x/y v1.2.3\ngo: github.com/x/y@v1.2.3: unknown revision v1.2.3'), 'go: github.com/x/y@v1.2.3: unknown revision v1.2.3');
  // The wrapper's closing words still yield to the module error.
  assert.match(reason("Creating an optimized production build ...\nFailed to compile.\n\n./app/page.tsx\nModule not found: Can't resolve '@/x'") ?? '', /Module not found/);
});

test("linters' located codes without a column, msbuild's project errors, stylelint's cross", () => {
  assert.equal(reason('Dockerfile:3 DL3008 warning: Pin versions in apt get install.\nDockerfile:5 DL3009 info: Delete the apt-get lists'), 'Dockerfile:3 DL3008 warning: Pin versions in apt get install.');
  assert.equal(plain('Dockerfile:3 DL3008 warning: Pin versions in apt get install\n')?.reason, 'Dockerfile:3 DL3008 warning: Pin versions in apt get install');
  assert.equal(reason('  Determining projects to restore...\n/app/app.csproj : error NU1101: Unable to find package Foo.'), '/app/app.csproj : error NU1101: Unable to find package Foo.');
  assert.equal(reason('\nsrc/a.css\n  3:5  \u2716  Unexpected unknown property "colr"  property-no-unknown', 2), '3:5  \u2716  Unexpected unknown property "colr"  property-no-unknown');
});

test('prefixes that hide the diagnostic: pnpm -r and turbo, yarn berry, the shell reporting a signal', () => {
  assert.equal(errorLine("packages/web build: src/a.ts(3,7): error TS2322: Type 'string' is not assignable.\n ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  web@1.0.0 build: `tsc`"), "src/a.ts(3,7): error TS2322: Type 'string' is not assignable.");
  assert.equal(errorLine('web:build: src/a.ts(3,7): error TS2322: x'), 'src/a.ts(3,7): error TS2322: x');
  assert.equal(errorLine('\u27a4 YN0001: \u2502 Error: lodashh@npm:^1.0.0: Package not found\n\u27a4 YN0000: Failed with errors in 0s 350ms'), 'Error: lodashh@npm:^1.0.0: Package not found');
  assert.equal(reason('epoch 2/10\nbash: line 1:  4242 Killed                  python train.py', 137), 'bash: line 1:  4242 Killed                  python train.py');
  assert.equal(reason('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n 1: 0xb7a940 node::Abort() [node]', 134), 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory');
  assert.equal(reason("INFO  [alembic.runtime.migration] Will assume transactional DDL.\n  FAILED: Can't locate revision identified by 'ae10'"), "FAILED: Can't locate revision identified by 'ae10'");
  assert.equal(reason('jq: error (at data.json:0): Cannot index array with "name"', 5), 'jq: error (at data.json:0): Cannot index array with "name"');
  // Gradle's test line is not a package prefix.
  assert.equal(errorLine('AppTest > testAdd FAILED\n    at AppTest.java:12'), undefined);
});

test('a code-only error line gets its message; a long fatal line is read from its start', () => {
  assert.equal(reason('Error: P3009\n\nmigrate found failed migrations in the target database'), 'Error: P3009 migrate found failed migrations in the target database');
  const fatal = `fatal: [web1]: FAILED! => {"changed": false, "msg": "No package matching 'nginxx'", "results": ["${'x'.repeat(700)}"]}`;
  assert.match(reason(`TASK [install] ****\n${fatal}\n\nPLAY RECAP ****\nweb1 : ok=1 changed=0 unreachable=0 failed=1 skipped=0`, 2) ?? '', /^fatal: \[web1\]: FAILED! => \{"changed": false/);
  // A long line that only complains is still data.
  assert.equal(errorLine(`${'a'.repeat(300)} failed ${'b'.repeat(400)}`), undefined);
});

test('a marker at the end of a progress line fails a plain-text run; a run that ends in "Successfully …" does not', () => {
  const next = "   Creating an optimized production build ...Failed to compile.\n\n./src/app/page.tsx:12:3\nType error: Property 'titel' does not exist on type 'Post'.\n";
  assert.equal(plain(next)?.reason, "./src/app/page.tsx:12:3 Type error: Property 'titel' does not exist on type 'Post'.");
  const pip = "Installing collected packages: foo\nERROR: pip's dependency resolver does not currently take into account all the packages that are installed.\nbar 2.0 requires foo<1.0, but you have foo 1.0 which is incompatible.\nSuccessfully installed foo-1.0";
  assert.equal(plain(pip), null);
});

test("more runners' failed-test lines: jest's heading, flutter, scalatest, ctest, swift-testing", () => {
  assert.equal(failedTest(' FAIL  src/calc.test.ts\n  Calc\n    \u2715 adds (3 ms)\n\n  \u25cf Calc \u203a adds\n\n    expect(received).toBe(expected)'), '\u25cf Calc \u203a adds');
  assert.equal(failedTest('00:02 +0 -1: Counter increments smoke test [E]\n  Test failed.'), '00:02 +0 -1: Counter increments smoke test [E]');
  assert.equal(failedTest('[info] CalcSpec:\n[info] - should add *** FAILED ***\n[info]   3 did not equal 4'), '[info] - should add *** FAILED ***');
  assert.equal(failedTest('2/2 Test #2: unit_math ........................***Failed    0.01 sec'), '2/2 Test #2: unit_math ........................***Failed 0.01 sec');
  assert.equal(failedTest('\u2718 Test add() recorded an issue at AppTests.swift:5:5: Expectation failed'), '\u2718 Test add() recorded an issue at AppTests.swift:5:5: Expectation failed');
});
