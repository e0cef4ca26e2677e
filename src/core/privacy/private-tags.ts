/**
 * @module core/privacy/private-tags
 * `<private>…</private>` handling. Users wrap text they never want remembered in these tags;
 * it is removed before anything is stored, and a text that was private throughout becomes `[PRIVATE]`.
 */

export const PRIVATE_PLACEHOLDER = '[PRIVATE]';

// Closed tags, case-insensitive, across lines; an unclosed tag hides everything after it,
// because a user who opened a private block and forgot to close it still meant it.
const CLOSED_RE = /([ \t]*)<private\b[^>]*>[\s\S]*?<\/private\s*>([ \t]*)/gi;
const UNCLOSED_RE = /<private\b[^>]*>[\s\S]*$/i;
const STRAY_CLOSE_RE = /<\/private\s*>/gi;

export interface PrivacyResult {
  readonly text: string;
  /** Some text was removed. */
  readonly hadPrivate: boolean;
  /** Nothing but private text (and whitespace) was there. */
  readonly allPrivate: boolean;
}

/** Remove private blocks from one string. */
export function stripPrivate(input: string): PrivacyResult {
  if (!input.toLowerCase().includes('<private')) return { text: input, hadPrivate: false, allPrivate: false };
  // A removed block leaves one space where it separated words, and no stray space at either end.
  const text = input
    .replace(CLOSED_RE, (_m, before: string, after: string) => (before || after ? ' ' : ''))
    .replace(UNCLOSED_RE, '')
    .replace(STRAY_CLOSE_RE, '')
    .trim();
  const allPrivate = text.length === 0;
  return { text: allPrivate ? PRIVATE_PLACEHOLDER : text, hadPrivate: true, allPrivate };
}

/** Remove private blocks from every string inside a JSON-like value (tool inputs and outputs). */
export function stripPrivateDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return stripPrivate(value).text;
  if (depth > 64 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => stripPrivateDeep(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = stripPrivateDeep(v, depth + 1);
  return out;
}
