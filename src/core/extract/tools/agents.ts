/**
 * @module core/extract/tools/agents
 * Subagents and skills. A subagent's launch says what was delegated; its completion carries the
 * gist of what it found (`agent_finding`), which is often the most reusable knowledge of a session.
 */
import { asRecord, num, readableText, str } from '../fields.ts';
import { makeEvent } from '../events.ts';
import { gist } from '../text.ts';
import type { CallContext, Extractor } from '../context.ts';
import type { ExtractedEvent } from '../types.ts';

const HEADING_RE = /^#{1,6}\s+/;
const BULLET_RE = /^\s*[-*]\s+/;
const RULER_RE = /^[-=*_|`]+$/;
const ASYNC_LAUNCH_RE = /^Async agent launched|agentId: \w+ \(running/;

/** The finding: the result's first substantial lines, headings and filler dropped. */
export function findingGist(text: string): string {
  const lines: string[] = [];
  let len = 0;
  for (const raw of text.slice(0, 6000).split('\n')) {
    const l = raw.replace(HEADING_RE, '').replace(BULLET_RE, '').trim();
    if (l.length < 3 || RULER_RE.test(l)) continue;
    lines.push(l);
    len += l.length;
    if (len > 300) break;
  }
  return lines.join(' · ');
}

/** `subagent_launched` before the result; `subagent_completed` + `agent_finding` after. */
export const agentExtractor: Extractor = {
  name: 'agent',
  match: (ctx) => ctx.tool === 'Agent',
  extract(ctx) {
    const type = str(ctx.input, 'subagent_type', 'agent', 'name') ?? 'agent';
    const desc = str(ctx.input, 'description') ?? gist(str(ctx.input, 'prompt', 'task', 'message') ?? '', 120);
    const label = `[${type}] ${desc}`;
    if (ctx.failure) return [];
    // The finding is what the agent said: a record with nothing readable in it is no finding.
    const text = readableText(ctx.response, 20_000);
    const r = asRecord(ctx.response);
    const launched = r?.['status'] === 'async_launched' || ASYNC_LAUNCH_RE.test(text);
    if (ctx.phase === 'pre' || !ctx.hasResponse || launched) return [makeEvent('subagent_launched', label)];
    const tools = num(r, 'totalToolUseCount');
    const ms = num(r, 'totalDurationMs');
    const stats = [tools !== undefined ? `${tools} tool uses` : '', ms !== undefined ? `${Math.round(ms / 1000)}s` : ''].filter(Boolean).join(', ');
    const out: ExtractedEvent[] = [makeEvent('subagent_completed', `${label}${stats ? ` (${stats})` : ''}`)];
    const finding = findingGist(text);
    if (finding) out.push(makeEvent('agent_finding', `${desc}: ${finding}`));
    return out;
  },
};

/** `Launching skill: tdd`, `Loaded skill "tdd"`: how hosts name the skill in their answer. */
const SKILL_IN_TEXT_RE = /\bskill\b[:\s]+["'`]?([\w:./@-]{2,80})/i;

/** The skill's name: from the input, else from the answer (Claude Code's `commandName`, a host's text). */
function skillName(ctx: CallContext): string | undefined {
  const fromInput = str(ctx.input, 'skill', 'command', 'name', 'skill_name', 'skillName');
  if (fromInput) return fromInput;
  const r = asRecord(ctx.response);
  const fromResult = str(r, 'commandName', 'skill', 'name', 'command');
  if (fromResult) return fromResult;
  const text = typeof ctx.response === 'string' ? ctx.response : str(r, 'result', 'message', 'output');
  return text ? SKILL_IN_TEXT_RE.exec(text.slice(0, 2000))?.[1] : undefined;
}

/** `skill`: which skill (or slash command) ran, with its arguments; a call that names none still ran one. */
export const skillExtractor: Extractor = {
  name: 'skill',
  match: (ctx) => (ctx.tool === 'Skill' || ctx.tool === 'SlashCommand') && ctx.failure === null && ctx.phase === 'post',
  extract(ctx) {
    const name = skillName(ctx) ?? `${ctx.tool === 'Skill' ? 'skill' : 'slash command'} (unnamed)`;
    const args = str(ctx.input, 'args', 'arguments');
    return [makeEvent('skill', args ? `${name} ${args}` : name)];
  },
};
