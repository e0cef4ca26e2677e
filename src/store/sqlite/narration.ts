/**
 * @module store/sqlite/narration
 * The narration of tool calls (core/narration) and the read positions in host transcripts
 * (src/narration), as SQL. A call's narration is keyed by the host's session and call ids, so the
 * transcript reader and the hooks may deliver their halves in either order: whichever arrives second
 * links them (`obs_id`) and puts the narration into the observation's index row. Saving the same
 * narration again changes nothing.
 */
import type { NarrationRecord } from '../../core/narration.ts';
import type { SqliteDb } from './driver.ts';
import { FtsWriter, ftsRowOf } from './fts-index.ts';
import { stmt } from './statements.ts';

/** A call's stored narration, and the observation it is linked to. */
export interface StoredNarration {
  readonly rowid: number;
  readonly why: string;
  readonly finding: string;
  readonly obsId: number | null;
}

export function findNarration(db: SqliteDb, platform: string, session: string, callId: string): StoredNarration | undefined {
  return stmt(db, 'SELECT rowid, why, finding, obs_id AS obsId FROM narration WHERE platform = ? AND session = ? AND call_id = ?').get(platform, session, callId) as
    | StoredNarration
    | undefined;
}

/** Link a narration to its observation (once the observation's row is written). */
export function linkNarration(db: SqliteDb, rowid: number, obsId: number): void {
  stmt(db, 'UPDATE narration SET obs_id = ? WHERE rowid = ?').run(obsId, rowid);
}

/** The observation a call's outcome became (its natural key is `post:<call id>`), if stored. */
function observationOf(db: SqliteDb, platform: string, session: string, callId: string): number | undefined {
  return stmt(
    db,
    `SELECT o.id FROM sessions s JOIN observations o ON o.session_id = s.id AND o.dedupe_key = ? WHERE s.platform = ? AND s.external_id = ?`,
  )
    .pluck()
    .get(`post:${callId}`, platform, session) as number | undefined;
}

/** How far a call matched by order may be from its observation in time (hooks run as the call ends). */
const MATCH_WINDOW_MS = 10 * 60_000;

/**
 * A call of a host whose hooks send no call id (NarrationRecord.match): the session's nth observation
 * of the tool, if it was made about when the call ran and no other call's narration has it.
 */
function observationByOrder(db: SqliteDb, platform: string, session: string, match: NonNullable<NarrationRecord['match']>): number | undefined {
  const row = stmt(
    db,
    `SELECT o.id, o.created_at AS at FROM sessions s JOIN observations o ON o.session_id = s.id
     WHERE s.platform = ? AND s.external_id = ? AND o.tool_name = ? AND o.tool_use_id IS NULL AND o.type <> 'pending'
     ORDER BY o.created_at, o.id LIMIT 1 OFFSET ?`,
  ).get(platform, session, match.tool, match.nth) as { id: number; at: number } | undefined;
  if (!row || (match.at !== undefined && Math.abs(row.at - match.at) > MATCH_WINDOW_MS)) return undefined;
  return stmt(db, 'SELECT 1 FROM narration WHERE obs_id = ?').get(row.id) ? undefined : row.id;
}

export interface SaveNarrationResult {
  /** Records that changed what was stored. */
  readonly changed: number;
  /** Of which now linked to their observation (searchable). */
  readonly attached: number;
  /** The observations whose narration changed (the team outbox sends them again). */
  readonly observations: readonly number[];
}

/**
 * Store records read from a transcript, in the caller's write transaction: each side a record
 * carries replaces the stored one; a record linked (now or before) to its observation rewrites the
 * observation's index row when its text changed.
 */
export function saveNarration(db: SqliteDb, platform: string, records: readonly NarrationRecord[]): SaveNarrationResult {
  let changed = 0;
  const observations: number[] = [];
  let fts: FtsWriter | undefined;
  for (const r of records) {
    const old = findNarration(db, platform, r.session, r.callId);
    const why = r.why ?? old?.why ?? '';
    const finding = r.finding ?? old?.finding ?? '';
    if (old && old.why === why && old.finding === finding && old.obsId !== null) continue;
    const obsId = old?.obsId ?? observationOf(db, platform, r.session, r.callId) ?? (r.match ? observationByOrder(db, platform, r.session, r.match) : undefined) ?? null;
    if (old && old.why === why && old.finding === finding && obsId === null) continue;
    stmt(
      db,
      `INSERT INTO narration (platform, session, call_id, why, finding, obs_id) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (platform, session, call_id) DO UPDATE SET why = excluded.why, finding = excluded.finding, obs_id = excluded.obs_id`,
    ).run(platform, r.session, r.callId, why, finding, obsId);
    changed++;
    if (obsId === null) continue;
    observations.push(obsId);
    const row = ftsRowOf(db, obsId);
    if (row && !row.private) (fts ??= new FtsWriter(db)).replace(obsId, row);
    // The vector was made from the text without this narration: drop it, and the embedder's next
    // passes make it again (store/sqlite/vectors: pending).
    stmt(db, 'DELETE FROM obs_vectors WHERE obs_id = ?').run(obsId);
  }
  return { changed, attached: observations.length, observations };
}

