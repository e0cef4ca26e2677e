/**
 * @module core/extract/types
 * The vocabulary of the extraction engine: what goes in (one tool call, one prompt, the session's
 * prior state) and what comes out (typed events). Pure declarations plus the taxonomy constants.
 */

/** 1 is the most important, 5 the least; eviction removes the highest number first. */
export type Priority = 1 | 2 | 3 | 4 | 5;

/**
 * One typed fact about the session. `data` is short (≤ 300 chars), human-readable and already
 * redacted, so it can be stored, indexed and shown without further processing.
 */
export interface ExtractedEvent {
  readonly type: string;
  readonly category: string;
  readonly priority: Priority;
  readonly data: string;
  /** Bytes an indexing tool kept out of the context window, when it reports them. */
  readonly bytes_avoided?: number;
}

/**
 * One tool call in the shape every platform adapter can produce. Tool names and field spellings
 * may be any assistant's: the engine normalizes them (see `normalizeToolName`).
 */
export interface ToolCall {
  readonly toolName: string;
  readonly input: unknown;
  readonly response?: unknown;
  /** The host's error string (Claude Code's PostToolUseFailure `error`). */
  readonly error?: string;
  readonly isInterrupt?: boolean;
  /** True when the call came from a PostToolUseFailure hook. */
  readonly failed?: boolean;
  readonly cwd?: string;
  /**
   * `pre` for a call that has not run yet (PreToolUse): it yields launch events only and leaves the
   * state alone, so the same call seen again at PostToolUse is not counted twice. Default `post`.
   */
  readonly phase?: 'pre' | 'post';
}

/** A call remembered for repetition and resolution tracking. */
export interface CallRecord {
  /** Canonical tool name. */
  readonly t: string;
  /** Signature: tool plus a hash of the input that matters; equal signatures mean identical calls. */
  readonly s: string;
  readonly ok: boolean;
  /** Sequence number of the call within the session. */
  readonly n: number;
}

/** A failure waiting for a later success on the same target. */
export interface PendingError {
  readonly t: string;
  /** What a success must touch to resolve it: `cmd:npm test`, `file:/src/a.ts`, `tool:WebFetch`. */
  readonly k: string;
  readonly n: number;
  /** Short description of the failure (already redacted). */
  readonly d: string;
}

/**
 * Per-session memory the caller persists between hook processes (each hook is its own process, so
 * in-memory state would be lost: the reference implementation's flaw). JSON-serializable and
 * bounded: at most `MAX_RECENT` calls and `MAX_ERRORS` pending errors.
 */
export interface SessionState {
  readonly v: 1;
  /** Calls seen so far (the sequence counter). */
  readonly n: number;
  readonly recent: readonly CallRecord[];
  readonly errors: readonly PendingError[];
}

/** What `detectFailure` found out about a failed call. */
export interface FailureInfo {
  /** The most informative line of the error, not yet redacted. */
  readonly reason: string;
  readonly exitCode?: number;
  readonly interrupted?: boolean;
  /** The full error text the reason came from (for constraint detection). */
  readonly text: string;
}

/** Every event type the engine emits, with the category it belongs to (names as context-mode). */
export const EVENT_CATEGORIES = {
  rule: 'rule',
  rule_content: 'rule',
  file_read: 'file',
  file_edit: 'file',
  file_write: 'file',
  file_glob: 'file',
  file_search: 'file',
  cwd: 'cwd',
  error_tool: 'error',
  git: 'git',
  env: 'env',
  task: 'task',
  task_create: 'task',
  task_update: 'task',
  plan_enter: 'plan',
  plan_exit: 'plan',
  plan_approved: 'plan',
  plan_rejected: 'plan',
  plan_file_write: 'plan',
  skill: 'skill',
  subagent_launched: 'subagent',
  subagent_completed: 'subagent',
  agent_finding: 'agent-finding',
  mcp: 'mcp',
  mcp_tool_call: 'mcp_tool_call',
  decision_question: 'decision',
  constraint_discovered: 'constraint',
  worktree: 'env',
  external_ref: 'external-ref',
  error_resolved: 'error-resolution',
  retry_detected: 'iteration-loop',
  user_prompt: 'user-prompt',
  intent: 'intent',
  decision: 'decision',
  role: 'role',
  blocker: 'blocker',
  blocker_resolved: 'blocker',
  data: 'data',
} as const;

/** The closed set of event type names (context-mode's, kept for comparability). */
export type EventType = keyof typeof EVENT_CATEGORIES;
/** Every event type, in taxonomy order. */
export const EVENT_TYPES = Object.keys(EVENT_CATEGORIES) as readonly EventType[];

/** Longest `data` string an event carries. */
export const MAX_DATA_CHARS = 300;
