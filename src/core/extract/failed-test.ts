/**
 * @module core/extract/failed-test
 * Which test failed, as the runner names it. A failed test run's error line (`AssertionError: 3 != 2`)
 * says what went wrong but not where; the runner's per-test failure line names the test, and that is
 * what a person quotes ("test_create_user fails"). A table of those line shapes, most specific first:
 * when several match, the earliest row of the table wins, then the first line in the output.
 */

/**
 * A runner's failed-test line. `detail`: the message is on the next indented line (go, gradle).
 * `listed`: a numbered failure list (`1) Suite` over the test's title, then the error and its
 * frames): the last such line is the list's (the first may be the progress line), its title lines
 * are joined and the spec file the first frame names is added.
 */
interface Reader {
  readonly re: RegExp;
  readonly detail?: boolean;
  readonly listed?: boolean;
}

const READERS: readonly Reader[] = [
  // pytest `FAILED tests/a.py::test_x - msg`, `ERROR tests/a.py` (collection); unittest `FAIL: test_x (mod.Case.test_x)`.
  { re: /^(?:FAILED|ERROR) \S+\.py\b/ },
  { re: /^(?:FAIL|ERROR): \w+ \([\w.]+\)/ },
  // go `--- FAIL: TestX (0.00s)`; cargo `test mod::t ... FAILED`; gtest `[  FAILED  ] Suite.Test (1 ms)`.
  { re: /^--- FAIL: \S+/, detail: true },
  { re: /^test \S+ \.\.\. FAILED$/ },
  { re: /^\[ {2}FAILED {2}\] \w+\.\w+/ },
  // cargo-nextest `FAIL [   0.003s] app::tests::it_adds` (also a crash or a timeout); ava `✘ [fail]: file › title`.
  { re: /^(?:FAIL|SIGSEGV|SIGABRT|SIGKILL|TIMEOUT) \[\s*[\d.]+m?s\] \S/ },
  { re: /^\u2718 \[fail\]: \S/ },
  // rspec `rspec ./spec/a_spec.rb:10 # desc`; minitest `UserTest#test_valid [file:6]:`; maven `[ERROR]   AppTest.testAdd:12 msg`.
  { re: /^rspec \.\/\S+:\d+ # / },
  { re: /^\w+#test_\w+ \[.+\]:?$/ },
  { re: /^\[ERROR\]\s+\w[\w.$]*[.#]\w+:\d+\b/ },
  // jest's failure heading `● Suite › test` (names the test, where `FAIL src/a.test.ts` names the file), flutter `00:02 +0 -1: t [E]`.
  { re: /^\u25cf .+ \u203a \S|^\d+:\d+ \+\d+(?: ~\d+)? -\d+: .+ \[E\]$/ },
  // jest `FAIL src/a.test.ts`, vitest `FAIL  src/a.test.ts > suite > test`.
  { re: /^FAIL\s+\S+\.\w+\b/ },
  // TAP `not ok 1 - name`; node's spec reporter `✖ name (1.1ms)`; playwright `✘  1 [chromium] › a.spec.ts:12:5 › t`; bun `(fail) a > t`; deno `t ... FAILED`.
  { re: /^not ok \d+ (?:- )?\S(?!.*#\s*(?:TODO|SKIP))/ },
  { re: /^\u2716 .+ \(\d[\d.]*m?s\)$/ },
  { re: /^\u2718\s+\d+ .*\u203a/ },
  { re: /^\(fail\) \S/ },
  { re: /^\S.* \.\.\. FAILED\b/ },
  // gradle `AppTest > adds() FAILED`; dotnet `Failed Ns.Class.Test [12 ms]`; xctest `Test Case '-[A b]' failed`.
  { re: /^\w[\w.$]* > .+ FAILED$/, detail: true },
  { re: /^Failed \S+ \[\d/ },
  { re: /^Test Case '.+' failed\b/ },
  // scalatest `- adds *** FAILED ***`, ctest `2/3 Test #2: unit_math ....***Failed`, swift-testing `\u2718 Test add() recorded an issue`.
  { re: /^(?:\[info\] )?- .+ \*\*\* FAILED \*\*\*|^\d+\/\d+ Test +#\d+: .*\*\*\*\w|^\u2718 Test \S.* (?:recorded an issue|failed)\b/ },
  // mocha, cypress, rspec, phpunit, mix: the numbered failure list (`1) suite test:`).
  { re: /^1\) \S/, listed: true },
];

/** Keywords one of the readers needs: lines without any are skipped without running a pattern. */
const HINT_RE = /FAIL|\*\*\*|\u25cf|\[E\]$|ERROR|not ok|\u2716|\u2718|\(fail\)|Failed|failed|rspec |#test_|^\s*1\) |SIG[A-Z]+ \[|TIMEOUT \[/;

/** The runner's line naming the first failed test (with its message when on the next line), if any. */
export function failedTest(text: string): string | undefined {
  if (typeof text !== 'string' || !text) return undefined;
  const lines = text.split('\n');
  let best: { row: number; line: string; i: number } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.length > 400 || !HINT_RE.test(raw)) continue;
    const t = raw.trim();
    // A listed row's later line replaces its earlier one (the list comes after the progress lines).
    const limit = best ? (READERS[best.row]!.listed ? best.row + 1 : best.row) : READERS.length;
    for (let r = 0; r < limit; r++) {
      if (READERS[r]!.re.test(t)) {
        best = { row: r, line: t.replace(/\s{2,}/g, ' '), i };
        break;
      }
    }
    if (best?.row === 0) break;
  }
  if (!best) return undefined;
  if (READERS[best.row]!.listed) return listedTest(lines, best.i, best.line);
  if (!READERS[best.row]!.detail) return best.line;
  const next = lines[best.i + 1];
  return next && /^\s+\S/.test(next) ? `${best.line}: ${next.trim()}` : best.line;
}

/** Labels under a numbered failure that are not part of the title (jasmine's `Message:` / `Stack:`). */
const LABEL_RE = /^(?:Message|Stack|Error|Failure\/Error):$/;
/** Where a frame or a location line points: `at f (test/a.js:5:14)`, `webpack:///./cypress/e2e/a.cy.js:8:34`, `test/a_test.exs:5`. */
const FRAME_LOC_RE = /^\s*(?:at .*?[( ](?:file:\/\/|webpack:\/\/[^/\s]*\/)?|(?=\S+:\d+$))(?:\.\/)?([^\s()]+\.\w+):(\d+)(?::\d+)?\)?\s*$/;
const NOT_SPEC_RE = /node_modules|^node:|^internal\/|<anonymous>/;

/**
 * A numbered failure (`1) Cart` over `     computes total:`): its title with the more indented lines
 * down to the one ending in `:`, and the spec file and line of the first frame that is not a
 * library's or the runtime's.
 */
function listedTest(lines: readonly string[], i: number, line: string): string {
  const indent = (l: string) => l.length - l.trimStart().length;
  let title = line;
  const base = indent(lines[i]!);
  for (let j = i + 1; j < Math.min(lines.length, i + 5); j++) {
    const l = lines[j]!;
    const t = l.trim();
    if (!t || indent(l) <= base || LABEL_RE.test(t)) break;
    title += ` ${t.replace(/:$/, '')}`;
    if (t.endsWith(':')) break;
  }
  for (let j = i + 1; j < Math.min(lines.length, i + 40); j++) {
    const l = lines[j]!;
    if (l.length > 400 || /^\s*2\) /.test(l)) break;
    const m = FRAME_LOC_RE.exec(l);
    if (m && !NOT_SPEC_RE.test(m[1]!)) return `${title} (${m[1]}:${m[2]})`;
  }
  return title;
}
