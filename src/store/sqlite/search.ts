/**
 * @module store/sqlite/search
 * Full-text search over observations: a planned FTS5 query (core/search/query-plan), BM25 with
 * column weights, filters, and the current project ranked first.
 */
import { planQuery } from '../../core/search/query-plan.ts';
import type { SearchHit, SearchOptions } from '../store.ts';
import type { SqliteDb } from './driver.ts';
import { OBS_COLUMNS, toObservation, type ObservationRow } from './rows.ts';

/** BM25 column weights: title, body, tags (titles and extracted terms say more than raw output). */
const BM25 = 'bm25(observations_fts, 8.0, 1.0, 4.0)';

export function searchObservations(db: SqliteDb, opts: SearchOptions): SearchHit[] {
  const plan = planQuery(opts.query);
  if (!plan.match) return [];
  const limit = Math.min(Math.max(Math.trunc(opts.limit ?? 20), 1), 200);
  const where: string[] = ['observations_fts MATCH @match', 'o.private = 0'];
  const params: Record<string, unknown> = { match: plan.match, k: Math.max(limit * 3, 60) };
  if (opts.project) (where.push('o.project = @project'), (params.project = opts.project));
  if (opts.sessionId !== undefined) (where.push('o.session_id = @session'), (params.session = opts.sessionId));
  if (opts.since !== undefined) (where.push('o.created_at >= @since'), (params.since = opts.since));
  if (opts.until !== undefined) (where.push('o.created_at <= @until'), (params.until = opts.until));
  if (opts.platform) (where.push('o.platform = @platform'), (params.platform = opts.platform));
  if (opts.eventTypes?.length) {
  where.push(`o.id IN (SELECT obs_id FROM events WHERE type IN (${opts.eventTypes.map((_, i) => `@e${i}`).join(',')}))`);
  opts.eventTypes.forEach((t, i) => (params[`e${i}`] = t));
  }
  if (opts.file) {
  // files is a JSON array of absolute paths; a suffix match lets users type paths as they see them.
  where.push(`EXISTS (SELECT 1 FROM json_each(o.files) f WHERE f.value = @file OR f.value LIKE @fileSuffix ESCAPE '\\')`);
  params.file = opts.file;
  params.fileSuffix = '%/' + opts.file.replace(/^\.?\//, '').replace(/[\\%_]/g, (c) => '\\' + c);
  }
  if (opts.types?.length) {
  where.push(`o.type IN (${opts.types.map((_, i) => `@t${i}`).join(',')})`);
  opts.types.forEach((t, i) => (params[`t${i}`] = t));
  }
  const rows = db
    .prepare(
      `SELECT ${OBS_COLUMNS}, ${BM25} AS rank
       FROM observations_fts JOIN observations o ON o.id = observations_fts.rowid
       WHERE ${where.join(' AND ')}
       ORDER BY rank LIMIT @k`,
    )
    .all(params) as (ObservationRow & { rank: number })[];
  const current = opts.currentProject;
  return rows
    .map((r) => ({ observation: toObservation(r), score: -r.rank }))
    .sort((a, b) => {
      if (current) {
        const pa = a.observation.project === current ? 1 : 0;
        const pb = b.observation.project === current ? 1 : 0;
        if (pa !== pb) return pb - pa;
      }
      return b.score - a.score || b.observation.createdAt - a.observation.createdAt;
    })
    .slice(0, limit);
}

