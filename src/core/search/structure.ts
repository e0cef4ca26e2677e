/**
 * @module core/search/structure
 * Ranked lists from the order and kinds of records, for what word overlap cannot find
 * (core/search/intent says when):
 * - **after / before**: the best matches are anchors; what came right after (or before) them in their
 *   session is a list of its own — "what did I ask after Y" takes the next prompts.
 * - **compaction**: "what happened after the compaction while fixing X" anchors on the compaction
 *   nearest to the best matches of X in their session, read from around them: the compaction record
 *   itself rarely names X (a continued session's prompt never says "compaction"), and the compaction
 *   records the cue word finds belong to any session.
 * - **fix**: the best-matching problems (failed calls, prompts reporting an error) are anchors; the
 *   changes and successful commands that followed them in the session are their fixes, even when the
 *   fix's own text never names the problem.
 * - **first / last**: the best matches of the best match's session, oldest (or newest) first — "the
 *   first count", "what did it end up as".
 * - **kinds**: "what did I ask" prefers prompts. ("What changed" is not narrowed to edits: a command
 *   such as `gh pr edit` or `git mv` changes things too, and the concept ranking finds those.)
 * Each list is fused with the keyword lists by RRF (core/search/fusion), so it promotes a record the
 * words already found or brings in one they could not, without displacing a strong word match.
 * Pure: the store reads the candidates' facts and their neighbours (store/sqlite/search).
 */
import { commandParts, mainParts, sameAction, type CommandPart } from '../extract/shell/actions.ts';
import type { Fused, RankedList } from './fusion.ts';
import type { QueryIntent } from './intent.ts';

/** What the lists read about a candidate record. */
export interface RecordFact {
  readonly id: number;
  readonly session: number;
  /** Milliseconds since the epoch; records of a session are ordered by (at, id). */
  readonly at: number;
  readonly type: string;
  /** A failed call, or a prompt reporting an error (its extracted blocker events). */
  readonly problem: boolean;
  /** A prompt that asks a question: what follows it is its answer, whatever words that shares. */
  readonly question?: boolean;
  /** A record saying a problem is fixed ("fixed the …", "now passes", "解决了"): its fix came before it. */
  readonly resolved?: boolean;
  /** A compaction: the summary record, or the prompt that continues a compacted session. */
  readonly compaction: boolean;
  /** The command line a shell call ran, when it was one. */
  readonly command?: string;
}

/** A record to rank just above another: the fix of a failure the question names is the answer, the failure its context. */
export interface Lift {
  readonly id: number;
  readonly above: number;
}

/** What the structure adds to a ranking: lists to fuse, and records to lift above their anchors. */
export interface Structure {
  readonly lists: RankedList[];
  readonly lifts: Lift[];
}

/** Neighbours to read: `span` records after (or before) `anchor` in its session, as a sequence or as a problem's fixes. */
export interface NeighbourRequest {
  readonly anchor: RecordFact;
  readonly direction: 'after' | 'before';
  readonly span: number;
  readonly purpose: 'sequence' | 'fix' | 'context' | 'reply' | 'compaction' | 'edge';
}

/** Anchors taken from the head of the fused ranking. */
export const ANCHORS = 3;
/** Candidates searched for problem anchors ("how did we fix X"). */
const PROBLEM_DEPTH = 10;
/** Records read after an anchor: a few for "after", more when looking for the next prompt or a fix. */
const AFTER_SPAN = 4;
const PROMPT_SPAN = 30;
const FIX_SPAN = 12;
/** Fixes kept per problem. */
const FIXES = 4;

/**
 * Weights of the lists relative to a keyword list (1). `likely` is for lists of likely answers, not
 * the answer asked for: the fixes of a problem named without a fix cue, the records either side of
 * X in "what happened while X" (in conversations, "what did she do during the trip" is answered by X's
 * own record: at full weight its neighbours cost LoCoMo 1.2 points of R@10). `edge` is strongest: a
 * question about the first or last thing of a session asks for exactly those records, and only which
 * session is in doubt (0.6 left the first prompt of the session named at rank 43–58).
 */
