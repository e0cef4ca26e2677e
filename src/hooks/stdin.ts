/**
 * @module hooks/stdin
 * Reads the hook payload as bytes and decodes once, so a multi-byte character split across
 * chunks survives. Bounded: past `maxBytes` the rest is drained and discarded.
 */

export interface StdinRead {
  readonly text: string;
  readonly bytes: number;
  readonly overflow: boolean;
  /** Bytes that were not valid UTF-8 were replaced with U+FFFD. */
  readonly invalidUtf8: boolean;
}

export async function readStdin(maxBytes: number, stream: NodeJS.ReadableStream = process.stdin): Promise<StdinRead> {
  if ((stream as { isTTY?: boolean }).isTTY) return { text: '', bytes: 0, overflow: false, invalidUtf8: false };
  const chunks: Buffer[] = [];
  let bytes = 0;
  let overflow = false;
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    bytes += buf.length;
    if (bytes <= maxBytes) chunks.push(buf);
    else overflow = true;
  }
  const all = Buffer.concat(chunks);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(all), bytes, overflow, invalidUtf8: false };
  } catch {
    // Keep what can be read: invalid sequences become U+FFFD, and the caller says so in the log.
    return { text: new TextDecoder('utf-8').decode(all), bytes, overflow, invalidUtf8: true };
  }
}
