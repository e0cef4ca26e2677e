/**
 * @module core/summarize/heuristic
 * The default summarizer: offline, deterministic, built from a session's observations and extracted
 * events. It writes the same four sections an LLM is asked for (Goal / Done / Open issues and risks /
 * Next steps), one line per point, de-duplicated, in the user's language, and packs them into a brief
 * (≤ 900 characters) and a detailed (≤ 3,200) version without ever cutting a line.
 */
import type { Observation } from '../types.ts';
import { oneLine } from '../titles.ts';
import { guessLanguage } from './language.ts';
import { phrasesFor, type Phrases } from './phrases.ts';

export const SUMMARY_LIMITS = Object.freeze({ brief: 900, detailed: 3200 });

/** An extracted event as the summarizer needs it. */
export interface SummaryEvent {
  readonly type: string;
  readonly category: string;
  readonly priority: number;
  readonly data: string;
  readonly obsId?: number;
}

export interface SummaryInput {
  /** Chronological. Private observations are ignored even if present. */
  readonly observations: readonly Observation[];
  readonly events?: readonly SummaryEvent[];
  /** Failures still unresolved when the session ended (from the extraction state), if known. */
  readonly pendingErrors?: readonly string[];
  /** Shown paths are made relative to it. */
  readonly project?: string;
}

export interface HeuristicSummary {
  readonly brief: string;
  readonly detailed: string;
  readonly language: string;
}

/** Host-injected wrappers are not the user's words. */
const WRAPPER_RE = /<(system-reminder|task-notification|command-name|command-message|command-args|local-command-stdout|user-prompt-submit-hook)\b[^>]*>[\s\S]*?<\/\1>/gi;
const SENTENCE_END_RE = /(?<=[.!?。！？])\s/u;
const COMMAND_THAT_MATTERS_RE = /\b(git (commit|push|merge|rebase|tag)|npm (test|run|publish)|pnpm|yarn|pytest|cargo (test|build)|go test|make|deploy|docker|kubectl|terraform)\b/i;

interface Line {
  readonly text: string;
  /** Lower is more important; the brief takes the most important lines of each section first. */
  readonly rank: number;
}

type Sections = [Line[], Line[], Line[], Line[]];

function relative(path: string, project?: string): string {
  if (project && path.startsWith(project + '/')) return path.slice(project.length + 1);
  return path;
}

function firstSentence(text: string, max: number): string {
  const flat = oneLine(text, 2000);
  const cut = flat.split(SENTENCE_END_RE, 1)[0] ?? flat;
  return oneLine(cut, max);
}

function userText(o: Observation): string {
  return o.body.replace(WRAPPER_RE, ' ').trim();
}

