/**
 * @module bench/lib/pg-seed
 * Filling the team server in bulk for benchmarks, with the rows and index text a push writes
 * (records.ts `toRow`, `SEARCH_VECTOR`): COPY (pg-copy-streams, CSV) into a temporary table, then one
 * INSERT … SELECT per batch that computes the tsvector on the server. The stamp trigger is off while
 * seeding (seq and author are given), the search index is built afterwards, as a restore would.
 * `replicate` grows a seeded team ten-fold on the server alone (no text crosses the wire again).
 */
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import Database from 'better-sqlite3';
import type { SharedObservation } from '../../src/core/team/contract.ts';
import { PUSH_COLUMNS, SEARCH_VECTOR, toRow } from '../../src/store/postgres/records.ts';
import type { ObsType, Kind } from '../../src/core/types.ts';

/** The project key a local project path becomes on the server (the bench's projects have no remote). */
export const projectKey = (path: string): string => `github.com/acme/${path.split('/').pop()}`;

interface LocalRow {
  id: number;
  uid: string;
  session_uid: string;
  project: string;
  platform: string;
  kind: Kind;
  type: ObsType;
  title: string;
  body: string;
  tags: string;
  files: string;
  tool_name: string | null;
  created_at: number;
  priority: number;
}

/** The observations of a local store as the sync engine shares them (oldest first), `limit` at most. */
export function* sharedFromStore(path: string, limit = Number.MAX_SAFE_INTEGER): Generator<SharedObservation & { localId: number }> {
  const db = new Database(path, { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT o.id, o.uid, s.platform || ':' || s.external_id AS session_uid, o.project, o.platform, o.kind, o.type, o.title, o.body, o.tags, o.files, o.tool_name, o.created_at, o.priority
         FROM observations o JOIN sessions s ON s.id = o.session_id WHERE o.private = 0 ORDER BY o.id LIMIT ?`,
      )
      .iterate(limit) as IterableIterator<LocalRow>;
    for (const r of rows) {
      yield {
        localId: r.id,
        kind: 'observation',
        uid: r.uid,
        project: projectKey(r.project),
        branch: 'main',
        assistant: r.platform,
        createdAt: r.created_at,
        sessionUid: r.session_uid,
        obsKind: r.kind,
        type: r.type,
        title: r.title.slice(0, 2000),
        body: r.body.slice(0, 200_000),
        files: (JSON.parse(r.files) as string[]).slice(0, 200),
        ...(r.tags ? { tags: r.tags.slice(0, 20_000) } : {}),
        ...(r.tool_name ? { toolName: r.tool_name } : {}),
        priority: r.priority,
      };
    }
  } finally {
    db.close();
  }
}

const COLUMNS = PUSH_COLUMNS.split(', ').map((c) => c.split(' ') as [string, string]);

/** One CSV field: NULL unquoted and empty, everything else quoted with inner quotes doubled. */
function csv(v: unknown, type: string): string {
  if (v === null || v === undefined) return '';
  let s: string;
  if (type === 'text[]') s = `{${(v as string[]).map((x) => `"${x.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
  else if (type === 'jsonb') s = JSON.stringify(v);
  else s = String(v);
  return `"${s.replace(/"/g, '""')}"`;
}

export interface SeedStats {
  readonly rows: number;
  readonly ms: number;
}

/**
 * Seed `records` (with their seq numbers) into `teamId` as `author`, by COPY into a temporary table
 * and INSERT … SELECT with the tsvector computed there. The caller disables the stamp trigger.
 */
export async function copyRecords(db: pg.ClientBase, teamId: number, author: string, records: Iterable<SharedObservation & { seq: number }>, batch = 5000): Promise<SeedStats> {
  const t0 = performance.now();
  await db.query(`CREATE TEMP TABLE IF NOT EXISTS seed_rows (${PUSH_COLUMNS}, seq bigint)`);
  let rows = 0;
  let lines: string[] = [];
  const flush = async () => {
    if (!lines.length) return;
    await db.query('TRUNCATE seed_rows');
    const names = [...COLUMNS.map(([n]) => n), 'seq'].join(', ');
    await pipeline(Readable.from(lines), db.query(copyFrom(`COPY seed_rows (${names}) FROM STDIN WITH (FORMAT csv)`)));
    await db.query(
      `INSERT INTO mnemo.records (team_id, uid, seq, author, kind, project, branch, assistant, revision, created_at, session_uid, obs_type, priority, files, title, body, tags, extra, search)
       SELECT $1, r.uid, r.seq, $2, r.kind, r.project, r.branch, r.assistant, r.revision, r.created_at, r.session_uid, r.obs_type, r.priority, r.files, r.title, r.body, r.tags, r.extra, ${SEARCH_VECTOR}
       FROM seed_rows r`,
      [teamId, author],
    );
    rows += lines.length;
    lines = [];
  };
  for (const rec of records) {
    const row = { ...toRow(rec), seq: rec.seq };
    lines.push([...COLUMNS.map(([n, t]) => csv((row as Record<string, unknown>)[n], t)), String(rec.seq)].join(',') + '\n');
    if (lines.length >= batch) await flush();
  }
  await flush();
  return { rows, ms: performance.now() - t0 };
}

/** The same rows the old way (one INSERT … SELECT FROM jsonb_to_recordset per batch), for the ratio. */
export async function jsonRecords(db: pg.ClientBase, teamId: number, author: string, records: Iterable<SharedObservation & { seq: number }>, batch = 5000): Promise<SeedStats> {
  const t0 = performance.now();
  let rows = 0;
  let chunk: Record<string, unknown>[] = [];
  const flush = async () => {
    if (!chunk.length) return;
    await db.query(
      `INSERT INTO mnemo.records (team_id, uid, seq, author, kind, project, branch, assistant, revision, created_at, session_uid, obs_type, priority, files, title, body, tags, extra, search)
       SELECT $1, r.uid, r.seq, $3, r.kind, r.project, r.branch, r.assistant, r.revision, r.created_at, r.session_uid, r.obs_type, r.priority, r.files, r.title, r.body, r.tags, r.extra, ${SEARCH_VECTOR}
       FROM jsonb_to_recordset($2::jsonb) AS r(${PUSH_COLUMNS}, seq bigint)`,
      [teamId, JSON.stringify(chunk), author],
    );
    rows += chunk.length;
    chunk = [];
  };
  for (const rec of records) {
    chunk.push({ ...toRow(rec), seq: rec.seq });
    if (chunk.length >= batch) await flush();
  }
  await flush();
  return { rows, ms: performance.now() - t0 };
}

/**
 * Grow the team's `base` records (seq 1..base) to `times` × base on the server: copy k (1 … times − 1)
 * is the same history again, k spans later (uids and sessions suffixed, seq and time shifted), with
 * the stored tsvector copied, not recomputed.
 */
export async function replicate(db: pg.ClientBase, teamId: number, base: number, times: number, spanMs: number): Promise<SeedStats> {
  const t0 = performance.now();
  for (let k = 1; k < times; k++) {
    await db.query(
      `INSERT INTO mnemo.records (team_id, uid, seq, author, kind, project, branch, assistant, revision, created_at, session_uid, obs_type, priority, files, title, body, tags, extra, search)
       SELECT team_id, uid || '~' || $2::int, seq + $2::int * $3::bigint, author, kind, project, branch, assistant, revision, created_at + $2::int * $4::bigint,
              session_uid || '~' || $2::int, obs_type, priority, files, title, body, tags, extra, search
       FROM mnemo.records WHERE team_id = $1 AND seq BETWEEN 1 AND $3`,
      [teamId, k, base, Math.round(spanMs)],
    );
  }
  return { rows: base * (times - 1), ms: performance.now() - t0 };
}
