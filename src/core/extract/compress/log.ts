/**
 * @module core/extract/compress/log
 * Long logs keep what a reader looks at: the head (what ran), every line that reports a problem
 * (with one line of context before it), and the tail (how it ended). Runs of identical lines
 * collapse into one with a count.
 */

const PROBLEM_RE = /\b(?:error|Error|ERROR|fatal|FATAL|panic|FAIL(?:ED)?|failed|Exception|Traceback|warning|WARN|ERR!|assert(?:ion)?|expected|Expected|undefined|not found|denied|refused|timed? ?out|Caused by)\b|✗|✘|×|❌/;
const HUGE_CHARS = 400_000;
const FRAME_RE = /^\s+at\s|^\s+File "|^\s+\d+:\s+0x/;

/** Fold consecutive duplicates: `x` ×3 → `x  (×3)`. */
function fold(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    let j = i + 1;
    while (j < lines.length && lines[j] === lines[i]) j++;
    out.push(j - i > 1 ? `${lines[i]}  (×${j - i})` : lines[i]!);
    i = j;
  }
  return out;
}

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
  // trimEnd drops what `/\s+$/` would, without a regex retried at every space of the line.
  const lines = fold(text.split('\n').map((l) => l.trimEnd()));
  const lineCap = Math.max(80, Math.min(400, Math.floor(maxChars / 6)));
  const budget = maxChars;
  const headN = 8;
  const tailN = 12;
  const keep = new Set<number>();
  for (let i = 0; i < Math.min(headN, lines.length); i++) keep.add(i);
  for (let i = Math.max(0, lines.length - tailN); i < lines.length; i++) keep.add(i);
  let frames = 0;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (PROBLEM_RE.test(l)) {
      keep.add(i);
      if (i > 0) keep.add(i - 1);
    } else if (FRAME_RE.test(l) && frames < 6) {
      keep.add(i);
      frames++;
    }
  }
  const order = [...keep].sort((a, b) => a - b);
  // Over budget: drop kept lines from the middle outwards, keeping head and tail.
  let size = order.reduce((a, i) => a + Math.min(lines[i]!.length, lineCap) + 1, 0);
  while (size > budget && order.length > 2) {
    const mid = Math.floor(order.length / 2);
    const [removed] = order.splice(mid, 1);
    size -= Math.min(lines[removed!]!.length, lineCap) + 1;
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
