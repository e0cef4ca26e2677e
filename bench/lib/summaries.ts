/**
 * @module bench/lib/summaries
 * Give every ended session of a seeded store a summary, as SessionEnd does in real use, so that
 * SessionStart's "last session" lookup runs against a realistic table. Done through the store's
 * `saveSummary`; the text is synthetic but of realistic length (≈400-character brief, ≈1,500-character
 * detailed). Kept apart from the seed cache: applied to each copy.
 */
import { openSqlite, type SqliteDb } from '../../src/store/sqlite/driver.ts';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import type { Corpus } from './corpus.ts';
import { rng } from './stats.ts';

function sentence(c: Corpus, r: () => number, zh: boolean, n: number): string {
  const p = c.bigProject;
  const words: string[] = [];
  for (let i = 0; i < n; i++) {
    const x = r();
    words.push(x < 0.1 ? c.ident(p, r) : x < 0.15 ? c.file(p, r) : zh ? c.zhWord(r) : c.word(r));
  }
  return zh ? words.join('') + '。' : words.join(' ') + '.';
}

/** Returns how many summaries were written. */
export async function addSummaries(dbPath: string, corpus: Corpus): Promise<number> {
  const raw = openSqlite(dbPath, { readonly: true });
  let ids: { id: number; n: number; ended: number }[];
  try {
    ids = raw
      .prepare('SELECT s.id, s.ended_at AS ended, (SELECT count(*) FROM observations o WHERE o.session_id = s.id) AS n FROM sessions s WHERE s.ended_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM summaries m WHERE m.session_id = s.id)')
      .all() as { id: number; n: number; ended: number }[];
  } finally {
    raw.close();
  }
  const r = rng(4242);
  const store = SqliteStore.open({ path: dbPath, busyTimeoutMs: 5000 });
  try {
    for (const s of ids) {
      const zh = r() < 0.3;
      const brief = [1, 2, 3].map(() => `- ${sentence(corpus, r, zh, 12)}`).join('\n');
      const detailed = ['## Done', ...[1, 2, 3, 4].map(() => `- ${sentence(corpus, r, zh, 18)}`), '## Open', ...[1, 2].map(() => `- ${sentence(corpus, r, zh, 14)}`), '## Files', `- ${corpus.file(corpus.bigProject, r)}`].join('\n');
      await store.saveSummary(s.id, {
        brief,
        detailed,
        language: zh ? 'zh' : 'en',
        provider: 'heuristic',
        inputTokens: 0,
        outputTokens: 0,
        observationCount: s.n,
        createdAt: s.ended,
      });
    }
  } finally {
    await store.close();
  }
  return ids.length;
}
