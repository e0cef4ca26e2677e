/**
 * @module core/extract/failure-text
 * Did a command fail, judged from its output text alone? Hosts that hand back a shell command's
 * output as a plain string (Codex, VS Code, Copilot, Cursor's tool output, Claude-shaped payloads of
 * hook-less hosts) say nothing else, so the text has to. Only what a tool prints and prose does not
 * counts, in order of certainty:
 * 1. a stated exit status: a line that is only `exit code 1`, `Exit status: 2`, `Process exited with
 *    code 1`, `Command failed with exit code 1`, `returned non-zero exit status 1`, make's `*** … Error 2`
 *    (and `exit code 0` says it succeeded, whatever follows);
 * 2. a test runner's summary with a failure count above zero (`Tests: 2 failed`, `=== 1 failed in …
 *    ===`, `test result: FAILED`, `3 failing`, `5 examples, 2 failures`, `# fail 2`, `Tests run: 4,
 *    Failures: 1`) or its per-file failure marker (`FAIL src/x.test.ts`, `FAIL\tpkg`, `--- FAIL:`,
 *    `FAILED tests/x.py::t`, `not ok 3`); a summary that counts only passes says it succeeded;
 * 3. a stack trace: an error line followed by frames (`at f (file:1:2)`, `at pkg.C.m(C.java:3)`),
 *    Python's `Traceback (most recent call last):`, a Go `panic:` with its goroutine, a Rust panic;
 *    or a diagnostic a compiler or CLI prints as it gives up (`src/a.c:3:5: error: …`, `error[E0308]:`,
 *    `error TS2322:`, git's `fatal: …`). These yield to a passing summary (a passing test run may
 *    log a trace).
 * Counts are numbers and the labels tool vocabulary, so "42 passed, 0 failed" is never a failure.
 */

/** What the text says: failed (with the line that says so), succeeded, or nothing certain. */
export type TextVerdict = { readonly failed: true; readonly line: string; readonly exitCode?: number } | { readonly failed: false } | null;

/** Lines longer than this are data (a minified bundle), never a status line. */
const MAX_LINE = 400;
/** Only the head and tail of a long output are read: runners print their summary at the end. */
const HEAD_CHARS = 16_000;
const TAIL_CHARS = 16_000;

