/**
 * @module hooks/transcript-tail
 * The model's last answer, read from the end of a Claude Code transcript (JSONL) for hosts whose
 * Stop payload lacks `last_assistant_message`. Reads a bounded tail, never the whole file.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

const TAIL_BYTES = 256 * 1024;

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
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - TAIL_BYTES);
    const buf = Buffer.alloc(size - start);
    readSync(fd, buf, 0, buf.length, start);
    const lines = buf.toString('utf8').split('\n');
    if (start > 0) lines.shift(); // first line is partial
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i]!.trim();
      if (!line) continue;
      try {
        const text = textOf(JSON.parse(line));
        if (text) return text;
      } catch {
        /* a partial or foreign line */
      }
    }
    return undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
