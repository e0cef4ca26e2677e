/**
 * @module hooks/stdin
 * Reads the hook payload as bytes and decodes once, so a multi-byte character split across
 * chunks survives. Bounded: past `maxBytes` the rest is drained and discarded.
 */

export interface StdinRead {
  readonly text: string;
  readonly bytes: number;
  readonly overflow: boolean;
}

export async function readStdin(maxBytes: number, stream: NodeJS.ReadableStream = process.stdin): Promise<StdinRead> {
  if ((stream as { isTTY?: boolean }).isTTY) return { text: '', bytes: 0, overflow: false };
  const chunks: Buffer[] = [];
  let bytes = 0;
  let overflow = false;
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    bytes += buf.length;
    if (bytes <= maxBytes) chunks.push(buf);
    else overflow = true;
  }
  // TextDecoder replaces invalid UTF-8 with U+FFFD instead of throwing.
  return { text: new TextDecoder('utf-8').decode(Buffer.concat(chunks)), bytes, overflow };
}
