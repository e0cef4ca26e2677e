/**
 * @module core/extract/user
 * One user prompt → events: the prompt itself, then what structure says about it (intent,
 * decision, role, blocker or its resolution, pasted data). Classifiers are ordered so the cheap
 * and decisive ones run first: an acknowledgement or a status remark stops intent, decision and
 * role detection, a question is never a decision or a role.
 */
import { makeEvent } from '../events.ts';
import { codePoints } from '../text.ts';
import { isAcknowledgement } from './ack.ts';
import { detectBlocker } from './blocker.ts';
import { cleanPrompt } from './clean.ts';
import { detectData, formatBytes } from './data.ts';
import { detectRole } from './role.ts';
import { clauses, isQuestion, weight, CLAUSE_SEP_RE } from './shape.ts';
import { isRejection, isStandingInstruction } from './stance.ts';
import { isStatusRemark } from './status.ts';
import type { ExtractedEvent } from '../types.ts';

const BLANK_LINE_RE = /\n\s*\n/;

/** Longest message still read as a short imperative (`implement`). */
const MAX_IMPERATIVE_CHARS = 240;
/** Longest message read as a decision; longer ones are specifications, not decisions. */
const MAX_DECISION_CHARS = 600;
/** A clause must say at least this much (words; CJK characters count half) to carry a decision. */
const MIN_CLAUSE_WEIGHT = 2;

/** The part of a long message that states what the user wants: its first paragraph. */
function head(text: string): string {
  const blank = text.search(BLANK_LINE_RE);
  const first = blank > 0 ? text.slice(0, blank) : text;
  return first.length > 1200 ? first.slice(0, 1200) : first;
}

/**
 * A directive made of two or more substantive clauses, not counting acknowledgements (a flat "no"
 * counts: "no, use the ctx- prefix" corrects the assistant), or an instruction meant to hold from
 * now on ("always answer in TypeScript").
 */
export function isDecision(text: string): boolean {
  if (codePoints(text) > MAX_DECISION_CHARS) return false;
  if (isStandingInstruction(text)) return true;
  if (!CLAUSE_SEP_RE.test(text)) return false;
  const parts = clauses(text).filter((c) => isRejection(c) || !isAcknowledgement(c));
  return parts.filter((c) => isRejection(c) || weight(c) >= MIN_CLAUSE_WEIGHT).length >= 2;
}

/** The unguarded classifier pipeline; `extractUserEvents` in index.ts wraps it. */
export function runUserPipeline(prompt: string): ExtractedEvent[] {
  const clean = cleanPrompt(prompt);
  if (!clean) return [];
  const events: ExtractedEvent[] = [makeEvent('user_prompt', clean.text)];
  // `/plan` switches the host into plan mode, as EnterPlanMode does; what follows is the task.
  if (clean.command === '/plan') events.push(makeEvent('plan_enter', clean.words ? `entered plan mode (/plan): ${clean.words}` : 'entered plan mode (/plan)'));
  // A bare slash command (`/clear`) is an instruction to the host; its arguments are the user's words.
  const text = clean.words;
  if (!text) return events;

  const blocker = detectBlocker(text);
  if (blocker) events.push(makeEvent(blocker.kind, blocker.line));
  const data = detectData(text);
  if (data) {
    const top = text.trim().split('\n', 1)[0] ?? '';
    events.push(makeEvent('data', `pasted ${data.kind}, ${data.lines} lines, ${formatBytes(data.bytes)}: ${top}`));
  }

  // Intent, role and decision read the user's own words: the first paragraph of a paste, and
  // only what precedes a pasted error.
  let h = data ? head(text) : text;
  if (blocker?.kind === 'blocker') {
    const at = h.indexOf(blocker.line);
    h = at >= 0 ? h.slice(0, at).trim() : h;
  }
  if (!h || (data && h.length === text.length)) return events;
  if (blocker?.kind === 'blocker_resolved' && !h.trim().includes('\n')) return events; // a report
  if (isAcknowledgement(h)) return events;
  const role = detectRole(h);
  if (role) events.push(makeEvent('role', role));
  if (isQuestion(h)) {
    events.push(makeEvent('intent', 'investigate'));
    return events;
  }
  const rest = role ? h.slice(h.indexOf(role) + role.length).trim() : h;
  if (!rest || (!role && isStatusRemark(rest)) || isAcknowledgement(rest)) return events;
  if (isDecision(rest)) events.push(makeEvent('decision', rest));
  if (codePoints(rest) <= MAX_IMPERATIVE_CHARS) events.push(makeEvent('intent', 'implement'));
  return events;
}
