/**
 * @module core/extract/user/data
 * A large pasted payload (a log, JSON, a diff, a CSV, a file): kept as a `data` event that says
 * what was pasted and how much, since the payload itself is too big to be an event.
 */
import { codePoints } from '../text.ts';
import { countLines } from '../tools/files.ts';

const JSON_END_RE = /[}\]]\s*$/;
const DIFF_RE = /^(?:diff --git|--- a\/|@@ )/m;

const MIN_DATA_CHARS = 1500;
const MIN_PROSE_LINES = 40;
const TIMESTAMP_RE = /^\s*\[?\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}|^\s*\[?\d{2}:\d{2}:\d{2}/;
const CODE_LINE_RE = /[;{}]\s*$|^\s{2,}\S|^\s*(?:import|export|def|class|function|const|let|var|fn|func|package|return|if|for)\b/;
const FRAME_LINE_RE = /^\s*(?:at\s+\S|File\s+"|#\d+\s)/;
/** A run without white space this long is a blob (base64, minified code, a dump), never prose. */
const BLOB_RUN_RE = /\S{500}/;

/** What a pasted payload is (json, diff, stack trace, log, csv, code, blob, text) and how big. */
export interface DataPayload {
  readonly kind: string;
  readonly lines: number;
  readonly bytes: number;
}

/** Describe a pasted payload, or null when the message is ordinary text. */
export function detectData(text: string): DataPayload | null {
  if (text.length < MIN_DATA_CHARS || codePoints(text) < MIN_DATA_CHARS) return null;
  const lineCount = countLines(text);
  // Shape is judged on a sample: the first and last 200 lines (of at most 64 KB each).
  const sample = lineCount > 400 ? text.slice(0, 65_536).split('\n').slice(0, 200).concat(text.slice(-65_536).split('\n').slice(-200)) : text.split('\n');
  const n = sample.length;
  const count = (re: RegExp): number => sample.reduce((a, l) => a + (re.test(l) ? 1 : 0), 0);
  const trimmed = text.trimStart();
  let kind = 'text';
  if ((trimmed.startsWith('{') || trimmed.startsWith('[')) && JSON_END_RE.test(text)) kind = 'json';
  else if (DIFF_RE.test(text)) kind = 'diff';
  else if (count(FRAME_LINE_RE) >= 3) kind = 'stack trace';
  else if (count(TIMESTAMP_RE) / n >= 0.3) kind = 'log';
  else if (n >= 5 && csvLike(sample)) kind = 'csv';
  else if (count(CODE_LINE_RE) / n >= 0.3) kind = 'code';
  else if (BLOB_RUN_RE.test(text.length > 200_000 ? text.slice(0, 200_000) : text)) kind = 'blob';
  if (kind === 'text' && lineCount < MIN_PROSE_LINES) return null;
  return { kind, lines: lineCount, bytes: byteLength(text) };
}

function csvLike(lines: readonly string[]): boolean {
  const counts = lines.filter((l) => l.trim()).slice(0, 50).map((l) => l.split(',').length);
  const first = counts[0] ?? 0;
  return first >= 3 && counts.filter((c) => c === first).length / counts.length >= 0.8;
}

/** UTF-8 length without allocating (no Buffer in core). */
export function byteLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** "12.3 KB" style sizes. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1048576) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1048576).toFixed(1)} MB`;
}
