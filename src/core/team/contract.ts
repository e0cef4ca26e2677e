/**
 * @module core/team/contract
 * The contract between a machine and the team server (PostgreSQL, src/store/postgres). The client
 * half (outbox, mirror, sync engine) and the server half code against these types only.
 *
 * Rules the types cannot say, and the server enforces them whatever a client sends:
 * - A shared record is already redacted and private-free when it is built: `<private>` records,
 *   redacted originals and local-only records never become a `SharedRecord`.
 * - The server assigns `author` (the PostgreSQL login role, `session_user`), `seq` and `pushedAt`;
 *   a client cannot set or forge them.
 * - `push` is idempotent by `uid` within a team. A uid already stored at the same or a higher
 *   revision is a duplicate; a higher revision by the same author replaces it (a session that ended,
 *   a newer summary) and gets a new `seq`; another member's uid is rejected. A forgotten uid stays
 *   forgotten: pushing it again is counted as `forgotten` and stores nothing.
 * - `pull` returns changes in `seq` order, strictly after the cursor. A change committed late by a
 *   slow pusher never gets a seq below one already visible, so a cursor never skips a row.
 * - No call crosses teams: a connection is bound to one team, and row-level security keeps every
 *   read and write inside it.
 * Pure declarations: no I/O.
 */
import type { Kind, ObsType, SummaryProvider } from '../types.ts';

/** Version of the server schema this build speaks. A server at another version is refused (see `TeamServerError`). */
export const TEAM_SCHEMA_VERSION = 2;

/** Limits the server checks on every pushed field (longer values are rejected, not truncated). */
export const TEAM_LIMITS = {
  uidChars: 200,
  projectChars: 500,
  shortChars: 200,
  titleChars: 2_000,
  bodyChars: 200_000,
  tagsChars: 20_000,
  files: 200,
  fileChars: 1_000,
  /** Each side of a call's narration (core/narration bounds it far below this). */
  narrationChars: 4_000,
  /** Records per push call; the client splits larger batches. */
  batch: 1_000,
  /** Changes per pull page. */
  page: 5_000,
} as const;

export type SharedKind = 'observation' | 'session' | 'summary';

/** Fields every shared record carries. */
interface SharedBase {
  /** Globally unique, chosen by the client (an observation's capture uid). The idempotency key. */
  readonly uid: string;
  /**
   * Project identity: the normalised git remote (`projectKeyFromRemote`), so clones on different
   * machines match; never a local path.
   */
  readonly project: string;
  readonly branch?: string;
  /** The assistant (platform name: `claude-code`, `codex`, …). */
  readonly assistant: string;
  /** Milliseconds since the epoch (the client's clock). */
  readonly createdAt: number;
  /** 0 for the first version; a higher revision by the same author replaces the stored one. */
  readonly revision?: number;
}

/** An observation as shared: the local one minus ids, private flag and anything local-only. */
export interface SharedObservation extends SharedBase {
  readonly kind: 'observation';
  /** The `uid` of its session's `SharedSession`. */
  readonly sessionUid: string;
  readonly obsKind: Kind;
  readonly type: ObsType;
  readonly title: string;
  readonly body: string;
  readonly files: readonly string[];
  readonly tags?: string;
  readonly toolName?: string;
  /** 1 (most important) … 5. */
  readonly priority?: number;
  /**
   * The assistant's own words around the call, read from its transcript (core/narration): what led to
   * it and what it concluded. Searchable like the local narration. Each side, once sent, is sent
   * again with every later revision (a record's revision counts the sides it holds).
   */
  readonly why?: string;
  readonly finding?: string;
}

export interface SharedSession extends SharedBase {
  readonly kind: 'session';
  /** `createdAt` is when it started. */
  readonly endedAt?: number;
  readonly endReason?: string;
  readonly observationCount?: number;
}

export interface SharedSummary extends SharedBase {
  readonly kind: 'summary';
  readonly sessionUid: string;
  readonly brief: string;
  readonly detailed: string;
  readonly language: string;
  readonly provider: SummaryProvider;
  readonly model?: string;
  readonly observationCount: number;
}

/** What a client pushes. */
export type SharedRecord = SharedObservation | SharedSession | SharedSummary;

/** What the server adds to every stored record. */
export interface ServerStamp {
  /** The PostgreSQL login role that pushed it (server-assigned, never from the client). */
  readonly author: string;
  /** Position in the team's change sequence (server-assigned, strictly increasing in commit order). */
  readonly seq: number;
  /** Milliseconds since the epoch, the server's clock. */
  readonly pushedAt: number;
}

export type TeamRecord = SharedRecord & ServerStamp;
export type TeamObservation = SharedObservation & ServerStamp;

/** A forgotten record: mirrors delete `uid` when they pull this. */
export interface Tombstone {
  readonly uid: string;
  readonly kind: SharedKind;
  readonly project: string;
  /** The role that forgot it (its author, or an admin). */
  readonly forgottenBy: string;
  readonly seq: number;
  readonly forgottenAt: number;
}

/** One entry of a pull page, in `seq` order. */
export type TeamChange = { readonly op: 'put'; readonly record: TeamRecord } | { readonly op: 'forget'; readonly tombstone: Tombstone };

