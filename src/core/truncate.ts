/**
 * @module core/truncate
 * Bounded text. Long outputs keep their head and their tail (where errors and summaries are),
 * with a marker saying how much was left out.
 */

/** How far a cut may move to land between words rather than inside a token (long keys and JWTs run to hundreds of characters). */
const SNAP = 512;
const BREAK_RE = /[\s,;:"'()[\]{}<>]/;

/** The last break at or before `i` (within SNAP), else `i - SNAP` so a long token is dropped whole. */
function snapBack(text: string, i: number, snap: number): number {
  for (let j = i; j > i - snap && j > 0; j--) if (BREAK_RE.test(text[j - 1]!)) return j;
  return Math.max(0, i - snap);
}

/** The first break at or after `i` (within SNAP), else `i + SNAP`. */
function snapForward(text: string, i: number, snap: number): number {
  for (let j = i; j < i + snap && j < text.length; j++) if (BREAK_RE.test(text[j]!)) return j;
  return Math.min(text.length, i + snap);
}

/**
 * Cut the middle out. The cuts land between tokens: a token (a secret among them) is kept whole or
 * dropped whole, never left as a fragment that redaction could no longer recognise.
 */
export function truncateMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = Math.max(0, max - 48);
  const snap = Math.min(SNAP, Math.floor(room / 4));
  const headEnd = snapBack(text, Math.ceil(room * 0.7), snap);
  const tailStart = snapForward(text, text.length - (room - Math.ceil(room * 0.7)), snap);
  const marker = `\n… [${tailStart - headEnd} characters omitted] …\n`;
  return text.slice(0, headEnd) + marker + text.slice(tailStart);
}

/**
 * Cut every string inside a JSON-like value to at most `max` characters (and arrays/objects to a
 * bounded size), so that later passes (redaction, stringify) never walk a 20 MB payload. `text`
 * is applied to every string kept (after the cut), so a caller's own pass over the strings needs
 * no second walk.
 */
export function clipDeep(value: unknown, max: number, onClip?: (what: 'depth' | 'size') => void, text?: (s: string) => string, depth = 0): unknown {
  if (typeof value === 'string') {
    if (value.length > max) onClip?.('size');
    const cut = truncateMiddle(value, max);
    return text ? text(cut) : cut;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth > 32) {
    onClip?.('depth');
    return '[nested too deep]';
  }
  if (Array.isArray(value)) {
    const kept = value.slice(0, 200).map((v) => clipDeep(v, max, onClip, text, depth + 1));
    if (value.length > 200) kept.push(`[${value.length - 200} more items]`);
    return kept;
  }
  const out: Record<string, unknown> = {};
  let i = 0;
  for (const k of Object.keys(value)) {
    if (i++ >= 200) break;
    // Assigning `__proto__` would set the copy's prototype, not a key: the key is left out.
    if (k !== '__proto__') out[k] = clipDeep((value as Record<string, unknown>)[k], max, onClip, text, depth + 1);
  }
  return out;
}