export const STRUCTURE_WEIGHTS = Object.freeze({ neighbours: 1.2, fixes: 1.2, likely: 0.3, replies: 1, kinds: 0.6, context: 0.3, order: 0.6, edge: 2 });
/**
 * "The first …" / "in the end …": the best matches (ORDER_DEPTH) of the best match's session, by time.
 * Several records match alike (each attempt, each count); the word says which of them. One session:
 * "first" means first within the story the question is about, not the oldest session that shares a word.
 */
const ORDER_DEPTH = 20;
/** Without a temporal cue, the best matches' next records still form a weak list: answers sit next to what names them. */
const CONTEXT_ANCHORS = 2;
const CONTEXT_SPAN = 2;
/** Records read after a question for its answer: the rest of its turn. */
const REPLY_SPAN = 12;
/** Records read at a session's edge ("the first thing in that session"), and kept of them. */
const EDGE_SPAN = 6;
const EDGE_KEEP = 2;
/** Sessions whose edge is read, chosen by a vote of the head's first records. */
const EDGE_SESSIONS = 2;
const SESSION_VOTE_DEPTH = 30;
const SESSION_VOTE_K = 5;
/** Best topic matches ("while fixing X") around which a compaction is looked for, of how many read, and how far either side. */
const TOPIC_ANCHORS = 2;
export const TOPIC_DEPTH = PROBLEM_DEPTH;
const COMPACTION_SPAN = 50;

/**
 * Which neighbours the intent needs, from the fused head (best first). For a compaction, `topic` is
 * the candidates ranked by the question's words about the work alone (the head when there is none):
 * the head also ranks by "compact" and "context", and those find another session's talk about compacting.
 */
export function neighbourRequests(intent: QueryIntent, head: readonly RecordFact[], topic: readonly RecordFact[] = []): NeighbourRequest[] {
  const out: NeighbourRequest[] = [];
  if (intent.compaction) {
    const anchors = (topic.length ? topic : head).slice(0, TOPIC_DEPTH).filter((f) => !f.compaction && !isBookkeeping(f)).slice(0, TOPIC_ANCHORS);
    for (const anchor of anchors) for (const direction of ['before', 'after'] as const) out.push({ anchor, direction, span: COMPACTION_SPAN, purpose: 'compaction' });
  }
  if (intent.after || intent.before || intent.compaction || intent.during) {
    const compactions = intent.compaction ? head.filter((f) => f.compaction) : [];
    // "What did you do after I said X": X is one of my prompts.
    const prompts = intent.askedFirst ? head.slice(0, PROBLEM_DEPTH).filter((f) => f.type === 'prompt') : [];
    const anchors = (compactions.length ? compactions : prompts.length ? prompts : head.filter((f) => !isBookkeeping(f))).slice(0, ANCHORS);
    // "What failed while we deployed": the records on either side of the deploy's, nearest first.
    // "While X" looks both ways: a prompt typed while a call ran is recorded before the call's own record.
    const directions = intent.compaction || (intent.after && !intent.during) ? (['after'] as const) : intent.before && !intent.during ? (['before'] as const) : (['before', 'after'] as const);
    const span = intent.ask ? PROMPT_SPAN : AFTER_SPAN;
    for (const anchor of anchors) for (const direction of directions) out.push({ anchor, direction, span, purpose: 'sequence' });
  }
  if (intent.fix || intent.problem) {
    const near = head.slice(0, PROBLEM_DEPTH);
    for (const anchor of near.filter((f) => f.problem).slice(0, ANCHORS)) out.push({ anchor, direction: 'after', span: FIX_SPAN, purpose: 'fix' });
    // A record saying it is fixed has its fix just before it.
    for (const anchor of near.filter((f) => f.resolved && !f.problem).slice(0, ANCHORS)) out.push({ anchor, direction: 'before', span: FIX_SPAN, purpose: 'fix' });
  }
  // A question asked in the session is often the question asked now; its answer is what came next
  // ("how long have you been married?" → "5 years already!"), which need not share a word with it.
  if (!intent.ask) {
    for (const anchor of head.slice(0, ANCHORS).filter((f) => f.question)) out.push({ anchor, direction: 'after', span: REPLY_SPAN, purpose: 'reply' });
  }
  // "The first thing I asked in that session", "how did the session end": the edge of the sessions the best matches point to.
  if (intent.sessionEdge) {
    for (const session of sessionsByVote(head).slice(0, EDGE_SESSIONS)) {
      const anchor: RecordFact = { id: intent.first ? 0 : Number.MAX_SAFE_INTEGER, session, at: intent.first ? -1 : Number.MAX_SAFE_INTEGER, type: 'edge', problem: false, compaction: false };
      out.push({ anchor, direction: intent.first ? 'after' : 'before', span: intent.ask ? PROMPT_SPAN : EDGE_SPAN, purpose: 'edge' });
    }
  }
  if (!out.some((r) => r.purpose === 'sequence')) {
    for (const anchor of head.slice(0, CONTEXT_ANCHORS)) out.push({ anchor, direction: 'after', span: CONTEXT_SPAN, purpose: 'context' });
  }
  return out;
}