// 1. Exit status lines.
const EXIT_ONLY_RE = /^[\s[(<>*#-]*(?:error:?\s*|fatal:?\s*)?(?:the\s+)?(?:command\s+|process\s+|script\s+)?exit(?:ed)?\s+(?:with\s+)?(?:code|status)[:=]?\s*\(?(-?\d+)\)?[\s.)\]>]*$/i;
const EXITED_WITH_RE = /\b(?:(?:exited|terminated)\s+with\s+(?:a\s+)?(?:non-zero\s+)?(?:exit\s+)?|(?:failed|finished|completed)\s+with\s+(?:a\s+)?(?:non-zero\s+)?exit\s+)(?:code|status)[:=]?\s*\(?(-?\d+)\)?(?:[\s.:;,)\]>]|$)/i;
const NON_ZERO_RE = /\breturned non-zero exit status (\d+)/;
const MAKE_RE = /^(?:g?make|ninja)(?:\[\d+\])?: \*\*\* .*\bError (\d+)\s*$/;
const NPM_LIFECYCLE_RE = /^npm (?:ERR!|error) (?:code ELIFECYCLE|errno [1-9]|Lifecycle script .* failed)/;

// 2. Test runners.
const FAILED_COUNT_RE = /(?:^|[\s,(|])([1-9]\d*)\s+(?:tests?\s+|specs?\s+|examples?\s+|suites?\s+)?(?:failed|failing|failures?|errors?|fail|errored|broken)\b/i;
const LABEL_COUNT_RE = /\b(?:failures|failed|errors|fail)\s*[:=]\s*([1-9]\d*)\b/i;
const PASSED_COUNT_RE = /(?:^|[\s,(|])(\d+)\s+(?:tests?\s+|specs?\s+|examples?\s+)?(?:passed|passing|pass|succeeded|ok|successful)\b/i;
/** A line that is a summary: a runner's label first, or `===` framing, or two counts side by side. */
const SUMMARY_HEAD_RE = /^\s*(?:Tests?(?: Files| Suites)?:?\s|Test Suites:|Suites?:|Ran \d|test result:|#\s*(?:tests|pass|fail)\b|ℹ\s*(?:tests|pass|fail)\b|Tests run:|Results?:|Summary:|TOTAL\b|={3,}|-{3,}|\[(?:ERROR|INFO)\]\s+Tests run:|FAILED\b|OK\b|ERRORS?!|FAILURES!)/i;
const COUNT_PAIR_RE = /\d+\s+(?:tests?\s+)?(?:passed|passing|pass|failed|failing|failures?|errors?|skipped|pending|todo|total|examples?|tests?|assertions?|warnings?)\b/gi;
const FAIL_MARKER_RE = /^\s*(?:FAIL(?:\s+\S.*|\s*)$|--- FAIL: \S|FAILED \S+::\S|FAILED \((?:failures|errors)=[1-9]|not ok \d+\b(?!.*#\s*(?:TODO|SKIP))|test result: FAILED\b|error: test failed\b|BUILD FAILURE\b|BUILD FAILED\b|FAILURE: Build failed|FAILURES!$|ERRORS!$|Failed!\s+-\s+Failed:\s+[1-9]|Found [1-9]\d* errors?\b|[1-9]\d* (?:failing|failed|fail|failures?)(?:\s+\(\S+\))?\s*$)/;
const PASS_MARKER_RE = /^\s*(?:ok\s+\S+\s+[\d.]+s\b|PASS\s+\S|test result: ok\.|OK(?: \(\w+=\d+\)| \(\d+ tests?\))?\s*$|BUILD SUCCESS(?:FUL)?\b|Passed!\s+-\s+Failed:\s+0\b|\d+ (?:passing|passed|pass)(?:\s+\(\S+\))?\s*$)/;

// 3. Stack traces.
const TRACEBACK_RE = /^Traceback \(most recent call last\):\s*$/;
const ERROR_HEAD_RE = /^\s*(?:Uncaught\s+|Unhandled exception\.\s+|Exception in thread "[^"]*"\s+|Caused by:\s+)?(?:[A-Za-z_$][\w$]*\.)*[A-Za-z_$][\w$]*(?:Error|Exception|Panic|Fault)\b(?:\s*\[[\w-]+\])?(?::\s.*|:?\s*$)/;
const FRAME_RE = /^\s+(?:at\s+(?:async\s+)?\S.*?(?:\(.*:\d+(?::\d+)?\)|:\d+:\d+|\(native\)|\(<anonymous>\)|\.java:\d+\)|\(Unknown Source\))\s*$|at\s+[\w$.<>`]+\(.*\)(?:\s+in\s+.+:line\s+\d+)?\s*$|File\s+".+",\s+line\s+\d+|from\s+\S+:\d+:in\b)/;
const GO_PANIC_RE = /^panic: /;
const GOROUTINE_RE = /^goroutine \d+ \[/;
const RUST_PANIC_RE = /^thread '.*' panicked at /;
/** What compilers and CLIs print as they give up: `a.c:3:5: error: …`, `error[E0308]: …`, `a.ts(3,7): error TS2322: …`, `fatal: …`. */
const DIAGNOSTIC_RE = /^(?:\S+:\d+:\d+: (?:fatal )?error: \S|\S+\(\d+,\d+\): error TS\d+:|error TS\d+:|error(?:\[E\d{4}\])?: \S|fatal: \S)/;

function window(text: string): string {
  return text.length > HEAD_CHARS + TAIL_CHARS ? `${text.slice(0, HEAD_CHARS)}\n${text.slice(-TAIL_CHARS)}` : text;
}

function countPairs(line: string): number {
  COUNT_PAIR_RE.lastIndex = 0;
  let n = 0;
  while (COUNT_PAIR_RE.exec(line) !== null) n++;
  return n;
}

/** A test summary line's verdict: failed with a count above zero, passed with passes only, or null. */
function summaryVerdict(line: string): boolean | null {
  const summary = SUMMARY_HEAD_RE.test(line) || countPairs(line) >= 2;
  if (!summary) return null;
  if (FAILED_COUNT_RE.test(line) || LABEL_COUNT_RE.test(line)) return true;
  return PASSED_COUNT_RE.test(line) ? false : null;
}

/** The exit status a line states, if it is a status line. */
function statedExit(line: string): number | undefined {
  const m = EXIT_ONLY_RE.exec(line) ?? EXITED_WITH_RE.exec(line) ?? NON_ZERO_RE.exec(line) ?? MAKE_RE.exec(line);
  return m ? Number(m[1]) : undefined;
}

/** What a command's plain-text output says of its outcome. Bounded work; never throws. */
export function textVerdict(text: string): TextVerdict {
  if (typeof text !== 'string' || !text.trim()) return null;
  const lines = window(text).split('\n');
  let exit: { code: number; line: string } | undefined;
  let summaryFail: string | undefined;
  let marker: string | undefined;
  let passed = false;
  let trace: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > MAX_LINE || !line.trim()) continue;
    const code = statedExit(line);
    if (code !== undefined) exit = { code, line: line.trim() };
    else if (NPM_LIFECYCLE_RE.test(line)) exit ??= { code: 1, line: line.trim() };
    const s = summaryVerdict(line);
    if (s === true) summaryFail ??= line.trim();
    else if (s === false) passed = true;
    if (FAIL_MARKER_RE.test(line)) marker ??= line.trim();
    else if (PASS_MARKER_RE.test(line)) passed = true;
    if (trace === undefined) trace = traceAt(lines, i) ?? (DIAGNOSTIC_RE.test(line) ? line.trim() : undefined);
  }
  const why = summaryFail ?? marker;
  // The last stated status wins (a wrapper's own line comes after the command's output).
  if (exit) return exit.code === 0 ? { failed: false } : { failed: true, line: why ?? trace ?? exit.line, exitCode: exit.code };
  if (why) return { failed: true, line: why };
  if (passed) return { failed: false };
  if (trace) return { failed: true, line: trace };
  return null;
}

/** The error line of a stack trace starting at line `i`, or undefined. */
function traceAt(lines: readonly string[], i: number): string | undefined {
  const line = lines[i]!;
  if (TRACEBACK_RE.test(line)) {
    // Python names the exception on the last line of the trace.
    for (let j = i + 1; j < Math.min(lines.length, i + 200); j++) {
      const l = lines[j]!;
      if (l && !/^\s/.test(l) && !l.startsWith('Traceback')) return l.trim();
    }
    return line.trim();
  }
  if (GO_PANIC_RE.test(line)) {
    for (let j = i + 1; j < Math.min(lines.length, i + 4); j++) if (GOROUTINE_RE.test(lines[j]!)) return line.trim();
    return undefined;
  }
  if (RUST_PANIC_RE.test(line)) return line.trim();
  if (!ERROR_HEAD_RE.test(line)) return undefined;
  // An error line with a frame right below it (Node prints a source excerpt first: allow a few lines).
  for (let j = i + 1; j < Math.min(lines.length, i + 6); j++) if (FRAME_RE.test(lines[j]!)) return line.trim();
  return undefined;
}
