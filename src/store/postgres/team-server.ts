/**
 * @module store/postgres/team-server
 * The `TeamServer` contract on PostgreSQL. Every call runs in its own short transaction on a pooled
 * connection; nothing is cached between calls but the team's id, so a revoked member loses access at
 * their next call and a restarted server is just a failed call (UNREACHABLE) and then a working one.
 */
import type { Pool, PoolClient } from 'pg';
import {
  TEAM_LIMITS,
  TeamServerError,
  type ForgetResult,
  type PullPage,
  type PushResult,
  type SharedRecord,
  type TeamChange,
  type TeamIdentity,
  type TeamSearchHit,
  type TeamSearchQuery,
  type TeamServer,
  type TeamStatus,
} from '../../core/team/contract.ts';
import { asTeamError } from './errors.ts';
import { cleanDeep, fromRow, fromTombstoneRow, invalidReason, PUSH_COLUMNS, RECORD_COLUMNS, SEARCH_VECTOR, toRow, type RecordRow, type TombstoneRow } from './records.ts';
import { searchTeam, type TeamSearchTuning } from './search.ts';
import { notifySql } from './listen.ts';

export interface TeamBinding {
  readonly teamId: number;
  readonly team: string;
  readonly memberRole: string;
  readonly adminRole: string;
  readonly schemaVersion: number;
}

const UID_LIST_MAX = TEAM_LIMITS.batch;

export class PgTeamServer implements TeamServer {
  readonly #pool: Pool;
  readonly #team: TeamBinding;

  constructor(pool: Pool, team: TeamBinding) {
    this.#pool = pool;
    this.#team = team;
  }

  get team(): TeamBinding {
    return this.#team;
  }

  async #with<T>(doing: string, fn: (db: PoolClient) => Promise<T>, tx: 'rw' | 'snapshot' | 'none' = 'rw'): Promise<T> {
    let db: PoolClient;
    try {
      db = await this.#pool.connect();
    } catch (err) {
      throw asTeamError(err, doing);
    }
    let broken = false;
    // A server going away mid-call errors the socket as well as the query: the query's rejection reports
    // it, and this marks the connection for the pool to drop (each pooled connection also keeps a listener of
    // its own for life, store/postgres/open, so no such event is unheard after it changes hands).
    const onError = () => (broken = true);
    db.on('error', onError);
    try {
      if (tx !== 'none') await db.query(tx === 'snapshot' ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN');
      const out = await fn(db);
      if (tx !== 'none') await db.query('COMMIT');
      return out;
    } catch (err) {
      if (tx !== 'none') await db.query('ROLLBACK').catch(() => (broken = true));
      const e = asTeamError(err, doing);
      // Rights on the schema come only with the team role: losing them means losing the team.
      if (e.code === 'FORBIDDEN' && /permission denied for (schema|table)/.test(e.message)) {
        throw new TeamServerError('NOT_MEMBER', `${doing}: this role is not a member of team "${this.#team.team}" (any more)`, { cause: err });
      }
      throw e;
    } finally {
      db.off('error', onError);
      db.release(broken);
    }
  }

  whoami(): Promise<TeamIdentity> {
    return this.#with('whoami', (db) => this.#identity(db), 'none');
  }

