/** Marks the search terms in a text (case-insensitive; CJK bigrams merge into runs). */
import type { ComponentChildren } from 'preact';

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One regex for all terms, longest first so `pool.ts` wins over `pool`. */
export function termsRegex(terms: readonly string[]): RegExp | undefined {
  const clean = [...new Set(terms.filter((t) => t.length > 0))].sort((a, b) => b.length - a.length).slice(0, 40);
  return clean.length ? new RegExp(`(${clean.map(escapeRe).join('|')})`, 'giu') : undefined;
}

export function Highlight({ text, re }: { text: string; re: RegExp | undefined }): ComponentChildren {
  if (!re) return text;
  const out: ComponentChildren[] = [];
  let last = 0;
  re.lastIndex = 0;
  for (const m of text.matchAll(re)) {
    const at = m.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    out.push(<mark key={at}>{m[0]}</mark>);
    last = at + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return <>{out}</>;
}

/** A window of `size` characters around the first match (or the start), on one line. */
export function snippet(text: string, re: RegExp | undefined, size = 220): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= size) return flat;
  let at = 0;
  if (re) {
    re.lastIndex = 0;
    const m = re.exec(flat);
    if (m) at = Math.max(0, m.index - Math.floor(size / 3));
  }
  const cut = flat.slice(at, at + size);
  return `${at > 0 ? '…' : ''}${cut}${at + size < flat.length ? '…' : ''}`;
}
