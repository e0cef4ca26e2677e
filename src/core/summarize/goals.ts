/**
 * @module core/summarize/goals
 * The Goal section: what the user asked for, chosen from the prompts prompt-kind reads as requests
 * (decisions, remarks and acknowledgements never are). A long session has many requests and the
 * brief room for two, so they are ranked:
 * 1. the request that opened the work (of the whole chain, when the session resumed another): sessions
 *    are mostly about what they were opened for, however short that was ("Implement spotter-gqc");
 * 2. the latest session's request that asks for most (what it names, up to a cap, not how long it is;
 *    asking in so many words before a report that implies it);
 * 3. the request that opened the latest session, the rest of its requests in order, then the earlier
 *    sessions'.
 * The detailed summary shows more of them, in session order.
 */
import { sentences } from '../extract/user/shape.ts';
import { oneLine } from '../titles.ts';
import type { FactLine, LineWidths } from './facts.ts';
import type { PromptReading } from './prompt-kind.ts';

export interface ReadPrompt {
  /** Position in the session (observation index). */
  readonly at: number;
  readonly reading: PromptReading;
  /** The session it was typed in. */
  readonly session: number;
}

/** Substance beyond this does not make a request more the point of the session (a pasted plan is not ten goals). */
const SUBSTANCE_CAP = 12;
/** Asking in so many words outranks a report that implies the work by this much. */
const EXPLICIT_BONUS = 4;

/**
 * What states the request: its first sentence when that says enough, else its first paragraph (a
 * lead-in such as "Implement the following plan:" takes the line after it along).
 */
export function firstParagraph(text: string): string {
  const paras = text.trim().split(/\n\s*\n/);
  const first = paras[0] ?? '';
  if (/[:：]\s*$/.test(first) && first.length < 80 && paras[1]) return `${first} ${paras[1].split('\n', 1)[0]!}`;
  const sentence = sentences(first.replace(/\s+/g, ' '))[0] ?? first;
  return sentence.length >= 40 ? sentence : first;
}

/** Goal lines, best first by rank; `order` keeps session order among the lines shown. */
export function goalLines(prompts: readonly ReadPrompt[], widths: LineWidths): FactLine[] {
  const requests = prompts.filter((p) => p.reading.kind === 'request');
  if (requests.length === 0) return [];
  const latest = requests[requests.length - 1]!.session;
  const openingOf = (session: number) => requests.find((p) => p.session === session);
  const first = requests[0]!;
  const latestOpening = openingOf(latest)!;
  const substance = (p: ReadPrompt) => Math.min(p.reading.substance, SUBSTANCE_CAP) + (p.reading.explicit ? EXPLICIT_BONUS : 0);
  const ofLatest = requests.filter((p) => p !== first && p.session === latest);
  const main = [...ofLatest].sort((a, b) => substance(b) - substance(a) || a.at - b.at)[0];
  const ranked = [...new Set([first, ...(main ? [main] : []), latestOpening, ...ofLatest, ...requests.filter((p) => p.session !== latest)])];
  const out: FactLine[] = [];
  ranked.forEach((p, rank) => {
    const request = firstParagraph(p.reading.text);
    const text = oneLine(request, widths.detailed);
    if (text && !out.some((g) => g.text === text)) out.push({ text, brief: oneLine(request, widths.brief), rank, order: requests.indexOf(p), keys: [], at: p.at });
  });
  return out;
}