// ── Read positions in host transcripts. ──

/** Where a transcript has been read to (see the `transcripts` table, migration 6). */
export interface TranscriptCursor {
  readonly path: string;
  readonly platform: string;
  readonly session: string;
  readonly seenAt: number;
  readonly dev: number | null;
  readonly ino: number | null;
  readonly offset: number;
  /** The file's size when last read (past `offset` when its last line was unfinished). */
  readonly size: number | null;
  /** Hex of the bytes just before `offset`. */
  readonly tail: string | null;
  readonly state: string | null;
}

/** Transcripts named by the batch's events: seen now, created on first sight. */
export function noteTranscripts(db: SqliteDb, named: ReadonlyMap<string, { readonly platform: string; readonly session: string }>, now = Date.now()): void {
  const upsert = stmt(
    db,
    `INSERT INTO transcripts (path, platform, session, seen_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (path) DO UPDATE SET platform = excluded.platform, session = excluded.session, seen_at = max(seen_at, excluded.seen_at)`,
  );
  for (const [path, t] of named) upsert.run(path, t.platform, t.session, now);
}

/** A transcript found beside one already known (a subagent's file): same session, not read yet. */
export function addTranscript(db: SqliteDb, path: string, platform: string, session: string, seenAt: number): void {
  stmt(db, 'INSERT INTO transcripts (path, platform, session, seen_at) VALUES (?, ?, ?, ?) ON CONFLICT (path) DO NOTHING').run(path, platform, session, seenAt);
}

/** Transcripts named since `since`, of these platforms (optionally of one session), least recently read first. */
export function activeTranscripts(db: SqliteDb, q: { readonly since: number; readonly platforms: readonly string[]; readonly session?: { readonly platform: string; readonly session: string } }): TranscriptCursor[] {
  const platforms = JSON.stringify(q.platforms);
  const rows = q.session
    ? stmt(db, `SELECT * FROM transcripts WHERE platform = ? AND session = ? AND platform IN (SELECT value FROM json_each(?)) ORDER BY coalesce(read_at, 0), path`).all(
        q.session.platform,
        q.session.session,
        platforms,
      )
    : stmt(db, `SELECT * FROM transcripts WHERE seen_at >= ? AND platform IN (SELECT value FROM json_each(?)) ORDER BY coalesce(read_at, 0), path`).all(q.since, platforms);
  return (rows as { path: string; platform: string; session: string; seen_at: number; dev: number | null; ino: number | null; offset: number; size: number | null; tail: string | null; state: string | null }[]).map(
    (r) => ({ path: r.path, platform: r.platform, session: r.session, seenAt: r.seen_at, dev: r.dev, ino: r.ino, offset: r.offset, size: r.size, tail: r.tail, state: r.state }),
  );
}

/** What a read of one transcript moved its position to. */
export interface CursorMove {
  readonly path: string;
  /** The read started over: the file was replaced or cut, so the position it had is void. */
  readonly restarted: boolean;
  readonly offset: number;
  /** Null: the read stopped before the file's end (see narration/read). */
  readonly size: number | null;
  readonly dev: number;
  readonly ino: number;
  readonly tail: string;
  readonly state: string | null;
}

/**
 * Save a read's new position, unless another process has meanwhile read the same file further (its
 * position and state are as good: reading is deterministic). A read that restarted the file (it was
 * replaced or cut) always wins over the position it invalidated.
 */
export function moveCursor(db: SqliteDb, m: CursorMove, now = Date.now()): boolean {
  const info = stmt(
    db,
    `UPDATE transcripts SET offset = @offset, size = @size, dev = @dev, ino = @ino, tail = @tail, state = @state, read_at = @now
     WHERE path = @path AND (offset <= @offset OR @restarted)`,
  ).run({ ...m, restarted: m.restarted ? 1 : 0, now });
  return info.changes > 0;
}

/** Note that a transcript was looked at and had nothing new (keeps the least-recently-read order fair). */
export function touchCursor(db: SqliteDb, path: string, now = Date.now()): void {
  stmt(db, 'UPDATE transcripts SET read_at = ? WHERE path = ?').run(now, path);
}
