/**
 * @module core/summarize/heuristic
 * The default summarizer: offline, deterministic, built from a session's observations and extracted
 * events (core/summarize/facts reads them in one pass). It writes the same four sections an LLM is
 * asked for (Goal / Done / Open issues and risks / Next steps), one line per point, in the user's
 * language, and packs them into a brief (≤ 900 characters) and a detailed (≤ 3,200) version without
 * ever cutting a line. Characters are code points, so a CJK character or an emoji counts once.
 */
import { codePoints as charCount } from '../extract/text.ts';
import { oneLine } from '../titles.ts';
import { requestTexts, sessionFacts, type FactLine, type FactsInput, type SessionFacts, type SummaryEvent } from './facts.ts';
import { guessLanguage } from './language.ts';
import { phrasesFor, type Phrases } from './phrases.ts';

export type { SummaryEvent } from './facts.ts';

export const SUMMARY_LIMITS = Object.freeze({ brief: 900, detailed: 3200 });

export type SummaryInput = FactsInput;

export interface HeuristicSummary {
  readonly brief: string;
  readonly detailed: string;
  readonly language: string;
  /** What the summary was built from, for checking an LLM's reply against the same facts. */
  readonly facts: SessionFacts;
}

/** Longest line in each summary (a commit subject is never cut, whatever its length). */
const MAX_LINE = Object.freeze({ brief: 150, detailed: 240 });
/** Commit lines the brief takes before anything but the first line of each section. */
const BRIEF_COMMITS = 5;
/** Most lines per section (goal, done, open, next): the brief leads with the work, not the asking. */
const CAPS = Object.freeze({ brief: [2, 12, 3, 4] as const, detailed: [8, 40, 10, 10] as const });
/** Lines ranked this low (earlier turns' answers) are for the detailed summary only. */
const DETAILED_ONLY_RANK = 50;
/** The shortest a goal, open or next line is cut to so that the brief keeps its commits and every section. */
const MIN_SHRUNK_LINE = 48;

type Sections = readonly [readonly FactLine[], readonly FactLine[], readonly FactLine[], readonly FactLine[]];

/**
 * The first lines of the goal, open and next sections, cut shorter when they and the commits the
 * brief leads with would not fit together otherwise (commit subjects are never cut): a long goal
 * must not push a commit or the next step out of the brief.
 */
function shrinkToFit(queues: FactLine[][], room: number, commitsFirst: number, textOf: (l: FactLine) => string): FactLine[][] {
  const commits = queues[1]!.filter((l) => l.whole).slice(0, commitsFirst);
  const firstDone = queues[1]![0] && !queues[1]![0].whole ? [queues[1]![0]] : [];
  const fixed = [...commits, ...firstDone].reduce((n, l) => n + charCount(textOf(l)) + 3, 0);
  const heads = [0, 2, 3].filter((i) => queues[i]![0]);
  const need = heads.reduce((n, i) => n + charCount(textOf(queues[i]![0]!)) + 3, 0);
  if (fixed + need <= room || heads.length === 0) return queues;
  const width = Math.max(MIN_SHRUNK_LINE, Math.floor((room - fixed) / heads.length) - 3);
  return queues.map((q, i) =>
    heads.includes(i) && charCount(textOf(q[0]!)) > width ? [{ ...q[0]!, brief: oneLine(q[0]!.brief, width), text: oneLine(q[0]!.text, width) }, ...q.slice(1)] : q,
  );
}

/**
 * Lay out sections within the summary's limit: every heading; the best line of the goal and of what
 * was done; then the commits (up to `commitsFirst`); then the best next step and open issue; then
 * lines by rank, the best line of each section before the next line of any. Lines are whole or
 * absent; shown lines keep their section's order.
 */
function pack(sections: Sections, p: Phrases, kind: 'brief' | 'detailed', commitsFirst: number): string {
  const limit = SUMMARY_LIMITS[kind];
  const caps = CAPS[kind];
  const maxRank = kind === 'brief' ? DETAILED_ONLY_RANK : Number.POSITIVE_INFINITY;
  const textOf = (l: FactLine) => (kind === 'brief' ? l.brief : l.text);
  const empty = `- ${p.nothing}`;
  let used = p.headings.reduce((n, h) => n + charCount(`## ${h}\n`), 0) - 1;
  used += sections.filter((s) => s.length === 0).length * (charCount(empty) + 1);
  const queues = shrinkToFit(
    sections.map((s) => s.filter((l) => l.rank < maxRank).sort((a, b) => a.rank - b.rank)),
    limit - used,
    commitsFirst,
    textOf,
  );
  const chosen: FactLine[][] = [[], [], [], []];
  const take = (i: number, l: FactLine, reserve = 0): void => {
    const cost = charCount(textOf(l)) + 3; // "- " and the newline
    if (used + cost > limit - reserve || chosen[i]!.includes(l) || chosen[i]!.length >= caps[i]!) return;
    used += cost;
    chosen[i]!.push(l);
  };
  // The goal and the first thing done; then the commits; then the next step and what is open; then the rest.
  for (const i of [0, 1]) if (queues[i]![0]) take(i, queues[i]![0]!);
  // Commits as long as the next step and the open issue still fit after them (subjects are never cut).
  const reserve = [3, 2].reduce((n, i) => n + (queues[i]![0] ? Math.min(charCount(textOf(queues[i]![0]!)), MIN_SHRUNK_LINE) + 3 : 0), 0);
  queues[1]!.filter((l) => l.whole).slice(0, commitsFirst).forEach((l) => take(1, l, reserve));
  for (const i of [3, 2]) if (queues[i]![0]) take(i, queues[i]![0]!);
  const longest = Math.max(...queues.map((q) => q.length));
  for (let round = 0; round < longest; round++) queues.forEach((q, i) => q[round] && take(i, q[round]!));
  return p.headings
    .map((h, i) => {
      const lines = chosen[i]!.length ? [...chosen[i]!].sort((a, b) => a.order - b.order || a.rank - b.rank).map((l) => `- ${textOf(l)}`) : sections[i]!.length ? [] : [empty];
      return [`## ${h}`, ...lines].join('\n');
    })
    .join('\n');
}

/** Summarize one session. Pure and deterministic. */
export function summarizeHeuristically(input: SummaryInput): HeuristicSummary {
  // The language first (headings and labels), from the user's own words only; then one pass over the session.
  const language = guessLanguage(requestTexts(input.observations));
  const p = phrasesFor(language);
  const facts = sessionFacts(input, p, MAX_LINE);
  const sections: Sections = [facts.goal, facts.done, facts.open, facts.next];
  return {
    language,
    brief: pack(sections, p, 'brief', BRIEF_COMMITS),
    detailed: pack(sections, p, 'detailed', Number.POSITIVE_INFINITY),
    facts,
  };
}