/**
 * The sessions the question's words point to, best first. "That long Safecast session" names its
 * session by words many of its records share (a path, a product), not by one best record: each record
 * of the head votes for its session, the better ranked the more (1 / (k + rank), as in the fusion).
 */
function sessionsByVote(head: readonly RecordFact[]): RecordFact['session'][] {
  const votes = new Map<RecordFact['session'], number>();
  head.slice(0, SESSION_VOTE_DEPTH).forEach((f, rank) => {
    if (!isBookkeeping(f)) votes.set(f.session, (votes.get(f.session) ?? 0) + 1 / (SESSION_VOTE_K + rank));
  });
  return [...votes].sort((a, b) => b[1] - a[1]).map(([session]) => session);
}

const isChange = (f: RecordFact) => f.type === 'change';
const isCommand = (f: RecordFact) => f.type === 'command';
const actionsOf = (f: RecordFact): CommandPart[] => (f.command ? mainParts(commandParts(f.command)) : []);

/**
 * A failure's likeliest fixes, best first: the edits that followed it, then the commands that
 * succeeded. When the failed command succeeds next with no edit in between (the same action,
 * core/extract/shell/actions), that run is the fix itself: `echo … > .tool-versions && mix compile` after
 * `mix compile` failed.
 */
function fixesOf(anchor: RecordFact, found: readonly RecordFact[]): RecordFact[] {
  const edits = found.filter(isChange);
  const runs = found.filter((f) => isCommand(f) && !f.problem);
  const failed = actionsOf(anchor);
  const success = failed.length ? found.findIndex((f) => isCommand(f) && !f.problem && actionsOf(f).some((p) => failed.some((a) => sameAction(a, p)))) : -1;
  if (success < 0 || found.slice(0, success).some(isChange)) return [...edits, ...runs];
  return [...new Set([found[success]!, ...edits, ...runs])];
}
/** Records that only keep books (about-to-run notes, todo lists): never an answer by position alone. */
const isBookkeeping = (f: RecordFact) => f.type === 'pending' || f.type === 'note' || f.type === 'marker';

/**
 * The lists the neighbours make. `neighbours` holds, per request (same order), the records found,
 * nearest first.
 */
