/**
 * @module eval/report
 * The evaluation's tables (Markdown), from the questions asked (eval/recall). Pure.
 */
import { cell, groupScores, score, type Score } from './metrics.ts';
import type { Asked, ModeName, StoreName, Style } from './recall.ts';

export const MODE_LABELS: Readonly<Record<ModeName, string>> = {
  mnemo: 'mnemo, default settings',
  hybrid: 'mnemo, `MNEMO_EMBEDDER=hash` (hybrid)',
  'hybrid-candidates': 'mnemo, `MNEMO_EMBEDDER=hash MNEMO_EMBED_SCOPE=candidates`',
  fts5: 'plain FTS5 (porter, OR of non-stop words, bm25)',
  'fts5-why': 'plain FTS5 plus the model\'s narration around each call',
  'mnemo-no-narration': 'mnemo, default settings, narration removed from the store',
  'hybrid-no-narration': 'mnemo hybrid, narration removed from the store',
  team: 'team server (PostgreSQL), the same records shared',
};

/** The language group a question belongs to: English about English, English about a CJK session, or its language. */
export function languageGroup(a: Asked): string {
  const q = a.question;
  if (q.language !== 'en') return `${q.language} about ${q.sessionLanguage}`;
  return q.sessionLanguage === 'en' ? 'en about en' : `en about ${q.sessionLanguage}`;
}

const pick = (asked: readonly Asked[], f: (a: Asked) => boolean) => asked.filter(f);
const ranks = (asked: readonly Asked[]) => asked.map((a) => a.rank);
const r10 = (s: Score) => (s.n === 0 ? '—' : `${Math.round(s.r10 * s.n)}/${s.n}`);

/** One row per mode: each style's R@5 / R@10 / MRR and non-English R@10. */
export function headline(asked: readonly Asked[], store: StoreName, filter: (a: Asked) => boolean, styles: readonly Style[], modes: readonly ModeName[]): string[] {
  const head = [`| ${store} store | ${styles.map((s) => `${s === 'question' ? 'full question' : 'short query'}: R@5 / R@10 / MRR`).join(' | ')} | non-English R@10 (${styles.join(' · ')}) |`];
  head.push(`|---|${styles.map(() => '---|').join('')}---|`);
  for (const mode of modes) {
    const mine = pick(asked, (a) => a.store === store && a.mode === mode && filter(a));
    if (mine.length === 0) continue;
    const perStyle = styles.map((st) => score(ranks(pick(mine, (a) => a.style === st))));
    const nonEn = styles.map((st) => r10(score(ranks(pick(mine, (a) => a.style === st && a.question.language !== 'en')))));
    head.push(`| ${MODE_LABELS[mode]} | ${perStyle.map(cell).join(' | ')} | ${nonEn.join(' · ')} |`);
  }
  return head;
}

/** Rows by a grouping key (kind, language group), columns by mode × style. */
export function breakdown(asked: readonly Asked[], key: (a: Asked) => string, label: string, styles: readonly Style[], modes: readonly ModeName[]): string[] {
  const cols = modes.flatMap((m) => styles.map((s) => ({ m, s })));
  const out = [`| ${label} | n | ${cols.map((c) => `${c.m} ${c.s === 'question' ? 'question' : 'query'}`).join(' | ')} |`, `|---|---|${cols.map(() => '---|').join('')}`];
  const keys = [...new Set(asked.map(key))].sort();
  for (const k of keys) {
    const mine = pick(asked, (a) => key(a) === k);
    const n = new Set(mine.map((a) => a.question.id)).size;
    const cells = cols.map((c) => {
      const g = groupScores(pick(mine, (a) => a.mode === c.m && a.style === c.s), (a) => a.rank, () => '');
      return cell(g.get('') ?? score([]));
    });
    out.push(`| ${k} | ${n} | ${cells.join(' | ')} |`);
  }
  return out;
}

/** Questions of `asked` (one mode and style) not in the first 10, for reading (dev only: test stays unread). */
export function misses(asked: readonly Asked[]): string[] {
  return asked.filter((a) => a.rank === undefined || a.rank > 10).map((a) => `${a.question.id} (${a.style}${a.rank ? ` @${a.rank}` : ''})`);
}
