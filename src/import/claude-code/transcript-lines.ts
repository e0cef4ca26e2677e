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

/** Where and how to read (the importer reads whole files; the narration reader reads what was appended). */
export interface LineWindow {
  /** Byte offset to start at: the start of a line (default 0). */
  readonly from?: number;
  /** Stop at the first line end at or after this offset (a soft bound: a line is never cut). */
  readonly to?: number;
  /**
   * Keep an unterminated last line back (a writer may be halfway through it): it is read once its
   * newline is there. Default false: the importer takes it as the file's last line.
   */
  readonly holdPartial?: boolean;
  /**
   * Lines longer than this many bytes are not gathered into one string but skimmed as they stream
   * by (`SourceLine.skim`), so memory stays bounded whatever one line holds. Default: no limit.
   */
  readonly maxLine?: number;
}

/** What a line too long to gather showed: its first bytes, and the call and result ids it names. */
export interface LineSkim {
  readonly head: string;
  readonly calls: readonly (readonly [id: string, name: string])[];
  readonly results: readonly string[];
}

const SKIM_HEAD = 4096;
/** Bytes of one piece kept for the next, so an id split across two reads is still found. */
const SKIM_OVERLAP = 512;
const CALL_RE = /"type":"tool_use","id":"([^"\\]{1,200})","name":"([^"\\]{1,200})"/g;
const RESULT_RE = /"tool_use_id":"([^"\\]{1,200})"/g;

/** The ids of a line too long to gather, collected piece by piece. */
export class Skimmer {
  head = '';
  #carry = '';
  readonly #calls = new Map<string, string>();
  readonly #results = new Set<string>();

  add(piece: Buffer): void {
    const text = this.#carry + piece.toString('latin1');
    if (this.head.length < SKIM_HEAD) this.head += text.slice(0, SKIM_HEAD - this.head.length);
    for (const m of text.matchAll(CALL_RE)) this.#calls.set(m[1]!, m[2]!);
    for (const m of text.matchAll(RESULT_RE)) this.#results.add(m[1]!);
    this.#carry = text.slice(-SKIM_OVERLAP);
  }

  done(): LineSkim {
    return { head: this.head, calls: [...this.#calls], results: [...this.#results] };
  }
}

/** What skimming `text` as a line read from a file would have found (for a line that was gathered and parsed instead). */
export function skimText(text: string): LineSkim {
  const s = new Skimmer();
  const buf = Buffer.from(text, 'utf8');
  for (let i = 0; i < buf.length; i += CHUNK) s.add(buf.subarray(i, i + CHUNK));
  return s.done();
}

/**
 * The file's non-empty lines, numbered from 1 (from `window.from`: numbered from there), without the
 * ones `isIgnorableLine` rejects, each with the byte offset just past it. The file is opened for each
 * chunk read and closed again: a session's main and subagent files are read side by side (merged by
 * time), and a session with hundreds of subagents must not hold hundreds of descriptors or buffers.
 * A line longer than a chunk is gathered in pieces. A file shorter than `from` yields nothing.
 */
export function* transcriptLines(path: string, counts: LineCounts, window: LineWindow = {}): Generator<SourceLine> {
  const chunk = Buffer.allocUnsafe(CHUNK);
  const maxLine = window.maxLine ?? Infinity;
  const to = window.to ?? Infinity;
  let position = window.from ?? 0;
  /** Offset where the line being gathered starts. */
  let lineStart = position;
  let pieces: Buffer[] = [];
  let gathered = 0;
  let skim: Skimmer | undefined;
  let no = 0;
  const finish = (last: Buffer, end: number): SourceLine | undefined => {
    no++;
    const bytes = gathered + last.length;
    counts.bytes += end - lineStart;
    lineStart = end;
    if (skim) {
      skim.add(last);
      const s = skim.done();
      skim = undefined;
      pieces = [];
      gathered = 0;
      counts.lines++;
      if (isIgnorableLine(s.head.slice(0, HEAD_BYTES))) {
        counts.skipped++;
        return undefined;
      }
      return { no, text: '', end, bytes, skim: s };
    }
    const buf = pieces.length ? Buffer.concat([...pieces, last]) : last;
    pieces = [];
    gathered = 0;
    return emit(buf, 0, buf.length, no, end, counts);
  };
  const hold = (piece: Buffer) => {
    gathered += piece.length;
    if (skim) return skim.add(piece);
    pieces.push(Buffer.from(piece));
    if (gathered > maxLine) {
      skim = new Skimmer();
      for (const p of pieces) skim.add(p);
      pieces = [];
    }
  };
  for (;;) {
    // Past the window's end: only the line under way is finished.
    if (position >= to && lineStart >= to) return;
    const fd = openSync(path, 'r');
    let n: number;
    try {
      n = readSync(fd, chunk, 0, CHUNK, position);
    } finally {
      closeSync(fd);
    }
    const base = position;
    position += n;
    let start = 0;
    for (;;) {
      const nl = n > 0 ? chunk.indexOf(NEWLINE, start) : -1;
      if (nl < 0 || nl >= n) break;
      const line = finish(chunk.subarray(start, nl), base + nl + 1);
      if (line) yield line;
      start = nl + 1;
      if (lineStart >= to) return;
    }
    if (n === 0) {
      if (gathered > 0 && !window.holdPartial) {
        const line = finish(Buffer.alloc(0), position);
        if (line) yield line;
      }
      return;
    }
    // Keep the partial line (the chunk is overwritten by the next read).
    if (start < n) hold(chunk.subarray(start, n));
  }
}

function emit(buf: Buffer, start: number, end: number, no: number, endOffset: number, counts: LineCounts): SourceLine | undefined {
  const bytes = end - start;
  if (end > start && buf[end - 1] === 0x0d) end--;
  while (start < end && (buf[start] === 0x20 || buf[start] === 0x09)) start++;
  if (end <= start) return undefined;
  counts.lines++;
  if (isIgnorableLine(buf.toString('latin1', start, Math.min(end, start + HEAD_BYTES)))) {
    counts.skipped++;
    return undefined;
  }
  return { no, text: buf.toString('utf8', start, end), end: endOffset, bytes };
}