export function structureLists(intent: QueryIntent, head: readonly RecordFact[], requests: readonly NeighbourRequest[], neighbours: readonly (readonly RecordFact[])[]): Structure {
  const lists: RankedList[] = [];
  const lifts: Lift[] = [];
  const seq: number[][] = [];
  const fixes: number[] = [];
  const context: number[] = [];
  const replies: number[] = [];
  const edges: number[][] = [];
  const inHead = new Set(head.map((f) => f.id));
  const nearTopic = compactionsNearTopic(requests, neighbours);
  // A compaction near the topic's matches is the one meant; one the cue word found in another session is not.
  const topicSessions = new Set(nearTopic.map((x) => x.session));
  for (const x of nearTopic) seq.push(x.after.filter((f) => !isBookkeeping(f)).slice(0, AFTER_SPAN).map((f) => f.id));
  requests.forEach((r, i) => {
    const found = neighbours[i] ?? [];
    if (r.purpose === 'compaction') return;
    if (r.purpose === 'edge') {
      const useful = found.filter((f) => !isBookkeeping(f) && (!intent.ask || f.type === 'prompt'));
      edges.push(useful.slice(0, EDGE_KEEP).map((f) => f.id));
      return;
    }
    if (r.purpose === 'sequence' && r.anchor.compaction && topicSessions.size && !topicSessions.has(r.anchor.session)) return;
    if (r.purpose === 'reply') {
      // The turn's answer when the model gave one, else the next record (another person's reply).
      const turn = found.slice(0, Math.max(0, found.findIndex((f, i) => i > 0 && f.type === 'prompt')) || found.length).filter((f) => !isBookkeeping(f));
      const answer = turn.find((f) => f.type === 'conclusion') ?? turn[0];
      if (answer) replies.push(answer.id);
    } else if (r.purpose === 'context') {
      // Only records the words found too: the list promotes a match that sits next to a better one,
      // it never brings in a record that matches nothing. The anchor leads its own neighbours, so a
      // neighbour never climbs above the match that named it.
      context.push(r.anchor.id, ...found.filter((f) => !isBookkeeping(f) && inHead.has(f.id)).map((f) => f.id));
    } else if (r.purpose === 'fix') {
      const best = fixesOf(r.anchor, found).slice(0, FIXES);
      fixes.push(...best.map((f) => f.id));
      // "How did we fix X" is answered by the fix; the failure naming X comes right after it.
      if (intent.fix && r.direction === 'after' && best[0]) lifts.push({ id: best[0].id, above: r.anchor.id });
    } else {
      const useful = found.filter((f) => !isBookkeeping(f));
      // After my prompt, what was done: the records up to my next prompt.
      const done = intent.askedFirst ? useful.slice(0, Math.max(0, useful.findIndex((f) => f.type === 'prompt')) || useful.length) : useful;
      seq.push((intent.ask ? useful.filter((f) => f.type === 'prompt').slice(0, 2) : done.slice(0, AFTER_SPAN)).map((f) => f.id));
    }
  });
  const dedupe = (ids: number[]) => [...new Set(ids)];
  // Nearest first across anchors: each anchor's next record before any anchor's second.
  const interleaved = seq.flatMap((ids) => ids.map((id, rank) => ({ id, rank }))).sort((a, b) => a.rank - b.rank).map((x) => x.id);
  const onlyDuring = intent.during && !intent.after && !intent.before && !intent.compaction;
  if (interleaved.length) lists.push({ name: 'neighbours', ids: dedupe(interleaved), weight: onlyDuring ? STRUCTURE_WEIGHTS.likely : STRUCTURE_WEIGHTS.neighbours });
  // A problem named without asking for its fix ("paging option error"): the fix is a likely answer, not the answer.
  if (fixes.length) lists.push({ name: 'fixes', ids: dedupe(fixes), weight: intent.fix ? STRUCTURE_WEIGHTS.fixes : STRUCTURE_WEIGHTS.likely });
  if (replies.length) lists.push({ name: 'replies', ids: dedupe(replies), weight: STRUCTURE_WEIGHTS.replies });
  if (context.length) lists.push({ name: 'context', ids: dedupe(context), weight: STRUCTURE_WEIGHTS.context });
  // Nearest the edge first across sessions: each best session's first record before any's second.
  const edge = edges.flatMap((ids) => ids.map((id, rank) => ({ id, rank }))).sort((a, b) => a.rank - b.rank).map((x) => x.id);
  if (edge.length) lists.push({ name: intent.first ? 'edge:first' : 'edge:last', ids: dedupe(edge), weight: STRUCTURE_WEIGHTS.edge });
  // Kinds of record the question names, in the order the words ranked them.
  const kinds = (keep: (f: RecordFact) => boolean, name: string) => {
    const ids = head.filter(keep).map((f) => f.id);
    if (ids.length) lists.push({ name, ids, weight: STRUCTURE_WEIGHTS.kinds });
  };
  if (intent.ask && !intent.after && !intent.before) kinds((f) => f.type === 'prompt', 'kind:prompt');
  if (intent.first || intent.last) {
    const session = head[0]?.session;
    const alike = head.slice(0, ORDER_DEPTH).filter((f) => f.session === session && !isBookkeeping(f));
    const sign = intent.first ? 1 : -1;
    const ids = alike.sort((a, b) => sign * (a.at - b.at || a.id - b.id)).map((f) => f.id);
    if (ids.length > 1) lists.push({ name: intent.first ? 'order:first' : 'order:last', ids, weight: STRUCTURE_WEIGHTS.order });
  }
  return { lists, lifts };
}

