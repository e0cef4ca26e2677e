/**
 * @module core/extract/error-line
 * The line of a failed command's output that a person would name as "the error": the compiler's
 * first `file:line:col: error: …`, the exception a trace ends in (its root `Caused by:`, the last
 * of a chained Python traceback), the CLI's own `fatal: …` / `ERROR: …` / `curl: (7) …`. A table of
 * line shapes, each with a rank: the best-ranked line wins, the first of equals (the first compiler
 * error is the cause, the rest often follow from it). Lines that only say the whole run failed
 * (`error: could not compile`, `make: *** … Error 1`, `FAILURE: Build failed`) rank last: they are
 * the wrapper, not the reason. A line whose message continues on the next line (`thread 'main'
 * panicked at src/main.rs:3:37:`, `CMake Error at CMakeLists.txt:8 (find_package):`) gets it appended.
 */

/** Only the head and tail of a huge output are read (the middle is counted, not scanned). */
const HEAD_CHARS = 200_000;
const TAIL_CHARS = 200_000;
/** Lines longer than this are data (a minified bundle), never an error line. */
const MAX_LINE = 600;

/**
 * Where a line could be an error line: one global pass finds the candidates (a hook process runs it
 * once over the text, cheaper than a pattern per line), then only those lines meet the shapes.
 */
