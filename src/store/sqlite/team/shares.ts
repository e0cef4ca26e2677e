/**
 * @module store/sqlite/team/shares
 * Which projects this machine shares, the sync state (connection, who I am, the pull cursor), and
 * the changes of mind: sharing a project's past, keeping records local after the fact.
 */
import { isShareable } from '../../../core/team/share-rules.ts';
import type { ObsType } from '../../../core/types.ts';
import type { SqliteDb } from '../driver.ts';
import { stmt } from '../statements.ts';
import { prepareQueue, queueObservation, queueSession, queueSummaryIfShared } from './queue.ts';

export interface ShareInfo {
  readonly project: string;
  readonly identity: string;
  readonly prompts: boolean;
  readonly sharedAt: number;
  /** Outbox entries waiting for this project (tombstones included). */
  readonly waiting: number;
  /** Records mirrored from the team (teammates', and mine from other machines). */
  readonly mirrored: number;
}

export function listShares(db: SqliteDb): ShareInfo[] {
  const rows = stmt(
    db,
    `SELECT t.project, t.identity, t.prompts, t.shared_at,
       (SELECT count(*) FROM team_outbox b WHERE b.project = t.project) AS waiting,
       (SELECT count(*) FROM observations o WHERE o.project = t.project AND o.origin IS NOT NULL) AS mirrored
     FROM team_shares t ORDER BY t.project`,
  ).all() as { project: string; identity: string; prompts: number; shared_at: number; waiting: number; mirrored: number }[];
  return rows.map((r) => ({ project: r.project, identity: r.identity, prompts: r.prompts === 1, sharedAt: r.shared_at, waiting: r.waiting, mirrored: r.mirrored }));
}

/** Whether any project is shared (cheap: the long-lived loops ask it before doing anything). */
export function anyShare(db: SqliteDb): boolean {
  return !!stmt(db, 'SELECT 1 FROM team_shares LIMIT 1').get();
}

/** Share (or re-share with other settings). Returns whether the identity is new here (its history must be pulled). */
export function upsertShare(db: SqliteDb, project: string, identity: string, prompts: boolean, at: number): { newIdentity: boolean } {
  return db.transaction(() => {
    const known = !!stmt(db, 'SELECT 1 FROM team_shares WHERE identity = ?').get(identity);
    stmt(
      db,
      `INSERT INTO team_shares (project, identity, prompts, shared_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (project) DO UPDATE SET identity = excluded.identity, prompts = excluded.prompts`,
    ).run(project, identity, prompts ? 1 : 0, at);
    return { newIdentity: !known };
  }).immediate();
}

/** Stop sharing: what still waits (but tombstones) is dropped. Returns the entries dropped. */
export function removeShare(db: SqliteDb, project: string): { removed: boolean; dropped: number } {
  return db.transaction(() => {
    const removed = stmt(db, 'DELETE FROM team_shares WHERE project = ?').run(project).changes > 0;
    // Tombstones still go: a record forgotten here must leave the server even after unsharing.
    const dropped = stmt(db, "DELETE FROM team_outbox WHERE project = ? AND kind != 'tombstone'").run(project).changes;
    return { removed, dropped };
  }).immediate();
}

/**
 * Queue a project's existing records (`share --history`), oldest first, sessions before their
 * records, through the same rule as new ones; in transactions of `chunk` rows.
 */
export function queueHistory(db: SqliteDb, project: string, at: number, chunk = 5000): number {
  const q = prepareQueue(db);
  const rule = stmt(db, 'SELECT project, identity, prompts FROM team_shares WHERE project = ?').get(project) as { project: string; identity: string; prompts: number } | undefined;
  if (!rule) return 0;
  const share = { project: rule.project, identity: rule.identity, prompts: rule.prompts === 1 };
  type Row = { id: number; uid: string; type: ObsType; private: number; local_only: number; session_id: number; session_uid: string | null; session_local: number };
  const page = stmt(
    db,
    `SELECT o.id, o.uid, o.type, o.private, o.local_only, o.session_id, s.uid AS session_uid, s.local_only AS session_local
     FROM observations o JOIN sessions s ON s.id = o.session_id
     WHERE o.project = ? AND o.origin IS NULL AND o.id > ? ORDER BY o.id LIMIT ?`,
  );
  let after = 0;
  let queued = 0;
  const sessions = new Map<number, string>();
  for (;;) {
    const rows = page.all(project, after, chunk) as Row[];
    if (rows.length === 0) break;
    db.transaction(() => {
      for (const r of rows) {
        const candidate = { type: r.type, private: r.private === 1, localOnly: r.local_only === 1, sessionLocalOnly: r.session_local === 1, mirrored: false };
        if (!isShareable(candidate, share)) continue;
        if (!sessions.has(r.session_id)) sessions.set(r.session_id, queueSession(q, r.session_id, project, at));
        queueObservation(q, r.uid, project, at);
        queued++;
      }
    }).immediate();
    after = rows[rows.length - 1]!.id;
  }
  db.transaction(() => {
    for (const id of sessions.keys()) if (stmt(db, 'SELECT 1 FROM summaries WHERE session_id = ?').get(id)) queueSummaryIfShared(q, id, at);
  }).immediate();
  return queued;
}