/**
 * For each topic anchor whose windows hold a compaction: the records after the compaction nearest to
 * it (before it or after), in the order of the anchors.
 */
function compactionsNearTopic(requests: readonly NeighbourRequest[], neighbours: readonly (readonly RecordFact[])[]): { session: number; after: RecordFact[] }[] {
  const windows = new Map<number, { anchor: RecordFact; before: readonly RecordFact[]; after: readonly RecordFact[] }>();
  requests.forEach((r, i) => {
    if (r.purpose !== 'compaction') return;
    const w = windows.get(r.anchor.id) ?? { anchor: r.anchor, before: [], after: [] };
    windows.set(r.anchor.id, { ...w, [r.direction]: neighbours[i] ?? [] });
  });
  const out: { session: number; after: RecordFact[] }[] = [];
  const used = new Set<number>();
  for (const { anchor, before, after } of windows.values()) {
    const timeline = [...before].reverse().concat(anchor, after);
    const at = before.length;
    let best = -1;
    timeline.forEach((f, i) => {
      if (f.compaction && (best < 0 || Math.abs(i - at) < Math.abs(best - at))) best = i;
    });
    if (best < 0 || used.has(timeline[best]!.id)) continue;
    used.add(timeline[best]!.id);
    out.push({ session: anchor.session, after: timeline.slice(best + 1).filter((f) => !f.compaction) });
  }
  return out;
}

/** How far above its anchor a lifted record lands: more than the fusion priors can move either (1.5 %). */
const LIFT = 1.02;

/**
 * The fused ranking with each lifted record just above its anchor, when the anchor ranked higher.
 * A lifted record the fusion did not keep is left out (it has no facts to show).
 */
export function liftAbove(fused: readonly Fused[], lifts: readonly Lift[]): Fused[] {
  if (lifts.length === 0) return [...fused];
  const byId = new Map(fused.map((f) => [f.id, f]));
  for (const { id, above } of lifts) {
    const lifted = byId.get(id);
    const anchor = byId.get(above);
    if (!lifted || !anchor || lifted.score >= anchor.score * LIFT) continue;
    byId.set(id, { ...lifted, score: anchor.score * LIFT, via: [...lifted.via, `lift:${above}`] });
  }
  return [...byId.values()].sort((a, b) => b.score - a.score || b.id - a.id);
}
