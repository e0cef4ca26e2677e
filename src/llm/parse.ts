/**
 * @module llm/parse
 * Turns a model's reply into a validated summary pair, or says why it cannot. Lenient about wrapping
 * (code fences, chatter around the JSON, heading spelled `**Goal:**` or in English), strict about
 * substance: both summaries, all four sections in order, none empty, within the character limits.
 */
import { sectionHeadings, type SectionHeadings } from './prompt.ts';
import { SUMMARY_LIMITS } from './types.ts';

/** Either both summaries, canonical and within limits (`trimmed` if lines were dropped), or why not. */
export type ParsedReply =
  | { readonly ok: true; readonly brief: string; readonly detailed: string; readonly trimmed: boolean }
  | { readonly ok: false; readonly reason: string };

/** A reply up to this factor over a limit is trimmed line by line; beyond it the model ignored the brief. */
const MAX_TRIM_FACTOR = 1.5;
const FENCE_RE = /^\s*```[a-z]*\s*\n?([\s\S]*?)\n?\s*```\s*$/i;
const HEADING_DECOR_RE = /^[\s#>*_]*(?:\d+[.)]\s*)?|[\s*_:：]*$/g;

/** Counts characters as a reader does (code points), so a CJK character or an emoji counts once. */
export function charCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function findObject(text: string): Record<string, unknown> | undefined {
  const unfenced = FENCE_RE.exec(text)?.[1] ?? text;
  const candidates = [unfenced];
  const first = unfenced.indexOf('{');
  const last = unfenced.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(unfenced.slice(first, last + 1));
  for (const c of candidates) {
    try {
      const v: unknown = JSON.parse(c);
      if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      /* try the next candidate */
    }
  }
  return undefined;
}

/** `brief`/`detailed` in any case, at the top level or one level down (`{"summary": {...}}`). */
function pick(obj: Record<string, unknown>, key: string, depth = 0): unknown {
  for (const [k, v] of Object.entries(obj)) if (k.toLowerCase() === key) return v;
  if (depth === 0) {
    for (const v of Object.values(obj)) {
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        const found = pick(v as Record<string, unknown>, key, 1);
        if (found !== undefined) return found;
      }
    }
  }
  return undefined;
}

function headingIndex(line: string, accepted: readonly (readonly string[])[]): number {
  const key = line.replace(HEADING_DECOR_RE, '').trim().toLowerCase();
  if (key === '') return -1;
  for (const list of accepted) {
    const i = list.findIndex((h) => h.toLowerCase() === key);
    if (i >= 0) return i;
  }
  return -1;
}

interface Section {
  readonly heading: string;
  readonly lines: string[];
}

function render(sections: readonly Section[]): string {
  return sections.map((s) => `## ${s.heading}\n${s.lines.join('\n')}`).join('\n\n');
}

/** Splits a summary into the four sections, or names what is wrong with it. */
function sectionsOf(text: string, headings: SectionHeadings): Section[] | string {
  const english = sectionHeadings('en');
  const accepted = headings === english ? [headings] : [headings, english];
  const sections: Section[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    const i = headingIndex(line, accepted);
    if (i >= 0) {
      if (i !== sections.length) return `section "${headings[i]}" is ${i < sections.length ? 'repeated' : 'out of order'}`;
      sections.push({ heading: headings[i] as string, lines: [] });
    } else if (line.trim() !== '' && sections.length > 0) {
      sections[sections.length - 1]?.lines.push(line);
    }
    // Text before the first heading (a title, "Here is the summary:") is dropped.
  }
  if (sections.length < 4) return `section "${headings[sections.length]}" is missing`;
  const empty = sections.find((s) => s.lines.length === 0);
  if (empty) return `section "${empty.heading}" is empty`;
  return sections;
}

/** Drops last lines of the longest sections until the text fits; never empties a section. */
function fit(sections: Section[], limit: number): string | undefined {
  let text = render(sections);
  while (charCount(text) > limit) {
    let victim: Section | undefined;
    for (const s of sections) {
      if (s.lines.length > 1 && (!victim || charCount(s.lines.join('\n')) >= charCount(victim.lines.join('\n')))) victim = s;
    }
    if (!victim) return undefined;
    victim.lines.pop();
    text = render(sections);
  }
  return text;
}

function normalize(value: string): string {
  let s = value.replace(/\r\n?/g, '\n').trim();
  // Some models escape twice: a one-line value full of literal "\n".
  if (!s.includes('\n') && s.includes('\\n')) s = s.replace(/\\n/g, '\n');
  return s;
}

function validateOne(
  name: 'brief' | 'detailed',
  value: unknown,
  headings: SectionHeadings,
): { text: string; trimmed: boolean } | string {
  if (typeof value !== 'string') return `malformed reply: "${name}" is ${value === undefined ? 'missing' : 'not a string'}`;
  const text = normalize(value);
  if (text === '') return `malformed reply: "${name}" is empty`;
  const sections = sectionsOf(text, headings);
  if (typeof sections === 'string') return `malformed reply: "${name}" ${sections}`;
  const limit = SUMMARY_LIMITS[name];
  const canonical = render(sections);
  const length = charCount(canonical);
  if (length <= limit) return { text: canonical, trimmed: false };
  const tooLong = `over-long reply: "${name}" has ${length} characters (limit ${limit})`;
  if (length > limit * MAX_TRIM_FACTOR) return tooLong;
  const fitted = fit(sections, limit);
  return fitted === undefined ? tooLong : { text: fitted, trimmed: true };
}

/**
 * Parses and validates a reply. The result's summaries are re-rendered canonically: `## Heading` lines
 * in the requested language, one point per line, a blank line between sections.
 */
export function parseSummaryReply(reply: string, language: string): ParsedReply {
  if (reply.trim() === '') return { ok: false, reason: 'empty reply' };
  const obj = findObject(reply);
  if (!obj) return { ok: false, reason: 'malformed reply: no JSON object with "brief" and "detailed"' };
  const headings = sectionHeadings(language);
  const brief = validateOne('brief', pick(obj, 'brief'), headings);
  if (typeof brief === 'string') return { ok: false, reason: brief };
  const detailed = validateOne('detailed', pick(obj, 'detailed'), headings);
  if (typeof detailed === 'string') return { ok: false, reason: detailed };
  return { ok: true, brief: brief.text, detailed: detailed.text, trimmed: brief.trimmed || detailed.trimmed };
}
