/**
 * @module store/sqlite/team/queue
 * Queueing records for the team server, always inside the caller's write transaction (ingest,
 * summaries, forget), so a record is queued exactly when it is written: a crash loses both or
 * neither. An outbox entry names a row (an observation's uid, a session's id), never a copy: the
 * sync engine (src/team/sync) reads the row when it pushes, and a row forgotten meanwhile is simply
 * not there any more. Queueing an entry that is already waiting raises its version instead of adding
 * a second one, so a push that read the older state does not remove the newer.
 */
import type { ShareRule } from '../../../core/team/share-rules.ts';
import { newUid } from '../../../core/uid.ts';
import type { SqliteDb } from '../driver.ts';

export type OutboxKind = 'session' | 'observation' | 'summary' | 'tombstone';

/** The uid a session's summary is shared under (one summary per session, upgraded in place). */
export const summaryUid = (sessionUid: string): string => `${sessionUid}:summary`;

export function prepareQueue(db: SqliteDb) {
  return {
    share: db.prepare('SELECT project, identity, prompts FROM team_shares WHERE project = ?'),
    enqueue: db.prepare(
      `INSERT INTO team_outbox (kind, ref, project, data, queued_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (kind, ref) DO UPDATE SET version = version + 1, queued_at = excluded.queued_at, data = excluded.data, last_error = NULL`,
    ),
    // A new revision for the server to keep, and the shared id on first use.
    claimSession: db.prepare('UPDATE sessions SET uid = coalesce(uid, ?), shared_rev = shared_rev + 1 WHERE id = ? RETURNING uid').pluck(),
    unqueueObservation: db.prepare("DELETE FROM team_outbox WHERE kind = 'observation' AND ref = ?"),
    // A session of mine captured here that has been shared (it has a uid) and is not kept local.
    sharedSession: db.prepare('SELECT project FROM sessions WHERE id = ? AND uid IS NOT NULL AND local_only = 0 AND origin IS NULL').pluck(),
    // What of mine may be on the server: tombstones for these when they are forgotten.
    sharedObservation: db.prepare(
      `SELECT o.uid, o.project FROM observations o JOIN sessions s ON s.id = o.session_id
       WHERE o.id = ? AND o.author IS NULL AND s.uid IS NOT NULL AND o.private = 0 AND o.local_only = 0 AND o.type NOT IN ('pending', 'marker')`,
    ),
    sessionsOfMine: db.prepare('SELECT uid, project FROM sessions WHERE uid IS NOT NULL AND author IS NULL AND (id = @session OR project = @project)'),
  };
}

export type QueueStatements = ReturnType<typeof prepareQueue>;

/** How `project` is shared from here; undefined when it is not. */
export function shareRuleOf(q: QueueStatements, project: string): ShareRule | undefined {
  const r = q.share.get(project) as { project: string; identity: string; prompts: number } | undefined;
  return r ? { project: r.project, identity: r.identity, prompts: r.prompts === 1 } : undefined;
}

/** Queue a session (new, ended, resumed); gives it its shared uid on first use. Returns the uid. */
export function queueSession(q: QueueStatements, sessionId: number, project: string, at: number): string {
  const uid = q.claimSession.get(newUid(), sessionId) as string;
  q.enqueue.run('session', String(sessionId), project, null, at);
  return uid;
}

export function queueObservation(q: QueueStatements, uid: string, project: string, at: number): void {
  q.enqueue.run('observation', uid, project, null, at);
}

/** Queue a session's summary when the session was shared (the engine checks the finer rules when it pushes). */
export function queueSummaryIfShared(q: QueueStatements, sessionId: number, at: number): void {
  const project = q.sharedSession.get(sessionId) as string | undefined;
  if (project === undefined) return;
  q.claimSession.get(newUid(), sessionId);
  q.enqueue.run('summary', String(sessionId), project, null, at);
}

/**
 * Before a forget deletes them: queue tombstones for the observations, and the sessions (with their
 * summaries) that a forget of a session or project removes, that may be on the server. Teammates'
 * mirrored records are only deleted here: the server keeps them (their author or an admin may forget them).
 */
export function queueTombstonesFor(q: QueueStatements, ids: readonly number[], whole: { readonly sessionId?: number; readonly project?: string }, at: number): number {
  let n = 0;
  for (const id of ids) {
    const r = q.sharedObservation.get(id) as { uid: string; project: string } | undefined;
    if (r) (queueTombstone(q, r.uid, 'observation', r.project, at), n++);
  }
  if (whole.sessionId !== undefined || whole.project !== undefined) {
    const rows = q.sessionsOfMine.all({ session: whole.sessionId ?? null, project: whole.project ?? null }) as { uid: string; project: string }[];
    for (const r of rows) {
      queueTombstone(q, summaryUid(r.uid), 'summary', r.project, at);
      queueTombstone(q, r.uid, 'session', r.project, at);
      n += 2;
    }
  }
  return n;
}

/** Queue the forgetting of a record that may be on the server, and drop its waiting push, if any. */
export function queueTombstone(q: QueueStatements, uid: string, kind: 'observation' | 'session' | 'summary', project: string, at: number): void {
  q.enqueue.run('tombstone', uid, project, kind, at);
  if (kind === 'observation') q.unqueueObservation.run(uid);
}
