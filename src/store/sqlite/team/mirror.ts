/**
 * @module store/sqlite/team/mirror
 * Teammates' records, pulled from the team server, kept in the local store so that search,
 * SessionStart, the viewer and MCP find them offline and as fast as one's own. They are already
 * captured, redacted and extracted where they were written: here they are stored as they came, in
 * the same tables and full-text index as local rows, marked by `author` (NULL: mine, also from another
 * of my machines) and `origin` (the connection they came from). Applying a page and moving the cursor
 * happen in one transaction: a page is applied once, wholly, or not at all.
 *
 * Only projects shared from this machine are mirrored (a change of another project is passed over;
 * `mnemo search --team` asks the server for those). A tombstone deletes the record here as `forget`
 * would, mine included: forgetting on any machine forgets everywhere.
 */
import type { SharedObservation, SharedSession, SharedSummary, TeamChange, TeamRecord, Tombstone } from '../../../core/team/contract.ts';
import { FtsWriter, type FtsRow } from '../fts-index.ts';
import type { SqliteDb } from '../driver.ts';
import { deleteObservations } from '../forget.ts';
import { stmt } from '../statements.ts';

export interface MirrorContext {
  /** My role on the server: records it authored are mine (author NULL). */
  readonly me: string;
  /** The connection the records came from, kept on each row. */
  readonly origin: string;
}

export interface MirrorResult {
  /** Records stored or updated. */
  readonly applied: number;
  /** Records already here, or of projects not shared from here. */
  readonly skipped: number;
  /** Observations deleted by tombstones. */
  readonly deleted: number;
  /** Local projects whose rows changed (their SessionStart index may show it). */
  readonly projects: ReadonlySet<string>;
}

type Put = SharedRecord & TeamRecordStamp;
type SharedRecord = SharedObservation | SharedSession | SharedSummary;
type TeamRecordStamp = Pick<TeamRecord, 'author' | 'seq' | 'pushedAt'>;

/** The local project a project key is mirrored into (the first share of it), or undefined. */
function localProject(db: SqliteDb, key: string): string | undefined {
  return stmt(db, 'SELECT project FROM team_shares WHERE identity = ? ORDER BY shared_at, project LIMIT 1').pluck().get(key) as string | undefined;
}

/** The session of `uid`, created as a stand-in when a record arrives before it (filled in when it does). */
function sessionFor(db: SqliteDb, r: { uid: string; assistant: string; createdAt: number; branch?: string }, project: string, author: string | null, ctx: MirrorContext): { id: number; mine: boolean } {
  const row = stmt(db, 'SELECT id, origin FROM sessions WHERE uid = ?').get(r.uid) as { id: number; origin: string | null } | undefined;
  if (row) return { id: row.id, mine: row.origin === null };
  const id = stmt(
    db,
    `INSERT INTO sessions (platform, external_id, project, branch, started_at, uid, author, origin) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (platform, external_id) DO UPDATE SET uid = excluded.uid RETURNING id`,
  )
    .pluck()
    .get(r.assistant, `team:${r.uid}`, project, r.branch ?? null, r.createdAt, r.uid, author, ctx.origin) as number;
  return { id, mine: false };
}

function putSession(db: SqliteDb, r: SharedSession, project: string, author: string | null, ctx: MirrorContext): boolean {
  const s = sessionFor(db, r, project, author, ctx);
  if (s.mine) return false; // my own, captured here: the local row is the original
  stmt(db, 'UPDATE sessions SET branch = coalesce(?, branch), started_at = ?, ended_at = ?, end_reason = ?, author = ?, project = ? WHERE id = ?').run(
    r.branch ?? null,
    r.createdAt,
    r.endedAt ?? null,
    r.endReason ?? null,
    author,
    project,
    s.id,
  );
  return true;
}

function putObservation(db: SqliteDb, r: SharedObservation, project: string, author: string | null, ctx: MirrorContext, fts: FtsWriter): boolean {
  const known = stmt(db, 'SELECT id, origin FROM observations WHERE uid = ?').get(r.uid) as { id: number; origin: string | null } | undefined;
  // A later revision of a teammate's record brings its narration; my own rows are the originals.
  if (known) {
    if (known.origin === null || !putNarration(db, known.id, r)) return false;
    fts.replace(known.id, indexRow(r));
    return true;
  }
  const s = sessionFor(db, { uid: r.sessionUid, assistant: r.assistant, createdAt: r.createdAt, ...(r.branch ? { branch: r.branch } : {}) }, project, author, ctx);
  const id = stmt(
    db,
    `INSERT INTO observations (session_id, project, platform, kind, type, title, body, files, tags, priority, tool_name, private, created_at, uid, author, origin)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?) RETURNING id`,
  )
    .pluck()
    .get(s.id, project, r.assistant, r.obsKind, r.type, r.title, r.body, JSON.stringify(r.files), r.tags ?? '', r.priority ?? 5, r.toolName ?? null, r.createdAt, r.uid, author, ctx.origin) as number;
  putNarration(db, id, r);
  // Through the writer: while the word index is being rebuilt (a deferred migration) both tables take the row.
  fts.insert(id, indexRow(r));
  return true;
}

/** What the word index holds of a mirrored record: its text and its narration. */
function indexRow(r: SharedObservation): FtsRow {
  return { title: r.title, body: r.body, tags: r.tags ?? '', ...(r.why ? { why: r.why } : {}), ...(r.finding ? { finding: r.finding } : {}) };
}

/**
 * A mirrored record's narration, stored as local narration is (keyed by its uid, as no transcript of
 * it is read here). False when it brings none or nothing new.
 */