  async #identity(db: PoolClient): Promise<TeamIdentity> {
    const r = await db.query<{ role: string; member: boolean; admin: boolean; version: string }>(
      `SELECT session_user AS role, pg_has_role(session_user, $1, 'USAGE') AS member, pg_has_role(session_user, $2, 'USAGE') AS admin, current_setting('server_version') AS version`,
      [this.#team.memberRole, this.#team.adminRole],
    );
    const row = r.rows[0]!;
    if (!row.member) throw new TeamServerError('NOT_MEMBER', `role "${row.role}" is not a member of team "${this.#team.team}" (any more)`);
    return { team: this.#team.team, role: row.role, admin: row.admin, schemaVersion: this.#team.schemaVersion, serverVersion: row.version };
  }

  async push(records: readonly SharedRecord[]): Promise<PushResult> {
    if (records.length > TEAM_LIMITS.batch) throw new TeamServerError('INVALID', `at most ${TEAM_LIMITS.batch} records per push (got ${records.length})`);
    const rejected: { uid: string; reason: string }[] = [];
    // One entry per uid: the highest revision of a batch that repeats one.
    const byUid = new Map<string, SharedRecord>();
    for (const r of records.map(cleanDeep)) {
      const why = invalidReason(r);
      if (why) {
        rejected.push({ uid: typeof (r as { uid?: unknown })?.uid === 'string' ? (r as { uid: string }).uid : '', reason: why });
        continue;
      }
      const prev = byUid.get(r.uid);
      if (!prev || (r.revision ?? 0) > (prev.revision ?? 0)) byUid.set(r.uid, r);
    }
    let duplicates = records.length - rejected.length - byUid.size;
    if (!byUid.size) return { inserted: 0, updated: 0, duplicates, forgotten: 0, rejected };
    const uids = [...byUid.keys()];
    return this.#with('push', async (db) => {
      const teamId = this.#team.teamId;
      const known = await db.query<{ uid: string; author: string; revision: number; mine: boolean }>(
        'SELECT uid, author, revision, author = session_user AS mine FROM mnemo.records WHERE team_id = $1 AND uid = ANY($2::text[])',
        [teamId, uids],
      );
      const gone = await db.query<{ uid: string }>('SELECT uid FROM mnemo.tombstones WHERE team_id = $1 AND uid = ANY($2::text[])', [teamId, uids]);
      const buried = new Set(gone.rows.map((r) => r.uid));
      const stored = new Map(known.rows.map((r) => [r.uid, r]));
      const fresh: SharedRecord[] = [];
      const newer: SharedRecord[] = [];
      let forgotten = 0;
      for (const r of byUid.values()) {
        const s = stored.get(r.uid);
        if (buried.has(r.uid)) forgotten++;
        else if (!s) fresh.push(r);
        else if (!s.mine) rejected.push({ uid: r.uid, reason: `uid already used by another member (${s.author})` });
        else if ((r.revision ?? 0) > s.revision) newer.push(r);
        else duplicates++;
      }
      let inserted = 0;
      if (fresh.length) {
        const res = await db.query(
          `INSERT INTO mnemo.records (team_id, uid, kind, project, branch, assistant, revision, created_at, session_uid, obs_type, priority, files, title, body, tags, extra, search)
           SELECT $1, r.uid, r.kind, r.project, r.branch, r.assistant, r.revision, r.created_at, r.session_uid, r.obs_type, r.priority, r.files, r.title, r.body, r.tags, r.extra, ${SEARCH_VECTOR}
           FROM jsonb_to_recordset($2::jsonb) AS r(${PUSH_COLUMNS})
           ON CONFLICT (team_id, uid) DO NOTHING`,
          [teamId, JSON.stringify(fresh.map(toRow))],
        );
        inserted = res.rowCount ?? 0;
        // Lost a race with a concurrent push of the same uid, or forgotten meanwhile: already there.
        duplicates += fresh.length - inserted;
      }
      let updated = 0;
      if (newer.length) {
        const res = await db.query(
          `UPDATE mnemo.records t SET kind = r.kind, project = r.project, branch = r.branch, assistant = r.assistant, revision = r.revision,
             created_at = r.created_at, session_uid = r.session_uid, obs_type = r.obs_type, priority = r.priority, files = r.files,
             title = r.title, body = r.body, tags = r.tags, extra = r.extra, search = ${SEARCH_VECTOR}
           FROM jsonb_to_recordset($2::jsonb) AS r(${PUSH_COLUMNS})
           WHERE t.team_id = $1 AND t.uid = r.uid AND t.revision < r.revision AND t.author = session_user`,
          [teamId, JSON.stringify(newer.map(toRow))],
        );
        updated = res.rowCount ?? 0;
        duplicates += newer.length - updated;
      }
      // Listeners (team/loop) pull at once; NOTIFY is delivered only if this transaction commits.
      if (inserted + updated > 0) await db.query(notifySql(teamId));
      return { inserted, updated, duplicates, forgotten, rejected };
    });
  }

  async pull(cursor: number, limit: number = 500): Promise<PullPage> {
    if (!Number.isSafeInteger(cursor) || cursor < 0) throw new TeamServerError('INVALID', `cursor must be a non-negative integer (got ${cursor})`);
    const n = Math.min(Math.max(Math.trunc(limit) || 1, 1), TEAM_LIMITS.page);
    // One snapshot for both tables: a forget committed between two reads could otherwise move the
    // cursor past a record the first read did not see.
    return this.#with(
      'pull',
      async (db) => {
        const teamId = this.#team.teamId;
        const recs = await db.query<RecordRow>(`SELECT ${RECORD_COLUMNS} FROM mnemo.records WHERE team_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`, [teamId, cursor, n]);
        const tombs = await db.query<TombstoneRow>(
          `SELECT uid, seq, kind, project, forgotten_by, extract(epoch from forgotten_at) * 1000 AS forgotten_ms
           FROM mnemo.tombstones WHERE team_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
          [teamId, cursor, n],
        );
        const changes: TeamChange[] = [
          ...recs.rows.map((r) => ({ op: 'put' as const, record: fromRow(r) })),
          ...tombs.rows.map((t) => ({ op: 'forget' as const, tombstone: fromTombstoneRow(t) })),
        ]
          .sort((a, b) => seqOf(a) - seqOf(b))
          .slice(0, n);
        const more = recs.rows.length === n || tombs.rows.length === n;
        return { changes, cursor: changes.length ? seqOf(changes[changes.length - 1]!) : cursor, more };
      },
      'snapshot',
    );
  }

  async forget(uids: readonly string[]): Promise<ForgetResult> {
    const list = [...new Set(cleanDeep(uids).filter((u) => typeof u === 'string' && u.length > 0 && u.length <= TEAM_LIMITS.uidChars))];
    if (list.length > UID_LIST_MAX) throw new TeamServerError('INVALID', `at most ${UID_LIST_MAX} uids per forget`);
    if (!list.length) return { forgotten: [], missing: [], notAllowed: [] };
    return this.#with('forget', async (db) => {
      const teamId = this.#team.teamId;
      const known = await db.query<{ uid: string }>('SELECT uid FROM mnemo.records WHERE team_id = $1 AND uid = ANY($2::text[])', [teamId, list]);
      // The DELETE policy leaves out what this role may not delete; the trigger writes each tombstone.
      const del = await db.query<{ uid: string }>('DELETE FROM mnemo.records WHERE team_id = $1 AND uid = ANY($2::text[]) RETURNING uid', [teamId, list]);
      const done = new Set(del.rows.map((r) => r.uid));
      if (done.size) await db.query(notifySql(teamId));
      const present = new Set(known.rows.map((r) => r.uid));
      return {
        forgotten: list.filter((u) => done.has(u)),
        missing: list.filter((u) => !present.has(u)),
        notAllowed: list.filter((u) => present.has(u) && !done.has(u)),
      };
    });
  }

  /** `tuning` leaves parts of the ranking out (benchmarks and evaluation ablations only). */
  search(query: TeamSearchQuery, tuning?: TeamSearchTuning): Promise<TeamSearchHit[]> {
    return this.#with('search', (db) => searchTeam(db, this.#team.teamId, cleanDeep(query), Date.now(), tuning), 'snapshot');
  }

  status(): Promise<TeamStatus> {
    return this.#with(
      'status',
      async (db) => {
        const id = await this.#identity(db);
        const teamId = this.#team.teamId;
        const head = await db.query<{ head: string }>(
          `SELECT greatest((SELECT max(seq) FROM mnemo.records WHERE team_id = $1), (SELECT max(seq) FROM mnemo.tombstones WHERE team_id = $1), 0) AS head`,
          [teamId],
        );
        const projects = await db.query<{ project: string; n: string; last: string }>(
          'SELECT project, count(*) AS n, max(created_at) AS last FROM mnemo.records WHERE team_id = $1 GROUP BY project ORDER BY max(created_at) DESC',
          [teamId],
        );
        const members = await db.query<{ rolname: string }>(
          `SELECT DISTINCT r.rolname FROM pg_catalog.pg_auth_members m JOIN pg_catalog.pg_roles r ON r.oid = m.member
           WHERE m.roleid IN (SELECT oid FROM pg_catalog.pg_roles WHERE rolname IN ($1, $2)) AND r.rolname NOT IN ($1, $2) ORDER BY 1`,
          [this.#team.memberRole, this.#team.adminRole],
        );
        return {
          ...id,
          head: Number(head.rows[0]!.head),
          records: projects.rows.reduce((a, p) => a + Number(p.n), 0),
          projects: projects.rows.map((p) => ({ project: p.project, records: Number(p.n), lastAt: Number(p.last) })),
          members: members.rows.map((m) => m.rolname),
        };
      },
      'snapshot',
    );
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}

function seqOf(c: TeamChange): number {
  return c.op === 'put' ? c.record.seq : c.tombstone.seq;
}
