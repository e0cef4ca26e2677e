/**
 * @module store/sqlite/sqlite-store
 * The SQLite implementation of `Store` (better-sqlite3, WAL). All SQL lives under store/sqlite.
 */
import { statSync } from 'node:fs';
import type { CapturedEvent, Observation, ObsType, Session } from '../../core/types.ts';
import { planQuery } from '../../core/search/query-plan.ts';
import { toIndexText } from '../../core/search/text-index.ts';
import type {
  ContextQuery,
  IngestResult,
  SearchHit,
  SearchOptions,
  Store,
  StoreCapabilities,
  StoreStats,
} from '../store.ts';
import { openDatabase, toStoreError, type SqliteDb } from './driver.ts';
import { migrate } from './migrations.ts';

interface ObservationRow {
  id: number;
  session_id: number;
  project: string;
  platform: string;
  kind: Observation['kind'];
  type: ObsType;
  title: string;
  body: string;
  files: string;
  tags: string;
  tool_name: string | null;
  tool_use_id: string | null;
  private: number;
  created_at: number;
}

interface SessionRow {
  id: number;
  platform: string;
  external_id: string;
  project: string;
  branch: string | null;
  source: string | null;
  started_at: number;
  ended_at: number | null;
  end_reason: string | null;
  n: number;
}

const OBS_COLUMNS =
  'o.id, o.session_id, o.project, o.platform, o.kind, o.type, o.title, o.body, o.files, o.tags, o.tool_name, o.tool_use_id, o.private, o.created_at';

