/**
 * @module eval/baseline
 * The reference every ranking change is measured against: plain SQLite FTS5 over the same stored
 * text — `porter unicode61`, the question's words without English stop words OR-ed as quoted terms,
 * ranked by `bm25()` with equal column weights. No CJK segmentation, no glossary, no field weights,
 * no priors: what a developer gets from FTS5 in ten lines. Issue 14's table has this row.
 */
import { openSqlite, type SqliteDb } from '../src/store/sqlite/driver.ts';

/** A standard English stop-word list (the baseline must not borrow mnemo's). */
const STOP = new Set(
  ('a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other ' +
    'our ours ourselves out over own same she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up very was we were what when where which while who whom why will ' +
    'with would you your yours yourself yourselves').split(' '),
);

export interface Baseline {
  search(query: string, limit: number): number[];
  close(): void;
}

/**
 * An in-memory FTS5 index of every non-private observation of `db`: its title and body, and with
 * `narration` the model's text around the call too (the "plain FTS5 plus the model's own
 * text" row), where the store holds it.
 */
export function buildBaseline(db: SqliteDb, narration = false): Baseline {
  const mem = openSqlite(':memory:');
  mem.exec(`CREATE VIRTUAL TABLE t USING fts5(text, tokenize = 'porter unicode61')`);
  const hasNarration = narration && db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'narration'").get() !== undefined;
  const text = hasNarration
    ? `o.title || char(10) || o.body || char(10) || coalesce(n.why, '') || char(10) || coalesce(n.finding, '')`
    : `o.title || char(10) || o.body`;
  const rows = db
    .prepare(`SELECT o.id, ${text} AS text FROM observations o${hasNarration ? ' LEFT JOIN narration n ON n.obs_id = o.id' : ''} WHERE o.private = 0`)
    .all() as { id: number; text: string }[];
  const insert = mem.prepare('INSERT INTO t (rowid, text) VALUES (?, ?)');
  mem.transaction(() => {
    for (const r of rows) insert.run(r.id, r.text);
  })();
  const find = mem.prepare('SELECT rowid AS id FROM t WHERE t MATCH ? ORDER BY bm25(t) LIMIT ?');
  return {
    search(query, limit) {
      const words = (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP.has(w));
      if (words.length === 0) return [];
      const match = [...new Set(words)].map((w) => `"${w}"`).join(' OR ');
      return (find.all(match, limit) as { id: number }[]).map((r) => r.id);
    },
    close: () => mem.close(),
  };
}