export interface KeptLocal {
  /** Records now marked local. */
  readonly marked: number;
  /** Of which were still waiting to be shared (now never will be). */
  readonly unqueued: number;
  /** Of which may already be on the server (their session was shared and they were not waiting): `mnemo forget` removes them there. */
  readonly maybeShared: number;
}

/** Mark records (or a whole session) as never to be shared. */
export function keepLocal(db: SqliteDb, target: { readonly ids?: readonly number[]; readonly sessionId?: number }): KeptLocal {
  return db.transaction(() => {
    const ids = new Set(target.ids ?? []);
    if (target.sessionId !== undefined) {
      for (const id of stmt(db, 'SELECT id FROM observations WHERE session_id = ?').pluck().all(target.sessionId) as number[]) ids.add(id);
      stmt(db, 'UPDATE sessions SET local_only = 1 WHERE id = ?').run(target.sessionId);
      stmt(db, "DELETE FROM team_outbox WHERE kind IN ('session', 'summary') AND ref = ?").run(String(target.sessionId));
    }
    let marked = 0;
    let unqueued = 0;
    let maybeShared = 0;
    for (const id of ids) {
      const r = stmt(db, 'SELECT o.uid, o.origin, s.uid AS session_uid FROM observations o JOIN sessions s ON s.id = o.session_id WHERE o.id = ?').get(id) as
        | { uid: string; origin: string | null; session_uid: string | null }
        | undefined;
      if (!r || r.origin !== null) continue; // mirrored records are on the server already, by their author
      stmt(db, 'UPDATE observations SET local_only = 1 WHERE id = ?').run(id);
      marked++;
      if (stmt(db, "DELETE FROM team_outbox WHERE kind = 'observation' AND ref = ?").run(r.uid).changes > 0) unqueued++;
      else if (r.session_uid !== null) maybeShared++;
    }
    return { marked, unqueued, maybeShared };
  }).immediate();
}

// ── Sync state: a small key/value table (connection, role, cursor, outcomes). ──

export function readState(db: SqliteDb): Record<string, string> {
  const rows = stmt(db, 'SELECT key, value FROM team_state').all() as { key: string; value: string }[];
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** Set keys (undefined deletes one), in one transaction. */
export function writeState(db: SqliteDb, patch: Readonly<Record<string, string | undefined>>): void {
  const set = stmt(db, 'INSERT INTO team_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  const del = stmt(db, 'DELETE FROM team_state WHERE key = ?');
  db.transaction(() => {
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) del.run(k);
      else set.run(k, v);
    }
  }).immediate();
}

export interface OutboxCounts {
  readonly waiting: number;
  readonly byKind: Readonly<Record<string, number>>;
  readonly refused: number;
  readonly oldestAt?: number;
  readonly lastError?: string;
  /** The most attempts any waiting entry has had. */
  readonly attempts: number;
}

export function outboxCounts(db: SqliteDb): OutboxCounts {
  const kinds = stmt(db, 'SELECT kind, count(*) AS n FROM team_outbox WHERE refused_at IS NULL GROUP BY kind').all() as { kind: string; n: number }[];
  const r = stmt(
    db,
    `SELECT (SELECT count(*) FROM team_outbox WHERE refused_at IS NOT NULL) AS refused, min(queued_at) AS oldest, max(attempts) AS attempts,
       (SELECT last_error FROM team_outbox WHERE last_error IS NOT NULL ORDER BY id DESC LIMIT 1) AS last_error
     FROM team_outbox WHERE refused_at IS NULL`,
  ).get() as { refused: number; oldest: number | null; attempts: number | null; last_error: string | null };
  const byKind = Object.fromEntries(kinds.map((k) => [k.kind, k.n]));
  return {
    waiting: kinds.reduce((n, k) => n + k.n, 0),
    byKind,
    refused: r.refused,
    ...(r.oldest !== null ? { oldestAt: r.oldest } : {}),
    ...(r.last_error ? { lastError: r.last_error } : {}),
    attempts: r.attempts ?? 0,
  };
}

/** The entries waiting, newest first, for `team status` to show what waits. */
export function outboxPreview(db: SqliteDb, limit: number): { kind: string; project: string; title: string; queuedAt: number; refused: boolean; lastError?: string }[] {
  const rows = stmt(
    db,
    `SELECT b.kind, b.project, b.queued_at, b.refused_at, b.last_error, b.ref,
       CASE b.kind WHEN 'observation' THEN (SELECT o.title FROM observations o WHERE o.uid = b.ref)
                   WHEN 'tombstone' THEN 'forget ' || coalesce(b.data, 'record') || ' ' || b.ref
                   ELSE (SELECT s.platform || ' session of ' || strftime('%Y-%m-%d %H:%M UTC', s.started_at / 1000, 'unixepoch') || CASE b.kind WHEN 'summary' THEN ': its summary' ELSE '' END
                         FROM sessions s WHERE s.id = CAST(b.ref AS INTEGER)) END AS title
     FROM team_outbox b ORDER BY b.id DESC LIMIT ?`,
  ).all(limit) as { kind: string; project: string; queued_at: number; refused_at: number | null; last_error: string | null; title: string | null }[];
  return rows.map((r) => ({
    kind: r.kind,
    project: r.project,
    title: r.title ?? '(no longer stored)',
    queuedAt: r.queued_at,
    refused: r.refused_at !== null,
    ...(r.last_error ? { lastError: r.last_error } : {}),
  }));
}
