/**
 * @module core/types
 * The domain vocabulary shared by every layer. Pure declarations: no I/O, no imports of ours.
 */

/** Lifecycle events mnemo understands, in Claude Code's spelling (platform adapters map onto these). */
export const HOOK_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'Stop',
  'SubagentStop',
  'PreCompact',
  'PostCompact',
  'SessionEnd',
] as const;
export type HookEventName = (typeof HOOK_EVENTS)[number];

export function isHookEventName(v: unknown): v is HookEventName {
  return typeof v === 'string' && (HOOK_EVENTS as readonly string[]).includes(v);
}

/** Observation kinds, as trae-mem defined them: who or what produced the record. */
export const KINDS = ['user', 'tool', 'note', 'decision', 'error'] as const;
export type Kind = (typeof KINDS)[number];

/**
 * Observation types: what the record is about. They drive the index symbols and ranking.
 * - prompt: the user's words; change: a file was written; discovery: something was read or searched;
 *   command: a shell command ran; error: a call failed; conclusion: the model's final answer of a turn;
 *   subagent: a subagent's result; compact: Claude's compaction summary; pending: a tool about to run;
 *   note / decision: written by the model through save_memory; marker: bookkeeping (compaction started).
 */
export const OBS_TYPES = [
  'prompt',
  'change',
  'discovery',
  'command',
  'error',
  'conclusion',
  'subagent',
  'compact',
  'pending',
  'note',
  'decision',
  'marker',
] as const;
export type ObsType = (typeof OBS_TYPES)[number];

/** Where a hook came from. */
export type PlatformName = 'claude-code' | 'mcp' | 'cli' | 'import' | (string & {});

/**
 * One lifecycle event in mnemo's common shape, after a platform adapter has read the host's payload.
 * Fields are optional because hosts send different subsets; adapters never invent values.
 */
export interface HookEvent {
  readonly event: HookEventName;
  readonly platform: PlatformName;
  /** The host's session id (external). */
  readonly sessionId: string;
  readonly cwd?: string;
  readonly transcriptPath?: string;
  /** A subagent run's own transcript (Claude Code's SubagentStop `agent_transcript_path`). */
  readonly agentTranscriptPath?: string;
  readonly source?: string;
  readonly reason?: string;
  readonly prompt?: string;
  readonly promptId?: string;
  readonly toolName?: string;
  readonly toolInput?: unknown;
  readonly toolResponse?: unknown;
  readonly toolUseId?: string;
  readonly error?: string;
  readonly isInterrupt?: boolean;
  readonly durationMs?: number;
  readonly lastAssistantMessage?: string;
  readonly agentId?: string;
  readonly agentType?: string;
  readonly trigger?: string;
  readonly customInstructions?: string;
  readonly compactSummary?: string;
  readonly model?: string;
}

/** Where a session happened: the project's identity plus the branch, read once per hook. */
export interface Place {
  /** Canonical path of the project (git top level of the main worktree, else the folder). */
  readonly project: string;
  readonly branch?: string;
}

/** An observation as produced by a handler, before it has an id. */
export interface ObservationDraft {
  readonly kind: Kind;
  readonly type: ObsType;
  readonly title: string;
  readonly body: string;
  readonly files: readonly string[];
  readonly toolName?: string;
  readonly toolUseId?: string;
  /** True when the user marked the whole text private: stored as `[PRIVATE]`, never indexed. */
  readonly private: boolean;
  /** Extra searchable terms (identifiers, event text) weighed above the body. */
  readonly tags?: string;
}

/** A stored observation. */
export interface Observation extends ObservationDraft {
  readonly id: number;
  readonly sessionId: number;
  readonly project: string;
  readonly platform: string;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
  /** Importance from its extracted events: 1 (rules, decisions, tasks, files) … 5 (nothing notable). */
  readonly priority?: number;
  /** A teammate's record mirrored from the team server: their login role. Absent: mine. */
  readonly author?: string;
  /** A tool call's narration from the host transcript (core/narration): the model's text before the call… */
  readonly why?: string;
  /** …and after its result. */
  readonly finding?: string;
}

/** What the SessionStart index shows of an observation: one line, no body. */
export type IndexedObservation = Pick<Observation, 'id' | 'type' | 'title' | 'files' | 'private' | 'createdAt' | 'priority'>;

/** A typed event extracted from an observation (see core/extract), as stored. */
export interface StoredEvent {
  readonly id: number;
  readonly obsId: number;
  readonly sessionId: number;
  readonly type: string;
  readonly category: string;
  /** 1 is the most important, 5 the least. */
  readonly priority: number;
  readonly data: string;
  readonly bytesAvoided?: number;
  readonly createdAt: number;
}

/** Which summarizer wrote a summary. */
export type SummaryProvider = 'heuristic' | 'anthropic' | 'openai' | 'ollama';

/** A session's two summaries and where they came from. */
export interface SessionSummary {
  readonly brief: string;
  readonly detailed: string;
  readonly language: string;
  readonly provider: SummaryProvider;
  readonly model?: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Why an LLM summary fell back to the heuristic one. */
  readonly fallbackReason?: string;
  /** Observations the summary covered (a later, larger count means it is stale). */
  readonly observationCount: number;
  readonly createdAt: number;
}

/** A stored session. */
export interface Session {
  readonly id: number;
  readonly platform: string;
  readonly externalId: string;
  readonly project: string;
  readonly branch?: string;
  /** How the session began: `startup`, `resume`, `clear`, `compact` (SessionStart's source). */
  readonly source?: string;
  readonly startedAt: number;
  readonly endedAt?: number;
  readonly endReason?: string;
  /** A teammate's session mirrored from the team server: their login role. Absent: mine. */
  readonly author?: string;
  readonly observationCount: number;
  readonly eventCount?: number;
  readonly summary?: SessionSummary;
}

/**
 * The unit a hook hands to storage: one event with everything needed to store it later,
 * so it can wait in the spool when the database is busy. `uid` makes replays idempotent.
 */
export interface CapturedEvent {
  readonly uid: string;
  readonly at: number;
  readonly event: HookEventName;
  readonly platform: PlatformName;
  readonly externalSessionId: string;
  readonly place: Place;
  /** Natural de-duplication key where the host gives one (tool_use_id, prompt_id). */
  readonly dedupeKey?: string;
  /** Content hash for events without a natural key: a repeat within a few seconds is a re-delivery. */
  readonly contentKey?: string;
  readonly observation?: ObservationDraft;
  /** Session-level facts carried by the event (source, end reason). */
  readonly session?: { readonly source?: string; readonly endReason?: string };
  /** The tool call in structured form (already private-stripped, redacted and clipped), for extraction at ingest. */
  readonly call?: CapturedCall;
  /** The session is to stay on this machine (`MNEMO_TEAM_LOCAL=1` where the assistant runs): never shared with a team. */
  readonly local?: boolean;
  /**
   * Host transcript files the event named (`transcript_path`, a subagent's `agent_transcript_path`):
   * read later, never in a hook, for the model's narration around each call (src/narration).
   */
  readonly transcripts?: readonly string[];
}

/** A tool call as kept for extraction: the fields every assistant's adapter can produce. */
export interface CapturedCall {
  readonly toolName: string;
  readonly input: unknown;
  readonly response?: unknown;
  readonly error?: string;
  readonly isInterrupt?: boolean;
  readonly failed?: boolean;
  readonly phase: 'pre' | 'post';
  readonly cwd?: string;
}
