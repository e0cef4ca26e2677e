/** j/k or ↓/↑ move through a list, Enter opens the selected row: keyboard-first lists. */
import { useEffect, useState } from 'preact/hooks';

function typing(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement | null;
  return !!t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
}

export function useListKeys(size: number, open: (index: number) => void, opts: { fromInput?: boolean } = {}): [number, (i: number) => void] {
  const [sel, setSel] = useState(-1);
  useEffect(() => {
    if (sel >= size) setSel(size - 1);
  }, [size, sel]);
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || document.querySelector('dialog[open]')) return;
      const inInput = typing(e);
      const down = e.key === 'ArrowDown' || (!inInput && e.key === 'j');
      const up = e.key === 'ArrowUp' || (!inInput && e.key === 'k');
      if (inInput && !opts.fromInput) return;
      if (down || up) {
        e.preventDefault();
        setSel((s) => {
          const next = Math.max(0, Math.min(size - 1, s + (down ? 1 : -1)));
          requestAnimationFrame(() => document.querySelector('.row.selected')?.scrollIntoView({ block: 'nearest' }));
          return next;
        });
      } else if (e.key === 'Enter' && (!inInput || opts.fromInput)) {
        // From the search box, Enter with nothing selected opens the best result.
        const target = sel >= 0 ? sel : inInput && size > 0 ? 0 : -1;
        if (target < 0) return;
        e.preventDefault();
        open(target);
      }
    };
    window.addEventListener('keydown', on);
    return () => window.removeEventListener('keydown', on);
  }, [size, sel, open, opts.fromInput]);
  return [sel, setSel];
}
