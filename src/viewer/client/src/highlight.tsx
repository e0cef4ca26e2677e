/**
 * Marks the search terms in a text, case-insensitively. Matches of different terms that overlap or
 * touch merge into one mark, so the CJK bigrams of `连接池` (`连接`, `接池`) light up the whole word.
 */
import type { ComponentChildren } from 'preact';

export interface Matcher {
  readonly terms: readonly string[];
}

/** The terms worth marking, longest first (at most 40). */
export function termsRegex(terms: readonly string[]): Matcher | undefined {
  const clean = [...new Set(terms.map((t) => t.toLowerCase()).filter((t) => t.length > 0))].sort((a, b) => b.length - a.length).slice(0, 40);
  return clean.length ? { terms: clean } : undefined;
}

/** Merged [start, end) ranges of every occurrence of every term. */
export function ranges(text: string, m: Matcher | undefined): [number, number][] {
  if (!m || !text) return [];
  const lower = text.toLowerCase();
  // Lower-casing changed the length (rare letters such as İ): positions would not line up.
  if (lower.length !== text.length) return [];
  const found: [number, number][] = [];
  for (const t of m.terms) {
    for (let at = lower.indexOf(t); at >= 0 && found.length < 2000; at = lower.indexOf(t, at + 1)) found.push([at, at + t.length]);
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const r of found) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

export function Highlight({ text, re }: { text: string; re: Matcher | undefined }): ComponentChildren {
  const rs = ranges(text, re);
  if (!rs.length) return text;
  const out: ComponentChildren[] = [];
  let last = 0;
  for (const [a, b] of rs) {
    if (a > last) out.push(text.slice(last, a));
    out.push(<mark key={a}>{text.slice(a, b)}</mark>);
    last = b;
  }
  if (last < text.length) out.push(text.slice(last));
  return <>{out}</>;
}

/** A window of `size` characters around the first match (or the start), on one line. */
export function snippet(text: string, re: Matcher | undefined, size = 220): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= size) return flat;
  const first = ranges(flat, re)[0];
  const at = first ? Math.max(0, first[0] - Math.floor(size / 3)) : 0;
  const cut = flat.slice(at, at + size);
  return `${at > 0 ? '…' : ''}${cut}${at + size < flat.length ? '…' : ''}`;
}
