/**
 * @module store/sqlite/team/ledger
 * The local side of team memory, over the store's own connection: shares, the outbox, the mirror
 * and the sync state (`SqliteStore.team`). The sync engine (src/team) drives it; nothing here talks
 * to the network. Writes that change what a SessionStart index shows replace the generation tokens
 * (store/generation) after they commit, and deletions purge the word index as `forget` does, so a
 * record a teammate forgot leaves no trace in this file either.
 */
import type { TeamChange } from '../../../core/team/contract.ts';
import type { SqliteDb } from '../driver.ts';
import { toStoreError } from '../driver.ts';
import { purgeIndexAsync, scrubWal } from '../forget.ts';
import { stepDone } from '../maintenance.ts';
import { stmt } from '../statements.ts';
import { applyChanges, dropMirror, type MirrorContext, type MirrorResult } from './mirror.ts';
import { ackOutbox, noteOutboxFailure, refuseOutbox, retryRefused, takeOutbox, type OutboxEntry, type Outgoing } from './outbox.ts';
import {
  anyShare,
  keepLocal,
  listShares,
  outboxCounts,
  outboxPreview,
  queueHistory,
  readState,
  removeShare,
  upsertShare,
  writeState,
  type KeptLocal,
  type OutboxCounts,
  type ShareInfo,
} from './shares.ts';

export interface LedgerHooks {
  /** After a commit that may change these projects' SessionStart index (undefined: any project). */
  readonly changed: (projects?: Iterable<string>) => void;
  /** After rows were deleted: kept copies may quote them. */
  readonly removed: () => void;
}

export interface TeammateLine {
  readonly id: number;
  readonly type: import('../../../core/types.ts').ObsType;
  readonly title: string;
  readonly createdAt: number;
  readonly author: string;
  readonly priority: number;
}

export class TeamLedger {
  readonly #db: SqliteDb;
  readonly #hooks: LedgerHooks;

  constructor(db: SqliteDb, hooks: LedgerHooks) {
    this.#db = db;
    this.#hooks = hooks;
  }

  #guard<T>(fn: () => T): T {
    try {
      return fn();
    } catch (err) {
      throw toStoreError(err);
    }
  }

  state(): Record<string, string> {
    return this.#guard(() => readState(this.#db));
  }

  setState(patch: Readonly<Record<string, string | undefined>>): void {
    this.#guard(() => writeState(this.#db, patch));
  }

  shares(): ShareInfo[] {
    return this.#guard(() => listShares(this.#db));
  }

  anyShare(): boolean {
    return this.#guard(() => anyShare(this.#db));
  }

  /**
   * Share a project under `identity`. `history` queues what it already holds. A project key new to
   * this machine rewinds the pull cursor, so its teammates' past is mirrored too (records already here are skipped).
   */
  share(project: string, identity: string, opts: { readonly prompts: boolean; readonly history: boolean }): { queued: number; rewound: boolean } {
    return this.#guard(() => {
      const now = Date.now();
      const { newIdentity } = upsertShare(this.#db, project, identity, opts.prompts, now);
      if (newIdentity) writeState(this.#db, { cursor: '0' });
      const queued = opts.history ? queueHistory(this.#db, project, now) : 0;
      return { queued, rewound: newIdentity };
    });
  }

  /** Stop sharing a project: what waits is dropped (tombstones still go) and its mirrored records deleted. */
  async unshare(project: string): Promise<{ removed: boolean; dropped: number; mirrorDeleted: number }> {
    const r = this.#guard(() => removeShare(this.#db, project));
    const mirrorDeleted = await this.dropMirror(project);
    return { ...r, mirrorDeleted };
  }

  /** Delete mirrored records (of one project, or all: `team disconnect`), and purge them from the file. */
  async dropMirror(project?: string): Promise<number> {
    const n = this.#guard(() => dropMirror(this.#db, project));
    if (n > 0) await this.#purged();
    return n;
  }

  keepLocal(target: { readonly ids?: readonly number[]; readonly sessionId?: number }): KeptLocal {
    return this.#guard(() => keepLocal(this.#db, target));
  }

  /** Whether anything waits to be pushed (one index probe: SessionEnd asks it). */
  hasWaiting(): boolean {
    return this.#guard(() => !!stmt(this.#db, 'SELECT 1 FROM team_outbox WHERE refused_at IS NULL LIMIT 1').get());
  }

  outbox(): OutboxCounts {
    return this.#guard(() => outboxCounts(this.#db));
  }

  preview(limit: number): ReturnType<typeof outboxPreview> {
    return this.#guard(() => outboxPreview(this.#db, limit));
  }

  take(limit: number): Outgoing[] {
    return this.#guard(() => takeOutbox(this.#db, limit));
  }

  ack(entries: readonly OutboxEntry[]): number {
    return this.#guard(() => ackOutbox(this.#db, entries));
  }

  failed(entries: readonly OutboxEntry[], error: string): void {
    this.#guard(() => noteOutboxFailure(this.#db, entries, error));
  }

  refused(refused: readonly { readonly entry: OutboxEntry; readonly reason: string }[]): void {
    this.#guard(() => refuseOutbox(this.#db, refused, Date.now()));
  }

  retryRefused(): number {
    return this.#guard(() => retryRefused(this.#db));
  }

  /** Apply a pulled page (or part of one) and move the cursor to `cursor`, atomically. */
  async apply(changes: readonly TeamChange[], cursor: number, ctx: MirrorContext): Promise<MirrorResult> {
    const r = this.#guard(() => applyChanges(this.#db, changes, cursor, ctx));
    if (r.projects.size > 0) this.#hooks.changed(r.projects);
    if (r.deleted > 0) await this.#purged();
    return r;
  }

  /**
   * Teammates' newest records of a project, for SessionStart's team block. Asked only once the
   * partial index on them is built (a deferred upgrade step; until then it would walk the project).
   */
  teammates(project: string, limit: number): TeammateLine[] {
    if (!stepDone(this.#db, 'observations_team')) return [];
    return this.#guard(
      () =>
        stmt(
          this.#db,
          `SELECT o.id, o.type, o.title, o.created_at AS createdAt, o.author, o.priority FROM observations o
           WHERE o.project = ? AND o.author IS NOT NULL AND o.private = 0 AND o.type NOT IN ('pending', 'marker')
           ORDER BY o.created_at DESC, o.id DESC LIMIT ?`,
        ).all(project, limit) as TeammateLine[],
    );
  }

  async #purged(): Promise<void> {
    this.#hooks.removed();
    await purgeIndexAsync(this.#db);
    scrubWal(this.#db);
  }
}
