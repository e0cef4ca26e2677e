/**
 * The window scorer against SQLite's own bm25(): with exact document frequencies, its scores are FTS5's,
 * repeated and stemmed words, phrases, prefixes and CJK bigrams included, over an index of several
 * segments with doclists and poslists that span pages, and rows deleted and re-indexed under the same
 * rowid (contentless-delete tombstones).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';
import { planQuery, renderMatch } from '../../../src/core/search/query-plan.ts';
import { toIndexText } from '../../../src/core/search/text-index.ts';
import { RangePostings, unitOccurrences } from '../../../src/store/sqlite/fts-postings.ts';
import { scoreWindow } from '../../../src/store/sqlite/scored-window.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { obs, tmp } from './helpers.ts';

const WORDS = ('alpha beta gamma delta epsilon zeta theta kappa kappas lambda sigma omega pool pooling cache queue ' + 'test tests testing tested error errors').split(' ');
const CJK = ['连接池泄漏', '修复连接', '数据库连接', '测试报错'];

async function buildStore(): Promise<string> {
  const path = join(tmp(), 'm.db');
  const store = SqliteStore.open({ path, busyTimeoutMs: 1000 });
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  // Words drawn with replacement: a body says `test` several times, a title now and then too.
  const words = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(rnd() * WORDS.length)]!).join(' ');
  try {
    // Batches make segments; 3,000 rows make doclists of common words span several pages.
    for (let b = 0; b < 30; b++) {
      const events = Array.from({ length: 100 }, (_, i) => {
        const cjk = rnd() < 0.2 ? ` ${CJK[Math.floor(rnd() * CJK.length)]}` : '';
        // Now and then a body long enough that one word's poslist spans pages.
        const body = b % 7 === 3 && i === 50 ? Array.from({ length: 2500 }, () => 'testing').join(' ') : words(1 + Math.floor(rnd() * 30)) + cjk;
        return obs({ title: words(1 + Math.floor(rnd() * 3)), body, tags: words(Math.floor(rnd() * 3)) });
      });
      await store.ingest(events);
    }
  } finally {
    await store.close();
  }
  // Re-index a few rows under their own rowids with other text: their old entries stay in older segments,
  // tombstoned.
  const db = openSqlite(path);
  try {
    const del = db.prepare('DELETE FROM observations_fts WHERE rowid = ?');
    const ins = db.prepare('INSERT INTO observations_fts (rowid, title, body, tags) VALUES (?, ?, ?, ?)');
    for (const id of [2995, 2990, 2950, 2800, 1500]) {
      del.run(id);
      ins.run(id, toIndexText('alpha test test'), toIndexText('omega 连接池 kappa kappa test'), '');
    }
  } finally {
    db.close();
  }
  return path;
}

test('window BM25 equals FTS5 bm25() over the same window', async () => {
  const db = openSqlite(await buildStore(), { readonly: true });
  try {
    const segments = db.prepare('SELECT count(DISTINCT segid) FROM observations_fts_idx').pluck().get() as number;
    assert.ok(segments > 1, `several segments (${segments})`);
    for (const query of ['alpha pool', 'test', 'testing errors', 'gamma delta omega', '"sigma omega" theta', 'kap*', 'tes*', '连接池', '连', 'pool 连接']) {
      const units = planQuery(query).units;
      const match = renderMatch(units)!;
      const exact = db
        .prepare('SELECT rowid AS id, -bm25(observations_fts, 8.0, 1.0, 4.0) AS s FROM observations_fts WHERE observations_fts MATCH ? ORDER BY rowid DESC LIMIT 400')
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

test('position lists read from the index agree with MATCH on which rows hold a unit, in which columns', async () => {
  const db = openSqlite(await buildStore(), { readonly: true });
  try {
    for (const query of ['testing', 'kap*', '"sigma omega"', '连接']) {
      const unit = planQuery(query).units[0]!;
      const occ = unitOccurrences(db as never, unit, unit.prefix, 1, 1e9);
      for (const [c, name] of ['title', 'body', 'tags'].entries()) {
        const rows = db.prepare(`SELECT rowid FROM observations_fts WHERE observations_fts MATCH ? ORDER BY rowid`).pluck().all(`{${name}} : (${renderMatch([unit])})`) as number[];
        const decoded = [...occ].filter(([, list]) => list.some((o) => Math.floor(o / 2 ** 32) === c)).map(([id]) => id).sort((a, b) => a - b);
        assert.deepEqual(decoded, rows, `${query} in ${name}`);
      }
    }
    // Read for a few scattered rows only (pages holding none of them leapt over): the same occurrences.
    for (const query of ['testing', 'error', '"sigma omega"', 'kap*']) {
      const unit = planQuery(query).units[0]!;
      const all = unitOccurrences(db as never, unit, unit.prefix, 1, 1e9);
      const only = [...all.keys()].sort((a, b) => a - b).filter((_, i) => i % 23 === 0).flatMap((id) => [id, id + 1]);
      const some = new RangePostings(db as never, { only }).unit(unit, unit.prefix);
      const expected = only.filter((id) => all.has(id));
      assert.ok(expected.length >= 2, `${query}: some of the rows hold it`);
      assert.deepEqual([...some.keys()].sort((a, b) => a - b), expected, `${query}: rows`);
      for (const id of expected) assert.deepEqual([...some.get(id)!].sort(), [...all.get(id)!].sort(), `${query}: row ${id}`);
    }
    // The page-spanning poslist: 2,500 occurrences in one body.
    const long = unitOccurrences(db as never, planQuery('testing').units[0]!, false, 1, 1e9);
    assert.ok([...long.values()].some((l) => l.length === 2500), 'a poslist of 2,500 occurrences read whole');
  } finally {
    db.close();
  }
});

test('inside a write transaction the window still scores rows the index holds only in memory', async () => {
  const db = openSqlite(await buildStore());
  try {
    const unit = planQuery('zebra').units[0]!;
    const ids = db.transaction(() => {
      const ins = db.prepare('INSERT INTO observations_fts (rowid, title, body, tags) VALUES (?, ?, ?, ?)');
      ins.run(9001, 'zebra', 'zebra crossing', '');
      ins.run(9002, 'horse', 'zebra', '');
      const order = scoreWindow(db as never, [9002, 9001], [{ unit, df: 2 }], 1);
      db.prepare('DELETE FROM observations_fts WHERE rowid IN (9001, 9002)').run();
      return order;
    })();
    // The title weighs 8, the body 1: the row titled `zebra` first.
    assert.deepEqual(ids, [9001, 9002]);
  } finally {
    db.close();
  }
});
