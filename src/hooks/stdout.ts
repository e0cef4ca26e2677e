/**
 * @module hooks/stdout
 * The hook's one answer, written straight to file descriptor 1. Touching `process.stdout` builds a
 * stream (for a pipe: a socket, with the net and stream modules behind it), which costs a hook a
 * large share of a bare Node start. A non-blocking pipe that is full answers EAGAIN: then the rest
 * goes through the stream, which waits for the reader.
 */
import { writeSync } from 'node:fs';

export function writeStdout(text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(1, bytes, done, bytes.length - done);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
    process.stdout.write(bytes.subarray(done));
  }
}
