/**
 * @module eval/transcript-records
 * Reading the records of a Claude Code transcript (JSONL): an object or nothing, and the text blocks
 * of a message's content. Shared by the retrieval replay and the summary evaluation's payloads.
 */

export type Rec = Record<string, unknown>;

/** The value as a plain object, or undefined. */
export function asRec(v: unknown): Rec | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : undefined;
}

/** The text of a message's content: a string as is, the `text` blocks of a block list joined. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((b) => (asRec(b)?.type === 'text' ? String(asRec(b)!.text ?? '') : ''))
    .filter(Boolean)
    .join('\n');
}
