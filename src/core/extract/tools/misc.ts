/**
 * @module core/extract/tools/misc
 * Single-purpose tools: AskUserQuestion (what was asked and what the user chose, never the whole
 * option list) and EnterWorktree.
 */
import { asRecord, arr, str } from '../fields.ts';
import { makeEvent } from '../events.ts';
import type { Extractor } from '../context.ts';
import type { ExtractedEvent } from '../types.ts';

/** `"Q"="A", "Q2"="A2"` in Claude Code's textual answer. */
const ANSWER_PAIR_RE = /"((?:[^"\\]|\\.){1,500})"="((?:[^"\\]|\\.){0,500})"/g;

/** Question → answer pairs from the structured `answers` map or from the answer text. */
export function answersOf(response: unknown): Array<[string, string]> {
  const r = asRecord(response);
  const map = asRecord(r?.['answers']);
  if (map) {
    return Object.entries(map)
      .filter((e): e is [string, string] => typeof e[1] === 'string' || Array.isArray(e[1]))
      .map(([q, a]) => [q, Array.isArray(a) ? a.join(', ') : a]);
  }
  const text = typeof response === 'string' ? response : str(r, 'result', 'message') ?? '';
  const out: Array<[string, string]> = [];
  ANSWER_PAIR_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = ANSWER_PAIR_RE.exec(text.slice(0, 20_000))) !== null && out.length < 10) out.push([m[1]!, m[2]!]);
  return out;
}

/** `decision_question` per answered question. */
export const askExtractor: Extractor = {
  name: 'ask_user_question',
  match: (ctx) => ctx.tool === 'AskUserQuestion' && ctx.failure === null && ctx.hasResponse,
  extract(ctx) {
    const answers = answersOf(ctx.response);
    if (answers.length > 0) return answers.map(([q, a]) => makeEvent('decision_question', `${q} → ${a || '(no answer)'}`));
    // No structured answer: keep the questions only when the host returned some text.
    const qs = (arr(ctx.input, 'questions') ?? []).map((q) => str(asRecord(q), 'question')).filter((q): q is string => !!q);
    const out: ExtractedEvent[] = [];
    const text = typeof ctx.response === 'string' ? ctx.response.trim() : '';
    if (text && qs.length === 1) out.push(makeEvent('decision_question', `${qs[0]} → ${text}`));
    return out;
  },
};

/** `worktree` when the session moves into (or out of) a git worktree. */
export const worktreeExtractor: Extractor = {
  name: 'worktree',
  match: (ctx) => (ctx.tool === 'EnterWorktree' || ctx.tool === 'ExitWorktree') && ctx.failure === null && ctx.phase === 'post',
  extract(ctx) {
    const r = asRecord(ctx.response);
    const where = str(ctx.input, 'path', 'name', 'branch') ?? str(r, 'worktreePath', 'path', 'branch') ?? '';
    const verb = ctx.tool === 'EnterWorktree' ? 'entered worktree' : 'left worktree';
    return [makeEvent('worktree', where ? `${verb} ${where}` : verb)];
  },
};
