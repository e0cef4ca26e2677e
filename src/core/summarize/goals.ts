/**
 * @module core/summarize/goals
 * The Goal section: what the user asked for, chosen from the prompts prompt-kind reads as requests
 * (decisions, remarks and acknowledgements never are). A long session has many requests and the
 * brief room for two, so they are ranked: the one that opened the work first, then the ones that
 * ask for most (what they name, not how long they are, up to a cap), requests in so many words
 * before long reports that only imply the work. The detailed summary shows more of them, in session order.
 */
import { sentences } from '../extract/user/shape.ts';
import { oneLine } from '../titles.ts';
import type { FactLine, LineWidths } from './facts.ts';
import type { PromptReading } from './prompt-kind.ts';

export interface ReadPrompt {
  /** Position in the session (observation index). */
  readonly at: number;
  readonly reading: PromptReading;
}

/** Substance beyond this does not make a request more the point of the session (a pasted plan is not ten goals). */
const SUBSTANCE_CAP = 12;
/**
 * The request that opened the work comes first whatever its length ("Implement spotter-gqc", "have a
 * look at ENT-108, we will work on that here"): sessions are mostly about what they were opened for.
 */
const OPENING_BONUS = 1000;
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
  const score = (p: ReadPrompt, i: number) =>
    Math.min(p.reading.substance, SUBSTANCE_CAP) + (p.reading.explicit ? EXPLICIT_BONUS : 0) + (i === 0 ? OPENING_BONUS : 0);
  const ranked = requests.map((p, i) => ({ p, i, s: score(p, i) })).sort((a, b) => b.s - a.s || a.i - b.i);
  const out: FactLine[] = [];
  ranked.forEach(({ p, i }, rank) => {
    const request = firstParagraph(p.reading.text);
    const text = oneLine(request, widths.detailed);
    if (text && !out.some((g) => g.text === text)) out.push({ text, brief: oneLine(request, widths.brief), rank, order: i, keys: [], at: p.at });
  });
  return out;
}
