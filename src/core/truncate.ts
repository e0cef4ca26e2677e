/**
 * @module core/truncate
 * Bounded text. Long outputs keep their head and their tail (where errors and summaries are),
 * with a marker saying how much was left out.
 */

export function truncateMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const marker = `\n… [${text.length - max} characters omitted] …\n`;
  const room = Math.max(0, max - marker.length);
  const head = Math.ceil(room * 0.7);
  return text.slice(0, head) + marker + text.slice(text.length - (room - head));
}

/**
 * Cut every string inside a JSON-like value to at most `max` characters (and arrays/objects to a
 * bounded size), so that later passes (redaction, stringify) never walk a 20 MB payload.
 */
export function clipDeep(value: unknown, max: number, onClip?: (what: 'depth' | 'size') => void, depth = 0): unknown {
  if (typeof value === 'string') {
    if (value.length > max) onClip?.('size');
    return truncateMiddle(value, max);
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth > 32) {
    onClip?.('depth');
    return '[nested too deep]';
  }
  if (Array.isArray(value)) {
    const kept = value.slice(0, 200).map((v) => clipDeep(v, max, onClip, depth + 1));
    if (value.length > 200) kept.push(`[${value.length - 200} more items]`);
    return kept;
  }
  const out: Record<string, unknown> = {};
  let i = 0;
  for (const [k, v] of Object.entries(value)) {
    if (i++ >= 200) break;
    out[k] = clipDeep(v, max, onClip, depth + 1);
  }
  return out;
}
