/**
 * @module hooks/stdin
 * Reads the hook payload as bytes and decodes once, so a multi-byte character split across
 * chunks survives. Bounded: past `maxBytes` the rest is drained and discarded.
 *
 * Hooks read file descriptor 0 synchronously: touching `process.stdin` builds a stream (and loads
 * the modules behind it) that a hook pays for at every tool call. A non-blocking pipe answers
 * EAGAIN; then the read continues on the stream, keeping what was already read.
 */
import { fstatSync, readSync } from 'node:fs';

export interface StdinRead {
  readonly text: string;
  readonly bytes: number;
  readonly overflow: boolean;
  /** Bytes that were not valid UTF-8 were replaced with U+FFFD. */
  readonly invalidUtf8: boolean;
}

const CHUNK = 64 * 1024;

function decode(chunks: Buffer[], bytes: number, overflow: boolean): StdinRead {
  const all = Buffer.concat(chunks);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(all), bytes, overflow, invalidUtf8: false };
  } catch {
    // Keep what can be read: invalid sequences become U+FFFD, and the caller says so in the log.
    return { text: new TextDecoder('utf-8').decode(all), bytes, overflow, invalidUtf8: true };
  }
}

/** Read a stream to its end (tests pass their own; hooks fall back to it on a non-blocking pipe). */
async function readStream(stream: NodeJS.ReadableStream, maxBytes: number, chunks: Buffer[], bytes: number, overflow: boolean): Promise<StdinRead> {
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    bytes += buf.length;
    if (bytes <= maxBytes) chunks.push(buf);
    else overflow = true;
  }
  return decode(chunks, bytes, overflow);
}

export async function readStdin(maxBytes: number, stream?: NodeJS.ReadableStream): Promise<StdinRead> {
  if (stream) return (stream as { isTTY?: boolean }).isTTY ? decode([], 0, false) : readStream(stream, maxBytes, [], 0, false);
  const chunks: Buffer[] = [];
  let bytes = 0;
  let overflow = false;
  try {
    // A terminal means a person ran the hook by hand: there is no payload to wait for.
    if (fstatSync(0).isCharacterDevice()) return decode([], 0, false);
    for (;;) {
      const buf = Buffer.allocUnsafe(CHUNK);
      const n = readSync(0, buf, 0, CHUNK, null);
      if (n === 0) break;
      bytes += n;
      if (bytes <= maxBytes) chunks.push(buf.subarray(0, n));
      else overflow = true;
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN') return readStream(process.stdin, maxBytes, chunks, bytes, overflow);
    if (code !== 'EOF') throw err;
  }
  return decode(chunks, bytes, overflow);
}
