/**
 * The planner's alternatives give the same lists: a window scored from the index's position lists and
 * one scored by FTS5's bm25(); a filtered search walking every match and one read from the filter's ids.
 * Small stores take the cheap plans on their own, so the tests force each plan (SearchTuning).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';
import { planQuery, renderMatch } from '../../../src/core/search/query-plan.ts';
import { rankIds } from '../../../src/store/sqlite/scored-window.ts';
import { keywordLists, type SearchTuning } from '../../../src/store/sqlite/search.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import type { SearchFilters } from '../../../src/store/store.ts';
import { obs, tmp } from './helpers.ts';

const WORDS = 'alpha beta gamma delta test tests testing error errors sigma omega pool cache queue build'.split(' ');
const ALL = 'alpha beta test error sigma omega pool';

/** 480 rows in batches (several segments); the first and last name every query word, every 37th is a `compact`. */
async function buildStore(): Promise<string> {
  const path = join(tmp(), 'm.db');
  const store = SqliteStore.open({ path, busyTimeoutMs: 1000 });
  let seed = 11;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const words = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(rnd() * WORDS.length)]!).join(' ');
  try {
    for (let b = 0; b < 6; b++) {
      await store.ingest(
        Array.from({ length: 80 }, (_, i) => {
          const n = b * 80 + i;
          const edge = n === 0 || n === 479;
          return obs(
            { title: edge ? ALL : words(1 + Math.floor(rnd() * 3)), body: words(Math.floor(rnd() * 25)), tags: words(Math.floor(rnd() * 2)), type: n % 37 === 5 ? 'compact' : 'discovery' },
            { externalSessionId: `s-${n % 3}` },
          );
        }),
      );
    }
  } finally {
    await store.close();
  }
  return path;
}

const lists = (db: SqliteDb, filters: SearchFilters, query: string, tuning: SearchTuning) =>
  keywordLists(db as never, { query, ...filters }, 100, false, tuning).map((l) => ({ name: l.name, ids: [...l.ids] }));

test('a window scored from position lists ranks as FTS5 bm25() does', async () => {
  const db = openSqlite(await buildStore(), { readonly: true });
  try {
    for (const query of ['alpha beta', 'test error', '"sigma omega" pool', 'testing', 'erro*']) {
      // A cap of 3 makes every word common: the window path with a unit over the cap.
      const fromPostings = lists(db, {}, query, { rareCap: 3, windowScorer: 'postings' });
      const byFts5 = lists(db, {}, query, { rareCap: 3, windowScorer: 'fts5' });
      assert.equal(fromPostings.length, 1, `${query}: one window list (fewer matches than a window)`);
      assert.ok(fromPostings[0]!.ids.length >= 20, `${query}: enough results to compare`);
      assert.deepEqual(fromPostings, byFts5, query);
      // …which is FTS5's exact ranking of every match.
      const exact = db
        .prepare('SELECT rowid FROM observations_fts WHERE observations_fts MATCH ? ORDER BY bm25(observations_fts, 8.0, 1.0, 4.0), rowid DESC LIMIT 100')
        .pluck()
        .all(renderMatch(planQuery(query).units)) as number[];
      assert.deepEqual(fromPostings[0]!.ids, exact, `${query}: exact`);
    }
  } finally {
    db.close();
  }
});

test('a sparse filter read from its ids finds and ranks what walking the matches does', async () => {
  const db = openSqlite(await buildStore(), { readonly: true });
  try {
    const sessions = db.prepare('SELECT id FROM sessions ORDER BY id').pluck().all() as number[];
    const filters: SearchFilters[] = [{ types: ['compact'] }, { types: ['compact'], sessionId: sessions[1]! }, { types: ['discovery'], sessionId: sessions[2]! }];
    for (const f of filters) {
      for (const query of ['test', 'pool', 'alpha beta', 'test error omega']) {
        const walked = lists(db, f, query, { rareCap: 3, filterPlan: 'walk', windowScorer: 'fts5' });
        const read = lists(db, f, query, { rareCap: 3, filterPlan: 'ids' });
        const label = `${JSON.stringify(f)} ${query}`;
        assert.equal(read.length, 1, label);
        assert.ok(read[0]!.ids.length > 0, `${label}: something found`);
        // The same rows; with one unit the same order (the estimated document frequency of a common
        // unit scales every score alike).
        assert.deepEqual([...read[0]!.ids].sort(), [...walked[0]!.ids].sort(), label);
        if (planQuery(query).units.length === 1) assert.deepEqual(read, walked, `${label}: order`);
      }
    }
  } finally {
    db.close();
  }
});

test('rows read from a filter id set score as FTS5 bm25() over the filtered matches', async () => {
  const db = openSqlite(await buildStore(), { readonly: true });
  try {
    const ids = db.prepare("SELECT id FROM observations WHERE type = 'compact' ORDER BY id").pluck().all() as number[];
    for (const query of ['test error omega', '"sigma omega" pool', 'tes* beta']) {
      const units = planQuery(query).units;
      const counted = units.map((unit) => ({
        unit,
        df: db.prepare('SELECT count(*) FROM observations_fts WHERE observations_fts MATCH ?').pluck().get(renderMatch([unit])!) as number,
      }));
      const exact = db
        .prepare(
          `SELECT rowid FROM observations_fts WHERE observations_fts MATCH ? AND +rowid IN (SELECT id FROM observations WHERE type = 'compact')
           ORDER BY bm25(observations_fts, 8.0, 1.0, 4.0), rowid DESC`,
        )
        .pluck()
        .all(renderMatch(units)) as number[];
      assert.ok(exact.length > 3, `${query}: matches to rank`);
      assert.deepEqual(rankIds(db as never, ids, counted, 1), exact, query);
    }
  } finally {
    db.close();
  }
});