/** A failure is resolved when a later call touches the same target and succeeds. */
function targetOf(o: Observation): string {
  if (o.files[0]) return `file:${o.files[0]}`;
  const cmd = /Ran `([^`]*)`/.exec(o.title)?.[1];
  if (cmd) return `cmd:${cmd.split(/\s+/).slice(0, 3).join(' ')}`;
  return `tool:${o.toolName ?? o.title}`;
}

function unresolvedFailures(obs: readonly Observation[]): Observation[] {
  const out: Observation[] = [];
  obs.forEach((o, i) => {
    if (o.type !== 'error') return;
    const key = targetOf(o);
    const fixed = obs.slice(i + 1).some((later) => later.type !== 'error' && later.kind === 'tool' && targetOf(later) === key);
    if (!fixed) out.push(o);
  });
  return out;
}

function buildSections(input: SummaryInput, p: Phrases, maxLine: number): Sections {
  const obs = input.observations.filter((o) => !o.private);
  const events = input.events ?? [];
  const sections: Sections = [[], [], [], []];
  const push = (i: 0 | 1 | 2 | 3, text: string, rank: number) => {
    const t = oneLine(text, maxLine);
    if (t && !sections[i].some((l) => l.text === t)) sections[i].push({ text: t, rank });
  };

  // Goal: what the user asked for, the first request weighing most.
  const prompts = obs.filter((o) => o.type === 'prompt').map(userText).filter((t) => t.length > 0);
  prompts.forEach((t, i) => push(0, firstSentence(t, maxLine), i === 0 ? 0 : 2 + i));

  // Done: the outcome, files changed, commands that mattered, fixes and decisions.
  const conclusions = obs.filter((o) => o.type === 'conclusion');
  const last = conclusions[conclusions.length - 1];
  if (last) push(1, `${p.result}: ${firstSentence(last.body, maxLine)}`, 0);
  const changed = [...new Set(obs.filter((o) => o.type === 'change').flatMap((o) => o.files.map((f) => relative(f, input.project))))];
  if (changed.length) {
    // As many names as fit the line, then how many more: the count must survive a long path.
    const head = `${p.changed}: `;
    const names: string[] = [];
    for (const f of changed) {
      const more = changed.length - names.length - 1;
      const candidate = head + [...names, f].join(', ') + (more > 0 ? ` (+${more})` : '');
      if (candidate.length > maxLine && names.length > 0) break;
      names.push(f);
    }
    const rest = changed.length - names.length;
    push(1, `${head}${names.join(', ')}${rest > 0 ? ` (+${rest})` : ''}`, 1);
  }
  for (const e of events) {
    if (e.type === 'error_resolved') push(1, `${p.resolved}: ${e.data}`, 2);
    else if (e.type === 'git') push(1, `${p.ran}: ${e.data}`, 4);
    else if (e.type === 'decision' || e.type === 'decision_question' || e.type === 'plan_approved') push(1, `${p.decided}: ${e.data}`, 3);
    else if (e.type === 'agent_finding' || e.type === 'subagent_completed') push(1, e.data, 6);
  }
  for (const o of obs) {
    if (o.type === 'decision') push(1, `${p.decided}: ${o.title}`, 3);
    else if (o.type === 'command' && COMMAND_THAT_MATTERS_RE.test(o.title)) push(1, o.title, 5);
  }
  for (const c of conclusions.slice(0, -1).reverse()) push(1, firstSentence(c.body, maxLine), 7);

  // Open issues and risks: failures nobody fixed, blockers, discovered constraints.
  const pending = input.pendingErrors?.length ? input.pendingErrors : unresolvedFailures(obs).map((o) => o.title);
  pending.forEach((t, i) => push(2, `${p.failed}: ${t}`, i));
  for (const e of events) {
    if (e.type === 'blocker' || e.type === 'constraint_discovered') push(2, e.data, 3);
  }

  // Next steps: open tasks, then whatever the user asked last if the model never answered it.
  for (const e of events) if ((e.category === 'task' || e.type.startsWith('task')) && !/\bcompleted\b/i.test(e.data)) push(3, `${p.todo}: ${e.data}`, 1);
  const lastPrompt = [...obs].reverse().find((o) => o.type === 'prompt');
  if (lastPrompt && (!last || lastPrompt.createdAt > last.createdAt)) push(3, `${p.continueWith}: ${firstSentence(userText(lastPrompt), maxLine)}`, 0);
  return sections;
}

/**
 * Lay out sections within `limit` characters: every heading, then lines by importance, taking the
 * best line of every section before the second line of any. Lines are whole or absent.
 */
function pack(sections: Sections, p: Phrases, limit: number): string {
  const chosen: Line[][] = [[], [], [], []];
  const empty = `- ${p.nothing}`;
  let used = p.headings.reduce((n, h) => n + `## ${h}\n`.length, 0) - 1;
  // Each empty section shows a placeholder line until it gets a real one.
  used += sections.filter((s) => s.length === 0).length * (empty.length + 1);
  const queues = sections.map((s) => [...s].sort((a, b) => a.rank - b.rank));
  for (let round = 0; ; round++) {
    for (let i = 0; i < 4; i++) {
      const line = queues[i]![round];
      if (!line) continue;
      const cost = line.text.length + 3; // "- " and the newline
      if (used + cost > limit) continue;
      used += cost;
      chosen[i]!.push(line);
    }
    if (queues.every((q) => q.length <= round + 1)) break;
  }
  return p.headings
    .map((h, i) => {
      const lines = chosen[i]!.length ? chosen[i]!.map((l) => `- ${l.text}`) : sections[i]!.length ? [] : [empty];
      return [`## ${h}`, ...lines].join('\n');
    })
    .join('\n');
}

/** Summarize one session. Pure and deterministic. */
export function summarizeHeuristically(input: SummaryInput): HeuristicSummary {
  const prompts = input.observations.filter((o) => o.type === 'prompt' && !o.private).map(userText);
  const language = guessLanguage(prompts);
  const p = phrasesFor(language);
  return {
    language,
    brief: pack(buildSections(input, p, 150), p, SUMMARY_LIMITS.brief),
    detailed: pack(buildSections(input, p, 240), p, SUMMARY_LIMITS.detailed),
  };
}
