/**
 * @module store/sqlite/team/outbox
 * Reading the outbox for a push: each entry becomes the record the server receives, built from the
 * row as it is now, with the share rules asked again (core/team/share-rules): a project unshared, a
 * record kept local or forgotten since it was queued is dropped, not pushed. Entries leave the outbox
 * only once the server has the record (`ack`, after the server's transaction committed), and only at
 * the version that was read, so a change queued meanwhile is pushed next time.
 */
import { TEAM_LIMITS, type SharedObservation, type SharedRecord, type SharedSession, type SharedSummary } from '../../../core/team/contract.ts';
import { isShareable, type ShareRule } from '../../../core/team/share-rules.ts';
import type { Kind, ObsType, SummaryProvider } from '../../../core/types.ts';
import type { SqliteDb } from '../driver.ts';
import { parseFiles } from '../rows.ts';
import { stmt } from '../statements.ts';
import { type OutboxKind, summaryUid } from './queue.ts';

export interface OutboxEntry {
  readonly id: number;
  readonly kind: OutboxKind;
  readonly ref: string;
  readonly project: string;
  readonly version: number;
}

/** What an entry asks of the server now. */
export type Outgoing =
  | { readonly entry: OutboxEntry; readonly push: SharedRecord }
  | { readonly entry: OutboxEntry; readonly forget: string }
  /** Nothing any more (forgotten, unshared, kept local): the entry just leaves the outbox. */
  | { readonly entry: OutboxEntry; readonly drop: string };

const clip = (s: string, max: number): string => (s.length > max ? s.slice(0, max) : s);
const short = (s: string | null | undefined): string | undefined => (s ? clip(s, TEAM_LIMITS.shortChars) : undefined);

/** A row's files within the server's limits. */
const sharedFiles = (json: string): string[] => parseFiles(json).slice(0, TEAM_LIMITS.files).map((f) => clip(f, TEAM_LIMITS.fileChars));

function ruleOf(db: SqliteDb, project: string): ShareRule | undefined {
  const r = stmt(db, 'SELECT project, identity, prompts FROM team_shares WHERE project = ?').get(project) as { project: string; identity: string; prompts: number } | undefined;
  return r ? { project: r.project, identity: r.identity, prompts: r.prompts === 1 } : undefined;
}

/** A session's project key: its own project's, else that of the first of its observations whose project is shared. */
function sessionRule(db: SqliteDb, sessionId: number, project: string): ShareRule | undefined {
  const own = ruleOf(db, project);
  if (own) return own;
  const other = stmt(db, 'SELECT o.project FROM observations o JOIN team_shares t ON t.project = o.project WHERE o.session_id = ? LIMIT 1').pluck().get(sessionId) as
    | string
    | undefined;
  return other === undefined ? undefined : ruleOf(db, other);
}

interface ObservationRow {
  uid: string;
  project: string;
  platform: string;
  kind: Kind;
  type: ObsType;
  title: string;
  body: string;
  files: string;
  tags: string;
  tool_name: string | null;
  priority: number;
  private: number;
  local_only: number;
  created_at: number;
  origin: string | null;
  session_uid: string | null;
  branch: string | null;
  session_local: number;
  why: string | null;
  finding: string | null;
}

