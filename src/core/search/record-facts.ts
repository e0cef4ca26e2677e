/**
 * @module core/search/record-facts
 * What the structure lists (core/search/structure) need to know about a record, read from the few
 * fields every store keeps: its kind, its title's first 200 characters, and the start of the model's
 * remark after the call. The same reading for the local store and the team server, so "how did we fix
 * X" means the same on both. Pure: no I/O.
 */
import { titleCommand, titleOutput } from '../titles.ts';
import type { RecordFact } from './structure.ts';

/** The fields a store reads for each candidate and neighbour. */
export interface RecordHead {
  readonly id: number;
  /** Any number that is the same for records of one session, and only for them. */
  readonly session: number;
  readonly at: number;
  readonly type: string;
  /** The title, cut to HEAD_CHARS. */
  readonly head: string;
  /** The start of the model's remark right after the call (narration), cut to FINDING_CHARS, or ''. */
  readonly finding?: string;
}

export const HEAD_CHARS = 200;
export const FINDING_CHARS = 300;

/** A prompt asking something: a question mark (any script's) ending a sentence. */
const QUESTION_RE = /[?？](?:\s|$)/;
/** The user's `/compact` command, and the prompt with which Claude Code continues a compacted session. */
const COMPACTION_PROMPT_RE = /^(?:\/compact\b|This session is being continued)/;
/** Output that shows a failure although the call itself succeeded (a piped command's exit code is the pipe's). */
const OUTPUT_PROBLEM_RE = /(?:error|exception)\b|\bfailed\b|\btraceback\b|\bnot found\b|\bpanic:/i;
/** A record saying something is fixed: the model's answer, or its remark right after a call. */
const RESOLVED_RE = /\b(?:fixed|resolved|solved|works now|now works|working now|now passes|passes now|all (?:tests )?pass(?:ing)?)\b|修复了|修好了|解决了|搞定|直しました|直りました|修正しました|解決しました|해결했|수정했|고쳤/i;
/** A prompt that reports a problem in words (the extractor's blockers catch stack traces and the like). */
const PROBLEM_WORDS_RE = /\b(?:error|errors|exception|fail(?:s|ed|ing|ure)?|traceback|panic|crash(?:es|ed)?|broken|not working|doesn't work|does not work)\b|报错|错误|失败|崩溃|エラー|失敗|落ちる|오류|에러|실패/i;

/** A record's facts; `problem` when the store knows more (its extracted events report a blocker). */
export function recordFact(r: RecordHead, problem = false): RecordFact {
  const command = titleCommand(r.head);
  return {
    ...(command ? { command } : {}),
    id: r.id,
    session: r.session,
    at: r.at,
    type: r.type,
    problem: problem || r.type === 'error' || (r.type === 'prompt' && PROBLEM_WORDS_RE.test(r.head)) || OUTPUT_PROBLEM_RE.test(titleOutput(r.head)),
    compaction: r.type === 'compact' || (r.type === 'prompt' && COMPACTION_PROMPT_RE.test(r.head)),
    question: r.type === 'prompt' && QUESTION_RE.test(r.head),
    resolved: (r.type === 'conclusion' && RESOLVED_RE.test(r.head)) || RESOLVED_RE.test(r.finding ?? ''),
  };
}
