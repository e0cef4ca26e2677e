/**
 * @module import/claude-code/transcript-lines
 * A transcript's lines, read in fixed-size chunks (a multi-gigabyte file never becomes one string),
 * with the entries the importer never uses dropped before they are decoded or parsed. In recent
 * Claude Code builds most lines are `progress` entries (hook and shell progress, whole subagent
 * messages): skipping them unparsed is most of the import's speed.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { SourceLine } from './transcript-events.ts';

const CHUNK = 256 * 1024;
const NEWLINE = 0x0a;
const HEAD_BYTES = 512;

/** Entry types whose first key is `type` and which carry nothing a hook would have seen. */
const SKIPPED_FIRST_KEY_RE = /^\{"type":"(?:progress|file-history-snapshot|summary)"/;
const PROGRESS_KEY = '"type":"progress"';

/**
 * True when a line is certainly an entry the importer ignores, judged from its first bytes.
 * `"type":"progress"` counts only at the top level: nothing may open before it but the entry's own
 * brace (a `{` or `[` inside a string also stops the shortcut, which then just parses the line).
 * Inside a JSON string every quote is escaped, so the bare-quoted key cannot come from string content.
 */
export function isIgnorableLine(head: string): boolean {
  if (head.charCodeAt(0) !== 123) return false;
  if (SKIPPED_FIRST_KEY_RE.test(head)) return true;
  const i = head.indexOf(PROGRESS_KEY);
  if (i < 0) return false;
  for (let k = 1; k < i; k++) {
    const c = head.charCodeAt(k);
    if (c === 123 || c === 91) return false;
  }
  return true;
}

export interface LineCounts {
  lines: number;
  /** Lines dropped unparsed by `isIgnorableLine`. */
  skipped: number;
  /** Bytes read so far (for progress). */
  bytes: number;
}

/**
 * The file's non-empty lines, numbered from 1, without the ones `isIgnorableLine` rejects. The file
 * is opened for each chunk read and closed again: a session's main and subagent files are read side
 * by side (merged by time), and a session with hundreds of subagents must not hold hundreds of
 * descriptors or buffers. A line longer than a chunk is gathered in pieces.
 */
export function* transcriptLines(path: string, counts: LineCounts): Generator<SourceLine> {
  const chunk = Buffer.allocUnsafe(CHUNK);
  let position = 0;
  let pieces: Buffer[] = [];
  let no = 0;
  for (;;) {
    const fd = openSync(path, 'r');
    let n: number;
    try {
      n = readSync(fd, chunk, 0, CHUNK, position);
    } finally {
      closeSync(fd);
    }
    position += n;
    let start = 0;
    for (;;) {
      const nl = n > 0 ? chunk.indexOf(NEWLINE, start) : -1;
      if (nl < 0 || nl >= n) break;
      no++;
      const buf = pieces.length ? Buffer.concat([...pieces, chunk.subarray(start, nl)]) : chunk.subarray(start, nl);
      pieces = [];
      counts.bytes += buf.length + 1;
      const line = emit(buf, 0, buf.length, no, counts);
      if (line) yield line;
      start = nl + 1;
    }
    if (n === 0) {
      if (pieces.length) {
        no++;
        const buf = Buffer.concat(pieces);
        counts.bytes += buf.length;
        const line = emit(buf, 0, buf.length, no, counts);
        if (line) yield line;
      }
      return;
    }
    // Keep the partial line (the chunk is overwritten by the next read).
    if (start < n) pieces.push(Buffer.from(chunk.subarray(start, n)));
  }
}

function emit(buf: Buffer, start: number, end: number, no: number, counts: LineCounts): SourceLine | undefined {
  if (end > start && buf[end - 1] === 0x0d) end--;
  while (start < end && (buf[start] === 0x20 || buf[start] === 0x09)) start++;
  if (end <= start) return undefined;
  counts.lines++;
  if (isIgnorableLine(buf.toString('latin1', start, Math.min(end, start + HEAD_BYTES)))) {
    counts.skipped++;
    return undefined;
  }
  return { no, text: buf.toString('utf8', start, end) };
}
