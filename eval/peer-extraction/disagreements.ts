/**
 * Expectations of context-mode's tests that mnemo deliberately does not meet, as classes (never one
 * test's string): each rule names what it covers and why mnemo differs. docs/extraction-disagreements.md
 * lists the same rules with the cases they cover. An expectation a rule covers is reported apart,
 * not dropped silently.
 */

/** One expectation of one of their tests, judged. */
export interface ScoredExpectation {
  readonly file: string;
  readonly test: string;
  readonly split: 'dev' | 'test';
  readonly callKind: 'tool' | 'user';
  /** A type, `category:C`, `any:T1|T2`, `intent:M` or `*` (any event at all). */
  readonly key: string;
  /** Wanted present (true) or absent (false). */
  readonly present: boolean;
  readonly met: boolean;
  /** The types mnemo emitted for the call. */
  readonly got: readonly string[];
  /** The rule that explains a deliberate difference, if one applies. */
  readonly disagreement?: string | undefined;
}

interface Rule {
  readonly reason: string;
  readonly applies: (e: ScoredExpectation) => boolean;
}

const keyIn = (keys: readonly string[]) => (e: ScoredExpectation) => e.present && keys.includes(e.key);

/** Each rule: the class of expectation it covers, and why mnemo answers otherwise. Kept in step with docs/extraction-disagreements.md. */
export const RULES: readonly Rule[] = [
  {
    reason: 'cost accounting (agent_usage, category cost): mnemo records what was done, not what it cost; a subagent’s tool uses and duration are in subagent_completed',
    applies: keyIn(['agent_usage', 'category:cost']),
  },
  {
    reason: 'a second event per call restating its observation (bash_outcome, file_read_metadata, webfetch_metadata): the observation already holds the command and its exit, the file and its line range, the URL and its status',
    applies: keyIn(['bash_outcome', 'file_read_metadata', 'webfetch_metadata']),
  },
  {
    reason: 'types context-mode split off after the shared taxonomy (worktree_exit, git_commit): mnemo keeps one `worktree` type for entering and leaving and one `git` type with the commit message in its data',
    applies: keyIn(['worktree_exit', 'git_commit']),
  },
  {
    reason: 'intent modes review and discuss (older context-mode): they were keyword lists, and context-mode dropped them itself; mnemo’s intents are investigate and implement, told apart by structure',
    applies: keyIn(['intent:review', 'intent:discuss']),
  },
  {
    reason: 'category renamed upstream (blocked-on): the taxonomy’s blocker events keep the category `blocker`',
    applies: keyIn(['category:blocked-on']),
  },
  {
    reason: 'a standing instruction ("always respond in TypeScript") is recorded as a decision, not a role: a role is who the assistant is asked to be',
    applies: (e) => e.present && e.key === 'role' && e.callKind === 'user' && e.got.includes('decision') && !e.got.includes('role'),
  },
];

/** The reason mnemo deliberately differs from this expectation, or undefined. */
export function disagreementOf(e: Omit<ScoredExpectation, 'disagreement'>): string | undefined {
  if (e.met) return undefined;
  return RULES.find((r) => r.applies(e as ScoredExpectation))?.reason;
}
