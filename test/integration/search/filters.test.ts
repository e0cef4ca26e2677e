/**
 * Search filters as id sets (selective filters) and as row conditions (the rest) select the same
 * observations, and a search with filters returns exactly the matching observations that pass them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../../src/store/sqlite/driver.ts';
import { planFilters, type FilterPlan } from '../../../src/store/sqlite/filters.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import type { SearchFilters } from '../../../src/store/store.ts';
import { obs, tmp } from './helpers.ts';

interface Row {
  id: number;
  session_id: number;
  project: string;
  type: string;
  created_at: number;
  platform: string;
  files: string;
}

test('filters planned as id sets or as row conditions select the same rows; search returns exactly those', async () => {
  const path = join(tmp(), 'm.db');
  const store = SqliteStore.open({ path, busyTimeoutMs: 1000 });
  const types = ['error', 'change', 'discovery', 'command'] as const;
  try {
    const events = Array.from({ length: 240 }, (_, i) =>
      obs(
        {
          title: `${i % 3 ? 'pool' : 'cache'} step ${i}`,
          body: i % 5 ? 'connection pool checkout' : 'unrelated words',
          type: types[i % 4]!,
          files: i % 6 === 0 ? ['/p/src/db/pool.ts', '/p/README.md'] : i % 6 === 1 ? ['/q/lib/pool.ts'] : [],
        },
        { externalSessionId: `s-${Math.floor(i / 60)}`, place: { project: i % 2 ? '/proj/a' : '/proj/b' } },
      ),
    );
    await store.ingest(events);
  } finally {
    await store.close();
  }
  const db = openSqlite(path);
  // Event rows for a few observations (ingest extracts events from tool calls; these rows stand in).
  const sess = (db.prepare('SELECT id FROM sessions ORDER BY id').pluck().all() as number[]);
  db.prepare("INSERT INTO events (obs_id, session_id, type, category, priority, data, created_at) SELECT id, session_id, 'error_resolved', 'error', 2, '{}', created_at FROM observations WHERE id % 7 = 0").run();
  const rows = db.prepare('SELECT id, session_id, project, type, created_at, platform, files FROM observations').all() as Row[];
  const touches = (r: Row, suffix: string) => (JSON.parse(r.files) as string[]).some((f) => f.toLowerCase().endsWith(suffix.toLowerCase()));
  const times = rows.map((r) => r.created_at).sort((a, b) => a - b);
  const evented = new Set(db.prepare("SELECT obs_id FROM events WHERE type = 'error_resolved'").pluck().all() as number[]);
  const cases: [SearchFilters, (r: Row) => boolean][] = [
    [{ sessionId: sess[1]! }, (r) => r.session_id === sess[1]],
    [{ project: '/proj/a' }, (r) => r.project === '/proj/a'],
    [{ types: ['error', 'command'] }, (r) => r.type === 'error' || r.type === 'command'],
    [{ since: times[50]!, until: times[120]! }, (r) => r.created_at >= times[50]! && r.created_at <= times[120]!],
    [{ eventTypes: ['error_resolved'] }, (r) => evented.has(r.id)],
    [{ sessionId: sess[0]!, types: ['change'], project: '/proj/a' }, (r) => r.session_id === sess[0] && r.type === 'change' && r.project === '/proj/a'],
    [{ sessionId: sess[0]!, since: times[200]! }, () => false],
    [{ platform: 'claude-code', types: ['error'] }, (r) => r.platform === 'claude-code' && r.type === 'error'],
    [{ file: 'src/db/pool.ts' }, (r) => touches(r, '/src/db/pool.ts')],
    [{ file: 'POOL.ts' }, (r) => touches(r, '/pool.ts')],
    [{ file: '/q/lib/pool.ts', sessionId: sess[2]! }, (r) => touches(r, '/q/lib/pool.ts') && r.session_id === sess[2]],
  ];
  const walk = (plan: FilterPlan) => {
    if (plan.empty) return [];
    const conditions = [...plan.rowid, ...plan.join].map((c) => ` AND ${c}`).join('');
    const joined = plan.join.length ? ' JOIN observations o ON o.id = observations_fts.rowid' : '';
    return (db.prepare(`SELECT observations_fts.rowid FROM observations_fts${joined} WHERE observations_fts MATCH @match${conditions} ORDER BY 1`).pluck().all({ ...plan.params, match: '"pool"' }) as number[]);
  };
  const matching = new Set(db.prepare(`SELECT rowid FROM observations_fts WHERE observations_fts MATCH '"pool"'`).pluck().all() as number[]);
  try {
    const sizes = cases.map(([, keep]) => rows.filter((r) => matching.has(r.id) && keep(r)).length);
    assert.equal(sizes.filter((n) => n > 0).length, cases.length - 1, `every case but the disjoint one selects something: ${sizes}`);
    for (const [filters, keep] of cases) {
      const expected = rows.filter((r) => matching.has(r.id) && keep(r)).map((r) => r.id).sort((a, b) => a - b);
      const asSets = planFilters(db as never, filters, () => rows.length, 600);
      const asRows = planFilters(db as never, filters, () => rows.length, 600, 0);
      assert.equal(asRows.rowid.length, 0, 'a bound of 0 leaves every filter a row condition');
      if (!asSets.empty) assert.ok(asSets.rowid.length > 0 || filters.platform, `${JSON.stringify(filters)}: selective filters become sets`);
      assert.deepEqual(walk(asSets), expected, `${JSON.stringify(filters)} as sets`);
      assert.deepEqual(walk(asRows), expected, `${JSON.stringify(filters)} as rows`);
    }
  } finally {
    db.close();
  }
  const reopened = SqliteStore.open({ path, busyTimeoutMs: 1000 });
  try {
    for (const [filters, keep] of cases) {
      const hits = await reopened.search({ query: 'pool', limit: 200, ...filters });
      const expected = rows.filter((r) => matching.has(r.id) && keep(r)).map((r) => r.id).sort((a, b) => a - b);
      assert.deepEqual(hits.map((h) => h.observation.id).sort((a, b) => a - b), expected, `search ${JSON.stringify(filters)}`);
    }
  } finally {
    await reopened.close();
  }
});
