/**
 * @module hooks/transcript-tail
 * The end of a Claude Code transcript (JSONL), read in one bounded piece, never the whole file: the
 * model's last answer for hosts whose Stop payload lacks `last_assistant_message`, and the lines
 * SessionEnd catches up from (hooks/session-catch-up).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

const TAIL_BYTES = 256 * 1024;

/** One line of the tail, numbered from 1 within it (the shape the transcript reader takes). */
export interface TailLine {
  readonly no: number;
  readonly text: string;
}

/** The non-empty whole lines in the last `maxBytes` of `path` (none when it cannot be read). */
export function readTailLines(path: string, maxBytes = TAIL_BYTES): TailLine[] {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - maxBytes);
    const buf = Buffer.alloc(size - start);
    readSync(fd, buf, 0, buf.length, start);
    const lines = buf.toString('utf8').split('\n');
    if (start > 0) lines.shift(); // the first line is partial
    const out: TailLine[] = [];
    for (const line of lines) if (line.trim()) out.push({ no: out.length + 1, text: line });
    return out;
  } catch {
    return [];
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function textOf(entry: unknown): string | undefined {
  const e = entry as { type?: string; message?: { role?: string; content?: unknown } } | null;
  if (!e || e.type !== 'assistant' || !e.message) return undefined;
  const content = e.message.content;
  if (typeof content === 'string') return content.trim() || undefined;
  if (!Array.isArray(content)) return undefined;
  const texts = content
    .map((c) => (c && typeof c === 'object' && (c as { type?: string }).type === 'text' ? String((c as { text?: unknown }).text ?? '') : ''))
    .filter((t) => t.trim());
  return texts.length ? texts.join('\n') : undefined;
}

export function readLastAssistantMessage(path: string): string | undefined {
  const lines = readTailLines(path);
  for (let i = lines.length - 1; i >= 0; i--) {
    try {
      const text = textOf(JSON.parse(lines[i]!.text));
      if (text) return text;
    } catch {
      /* a partial or foreign line */
    }
  }
  return undefined;
}
