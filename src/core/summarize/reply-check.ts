/**
 * @module core/summarize/reply-check
 * Holds a summary written elsewhere (an LLM's reply) to the rules the heuristic summarizer keeps by
 * construction: no host bookkeeping in any section, nothing under "Open issues" that a recorded
 * success settled (a commit that was made, a command whose last attempt went through), and no prompt
 * that asks for nothing (a remark, a reply, an acknowledgement) listed as the goal. The sections are
 * read by position, so the check works whatever language the headings are in.
 */
import { commandParts, mainParts, sameAction } from '../extract/shell/actions.ts';
import type { Settled } from './facts.ts';
import { isHostLine } from './host-text.ts';

const SPAN_RE = /`([^`\n]{2,200})`/g;
/** Words that make a line report a failure, in the languages we write summaries in. */
const FAILURE_RE = /\b(?:fail(?:s|ed|ing|ure)?|error|broken|rejected|denied|refused|not found|unresolved|does not work|doesn't work)\b|失败|失敗|エラー|실패|오류|échou|fehlgeschlagen|fall[óo]|falhou|non riuscit|ошибк|не удал|başarısız|فشل|विफल/i;

function sections(text: string): string[][] {
  const out: string[][] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (/^#{1,6}\s/.test(line)) out.push([]);
    else if (line && out.length) out[out.length - 1]!.push(line.replace(/^[-*•]\s+/, ''));
  }
  return out;
}

function norm(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A quoted prompt this short could be part of a real request by chance ("ok"); it must then be the whole line. */
const MIN_QUOTED = 12;

/** Why the summary breaks the rules, or undefined when it keeps them. */
export function replyProblem(summary: string, settled: readonly Settled[], notGoals: readonly string[] = []): string | undefined {
  const parts = sections(summary);
  for (const line of parts.flat()) if (isHostLine(line)) return `host bookkeeping shown as session content: "${line.slice(0, 80)}"`;
  for (const line of parts[0] ?? []) {
    const l = norm(line).replace(/[.!?。！？]+$/, '');
    const quoted = notGoals.find((g) => {
      const n = norm(g).replace(/[.!?。！？]+$/, '');
      return n.length > 0 && (l === n || (n.length >= MIN_QUOTED && l.includes(n)));
    });
    if (quoted !== undefined) return `the goal lists a prompt that asks for nothing (a remark, reply or acknowledgement): "${quoted.slice(0, 80)}"`;
  }
  const open = parts[2] ?? [];
  const commits = settled.filter((s): s is Extract<Settled, { kind: 'commit' }> => s.kind === 'commit');
  const commands = settled.filter((s): s is Extract<Settled, { kind: 'command' }> => s.kind === 'command');
  for (const line of open) {
    const l = norm(line);
    const commit = commits.find((c) => l.includes(norm(c.subject)));
    if (commit) return `an open issue names a commit that was made: "${commit.subject}"`;
    for (const m of line.matchAll(SPAN_RE)) {
      for (const part of mainParts(commandParts(m[1]!))) {
        const done = commands.find((c) => sameAction(part, c.part));
        if (done && !part.lookOnly) return `an open issue names a command that succeeded later: \`${done.part.family}\``;
      }
    }
    if (FAILURE_RE.test(line)) {
      const done = commands.find((c) => c.part.family.includes(' ') && new RegExp(`(?:^|[^\\w-])${c.part.family.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[^\\w-])`, 'i').test(line));
      if (done) return `an open issue reports a failure of \`${done.part.family}\`, which succeeded later`;
    }
  }
  return undefined;
}

/**
 * The points a summary lists under its third section (open issues and risks), placeholders left
 * out: what a reader of the session should see as still open, in agreement with the summary.
 */
export function openIssuesOf(summary: string, placeholder: string): string[] {
  return (sections(summary)[2] ?? []).filter((l) => l !== placeholder);
}