function putNarration(db: SqliteDb, id: number, r: SharedObservation): boolean {
  if (!r.why && !r.finding) return false;
  const old = stmt(db, 'SELECT why, finding FROM narration WHERE obs_id = ?').get(id) as { why: string; finding: string } | undefined;
  if (old && old.why === (r.why ?? '') && old.finding === (r.finding ?? '')) return false;
  stmt(
    db,
    `INSERT INTO narration (platform, session, call_id, why, finding, obs_id) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (platform, session, call_id) DO UPDATE SET why = excluded.why, finding = excluded.finding, obs_id = excluded.obs_id`,
  ).run(`team:${r.assistant}`, r.sessionUid, r.uid, r.why ?? '', r.finding ?? '', id);
  return true;
}

function putSummary(db: SqliteDb, r: SharedSummary, project: string, author: string | null, ctx: MirrorContext): boolean {
  const s = sessionFor(db, { uid: r.sessionUid, assistant: r.assistant, createdAt: r.createdAt, ...(r.branch ? { branch: r.branch } : {}) }, project, author, ctx);
  if (s.mine) return false;
  stmt(
    db,
    `INSERT INTO summaries (session_id, brief, detailed, language, provider, model, observation_count, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (session_id) DO UPDATE SET brief = excluded.brief, detailed = excluded.detailed, language = excluded.language, provider = excluded.provider,
       model = excluded.model, observation_count = excluded.observation_count, created_at = excluded.created_at`,
  ).run(s.id, r.brief, r.detailed, r.language, r.provider, r.model ?? null, r.observationCount, r.createdAt);
  return true;
}

/** Delete what a tombstone names, wherever it is here. Returns the observations deleted and their projects. */
function applyTombstone(db: SqliteDb, t: Tombstone): { deleted: number; projects: string[] } {
  if (t.kind === 'observation') {
    const row = stmt(db, 'SELECT id, project FROM observations WHERE uid = ?').get(t.uid) as { id: number; project: string } | undefined;
    if (!row) return { deleted: 0, projects: [] };
    deleteObservations(db, [row.id], { dropDerived: true });
    return { deleted: 1, projects: [row.project] };
  }
  const sessionUid = t.kind === 'summary' ? t.uid.replace(/:summary$/, '') : t.uid;
  const session = stmt(db, 'SELECT id, project FROM sessions WHERE uid = ?').get(sessionUid) as { id: number; project: string } | undefined;
  if (!session) return { deleted: 0, projects: [] };
  if (t.kind === 'summary') {
    stmt(db, 'DELETE FROM summaries WHERE session_id = ?').run(session.id);
    return { deleted: 0, projects: [session.project] };
  }
  const ids = stmt(db, 'SELECT id FROM observations WHERE session_id = ?').pluck().all(session.id) as number[];
  const { deleted } = deleteObservations(db, ids, { dropDerived: true });
  stmt(db, 'DELETE FROM sessions WHERE id = ?').run(session.id);
  return { deleted: deleted.length, projects: [session.project] };
}

function applyPut(db: SqliteDb, r: Put, ctx: MirrorContext, fts: FtsWriter): string | undefined {
  const project = localProject(db, r.project);
  if (project === undefined) return undefined;
  const author = r.author === ctx.me ? null : r.author;
  const done =
    r.kind === 'observation' ? putObservation(db, r, project, author, ctx, fts) : r.kind === 'session' ? putSession(db, r, project, author, ctx) : putSummary(db, r, project, author, ctx);
  return done ? project : undefined;
}

/**
 * Apply pulled changes (in seq order) and store `cursor`, in one write transaction. The caller bumps
 * the generation tokens of `projects` after it returns (and purges the word index when `deleted`).
 */
export function applyChanges(db: SqliteDb, changes: readonly TeamChange[], cursor: number, ctx: MirrorContext): MirrorResult {
  return db.transaction(() => {
    // One writer for the transaction: it reads the index's layout once (it cannot change inside one).
    const fts = new FtsWriter(db);
    let applied = 0;
    let skipped = 0;
    let deleted = 0;
    const projects = new Set<string>();
    for (const c of changes) {
      if (c.op === 'forget') {
        const t = applyTombstone(db, c.tombstone);
        deleted += t.deleted;
        for (const p of t.projects) projects.add(p);
        continue;
      }
      const project = applyPut(db, c.record as Put, ctx, fts);
      if (project === undefined) skipped++;
      else (applied++, projects.add(project));
    }
    stmt(db, "INSERT INTO team_state (key, value) VALUES ('cursor', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(String(cursor));
    return { applied, skipped, deleted, projects };
  }).immediate();
}

/**
 * Delete mirrored rows (of one project, or all), a bounded batch a transaction so writers wait little.
 * Returns the observations deleted; the caller purges the word index afterwards.
 */
export function dropMirror(db: SqliteDb, project?: string, batch = 2000): number {
  let total = 0;
  const where = project === undefined ? 'origin IS NOT NULL' : 'origin IS NOT NULL AND project = ?';
  const args = project === undefined ? [] : [project];
  for (;;) {
    const n = db.transaction(() => {
      const ids = stmt(db, `SELECT id FROM observations WHERE ${where} LIMIT ${batch}`).pluck().all(...args) as number[];
      deleteObservations(db, ids, { dropDerived: false });
      return ids.length;
    }).immediate();
    total += n;
    if (n < batch) break;
  }
  db.transaction(() => stmt(db, `DELETE FROM sessions WHERE ${where}`).run(...args)).immediate();
  return total;
}
