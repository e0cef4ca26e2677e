/**
 * The window scorer against SQLite's own bm25(): on documents where no word repeats within a column
 * (the one thing the scorer does not count), with exact document frequencies, the scores are FTS5's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { planQuery, renderMatch } from '../../../src/core/search/query-plan.ts';
import { scoreWindow } from '../../../src/store/sqlite/scored-window.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { obs, tmp } from './helpers.ts';

const WORDS = 'alpha beta gamma delta epsilon zeta theta kappa lambda sigma omega pool cache queue'.split(' ');

test('window BM25 equals FTS5 bm25() when words do not repeat within a column', async () => {
  const path = join(tmp(), 'm.db');
  const store = SqliteStore.open({ path, busyTimeoutMs: 1000 });
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = (n: number) => [...new Set(Array.from({ length: n }, () => WORDS[Math.floor(rnd() * WORDS.length)]!))].join(' ');
  try {
    const events = Array.from({ length: 400 }, () => obs({ title: pick(2), body: pick(1 + Math.floor(rnd() * 8)), tags: pick(1) }));
    await store.ingest(events);
  } finally {
    await store.close();
  }
  const db = new Database(path, { readonly: true });
  try {
    for (const query of ['alpha pool', 'beta', 'gamma delta omega', '"sigma omega" theta', 'kap*']) {
      const units = planQuery(query).units;
      const match = renderMatch(units)!;
      const exact = db
        .prepare('SELECT rowid AS id, -bm25(observations_fts, 8.0, 1.0, 4.0) AS s FROM observations_fts WHERE observations_fts MATCH ? ORDER BY rowid DESC LIMIT 150')
        .all(match) as { id: number; s: number }[];
      assert.ok(exact.length > 20, `${query}: enough matches to compare`);
      const counted = units.map((unit) => ({
        unit,
        df: (db.prepare('SELECT count(*) AS n FROM observations_fts WHERE observations_fts MATCH ?').get(renderMatch([unit])!) as { n: number }).n,
      }));
      const order = scoreWindow(db as never, exact.map((r) => r.id), counted, 1);
      const expected = [...exact].sort((a, b) => b.s - a.s || b.id - a.id).map((r) => r.id);
      // Equal scores may tie-break differently through float rounding; compare scores rank by rank.
      const score = new Map(exact.map((r) => [r.id, r.s]));
      order.forEach((id, i) => assert.ok(Math.abs(score.get(id)! - score.get(expected[i]!)!) < 1e-9, `${query}: rank ${i + 1}`));
      assert.equal(order.length, exact.length);
    }
  } finally {
    db.close();
  }
});
