/**
 * @module core/privacy/hint-trie
 * One regex for many literal words, shaped as a prefix trie.
 */

const escapeRe = (h: string): string => h.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A regex source matching any of `words`, shaped as a prefix trie (`s(?:k(?:-ant-|-|_live_)|…)`),
 * so the engine dispatches on one character at a time instead of trying every word at every
 * position. Longer continuations come first, so the longest hint at a position wins.
 */
export function trieSource(words: readonly string[]): string {
  const groups = new Map<string, string[]>();
  let terminal = false;
  for (const w of words) {
    if (w === '') terminal = true;
    else {
      const list = groups.get(w[0]!) ?? [];
      list.push(w.slice(1));
      groups.set(w[0]!, list);
    }
  }
  const branches = [...groups.entries()].map(([c, rest]) => {
    const sub = trieSource(rest);
    return escapeRe(c) + (sub === '' ? '' : rest.length === 1 && !rest.includes('') ? sub : `(?:${sub})`);
  });
  if (terminal) branches.push('');
  return branches.length === 1 ? branches[0]! : branches.join('|');
}