function parseFiles(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function toObservation(r: ObservationRow): Observation {
  return {
    id: r.id,
    sessionId: r.session_id,
    project: r.project,
    platform: r.platform,
    kind: r.kind,
    type: r.type,
    title: r.title,
    body: r.body,
    files: parseFiles(r.files),
    tags: r.tags,
    ...(r.tool_name ? { toolName: r.tool_name } : {}),
    ...(r.tool_use_id ? { toolUseId: r.tool_use_id } : {}),
    private: r.private === 1,
    createdAt: r.created_at,
  };
}

function toSession(r: SessionRow): Session {
  return {
    id: r.id,
    platform: r.platform,
    externalId: r.external_id,
    project: r.project,
    ...(r.branch ? { branch: r.branch } : {}),
    startedAt: r.started_at,
    ...(r.ended_at !== null ? { endedAt: r.ended_at } : {}),
    ...(r.end_reason ? { endReason: r.end_reason } : {}),
    observationCount: r.n,
  };
}

/** BM25 column weights: title, body, tags (titles and extracted terms say more than raw output). */
const BM25 = 'bm25(observations_fts, 8.0, 1.0, 4.0)';

export interface SqliteStoreOptions {
  readonly path: string;
  readonly busyTimeoutMs: number;
}

export class SqliteStore implements Store {
  readonly capabilities: StoreCapabilities = Object.freeze({ fullText: true, cjk: true, vectors: false });
  readonly #db: SqliteDb;
  readonly #path: string;
  #stmts: ReturnType<SqliteStore['prepare']>;

  private constructor(db: SqliteDb, path: string) {
    this.#db = db;
    this.#path = path;
    this.#stmts = this.prepare();
  }

  /** Open (creating and migrating as needed). Throws StoreError. */
  static open(opts: SqliteStoreOptions): SqliteStore {
    const db = openDatabase({ path: opts.path, busyTimeoutMs: opts.busyTimeoutMs });
    try {
      migrate(db);
      return new SqliteStore(db, opts.path);
    } catch (err) {
      db.close();
      throw toStoreError(err);
    }
  }

  private prepare() {
    const db = this.#db;
    return {
      ensureSession: db.prepare(
        `INSERT INTO sessions (platform, external_id, project, branch, source, started_at)
         VALUES (@platform, @external_id, @project, @branch, @source, @at)
         ON CONFLICT (platform, external_id) DO NOTHING`,
      ),
      sessionId: db.prepare('SELECT id, ended_at FROM sessions WHERE platform = ? AND external_id = ?'),
      reopen: db.prepare('UPDATE sessions SET ended_at = NULL, end_reason = NULL, source = coalesce(?, source) WHERE id = ?'),
      fillBranch: db.prepare('UPDATE sessions SET branch = ? WHERE id = ? AND branch IS NULL'),
      endSession: db.prepare('UPDATE sessions SET ended_at = ?, end_reason = ? WHERE id = ?'),
      uidSeen: db.prepare('SELECT 1 FROM observations WHERE uid = ?'),
      insertObs: db.prepare(
        `INSERT INTO observations (session_id, project, platform, kind, type, title, body, files, tags, tool_name, tool_use_id, private, created_at, uid, dedupe_key)
         VALUES (@session_id, @project, @platform, @kind, @type, @title, @body, @files, @tags, @tool_name, @tool_use_id, @private, @created_at, @uid, @dedupe_key)
         ON CONFLICT DO NOTHING`,
      ),
      insertFts: db.prepare('INSERT INTO observations_fts (rowid, title, body, tags) VALUES (?, ?, ?, ?)'),
      deleteFts: db.prepare('DELETE FROM observations_fts WHERE rowid = ?'),
      pendingFor: db.prepare("SELECT id FROM observations WHERE session_id = ? AND tool_use_id = ? AND type = 'pending'"),
      deleteObs: db.prepare('DELETE FROM observations WHERE id = ?'),
    };
  }

  async ingest(events: readonly CapturedEvent[]): Promise<IngestResult> {
    try {
      return this.#db.transaction(() => {
        let applied = 0;
        let duplicates = 0;
        const ids: number[] = [];
        for (const ev of events) {
          if (ev.observation && this.#stmts.uidSeen.get(ev.uid)) {
            duplicates++;
            continue;
          }
          const sessionId = this.#ensureSession(ev);
          if (ev.event === 'SessionEnd') {
            this.#stmts.endSession.run(ev.at, ev.session?.endReason ?? null, sessionId);
            applied++;
          }
          if (!ev.observation) {
            if (ev.event !== 'SessionEnd') applied++;
            continue;
          }
          const id = this.#insertObservation(ev, sessionId);
          if (id === undefined) duplicates++;
          else (applied++, ids.push(id));
        }
        return { applied, duplicates, ids };
      }).immediate();
    } catch (err) {
      throw toStoreError(err);
    }
  }

  #ensureSession(ev: CapturedEvent): number {
    const s = this.#stmts;
    s.ensureSession.run({
      platform: ev.platform,
      external_id: ev.externalSessionId,
      project: ev.place.project,
      branch: ev.place.branch ?? null,
      source: ev.session?.source ?? null,
      at: ev.at,
    });
    const row = s.sessionId.get(ev.platform, ev.externalSessionId) as { id: number; ended_at: number | null };
    // A resumed session comes back to life under the same id.
    if (ev.event === 'SessionStart' && row.ended_at !== null) s.reopen.run(ev.session?.source ?? null, row.id);
    if (ev.place.branch) s.fillBranch.run(ev.place.branch, row.id);
    return row.id;
  }

  /** Returns the new id, or undefined when the observation was a duplicate. */
  #insertObservation(ev: CapturedEvent, sessionId: number): number | undefined {
    const o = ev.observation!;
    const s = this.#stmts;
    const info = s.insertObs.run({
      session_id: sessionId,
      project: ev.place.project,
      platform: ev.platform,
      kind: o.kind,
      type: o.type,
      title: o.title,
      body: o.body,
      files: JSON.stringify(o.files),
      tags: o.tags ?? '',
      tool_name: o.toolName ?? null,
      tool_use_id: o.toolUseId ?? null,
      private: o.private ? 1 : 0,
      created_at: ev.at,
      uid: ev.uid,
      dedupe_key: ev.dedupeKey ?? null,
    });
    if (info.changes === 0) return undefined;
    const id = Number(info.lastInsertRowid);
    if (!o.private) s.insertFts.run(id, toIndexText(o.title), toIndexText(o.body), toIndexText(o.tags ?? ''));
    // The "about to run" note has served its purpose once the call's outcome is stored.
    if (o.toolUseId && o.type !== 'pending') {
      for (const p of s.pendingFor.all(sessionId, o.toolUseId) as { id: number }[]) this.#deleteRow(p.id);
    }
    return id;
  }

  #deleteRow(id: number): void {
    this.#stmts.deleteFts.run(id);
    this.#stmts.deleteObs.run(id);
  }

  async search(opts: SearchOptions): Promise<SearchHit[]> {
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
    if (opts.types?.length) {
      where.push(`o.type IN (${opts.types.map((_, i) => `@t${i}`).join(',')})`);
      opts.types.forEach((t, i) => (params[`t${i}`] = t));
    }
    try {
      const rows = this.#db
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
    } catch (err) {
      throw toStoreError(err);
    }
  }

  async getObservations(ids: readonly number[]): Promise<Observation[]> {
    const clean = [...new Set(ids.filter((n) => Number.isSafeInteger(n) && n > 0))].slice(0, 500);
    if (clean.length === 0) return [];
    const rows = this.#db
      .prepare(`SELECT ${OBS_COLUMNS} FROM observations o WHERE o.id IN (${clean.map(() => '?').join(',')})`)
      .all(...clean) as ObservationRow[];
    const byId = new Map(rows.map((r) => [r.id, toObservation(r)]));
    return clean.map((id) => byId.get(id)).filter((o): o is Observation => o !== undefined);
  }

  async timeline(id: number, before: number, after: number): Promise<Observation[]> {
    const anchor = this.#db.prepare('SELECT session_id FROM observations WHERE id = ?').get(id) as { session_id: number } | undefined;
    if (!anchor) return [];
    const earlier = this.#db
      .prepare(`SELECT ${OBS_COLUMNS} FROM observations o WHERE o.session_id = ? AND o.id < ? ORDER BY o.id DESC LIMIT ?`)
      .all(anchor.session_id, id, Math.max(0, before)) as ObservationRow[];
    const later = this.#db
      .prepare(`SELECT ${OBS_COLUMNS} FROM observations o WHERE o.session_id = ? AND o.id >= ? ORDER BY o.id ASC LIMIT ?`)
      .all(anchor.session_id, id, Math.max(0, after) + 1) as ObservationRow[];
    return [...earlier.reverse(), ...later].map(toObservation);
  }

  async recentForContext(q: ContextQuery): Promise<Observation[]> {
    const rows = this.#db
      .prepare(
        `SELECT ${OBS_COLUMNS} FROM observations o
         WHERE o.project = ? AND o.private = 0 AND o.type NOT IN ('pending', 'marker')
         ORDER BY o.created_at DESC, o.id DESC LIMIT ?`,
      )
      .all(q.project, q.window) as ObservationRow[];
    return rows.map(toObservation);
  }

  async listSessions(filter: { project?: string; limit?: number }): Promise<Session[]> {
    const limit = Math.min(Math.max(Math.trunc(filter.limit ?? 50), 1), 10_000);
    const rows = this.#db
      .prepare(
        `SELECT s.*, (SELECT count(*) FROM observations o WHERE o.session_id = s.id) AS n
         FROM sessions s ${filter.project ? 'WHERE s.project = @project' : ''}
         ORDER BY s.started_at DESC, s.id DESC LIMIT @limit`,
      )
      .all({ limit, ...(filter.project ? { project: filter.project } : {}) }) as SessionRow[];
    return rows.map(toSession);
  }

  async getSessionByExternalId(platform: string, externalId: string): Promise<Session | undefined> {
    const row = this.#db
      .prepare(
        `SELECT s.*, (SELECT count(*) FROM observations o WHERE o.session_id = s.id) AS n
         FROM sessions s WHERE s.platform = ? AND s.external_id = ?`,
      )
      .get(platform, externalId) as SessionRow | undefined;
    return row ? toSession(row) : undefined;
  }

  async forget(target: { ids?: readonly number[]; sessionId?: number; project?: string }): Promise<number> {
    try {
      return this.#db.transaction(() => {
        const ids = new Set<number>();
        for (const id of target.ids ?? []) if (Number.isSafeInteger(id)) ids.add(id);
        if (target.sessionId !== undefined) {
          for (const r of this.#db.prepare('SELECT id FROM observations WHERE session_id = ?').all(target.sessionId) as { id: number }[]) ids.add(r.id);
        }
        if (target.project !== undefined) {
          for (const r of this.#db.prepare('SELECT id FROM observations WHERE project = ?').all(target.project) as { id: number }[]) ids.add(r.id);
        }
        let removed = 0;
        for (const id of ids) {
          this.#stmts.deleteFts.run(id);
          removed += this.#stmts.deleteObs.run(id).changes;
        }
        if (target.sessionId !== undefined) this.#db.prepare('DELETE FROM sessions WHERE id = ?').run(target.sessionId);
        if (target.project !== undefined) this.#db.prepare('DELETE FROM sessions WHERE project = ?').run(target.project);
        return removed;
      }).immediate();
    } catch (err) {
      throw toStoreError(err);
    }
  }

  async *exportAll(): AsyncIterable<{ record: 'session'; session: Session } | { record: 'observation'; observation: Observation }> {
    const sessions = this.#db
      .prepare('SELECT s.*, (SELECT count(*) FROM observations o WHERE o.session_id = s.id) AS n FROM sessions s ORDER BY s.id')
      .iterate() as IterableIterator<SessionRow>;
    for (const r of sessions) yield { record: 'session', session: toSession(r) };
    const observations = this.#db.prepare(`SELECT ${OBS_COLUMNS} FROM observations o ORDER BY o.id`).iterate() as IterableIterator<ObservationRow>;
    for (const r of observations) yield { record: 'observation', observation: toObservation(r) };
  }

  async stats(): Promise<StoreStats> {
    const one = (sql: string) => (this.#db.prepare(sql).get() as { n: number }).n;
    let dbBytes = 0;
    for (const suffix of ['', '-wal']) {
      try {
        dbBytes += statSync(this.#path + suffix).size;
      } catch {
        /* no WAL yet */
      }
    }
    return {
      observations: one('SELECT count(*) AS n FROM observations'),
      sessions: one('SELECT count(*) AS n FROM sessions'),
      projects: one('SELECT count(DISTINCT project) AS n FROM sessions'),
      dbBytes,
      schemaVersion: this.#db.pragma('user_version', { simple: true }) as number,
    };
  }

  async check(): Promise<string[]> {
    const problems: string[] = [];
    try {
      const rows = this.#db.pragma('integrity_check') as { integrity_check: string }[];
      for (const r of rows) if (r.integrity_check !== 'ok') problems.push(`integrity: ${r.integrity_check}`);
      this.#db.prepare("INSERT INTO observations_fts(observations_fts) VALUES ('integrity-check')").run();
      const indexed = (this.#db.prepare('SELECT count(*) AS n FROM observations_fts').get() as { n: number }).n;
      const expected = (this.#db.prepare('SELECT count(*) AS n FROM observations WHERE private = 0').get() as { n: number }).n;
      if (indexed !== expected) problems.push(`full-text index holds ${indexed} rows, expected ${expected}`);
    } catch (err) {
      problems.push(toStoreError(err).message);
    }
    return problems;
  }

  /** Rebuild the full-text index from the table (doctor --repair), in id-ordered batches to bound memory. */
  rebuildIndex(): number {
    const page = this.#db.prepare('SELECT id, title, body, tags FROM observations WHERE private = 0 AND id > ? ORDER BY id LIMIT 1000');
    return this.#db.transaction(() => {
      this.#db.prepare("INSERT INTO observations_fts(observations_fts) VALUES ('delete-all')").run();
      let n = 0;
      let after = 0;
      for (;;) {
        const rows = page.all(after) as { id: number; title: string; body: string; tags: string }[];
        if (rows.length === 0) return n;
        for (const r of rows) this.#stmts.insertFts.run(r.id, toIndexText(r.title), toIndexText(r.body), toIndexText(r.tags));
        n += rows.length;
        after = rows[rows.length - 1]!.id;
      }
    }).immediate();
  }

  /** A consistent copy of the live database (WAL included), taken with SQLite's online backup. */
  async backup(destination: string): Promise<void> {
    await this.#db.backup(destination);
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }
}