function observationRecord(db: SqliteDb, uid: string): SharedObservation | string {
  const r = stmt(
    db,
    `SELECT o.uid, o.project, o.platform, o.kind, o.type, o.title, o.body, o.files, o.tags, o.tool_name, o.priority, o.private, o.local_only,
            o.created_at, o.origin, s.uid AS session_uid, s.branch, s.local_only AS session_local, n.why, n.finding
     FROM observations o JOIN sessions s ON s.id = o.session_id LEFT JOIN narration n ON n.obs_id = o.id WHERE o.uid = ?`,
  ).get(uid) as ObservationRow | undefined;
  if (!r) return 'forgotten or deleted';
  const rule = ruleOf(db, r.project);
  const candidate = { type: r.type, private: r.private === 1, localOnly: r.local_only === 1, sessionLocalOnly: r.session_local === 1, mirrored: r.origin !== null };
  if (!rule) return 'project not shared';
  if (!isShareable(candidate, rule)) return 'kept on this machine';
  if (!r.session_uid) return 'session not shared';
  return {
    kind: 'observation',
    uid: r.uid,
    project: rule.identity,
    ...(r.branch ? { branch: short(r.branch)! } : {}),
    assistant: short(r.platform) ?? 'unknown',
    createdAt: r.created_at,
    sessionUid: r.session_uid,
    obsKind: r.kind,
    type: r.type,
    title: clip(r.title, TEAM_LIMITS.titleChars),
    body: clip(r.body, TEAM_LIMITS.bodyChars),
    files: sharedFiles(r.files),
    ...(r.tags ? { tags: clip(r.tags, TEAM_LIMITS.tagsChars) } : {}),
    ...(r.tool_name ? { toolName: short(r.tool_name)! } : {}),
    priority: r.priority,
    ...(r.why ? { why: clip(r.why, TEAM_LIMITS.narrationChars) } : {}),
    ...(r.finding ? { finding: clip(r.finding, TEAM_LIMITS.narrationChars) } : {}),
    // Narration arrives after the call was stored, a side at a time, and a side is never taken back:
    // the sides held make a revision that only grows, so the server takes each arrival.
    revision: (r.why ? 1 : 0) + (r.finding ? 2 : 0),
  };
}

interface SessionRow {
  id: number;
  uid: string | null;
  project: string;
  platform: string;
  branch: string | null;
  started_at: number;
  ended_at: number | null;
  end_reason: string | null;
  local_only: number;
  origin: string | null;
  shared_rev: number;
}

function sessionRow(db: SqliteDb, id: number): SessionRow | undefined {
  return stmt(db, 'SELECT id, uid, project, platform, branch, started_at, ended_at, end_reason, local_only, origin, shared_rev FROM sessions WHERE id = ?').get(id) as
    | SessionRow
    | undefined;
}

/** Why a session's records cannot be shared, or its rule. */
function sessionShare(db: SqliteDb, s: SessionRow | undefined): ShareRule | string {
  if (!s || !s.uid) return 'forgotten or deleted';
  if (s.origin !== null) return 'mirrored from the team';
  if (s.local_only === 1) return 'kept on this machine';
  return sessionRule(db, s.id, s.project) ?? 'project not shared';
}

function sessionRecord(db: SqliteDb, id: number): SharedSession | string {
  const s = sessionRow(db, id);
  const rule = sessionShare(db, s);
  if (typeof rule === 'string') return rule;
  // What the team can see of it: private and local records are not counted either.
  const n = stmt(db, 'SELECT count(*) FROM observations WHERE session_id = ? AND private = 0 AND local_only = 0').pluck().get(id) as number;
  return {
    kind: 'session',
    uid: s!.uid!,
    project: rule.identity,
    ...(s!.branch ? { branch: short(s!.branch)! } : {}),
    assistant: short(s!.platform) ?? 'unknown',
    createdAt: s!.started_at,
    revision: s!.shared_rev,
    ...(s!.ended_at !== null ? { endedAt: s!.ended_at } : {}),
    ...(s!.end_reason ? { endReason: short(s!.end_reason)! } : {}),
    observationCount: n,
  };
}

