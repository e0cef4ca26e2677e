/**
 * @module core/extract/compress/log
 * Long logs keep what a reader looks at: the head (what ran), every line that reports a problem
 * (with one line of context before it), and the tail (how it ended). Runs of identical lines
 * collapse into one with a count.
 */

/**
 * A word or mark that reports a problem. Global: it runs once over the whole text (see problemLines).
 * The marks are escaped (✗ ✘ × ❌) so the hook bundle stays ASCII.
 */
const PROBLEM_RE = /\b(?:error|Error|ERROR|fatal|FATAL|panic|FAIL(?:ED)?|failed|Exception|Traceback|warning|WARN|ERR!|assert(?:ion)?|expected|Expected|undefined|not found|denied|refused|timed? ?out|Caused by)\b|\u2717|\u2718|\u00d7|\u274c/g;
const HUGE_CHARS = 400_000;
const FRAME_RE = /^\s+at\s|^\s+File "|^\s+\d+:\s+0x/;

/**
 * A stack-frame line: FRAME_RE, asked only of lines it can match (indented, then `at`, `File "` or a
 * digit), so a log of indented lines does not run it on every one.
 */
function isFrame(line: string): boolean {
  const rest = line.trimStart();
  if (rest.length === line.length) return false;
  const c = rest.charCodeAt(0);
  return (rest.startsWith('at') || rest.startsWith('File "') || (c >= 48 && c <= 57)) && FRAME_RE.test(line);
}

/**
 * Which of `text`'s lines hold a problem word, from one run of PROBLEM_RE over the whole text rather
 * than one per line: a hook process runs it once, and V8 interprets a regex the first times it meets
 * short strings, which for this alternation costs more than the whole scan. Same answers as testing
 * each line with its trailing whitespace trimmed: no alternative spans a line break, starts or ends
 * with whitespace, and `\b` sees a line break or trailing space as it sees the end of a line.
 */
function problemLines(text: string, lines: readonly string[]): boolean[] {
  const problem = lines.map(() => false);
  let line = 0;
  let lineEnd = lines[0]!.length;
  PROBLEM_RE.lastIndex = 0;
  for (let m = PROBLEM_RE.exec(text); m; m = PROBLEM_RE.exec(text)) {
    while (m.index > lineEnd) lineEnd += 1 + lines[++line]!.length;
    problem[line] = true;
    // One hit is enough: go on from the next line.
    PROBLEM_RE.lastIndex = lineEnd + 1;
  }
  return problem;
}

interface Line {
  readonly text: string;
  readonly problem: boolean;
}

/** Fold consecutive duplicates: `x` ×3 → `x  (×3)`, a problem line (the × is a problem mark). */
function fold(lines: readonly string[], problem: readonly boolean[]): Line[] {
  const out: Line[] = [];
  for (let i = 0; i < lines.length; ) {
    let j = i + 1;
    while (j < lines.length && lines[j] === lines[i]) j++;
    out.push(j - i > 1 ? { text: `${lines[i]}  (×${j - i})`, problem: true } : { text: lines[i]!, problem: problem[i]! });
    i = j;
  }
  return out;
}

/** Room an omission marker (`… 1234 lines omitted …`) takes, line break included. */
const MARKER_CHARS = 28;

function cap(line: string, n: number): string {
  return line.length > n ? `${line.slice(0, n - 1)}…` : line;
}

/** Compress a log to about `maxChars`: head, problem lines, tail, with omission markers. */
export function compressLog(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return selectLines(text.length > HUGE_CHARS ? headAndTail(text) : text, maxChars);
}

/** Huge outputs: only the first and last 200 KB are read; the middle is counted, not scanned. */
function headAndTail(text: string): string {
  const head = text.slice(0, HUGE_CHARS / 2);
  const tail = text.slice(-HUGE_CHARS / 2);
  return `${head.slice(0, head.lastIndexOf('\n') + 1)}… ${text.length - HUGE_CHARS} chars omitted …\n${tail.slice(tail.indexOf('\n') + 1)}`;
}

function selectLines(text: string, maxChars: number): string {
  const raw = text.split('\n');
  // trimEnd drops what `/\s+$/` would, without a regex retried at every space of the line.
  const folded = fold(raw.map((l) => l.trimEnd()), problemLines(text, raw));
  const lines = folded.map((l) => l.text);
  const lineCap = Math.max(80, Math.min(400, Math.floor(maxChars / 6)));
  const budget = maxChars;
  const headN = 8;
  const tailN = 12;
  const keep = new Set<number>();
  for (let i = 0; i < Math.min(headN, lines.length); i++) keep.add(i);
  for (let i = Math.max(0, lines.length - tailN); i < lines.length; i++) keep.add(i);
  let frames = 0;
  for (let i = 0; i < lines.length; i++) {
    if (folded[i]!.problem) {
      keep.add(i);
      if (i > 0) keep.add(i - 1);
    } else if (frames < 6 && isFrame(lines[i]!)) {
      keep.add(i);
      frames++;
    }
  }
  const order = [...keep].sort((a, b) => a - b);
  // Over budget: drop kept lines from the middle outwards, keeping head and tail. The omission markers
  // count too: a result over budget would be cut at its end, where a command's result line is.
  const shown = (i: number) => Math.min(lines[i]!.length, lineCap) + 1;
  let size = order.reduce((a, i) => a + shown(i), 0);
  let gaps = order.reduce((n, i, k) => n + (i > (k ? order[k - 1]! : -1) + 1 ? 1 : 0), 0) + (order[order.length - 1]! < lines.length - 1 ? 1 : 0);
  while (size + gaps * MARKER_CHARS > budget && order.length > 2) {
    const mid = Math.floor(order.length / 2);
    const [before, removed, after] = [order[mid - 1]!, order[mid]!, order[mid + 1]!];
    order.splice(mid, 1);
    size -= shown(removed);
    // The gaps either side of the removed line become one.
    gaps += 1 - (removed > before + 1 ? 1 : 0) - (after > removed + 1 ? 1 : 0);
  }
  const out: string[] = [];
  let prev = -1;
  for (const i of order) {
    if (i > prev + 1) out.push(`… ${i - prev - 1} lines omitted …`);
    out.push(cap(lines[i]!, lineCap));
    prev = i;
  }
  if (prev < lines.length - 1) out.push(`… ${lines.length - 1 - prev} lines omitted …`);
  return out.join('\n');
}
