/**
 * @module hooks/stdin
 * Reads the hook payload as bytes and decodes once, so a multi-byte character split across
 * chunks survives. Bounded: past `maxBytes` the rest is drained and discarded.
 *
 * Hooks read file descriptor 0 with plain synchronous reads: touching `process.stdin` builds a
 * stream (and loads the modules behind it) that a hook would pay for at every tool call. A pipe or
 * socket (Claude Code passes a socket) is first made non-blocking, so a host that leaves stdin open
 * never blocks the process: the read waits between polls with the event loop free, and the hook's
 * deadline still fires. Where that cannot be done, the read goes through `process.stdin`.
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
/**
 * The payload is read into one buffer of this size, and decoded where it lies: no chunks to join, a
 * copy of the whole payload fewer. Only the pages the payload reaches are ever touched (a buffer this
 * large is mapped by the kernel as it is written), so a small payload costs no more than before;
 * what does not fit goes on in chunks.
 */
const FIRST_READ = 1024 * 1024;

function decode(all: Buffer, bytes: number, overflow: boolean): StdinRead {
  // Node's UTF-8 decoding first (a TextDecoder costs a hook a tenth of a millisecond more): it replaces
  // each invalid sequence with U+FFFD, so a text without one came from valid UTF-8 and is what the
  // WHATWG decoder gives, less the byte order mark that decoder drops. Otherwise, the decoder decides.
  const fast = all.toString('utf8');
  if (!fast.includes('\uFFFD')) return { text: fast.charCodeAt(0) === 0xfeff ? fast.slice(1) : fast, bytes, overflow, invalidUtf8: false };
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
  return decode(Buffer.concat(chunks), bytes, overflow);
}

/** How long to wait before asking again when the host has not written (or closed) yet. */
const POLL_MS = 2;

/**
 * Put fd 0 (a pipe or socket) in non-blocking mode through libuv's pipe handle, as `process.stdin`
 * would, without the stream on top. False when this Node offers no such handle.
 */
function makeNonBlocking(): boolean {
  try {
    const binding = (process as unknown as { binding(name: string): unknown }).binding('pipe_wrap') as {
      Pipe: new (type: number) => { open(fd: number): number };
      constants: { SOCKET: number };
    };
    return new binding.Pipe(binding.constants.SOCKET).open(0) === 0;
  } catch {
    return false;
  }
}

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, POLL_MS));

/**
 * `onWait` is called whenever the read is about to wait for the host (it has not written or closed
 * yet): the hook arms its deadline only then.
 */
export async function readStdin(maxBytes: number, stream?: NodeJS.ReadableStream, onWait?: () => void): Promise<StdinRead> {
  if (stream) {
    if ((stream as { isTTY?: boolean }).isTTY) return decode(Buffer.alloc(0), 0, false);
    onWait?.();
    return readStream(stream, maxBytes, [], 0, false);
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  let overflow = false;
  let first: Buffer | undefined;
  let filled = 0;
  try {
    const st = fstatSync(0);
    // A terminal means a person ran the hook by hand: there is no payload to wait for.
    if (st.isCharacterDevice()) return decode(Buffer.alloc(0), 0, false);
    if (!st.isFile() && !makeNonBlocking()) {
      onWait?.();
      return readStream(process.stdin, maxBytes, chunks, bytes, overflow);
    }
    first = Buffer.allocUnsafe(Math.min(FIRST_READ, maxBytes));
    for (;;) {
      const inFirst = filled < first.length;
      const buf = inFirst ? first : Buffer.allocUnsafe(CHUNK);
      const at = inFirst ? filled : 0;
      let n: number;
      try {
        n = readSync(0, buf, at, buf.length - at, null);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
        onWait?.();
        await pause();
        continue;
      }
      if (n === 0) break;
      bytes += n;
      if (inFirst) filled += n;
      else if (bytes <= maxBytes) chunks.push(buf.subarray(0, n));
      else overflow = true;
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EOF') throw err;
  }
  const head = first ? first.subarray(0, filled) : Buffer.alloc(0);
  return decode(chunks.length ? Buffer.concat([head, ...chunks]) : head, bytes, overflow);
}
