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

const OPEN_TAG = '<private';

/** `<private` in any case, found from each `<` (lower-casing a whole 16 KB output to look costs more). */
function hasPrivateTag(text: string): boolean {
  for (let at = text.indexOf('<'); at >= 0; at = text.indexOf('<', at + 1)) {
    let j = 1;
    // `| 32` lower-cases an ASCII letter and turns no other character into one.
    while (j < OPEN_TAG.length && (text.charCodeAt(at + j) | 32) === OPEN_TAG.charCodeAt(j)) j++;
    if (j === OPEN_TAG.length) return true;
  }
  return false;
}

/** Remove private blocks from one string. */
export function stripPrivate(input: string): PrivacyResult {
  if (!hasPrivateTag(input)) return { text: input, hadPrivate: false, allPrivate: false };
  // A removed block leaves one space where it separated words, and no stray space at either end.
  const text = input
    .replace(CLOSED_RE, (_m, before: string, after: string) => (before || after ? ' ' : ''))
    .replace(UNCLOSED_RE, '')
    .replace(STRAY_CLOSE_RE, '')
    .trim();
  const allPrivate = text.length === 0;
  return { text: allPrivate ? PRIVATE_PLACEHOLDER : text, hadPrivate: true, allPrivate };
}
