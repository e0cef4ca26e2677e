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

import { closingErrorLine } from './error-line.ts';

/** What the text says: failed (with the line that says so), succeeded, or nothing certain. */
export type TextVerdict = { readonly failed: true; readonly line: string; readonly exitCode?: number } | { readonly failed: false } | null;

/** Lines longer than this are data (a minified bundle), never a status line. */
const MAX_LINE = 400;
/** Only the head and tail of a long output are read: runners print their summary at the end. */
const HEAD_CHARS = 16_000;
const TAIL_CHARS = 16_000;

// Every pattern below is compiled the first time a line that could match it comes along (a hook
// is a fresh process each time, so compiling costs more than matching): each family runs only on
// lines that hold its keyword, and the patterns are case-sensitive where tools print one case.

// 1. Exit status lines ("exit", "status", make's "***").
const EXIT_ONLY_RE = /^[\s[(<>*#-]*(?:[Ee]rror:?\s*|fatal:?\s*)?(?:[Tt]he\s+)?(?:[Cc]ommand\s+|[Pp]rocess\s+|[Ss]cript\s+)?(?:[Ee]xit|EXIT)(?:ed)?\s+(?:with\s+)?(?:[Cc]ode|[Ss]tatus|CODE|STATUS)[:=]?\s*\(?(-?\d+)\)?[\s.)\]>]*$/;
const EXITED_WITH_RE = /\b(?:(?:exited|terminated)\s+with\s+(?:a\s+)?(?:non-zero\s+)?(?:exit\s+)?|(?:failed|finished|completed)\s+with\s+(?:a\s+)?(?:non-zero\s+)?exit\s+)(?:code|status)[:=]?\s*\(?(-?\d+)\)?(?:[\s.:;,)\]>]|$)/;
const NON_ZERO_RE = /\breturned non-zero exit status (\d+)|\b(?:did not|didn't) complete successfully: exit (?:code: )?(\d+)/;
const MAKE_RE = /^(?:g?make|ninja)(?:\[\d+\])?: \*\*\* .*\bError (\d+)\s*$/;
const NPM_LIFECYCLE_RE = /^npm (?:ERR!|error) (?:code ELIFECYCLE|errno [1-9]|Lifecycle script .* failed)/;

// 2. Test runners (a count next to a runner's word).
const LABEL_COUNT_RE = /\b(?:[Ff]ailures|[Ff]ailed|[Ee]rrors|[Ff]ail)\s*[:=]\s*([1-9]\d*)\b/;
/** How runners begin a summary line (`Tests: …`, `=== … ===`, `test result: …`, `# fail 2`, `Tests run: …`). */
const SUMMARY_PREFIXES: readonly string[] = ['Test', 'Suite', 'Ran ', 'test result:', '#', '\u2139', 'Result', 'Summary:', 'TOTAL', '===', '---', '[ERROR]', '[INFO]', 'FAILED', 'OK', 'ERROR', 'FAILURES!'];
/** `<count> <word>`, optionally `<count> tests <word>`: every count a runner prints. One simple pattern, words looked up in sets. */
const COUNT_RE = /(\d+)\s+(?:(?:tests?|specs?|examples?|suites?)\s+)?([a-z]+)/g;
const FAIL_WORDS: ReadonlySet<string> = new Set(['failed', 'failing', 'failure', 'failures', 'error', 'errors', 'fail', 'errored', 'broken']);
const PASS_WORDS: ReadonlySet<string> = new Set(['passed', 'passing', 'pass', 'succeeded', 'ok', 'successful']);
const OTHER_WORDS: ReadonlySet<string> = new Set(['skipped', 'pending', 'todo', 'total', 'examples', 'example', 'specs', 'spec', 'tests', 'test', 'assertions', 'assertion', 'warnings', 'warning']);
const COUNT_BOUNDARY = ' \t,(|';
const FAIL_PLAIN_RE = /^FAIL(?:\s+\S|\s*$)/;
const FAILED_PY_RE = /^FAILED (?:\S+::\S|\((?:failures|errors)=[1-9])/;
const NOT_OK_RE = /^not ok \d+\b(?!.*#\s*(?:TODO|SKIP))/;
const DOTNET_FAILED_RE = /^Failed!\s+-\s+Failed:\s+[1-9]/;
/** tsc's `Found 3 errors`, deno lint's `Found 2 problems`. */
const TSC_FOUND_RE = /^Found [1-9]\d* (?:errors?|problems?)\b/;
/** Linters' closing counts: rubocop's `12 files inspected, 3 offenses detected`, golangci-lint's `4 issues:`. */
const LINT_COUNT_RE = /^\d+ files? inspected, [1-9]\d* offenses? detected\b|^[1-9]\d* issues?:\s*$/;
const LINT_CLEAN_RE = /^\d+ files? inspected, no offenses detected\b|^0 issues\.?\s*$/;
const BARE_FAIL_COUNT_RE = /^[1-9]\d* (?:tests? )?(?:failing|failed|fail|failures?)(?:\s+\(\S+\))?\s*$/;
/** Format checkers' verdicts: black's and ruff's `1 file would be reformatted`, prettier's `[warn] Code style issues found`. */
const REFORMAT_RE = /^[1-9]\d* files? would be reformatted\b/;
/** Build tools' closing words that only come with errors: webpack's `compiled with 2 errors`, `Failed to compile.` (Next.js, CRA), sbt's and scala-cli's `Compilation failed`. */
const BUILD_FAILED_RE = /^webpack [\d.]+ compiled with [1-9]\d* errors?\b|^Failed to compile\b|^(?:\[error\] .*)?Compilation failed$/;
const GO_OK_RE = /^ok\s+\S+\s+[\d.]+s\b/;
const OK_RE = /^OK(?: \(\w+=\d+\)| \(\d+ tests?\))?\s*$/;
const BARE_PASS_COUNT_RE = /^\d+ (?:passing|passed|pass)(?:\s+\(\S+\))?\s*$/;

/**
 * A runner's per-file or final failure marker: `FAIL src/x.test.ts`, `FAIL\tpkg`, `--- FAIL: TestX`,
 * `FAILED tests/x.py::t`, `not ok 3`, `test result: FAILED`, `BUILD FAILURE`, `FAILURES!`,
 * `Failed!  - Failed: 1`, tsc's `Found 3 errors`, mocha's `2 failing`. Dispatched on the line's first
 * characters, so a pattern is compiled only for a line that could be its marker.
 */
function failMarker(t: string): boolean {
  if (t.includes(': ok=')) {
    const m = RECAP_RE.exec(t);
    if (m) return m[1] !== '0' || m[2] !== '0';
  }
  switch (t.charCodeAt(0)) {
    case 70 /* F */:
      return FAIL_PLAIN_RE.test(t) || FAILED_PY_RE.test(t) || t.startsWith('FAILURE: Build failed') || t.startsWith('FAILURES!') || DOTNET_FAILED_RE.test(t) || TSC_FOUND_RE.test(t) || t.startsWith('Failed to compile');
    case 45 /* - */:
      return t.startsWith('--- FAIL: ');
    case 110 /* n */:
      return t.startsWith('not ok ') && NOT_OK_RE.test(t);
    case 116 /* t */:
      return t.startsWith('test result: FAILED');
    case 101 /* e */:
      return t.startsWith('error: test failed');
    case 66 /* B */:
      return t.startsWith('BUILD FAILURE') || t.startsWith('BUILD FAILED');
    case 69 /* E */:
      return t.startsWith('ERRORS!');
    case 91 /* [ */:
      // gtest's `[  FAILED  ] Suite.Test`.
      return t.startsWith('[  FAILED  ]') || t.startsWith('[warn] Code style issues found') || BUILD_FAILED_RE.test(t);
    default:
      return t.charCodeAt(0) >= 48 && t.charCodeAt(0) <= 57 ? BARE_FAIL_COUNT_RE.test(t) || REFORMAT_RE.test(t) || LINT_COUNT_RE.test(t) : BUILD_FAILED_RE.test(t);
  }
}

/** A runner's pass marker: go's `ok pkg 0.1s`, jest's `PASS x`, `test result: ok.`, unittest's `OK`, `BUILD SUCCESS`, `12 passing`. */
function passMarker(t: string): boolean {
  if (t.includes(': ok=')) return RECAP_RE.test(t);
  if (t.startsWith('ok')) return GO_OK_RE.test(t);
  if (t.startsWith('PASS')) return /^PASS\s+\S/.test(t);
  if (t.startsWith('OK')) return OK_RE.test(t);
  return t.startsWith('test result: ok.') || t.startsWith('BUILD SUCCESS') || (t.startsWith('Passed!') && /Failed:\s+0\b/.test(t)) || (t.charCodeAt(0) >= 48 && t.charCodeAt(0) <= 57 && (BARE_PASS_COUNT_RE.test(t) || LINT_CLEAN_RE.test(t)));
}

// 3. Stack traces and give-up diagnostics.
const TRACEBACK_LINE = 'Traceback (most recent call last):';
const ERROR_HEAD_RE = /^\s*(?:Uncaught\s+|Unhandled exception\.\s+|Exception in thread "[^"]*"\s+|Caused by:\s+)?(?:[A-Za-z_$][\w$]*\.)*(?:[A-Za-z_$][\w$]*)?(?:Error|Exception|Panic|Fault)\b(?:\s*\[[\w-]+\])?(?::\s.*|:?\s*$)/;
const FRAME_RE = /^\s+(?:at\s+(?:async\s+)?\S.*?(?:\(.*:\d+(?::\d+)?\)|:\d+:\d+|\(native\)|\(<anonymous>\)|\.java:\d+\)|\(Unknown Source\))\s*$|at\s+[\w$.<>`]+\(.*\)(?:\s+in\s+.+:line\s+\d+)?\s*$|File\s+".+",\s+line\s+\d+|from\s+\S+:\d+:in\b)/;
const GOROUTINE_RE = /^goroutine \d+ \[/;
/** What compilers and CLIs print as they give up: `a.c:3:5: error: …`, `error[E0308]: …`, `a.ts(3,7): error TS2322: …`, `fatal: …`. */
const DIAGNOSTIC_RE = /^(?:\S+:\d+:\d+: (?:fatal )?error: \S|\S+\(\d+,\d+\): error TS\d+:|error TS\d+:|error(?:\[E\d{4}\])?: \S|fatal: \S|(?:PHP )?(?:Fatal|Parse) error: +\S|(?:lua|luajit)[\d.]*: \S+:\d+: \S)/;
/** Ansible's `PLAY RECAP` line for a host: failed or unreachable above zero fails the run, else it passed (an ignored `fatal:` above included). */
const RECAP_RE = /^\S+\s+: ok=\d+\s+changed=\d+\s+unreachable=(\d+)\s+failed=(\d+)/;
const DIGIT_RE = /\d/;

function window(text: string): string {
  return text.length > HEAD_CHARS + TAIL_CHARS ? `${text.slice(0, HEAD_CHARS)}\n${text.slice(-TAIL_CHARS)}` : text;
}

/** The counts of a line: how many `<n> <word>` pairs a runner would print, and whether one counts failures above zero or passes. */
function counts(line: string): { pairs: number; failed: boolean; passed: boolean } {
  let pairs = 0;
  let failed = false;
  let passed = false;
  COUNT_RE.lastIndex = 0;
  for (let m = COUNT_RE.exec(line); m !== null; m = COUNT_RE.exec(line)) {
    const before = m.index === 0 ? ' ' : line[m.index - 1]!;
    if (!COUNT_BOUNDARY.includes(before)) continue;
    const word = m[2]!;
    const n = Number(m[1]);
    if (FAIL_WORDS.has(word)) {
      pairs++;
      if (n > 0) failed = true;
    } else if (PASS_WORDS.has(word)) {
      pairs++;
      passed = true;
    } else if (OTHER_WORDS.has(word)) pairs++;
  }
  return { pairs, failed, passed };
}

/** A log record (`ERROR:sync:payment 12 failed`, Python's default logging format): a program's words, not a runner's count. */
const LOG_RECORD_RE = /^(?:DEBUG|INFO|WARNING|ERROR|CRITICAL):[\w.]+:/;

/** A test summary line's verdict: failed with a count above zero, passed with passes only, or null. */
function summaryVerdict(line: string): boolean | null {
  const t = line.trimStart();
  if (LOG_RECORD_RE.test(t)) return null;
  const c = counts(line);
  if (!SUMMARY_PREFIXES.some((p) => t.startsWith(p)) && c.pairs < 2) return null;
  if (c.failed || LABEL_COUNT_RE.test(line)) return true;
  return c.passed ? false : null;
}

/** The exit status a line states, if it is a status line. */
function statedExit(line: string): number | undefined {
  const m = EXIT_ONLY_RE.exec(line) ?? EXITED_WITH_RE.exec(line) ?? NON_ZERO_RE.exec(line) ?? (line.includes('***') ? MAKE_RE.exec(line) : null);
  return m ? Number(m[1] ?? m[2]) : undefined;
}

/** The keywords of a line, found with plain string search (no pattern to compile). */
function keywords(line: string): { exit: boolean; counts: boolean; fail: boolean; pass: boolean; error: boolean } | undefined {
  const lower = line.toLowerCase();
  const exit = lower.includes('exit') || line.includes('***') || line.startsWith('npm ');
  const fail = lower.includes('fail') || line.includes('not ok') || line.includes('Found ') || line.includes(' would be reformatted') || line.startsWith('[warn] Code style') || (line.startsWith('webpack ') && line.includes(' error')) || line.includes(' offenses detected') || line.includes(' offense detected') || /issues?:\s*$/.test(line);
  // Lua gives up as `lua: f.lua:3: attempt to call a nil value`, with no word for an error.
  const error = lower.includes('error') || lower.includes('exception') || lower.includes('panic') || lower.includes('fault') || line.includes('fatal: ') || line.startsWith(TRACEBACK_LINE) || (line.startsWith('lua') && line.includes(': '));
  const pass = lower.includes('pass') || lower.includes('ok') || line.includes('BUILD SUCCESS') || line.includes('no offenses') || line.startsWith('0 issues');
  if (!exit && !fail && !error && !pass) return undefined;
  return { exit, counts: (fail || pass || error) && DIGIT_RE.test(line), fail, pass, error };
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
    if (line.length > MAX_LINE) continue;
    const k = keywords(line);
    if (!k) continue;
    if (k.exit) {
      const code = statedExit(line);
      if (code !== undefined) exit = { code, line: line.trim() };
      else if (line.startsWith('npm ') && NPM_LIFECYCLE_RE.test(line)) exit ??= { code: 1, line: line.trim() };
    }
    if (k.counts) {
      const s = summaryVerdict(line);
      if (s === true) summaryFail ??= line.trim();
      else if (s === false) passed = true;
    }
    const t = line.trim();
    // A marker may end a progress line (Next.js: `Creating an optimized production build ...Failed to compile.`).
    const dots = t.lastIndexOf('...');
    if ((k.fail || k.error) && (failMarker(t) || (dots > 0 && failMarker(t.slice(dots + 3).trim())))) marker ??= t;
    else if (k.pass && passMarker(t)) passed = true;
    if (k.error && trace === undefined) trace = traceAt(lines, i) ?? (DIAGNOSTIC_RE.test(line) ? line.trim() : undefined);
  }
  // A runner's marker names what failed (the file, the test); its summary only counts.
  const why = marker ?? summaryFail;
  // The last stated status wins (a wrapper's own line comes after the command's output).
  if (exit) return exit.code === 0 ? { failed: false } : { failed: true, line: why ?? trace ?? exit.line, exitCode: exit.code };
  if (why) return { failed: true, line: why };
  if (passed) return { failed: false };
  if (trace) return { failed: true, line: trace };
  const closing = closingErrorLine(lines);
  return closing ? { failed: true, line: closing } : null;
}

/** The error line of a stack trace starting at line `i`, or undefined. */
function traceAt(lines: readonly string[], i: number): string | undefined {
  const line = lines[i]!;
  if (line.startsWith(TRACEBACK_LINE)) {
    // Python names the exception on the last line of the trace.
    for (let j = i + 1; j < Math.min(lines.length, i + 200); j++) {
      const l = lines[j]!;
      if (l && !/^\s/.test(l) && !l.startsWith('Traceback')) return l.trim();
    }
    return line.trim();
  }
  if (line.startsWith('panic: ')) {
    for (let j = i + 1; j < Math.min(lines.length, i + 4); j++) if (GOROUTINE_RE.test(lines[j]!)) return line.trim();
    return undefined;
  }
  if (line.startsWith("thread '") && line.includes("' panicked at ")) return line.trim();
  if (!ERROR_HEAD_RE.test(line)) return undefined;
  // An error line with a frame right below it (Node prints a source excerpt first: allow a few lines).
  for (let j = i + 1; j < Math.min(lines.length, i + 6); j++) if (FRAME_RE.test(lines[j]!)) return line.trim();
  return undefined;
}