function summaryRecord(db: SqliteDb, id: number): SharedSummary | string {
  const s = sessionRow(db, id);
  const rule = sessionShare(db, s);
  if (typeof rule === 'string') return rule;
  // A summary quotes the session's prompts and what was done: it stays here when any of that does.
  if (!rule.prompts) return 'prompts are not shared in this project (summaries quote them)';
  if (stmt(db, 'SELECT 1 FROM observations WHERE session_id = ? AND local_only = 1 LIMIT 1').get(id)) return 'the session holds records kept on this machine';
  const m = stmt(db, 'SELECT brief, detailed, language, provider, model, observation_count, created_at FROM summaries WHERE session_id = ?').get(id) as
    | { brief: string; detailed: string; language: string; provider: SummaryProvider; model: string | null; observation_count: number; created_at: number }
    | undefined;
  if (!m) return 'no summary any more';
  return {
    kind: 'summary',
    uid: summaryUid(s!.uid!),
    project: rule.identity,
    ...(s!.branch ? { branch: short(s!.branch)! } : {}),
    assistant: short(s!.platform) ?? 'unknown',
    createdAt: m.created_at,
    revision: s!.shared_rev,
    sessionUid: s!.uid!,
    brief: clip(m.brief, TEAM_LIMITS.bodyChars),
    detailed: clip(m.detailed, TEAM_LIMITS.bodyChars),
    language: short(m.language) ?? 'en',
    provider: m.provider,
    ...(m.model ? { model: short(m.model)! } : {}),
    observationCount: m.observation_count,
  };
}

function outgoing(db: SqliteDb, entry: OutboxEntry): Outgoing {
  if (entry.kind === 'tombstone') return { entry, forget: entry.ref };
  const built =
    entry.kind === 'observation' ? observationRecord(db, entry.ref) : entry.kind === 'session' ? sessionRecord(db, Number(entry.ref)) : summaryRecord(db, Number(entry.ref));
  return typeof built === 'string' ? { entry, drop: built } : { entry, push: built };
}

/**
 * The oldest `limit` entries waiting (refused ones aside), as what to send. Read in one transaction, so
 * the records are one consistent state of the store.
 */
export function takeOutbox(db: SqliteDb, limit: number): Outgoing[] {
  return db.transaction(() => {
    const entries = stmt(db, 'SELECT id, kind, ref, project, version FROM team_outbox WHERE refused_at IS NULL ORDER BY id LIMIT ?').all(limit) as OutboxEntry[];
    return entries.map((e) => outgoing(db, e));
  }).deferred();
}

/** Remove entries the server now holds (or that needed nothing), at the version read: a later re-queue stays. */
export function ackOutbox(db: SqliteDb, entries: readonly OutboxEntry[]): number {
  if (entries.length === 0) return 0;
  const del = stmt(db, 'DELETE FROM team_outbox WHERE id = ? AND version = ?');
  return db.transaction(() => entries.reduce((n, e) => n + del.run(e.id, e.version).changes, 0)).immediate();
}

/** A push that failed as a whole (server down, connection cut): the entries stay, with why. */
export function noteOutboxFailure(db: SqliteDb, entries: readonly OutboxEntry[], error: string): void {
  if (entries.length === 0) return;
  const note = stmt(db, 'UPDATE team_outbox SET attempts = attempts + 1, last_error = ? WHERE id = ?');
  db.transaction(() => {
    for (const e of entries) note.run(clip(error, 500), e.id);
  }).immediate();
}

/**
 * The server refused these records (a field it will not take, a uid another member holds): trying
 * again would change nothing, so they are held, shown by `team status`, and retried only when asked.
 */
export function refuseOutbox(db: SqliteDb, refused: readonly { readonly entry: OutboxEntry; readonly reason: string }[], at: number): void {
  if (refused.length === 0) return;
  const hold = stmt(db, 'UPDATE team_outbox SET refused_at = ?, last_error = ?, attempts = attempts + 1 WHERE id = ? AND version = ?');
  db.transaction(() => {
    for (const r of refused) hold.run(at, clip(r.reason, 500), r.entry.id, r.entry.version);
  }).immediate();
}

/** Put refused entries back in line (`mnemo team sync --retry`). */
export function retryRefused(db: SqliteDb): number {
  return stmt(db, 'UPDATE team_outbox SET refused_at = NULL WHERE refused_at IS NOT NULL').run().changes;
}