export interface PullPage {
  readonly changes: readonly TeamChange[];
  /** The cursor to pass next time: the last change's seq, or the given cursor when there was none. */
  readonly cursor: number;
  /** True when the page was full: pull again at once. */
  readonly more: boolean;
}

export interface PushResult {
  /** New uids stored. */
  readonly inserted: number;
  /** Uids stored again at a higher revision. */
  readonly updated: number;
  /** Uids already stored at this revision or a higher one (a replay). */
  readonly duplicates: number;
  /** Uids forgotten earlier: not stored again. */
  readonly forgotten: number;
  /** Records refused, with why (field too long, bad kind, another member's uid). The rest of the batch is stored. */
  readonly rejected: readonly { readonly uid: string; readonly reason: string }[];
}

export interface ForgetResult {
  /** Uids removed now (a tombstone each). */
  readonly forgotten: readonly string[];
  /** Uids with no record (never pushed, or already forgotten). */
  readonly missing: readonly string[];
  /** Uids of other members' records, for a non-admin. */
  readonly notAllowed: readonly string[];
}

/** Whose records a search returns: my own, my teammates' (not mine), or both. */
export type TeamScope = 'mine' | 'team' | 'all';

export interface TeamSearchQuery {
  readonly query: string;
  readonly scope?: TeamScope;
  /** Project keys (normalised remotes); all the team's projects when absent. */
  readonly projects?: readonly string[];
  /** Ranked first when searching across projects. */
  readonly currentProject?: string;
  readonly types?: readonly ObsType[];
  readonly authors?: readonly string[];
  readonly assistant?: string;
  readonly branch?: string;
  /** Milliseconds since the epoch, inclusive. */
  readonly since?: number;
  readonly until?: number;
  /** 1–100, default 20. */
  readonly limit?: number;
  /**
   * English words for the query's katakana words that no glossary translates, as the searching
   * machine's own index resolves them (core/search/loanword): the server keeps no vocabulary to read.
   */
  readonly loanwords?: Readonly<Record<string, readonly string[]>>;
}

export interface TeamSearchHit {
  readonly record: TeamObservation;
  /** Higher is better; comparable within one result list only. */
  readonly score: number;
}

/** Who I am on the server. */
export interface TeamIdentity {
  readonly team: string;
  /** My login role (what `author` says on my records). */
  readonly role: string;
  /** Whether I may change or forget other members' records. */
  readonly admin: boolean;
  readonly schemaVersion: number;
  /** `server_version` of PostgreSQL. */
  readonly serverVersion: string;
}

export interface TeamStatus extends TeamIdentity {
  /** The highest seq now committed (a client whose cursor is here is up to date). */
  readonly head: number;
  readonly records: number;
  readonly projects: readonly { readonly project: string; readonly records: number; readonly lastAt: number }[];
  readonly members: readonly string[];
}

/** One team server connection, bound to one team. Every method is one round of transactions; none keeps state between calls. */
export interface TeamServer {
  whoami(): Promise<TeamIdentity>;
  push(records: readonly SharedRecord[]): Promise<PushResult>;
  /** Changes with seq > `cursor`, at most `limit` (≤ TEAM_LIMITS.page). */
  pull(cursor: number, limit?: number): Promise<PullPage>;
  /** Forget records by uid: the author may forget their own, an admin anyone's. */
  forget(uids: readonly string[]): Promise<ForgetResult>;
  search(query: TeamSearchQuery): Promise<TeamSearchHit[]>;
  status(): Promise<TeamStatus>;
  close(): Promise<void>;
}

/**
 * Where the server is, as mnemo's config keeps it. A password is never part of it: it comes from
 * `PGPASSWORD`, `~/.pgpass` (or `PGPASSFILE`) or a service file, as for `psql`.
 */
export interface TeamConnection {
  /** `postgres://user@host:port/db?sslmode=…` without a password; empty to use the `PG*` environment alone. */
  readonly url?: string;
  /** A `pg_service.conf` service name (`PGSERVICE`). */
  readonly service?: string;
  readonly team: string;
}

/**
 * Error codes a face can act on without parsing messages:
 * UNREACHABLE (network, server down, restarting: retry later), AUTH (login refused), NO_SCHEMA (`team init`
 * never ran), OLD_SCHEMA / NEWER_SCHEMA (upgrade the server / mnemo), NO_TEAM (no such team),
 * NOT_MEMBER (my role is not in the team), FORBIDDEN (a right is missing), INVALID (bad input),
 * INTERNAL (anything else).
 */
export type TeamErrorCode = 'UNREACHABLE' | 'AUTH' | 'NO_SCHEMA' | 'OLD_SCHEMA' | 'NEWER_SCHEMA' | 'NO_TEAM' | 'NOT_MEMBER' | 'FORBIDDEN' | 'INVALID' | 'INTERNAL';

export class TeamServerError extends Error {
  readonly code: TeamErrorCode;
  constructor(code: TeamErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TeamServerError';
    this.code = code;
  }
}

/** Whether trying again later may succeed (the outbox keeps the records meanwhile). */
export function isTransient(err: unknown): boolean {
  return err instanceof TeamServerError && err.code === 'UNREACHABLE';
}