const CANDIDATE_RE = /[Ee]rror|ERROR|[Ff]atal|FATAL|panic|Exception|[Ff]ailed|FAIL|denied|not found|CONFLICT|rejected|Killed|fault|Aborted|ERR[!_]|Traceback|\.\w+:\d+:\d+|\.\w+:\[\d+,\d+\]|\(\d+,\d+\)|undefined reference|does not exist| is invalid: |\u00d7 |\u2716|refused|timed out|No space|Read-only|not permitted|annot |ould not |nable to |already exists|\bTS\d{4,5}: |\bSC\d{4} \(| line \d+\.$|^(?:\*\* \(|Could not connect to |HTTP [45]\d\d: |GraphQL: |Can't |Global symbol |Undefined subroutine |Died at |[Ww]ould reformat|\[warn\] \S+\.\w+$)/gm;

/**
 * Decorations tools put before the message: Terraform's and miette's boxes (`│ Error: …`), Python's
 * exception-group bars (`  | ValueError: …`), BuildKit's step prefix (`#8 2.301 `), pytest's `E   `,
 * maven's and sbt's level tag (`[ERROR] `, `[error] `), the service prefix of docker compose's logs
 * (`web-1  | `) and stack's package prefix (`app   > `), shellcheck's caret under the code (`^--^ `),
 * Gradle's `> ` under "What went wrong", yarn berry's `➤ YN0001: `, CocoaPods' `[!] `, and the package and
 * script a monorepo runner puts before each line (pnpm -r `packages/web build: `, turbo `web:build: `).
 */
const DECORATION_RE = /^(?:Stdout|Stderr|Output): |^> |^(?:\s*[\u2502\u2503\u2551\u2577\u2575|+](?: |$))|^#\d+ (?:\d+\.\d+ )?|^E {3,}|^\[(?:error|ERROR)\] ?|^[\w.-]+[-_]\d+ +\| |^[\w.-]+ +> ?(?!.* FAILED$)|^\s*\^-*\^ |^\u27a4 YN\d{4}: |^\[!\] |^(?:[\w@.-]+\/[\w@./-]+ |[\w@.-]+:)[a-z][\w:-]*: (?=\S)/;
/** Lines that are only decoration (box rules, `+-+---- 1 ----`). */
const RULE_ONLY_RE = /^[\s\-+=_\u2500-\u257f\d|]*$/;

/** A line shape and its rank (0 best). */
interface Shape {
  readonly re: RegExp;
  readonly rank: number;
}

/**
 * Error-line shapes, best first. Rank 0: a diagnostic that names the problem (a compiler's located
 * error, an exception with its message, a CLI's own give-up line); 1: a located diagnostic with a
 * code but no "error" word (go build, ruff, flake8, eslint -f unix); 2: a bare complaint.
 */
const SHAPES: readonly Shape[] = [
  // Compilers: `a.c:3:5: error: …`, `A.java:5: error: …`, `a.ts(3,7): error TS2322: …`, `x.py:1:2 - error: …`, eslint's `3:7  error  …`, kotlinc's `e: file.kt:5:5 …`.
  { re: /^\S+?(?::\d+(?::\d+)?:?| :) (?:fatal )?error\b/, rank: 0 },
  { re: /^\S+?:\d+:\d+ - error\b/, rank: 0 },
  { re: /^\S+?\(\d+,\d+\): (?:fatal )?error\b/, rank: 0 },
  { re: /^\d+:\d+\s+(?:error|\u2716)\s+\S/, rank: 0 },
  { re: /^e: \S+:\d+:\d+ /, rank: 0 },
  // maven's javac `File.java:[7,9] cannot find symbol`, dart's `error - a.dart:3:9 - …`, eslint -f unix `[Error/rule]`, shellcheck `SC2086 (info): …`.
  { re: /^\S+\.\w+:\[\d+,\d+\] \S/, rank: 0 },
  { re: /^error - \S+:\d+:\d+ - \S/, rank: 0 },
  { re: /^\S+:\d+:\d+: .* \[Error\/[\w@/-]+\]$/, rank: 0 },
  { re: /^SC\d{4} \((?:error|warning|info|style)\): \S/, rank: 0 },
  // esbuild `✘ [ERROR] …`, Scala 3's `-- [E006] Not Found Error: a.scala:3:2`, webpack/ts-loader's `TS2339: …`.
  { re: /^\u2718 \[ERROR\] \S|^-- (?:\[E\d+\] )?\w[\w ]* Error: \S+:\d+:\d+|^TS\d{4,5}: \S/, rank: 0 },
  { re: /^(?:error|warning)?\s*(?:error\[E\d+\]|error TS\d+):/, rank: 0 },
  // Runtime: `TypeError: …`, `Error [ERR_X]: …`, `Caused by: java.net.ConnectException: …`, panics, signals.
  { re: /^(?:Uncaught |Caused by: |Unhandled exception\. |Exception in thread "[^"]*" )?(?:[A-Za-z_$][\w$]*(?:\.|::))*[A-Za-z_$][\w$]*(?:Error|Exception|Exit|Interrupt|Failure)(?: \[[\w-]+\])?: \S/, rank: 0 },
  { re: /^panic: \S|^thread '[^']*' panicked at|^fatal error: \S/, rank: 0 },
  { re: /^(?:\S+: line \d+: +\d+ )?(?:Segmentation fault|Bus error|Aborted|Killed|Illegal instruction)\b/, rank: 0 },
  // Ruby `a.rb:3:in 'greet': undefined method … (NoMethodError)`, Elixir `** (CompileError) …`, Erlang `exception error: …`, PHP `PHP Fatal error:  …`.
  { re: /^\S+:\d+:in [`'][^']*': .* \((?:[A-Z]\w*::)*[A-Z]\w*\)$/, rank: 0 },
  { re: /^\*\* \((?:[A-Z]\w*\.)*[A-Z]\w*\) \S|^(?:[\w.+-]+: |\*\* )?exception (?:error|exit|throw): \S|^(?:PHP )?(?:Fatal|Parse) error: +\S/, rank: 0 },
  // Perl's fatal messages (`Can't locate Foo.pm in @INC`, `Global symbol "$x" requires explicit package name`).
  { re: /^(?:Can't locate \S+ in @INC|Can't locate object method |Can't call method |Global symbol "\S+" requires |Undefined subroutine |syntax error at \S+ line \d+|Died at \S+ line \d+)/, rank: 0 },
  // CLIs giving up: `fatal: …`, `ERROR: …`, `clang: error: …`, `curl: (7) …`, kubectl, docker, pnpm, npm, psql, sqlite, git, CMake, linkers.
  { re: /^(?:fatal|FATAL(?: ERROR)?|error|ERROR|Error|FAILED)(?:\[\w+\])?:\s+(?!\(none\))\S/, rank: 0 },
  { re: /^[\w.+-]+: (?:fatal )?error(?::| \(at) \S|^[\w.+-]+: \(\d+\) \S/, rank: 0 },
  { re: /^(?:[\w.-]+: )?Error (?:from server|response from daemon)\b|^The \w+ "[^"]+" is invalid: \S|^\s*ERR_PNPM_\w+|^npm (?:ERR!|error) \S|^(?:Parse|Runtime) error\b|^CMake Error\b|^CONFLICT \(|^! \[(?:remote )?rejected\]|undefined reference to |^error [A-Z"]/, rank: 0 },
  { re: /: (?:Permission denied|command not found|No such file or directory|No space left|Read-only file|Operation not permitted|Connection (?:refused|timed out|reset)|Network is unreachable)\b|^\u00d7 \S/, rank: 0 },
  // aws `An error occurred (NoSuchBucket) when calling …`, mysql `ERROR 1146 (42S02) at line 1: …`, redis-cli `(error) WRONGTYPE …`, gh `HTTP 404: …` / `GraphQL: …`.
  { re: /^An error occurred \([\w.]+\) when calling |^ERROR \d+ \(\w+\)(?: at line \d+)?: \S|^\(error\) [A-Z]{2,}\b|^Could not connect to Redis at \S+: \S|^HTTP [45]\d\d: \S|^GraphQL: \S/, rank: 0 },
  // Resolvers giving up (poetry, dart pub), systemd's `Job for x.service failed …` / `Failed to start x.service: …`.
  { re: /\bversion solving failed\b|^Job for \S+ failed\b|^Failed to \w+ \S+\.(?:service|socket|timer|target|mount)\b/, rank: 0 },
  // Located diagnostics without the word: `main.go:12:2: undefined: Foo`, `a.py:1:8: F401 …` (not warnings or notes).
  { re: /^\S+\.\w+:\d+:\d+:? (?!warning\b|note\b|info\b|hint\b)\S/, rank: 1 },
  // A location alone, its message on the next line (scala-cli, Next.js's `./app/page.tsx:12:3` + `Type error: …`); webpack's `ERROR in ./src/a.ts 1:0-30`.
  { re: /^\S+\.\w+:\d+:\d+:?$|^ERROR in \S/, rank: 1 },
  // A file a format checker would rewrite: black/ruff `would reformat a.py`, prettier `[warn] a.ts`.
  { re: /^[Ww]ould reformat:? \S|^\[warn\] \S+\.\w+$/, rank: 1 },
  // A linter's located code without a column (hadolint `Dockerfile:3 DL3008 warning: …`, markdownlint `a.md:3 MD022/…`);
  // a CLI's give-up sentence (`Cannot connect to the Docker daemon …`, `Could not find gem …`, `CocoaPods could not find …`).
  { re: /^\S+:\d+ [A-Z]{2,}\d{3,5}\b|^(?:\w+ ){0,2}(?:[Cc]annot|[Cc]ould not|[Uu]nable to|[Ff]ailed to) [a-z]|^\u2716 +\S/, rank: 1 },
  // Bare complaints.
  { re: /^(?:error|fatal|panic)\b|\b(?:npm|yarn|pnpm) ERR!|^\w*(?:Error|Exception)\b|\bnot found\b|\bdoes not exist\b|\bfailed\b|\balready exists\b|\bwas refused\b/, rank: 2 },
  // Perl's `die` location (`… at a.pl line 3.`): warnings end the same way, so it only beats a wrapper.
  { re: /\S at \S+ line \d+\.$/, rank: 2 },
];
const WRAPPER_RANK = 3;

/**
 * Lines that only say the whole run failed; they yield to any line that says why. One pattern:
 * build tools' and runners' closing words.
 */
const WRAPPER_RE = /could not compile|linker command failed|failed to push some refs|Build failed|BUILD FAILED|Failed to execute goal|[Tt]est failed|the following command failed|Failed to (?:build|compile)|A complete log of this run|^g?make(?:\[\d+\])?: \*\*\*|Compilation (?:failure|error)|COMPILATION ERROR|errors occurred|Execution failed for task|There (?:are|were) (?:test )?failures|did not complete successfully|Lifecycle script|^npm (?:ERR!|error) (?:code|errno|path|command|syscall|signal)\b|^npm (?:ERR!|error)\s*$|failed with exit code|exited with (?:code|status)|Command failed|aborting due to|Compilation failed|compilation aborted|aborted due to compilation errors|errors have been logged|subprocess-exited-with-error|didn't complete successfully/;

/** Python's trace headers, plain and exception-group. */
const TRACEBACK_RE = /^(?:\s*\+ )?(?:Exception Group )?Traceback \(most recent call last\):/;
/** A line that ends by announcing its message on the next line (`… panicked at a.rs:3:37:`, `… (find_package):`), or only a code (`error: [GHC-88464]`). */
const CONTINUES_RE = /:$|^Error: [A-Z]+\d+$|:\s*\[[\w-]+\]$|^Error Message:$|^\S+\.\w+:\d+:\d+$|^ERROR in \S+(?: \d+:\d+(?:-\d+)?)?$/;

function clean(raw: string): string {
  const l = raw.replace(DECORATION_RE, '');
  return (l === raw ? l : l.replace(DECORATION_RE, '')).trim();
}

/** The text worth reading: all of it, or the head and tail of a huge one. */
export function readable(text: string): string {
  return text.length > HEAD_CHARS + TAIL_CHARS ? `${text.slice(0, HEAD_CHARS)}\n${text.slice(-TAIL_CHARS)}` : text;
}

/** Indices of lines the candidate pattern touches, from one pass over the joined lines. */
export function candidates(text: string, lines: readonly string[]): number[] {
  const out: number[] = [];
  let line = 0;
  let lineEnd = lines[0]!.length;
  CANDIDATE_RE.lastIndex = 0;
  for (let m = CANDIDATE_RE.exec(text); m; m = CANDIDATE_RE.exec(text)) {
    while (m.index > lineEnd && line < lines.length - 1) lineEnd += 1 + lines[++line]!.length;
    out.push(line);
    CANDIDATE_RE.lastIndex = lineEnd + 1;
  }
  return out;
}

/** A line that says it is only a warning (`Warning: Identity file … not accessible`, `WARN[0000] …`). */
const WARNING_RE = /^(?:warning|Warning|WARNING|WARN)\b/;

function rankOf(l: string): number | undefined {
  if (WRAPPER_RE.test(l)) return WRAPPER_RANK;
  for (const s of SHAPES) if (s.re.test(l)) return WARNING_RE.test(l) ? Math.max(s.rank, 2) : s.rank;
  return undefined;
}

/** The exception a Python trace ends in: the first unindented line after the last trace header. */
function pythonException(lines: readonly string[]): string | undefined {
  let header = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i]!;
    if (l.includes('Traceback (most recent call last):') && TRACEBACK_RE.test(l.replace(DECORATION_RE, '').replace(DECORATION_RE, ''))) {
      header = i;
      break;
    }
  }
  if (header < 0) return undefined;
  for (let j = header + 1; j < Math.min(lines.length, header + 400); j++) {
    const raw = lines[j]!.replace(DECORATION_RE, '');
    if (!raw.trim() || /^\s/.test(raw) || RULE_ONLY_RE.test(raw)) continue;
    const l = raw.trim();
    if (l.startsWith('File ') || l.startsWith('^') || l.startsWith('~')) continue;
    return l;
  }
  return undefined;
}

/** The next line with something in it, for a line that announces its message there. */
function continuation(lines: readonly string[], i: number): string | undefined {
  for (let j = i + 1; j < Math.min(lines.length, i + 3); j++) {
    const l = clean(lines[j]!);
    if (l && !RULE_ONLY_RE.test(l)) return l;
  }
  return undefined;
}

/**
 * The line of an error text that states the error, or undefined when no line does. Java's trace
 * names its root cause last (`Caused by:`), Python's chained trace its final exception last; for
 * everything else the first best-ranked line is the cause.
 */
export function errorLine(text: string): string | undefined {
  return rankedErrorLine(text)?.line;
}

/** `errorLine` with its rank: 0 and 1 state the error; 2 and 3 only complain that something failed. */
export function rankedErrorLine(text: string): { readonly line: string; readonly rank: number } | undefined {
  if (typeof text !== 'string' || !text) return undefined;
  const joined = readable(text);
  const lines = joined.split('\n');
  const py = joined.includes('Traceback (most recent call last):') ? pythonException(lines) : undefined;
  if (py) return { line: py, rank: 0 };
  let best: { rank: number; i: number; l: string } | undefined;
  let cause: { rank: number; i: number; l: string } | undefined;
  for (const i of candidates(joined, lines)) {
    const raw = lines[i]!;
    // A long line counts only when its start is a sure diagnostic (ansible's `fatal: [web1]: FAILED! => {…}`), never as data.
    const l = clean(raw.length > MAX_LINE ? raw.slice(0, MAX_LINE) : raw);
    if (!l) continue;
    const rank = rankOf(l);
    if (rank === undefined || (rank > 0 && raw.length > MAX_LINE)) continue;
    if (l.startsWith('Caused by: ')) cause = { rank, i, l };
    if (!best || rank < best.rank) best = { rank, i, l };
  }
  const chosen = cause ?? best;
  if (!chosen) return undefined;
  if (!CONTINUES_RE.test(chosen.l)) return { line: chosen.l, rank: chosen.rank };
  const next = continuation(lines, chosen.i);
  return { line: next ? `${chosen.l} ${next}` : chosen.l, rank: chosen.rank };
}

/** How many of the last non-empty lines the closing words may span (a diagnostic's own excerpt and hints follow it). */
const CLOSING_LINES = 12;

/**
 * A diagnostic among the output's closing lines: a command that gives up says why as its last
 * words (`curl: (7) …`, `ERROR: No matching distribution …`, `Error from server (NotFound): …`,
 * terraform's boxed `Error:`), while a run that logged an error and carried on ends with something
 * else. Only the surest shapes (rank 0) count, never a wrapper or a bare complaint.
 */
export function closingErrorLine(lines: readonly string[]): string | undefined {
  let seen = 0;
  let found: string | undefined;
  for (let i = lines.length - 1; i >= 0 && seen < CLOSING_LINES; i--) {
    const raw = lines[i]!;
    if (raw.length > MAX_LINE) return found;
    const l = clean(raw);
    if (!l) continue;
    seen++;
    // A run that ends by saying it succeeded (`Successfully installed foo-1.0`) logged its errors and carried on.
    if (seen === 1 && /^(?:Successfully|Done\b|Finished\b)/.test(l)) return undefined;
    const rank = rankOf(l);
    // A located diagnostic without the word "error" (`main.go:12:2: undefined: Foo`, `a.py:1:8: F401 …`)
    // counts only as the very last line: a linter or compiler that stopped there.
    if (rank === 0 || (rank === 1 && seen === 1)) found = l;
  }
  return found;
}
