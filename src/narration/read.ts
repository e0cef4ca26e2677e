/**
 * @module narration/read
 * One read of one host transcript from where the last read stopped. An append-only transcript is
 * read by byte offset: from the saved offset to the end of its last complete line (a line still
 * being written waits for its newline), at most about `maxBytes` at a time, with memory bounded
 * whatever the file holds (transcript-lines reads in chunks and skims lines too long to gather).
 *
 * A file is the one read before when its device and inode are the same, it is not shorter than the
 * offset, and the bytes just before the offset are unchanged; otherwise it was replaced, cut or
 * rewritten, and is read again from its start (narration records are keyed by call, so reading a
 * stretch twice stores nothing twice). A file that is gone is left for later. Never throws for what
 * a file holds; an unreadable file is reported as such.
 */
import { closeSync, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { RecordMerge, type NarrationRecord } from '../core/narration.ts';
import { transcriptLines } from '../import/claude-code/transcript-lines.ts';
import { NARRATION_MAX_LINE } from '../import/claude-code/transcript-narration.ts';
import type { TranscriptFormat } from './formats.ts';

/** Bytes before the offset compared to tell an appended file from a rewritten one. */
const TAIL_BYTES = 64;
/**
 * A file unchanged this long is finished with: an unterminated last line is then taken as a line
 * (as the importer takes it), not waited for. A writer that comes back appends after it.
 */
export const SETTLED_MS = 60_000;

/** Where a file was read to (store/sqlite/narration's cursor, as the reader needs it). */
export interface ReadPosition {
  readonly path: string;
  readonly session: string;
  readonly dev: number | null;
  readonly ino: number | null;
  readonly offset: number;
  /** The file's size at the last read (past `offset` by an unfinished last line). */
  readonly size: number | null;
  readonly tail: string | null;
  /** The reader's saved state (JSON), or null. */
  readonly state: string | null;
}

export type ReadOutcome =
  | { readonly kind: 'missing' }
  | { readonly kind: 'unreadable'; readonly error: string }
  | { readonly kind: 'unchanged' }
  | {
      readonly kind: 'read';
      readonly records: readonly NarrationRecord[];
      /** The read started over from byte 0 (the file was replaced or cut). */
      readonly restarted: boolean;
      readonly offset: number;
      /** The file's size, when the read went as far as it; null when it stopped at `maxBytes` before. */
      readonly size: number | null;
      readonly dev: number;
      readonly ino: number;
      readonly tail: string;
      readonly state: string | null;
      readonly bytes: number;
      /** Bytes left after `offset` (complete lines or not) when the read stopped. */
      readonly remaining: number;
    };

function tailAt(fd: number, offset: number): string {
  const n = Math.min(TAIL_BYTES, offset);
  if (n === 0) return '';
  const buf = Buffer.alloc(n);
  const got = readSync(fd, buf, 0, n, offset - n);
  return buf.subarray(0, got).toString('hex');
}

function parseState(state: string | null): unknown {
  if (!state) return undefined;
  try {
    return JSON.parse(state);
  } catch {
    return undefined;
  }
}

const errorCode = (err: unknown): string | undefined => (err as { code?: string } | null)?.code;

/** Read what was appended to `pos.path` since `pos`, as `format` narrates it. */
export function readAppended(pos: ReadPosition, format: Extract<TranscriptFormat, { kind: 'lines' }>, maxBytes: number, now = Date.now()): ReadOutcome {
  // The common case at every fold, answered by one stat: the file is the one read, no longer.
  // (A file rewritten in place to exactly its old size waits until it grows, when its tail tells.)
  try {
    const st = statSync(pos.path);
    if (st.isFile() && st.dev === pos.dev && st.ino === pos.ino && (st.size === pos.offset || (st.size === pos.size && now - st.mtimeMs < SETTLED_MS))) {
      return { kind: 'unchanged' };
    }
  } catch {
    /* told apart below */
  }
  let fd: number;
  try {
    fd = openSync(pos.path, 'r');
  } catch (err) {
    const code = errorCode(err);
    return code === 'ENOENT' || code === 'ENOTDIR' ? { kind: 'missing' } : { kind: 'unreadable', error: err instanceof Error ? err.message : String(err) };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { kind: 'unreadable', error: 'not a regular file' };
    const same = pos.dev === null || (pos.dev === st.dev && pos.ino === st.ino);
    const intact = same && st.size >= pos.offset && (pos.offset === 0 || pos.tail === null || tailAt(fd, pos.offset) === pos.tail);
    const restarted = !intact;
    const from = intact ? pos.offset : 0;
    if (!restarted && st.size === from) return { kind: 'unchanged' };
    const settled = now - st.mtimeMs >= SETTLED_MS;
    const narrator = format.narrator(pos.path, pos.session, restarted ? undefined : parseState(pos.state));
    const counts = { lines: 0, skipped: 0, bytes: 0 };
    // One record per call, merged as they come (a finding is handed out again each time it grows).
    const records = new RecordMerge();
    for (const line of transcriptLines(pos.path, counts, { from, to: from + maxBytes, holdPartial: !settled, maxLine: NARRATION_MAX_LINE })) {
      narrator.line(line);
      records.add(narrator.take());
    }
    records.add(narrator.take());
    const offset = from + counts.bytes;
    const size = Math.max(st.size, offset);
    return {
      kind: 'read',
      records: records.drain(),
      restarted,
      offset,
      // A read cut short by maxBytes has not seen the file to its end: its size must not mark it read
      // (the one-stat shortcut above would then skip the rest until the file grows).
      size: from + maxBytes >= st.size ? st.size : null,
      dev: st.dev,
      ino: st.ino,
      tail: tailAt(fd, offset),
      state: JSON.stringify(narrator.state()),
      bytes: offset - from,
      remaining: size - offset,
    };
  } catch (err) {
    return { kind: 'unreadable', error: err instanceof Error ? err.message : String(err) };
  } finally {
    closeSync(fd);
  }
}

/**
 * Read a transcript its host rewrites whole (one JSON document) when it changed since `pos` — its
 * identity, size or modification time differ — or always when `force` (SessionEnd: the calls it
 * names may have been stored since the last read, and documents are matched to calls when read).
 */
export function readDocument(pos: ReadPosition, format: Extract<TranscriptFormat, { kind: 'document' }>, force: boolean): ReadOutcome {
  let st;
  try {
    st = statSync(pos.path);
  } catch (err) {
    const code = errorCode(err);
    return code === 'ENOENT' || code === 'ENOTDIR' ? { kind: 'missing' } : { kind: 'unreadable', error: err instanceof Error ? err.message : String(err) };
  }
  if (!st.isFile()) return { kind: 'unreadable', error: 'not a regular file' };
  const fingerprint = `${st.size}:${Math.trunc(st.mtimeMs)}`;
  if (!force && pos.dev === st.dev && pos.ino === st.ino && pos.tail === fingerprint) return { kind: 'unchanged' };
  if (st.size > format.maxBytes) return { kind: 'unreadable', error: `larger than ${format.maxBytes} bytes; not read` };
  let text: string;
  try {
    text = readFileSync(pos.path, 'utf8');
  } catch (err) {
    return { kind: 'unreadable', error: err instanceof Error ? err.message : String(err) };
  }
  // A document is read whole: its position is its size, and every read replaces the last.
  return { kind: 'read', records: format.narrate(text, pos.session), restarted: true, offset: st.size, size: st.size, dev: st.dev, ino: st.ino, tail: fingerprint, state: null, bytes: st.size, remaining: 0 };
}
