/**
 * @module core/summarize/facts
 * One pass over a session that decides what it achieved and what it left open. Every attempt is
 * read once, in order: commits (by subject, amends replacing what they amend), file edits, test
 * and check runs, shipping commands, other calls, the task list, the prompts and the final message.
 * A failure stays open only while no later success of the same action exists (the same command
 * family with one argument set inside the other, a commit with the same subject, a later edit of the
 * same file). Then one partition settles every item that has a key (a command family, a file, a
 * commit subject): the latest evidence decides its side, and the other side loses it. So nothing
 * is ever both done and open, by construction rather than by a filter at the end.
 */
import type { Observation } from '../types.ts';
import { oneLine } from '../titles.ts';
import { collapseSpaces } from '../spaces.ts';
import { commandParts, failedWhileLooking, isShipping, mainCommandText, mainParts, outcomeLine, outputShowsFailure, sameAction, verification, type CommandPart } from '../extract/shell/actions.ts';
import { commitAttempts, runsCommit, stagedBy, stagesSame, type Staged } from './commits.ts';
import { readFinalMessage, type FinalMessage } from './final-message.ts';
import { firstParagraph, goalLines } from './goals.ts';
import { hostMessageKind, hostNamedPaths, isHostLine, isHostMessage, isTransportError, userWords } from './host-text.ts';
import { observedCall, type ObservedCall } from './observed.ts';
import type { Phrases } from './phrases.ts';
import { readPrompt, type PromptReading } from './prompt-kind.ts';
import { TaskBook } from './tasks.ts';

/** An extracted event as the summarizer needs it. */
export interface SummaryEvent {
  readonly type: string;
  readonly category: string;
  readonly priority: number;
  readonly data: string;
  readonly obsId?: number;
}

export type SectionName = 'goal' | 'done' | 'open' | 'next';

/** One line of a summary section. */
export interface FactLine {
  /** The line as the detailed summary shows it. */
  readonly text: string;
  /** The line as the brief shows it (shorter lines). */
  readonly brief: string;
  /** Lower is more important: the brief takes lines by rank. */
  readonly rank: number;
  /** Where the line goes among the lines shown of its section (commits in the order they were made). */
  readonly order: number;
  /** What the line is about, for the partition and for checking an LLM's reply. */
  readonly keys: readonly string[];
  /** Position of the evidence in the session (observation index). */
  readonly at: number;
  /** A commit subject: never cut, whatever the line limit. */
  readonly whole?: boolean;
}

export interface SessionFacts {
  readonly goal: readonly FactLine[];
  readonly done: readonly FactLine[];
  readonly open: readonly FactLine[];
  readonly next: readonly FactLine[];
  /** Final commit subjects, in order. */
  readonly commits: readonly string[];
  /** What succeeded in the end: keys (and how to spot them in text) that must not show up as open. */
  readonly settled: readonly Settled[];
  /** The user's own words, for guessing their language. */
  readonly userTexts: readonly string[];
  /** Prompts that are no goal (remarks, replies, decisions, acknowledgements): an LLM's Goal must not list them. */
  readonly notGoals: readonly string[];
}

/** Something the session achieved in the end, which no open item may contradict. */
export type Settled =
  | { readonly kind: 'commit'; readonly subject: string }
  | { readonly kind: 'command'; readonly part: CommandPart };

export interface FactsInput {
  /** Chronological (oldest first). Private observations are ignored. */
  readonly observations: readonly Observation[];
  readonly events?: readonly SummaryEvent[];
  readonly project?: string;
}

type Side = 'done' | 'open' | 'next';

interface Draft extends FactLine {
  readonly side: Side;
}

const EDIT_TOOLS: ReadonlySet<string> = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit', 'apply_patch']);
/** Tools that only gather information or keep books: their failures are no open problem. */
const LOOK_TOOLS: ReadonlySet<string> = new Set([
  'Read', 'Grep', 'Glob', 'LS', 'WebFetch', 'WebSearch', 'Task', 'Agent', 'Skill', 'ToolSearch', 'TodoWrite', 'TodoRead',
  'TaskCreate', 'TaskUpdate', 'TaskList', 'TaskGet', 'TaskOutput', 'BashOutput', 'KillShell', 'KillBash', 'AskUserQuestion',
  'EnterPlanMode', 'ExitPlanMode', 'EnterWorktree', 'SlashCommand', 'ListMcpResourcesTool', 'ReadMcpResourceTool',
]);
const CONVENTIONAL_RE = /^(\w+)(?:\([^)]*\))?!?:\s/;
const TYPE_WEIGHT: Readonly<Record<string, number>> = { feat: 0, fix: 1, perf: 2, refactor: 2, revert: 2 };
const WORD_RE = /[\p{L}\p{N}][\p{L}\p{N}_.-]*/gu;
const SPAN_RE = /`([^`\n]{2,200})`/g;
const MIN_RESULT_CHARS = 12;

/** A path as shown: relative to the project, else its last three segments. */
function shownPath(path: string, project?: string): string {
  if (project && path.startsWith(project + '/')) return path.slice(project.length + 1);
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts.length > 4 ? `…/${parts.slice(-3).join('/')}` : path;
}

/**
 * A plan the host keeps for itself (Claude Code's plan mode writes `~/.claude/plans/<name>.md`): the
 * host's bookkeeping, not the project's work, unless the project is that folder.
 */
const HOST_PLAN_RE = /[\\/]\.claude[\\/]plans[\\/][^\\/]+$/;
function isHostPlanFile(path: string, project?: string): boolean {
  return HOST_PLAN_RE.test(path) && !(project && path.startsWith(project + '/'));
}

function normalizeSubject(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ').trim();
}

function words(s: string): Set<string> {
  return new Set((s.toLowerCase().match(WORD_RE) ?? []).filter((w) => w.length >= 3));
}

/** Two texts about the same thing: most words of the shorter one are in the other. */
function overlaps(a: string, b: string): boolean {
  const wa = words(a.replace(CONVENTIONAL_RE, ''));
  const wb = words(b.replace(CONVENTIONAL_RE, ''));
  const [small, large] = wa.size <= wb.size ? [wa, wb] : [wb, wa];
  if (small.size < 2) return false;
  let hit = 0;
  for (const w of small) if (large.has(w)) hit++;
  return hit / small.size >= 0.6;
}

/** The partition key of a command: its family and arguments. */
function cmdKey(part: CommandPart): string {
  return `cmd:${part.family}|${part.args.join(' ')}`;
}

/** Keys of the commands a text names in backticks. */
function commandKeysIn(text: string): string[] {
  const keys: string[] = [];
  for (const m of text.matchAll(SPAN_RE)) for (const p of mainParts(commandParts(m[1]!))) if (!p.lookOnly && /\s/.test(m[1]!)) keys.push(cmdKey(p));
  return keys;
}

/** The command as shown: its main parts, one line, in backticks. */
function shownCommand(command: string, max: number): string {
  return '`' + oneLine(mainCommandText(command), max).replace(/`/g, "'") + '`';
}

/** What a failed call's title says after "Failed: " (the call and the gist of its error). */
function failureText(o: Observation): string {
  return o.title.replace(/^Failed:\s*/, '');
}

/** The gist of a failed call's error, as its title gives it (after the call and " — "). */
function failureGist(o: Observation): string {
  const t = failureText(o);
  const at = t.lastIndexOf(' — ');
  return at < 0 ? t : t.slice(at + 3);
}

const WRITE_TARGET_RE = /(?:^|[\s;&|])(?:\d?>>?|tee(?:\s+-a)?)\s*(['"]?)([^\s'"<>|;&]+)\1/g;
/** Files a shell command writes by redirection or `tee` (heredocs included: `cat > f << 'EOF'`). */
function writtenBy(command: string): string[] {
  return [...command.matchAll(WRITE_TARGET_RE)].map((m) => m[2]!).filter((f) => f !== '/dev/null' && !/^&\d$/.test(f));
}


/**
 * A list item that opens with a shell command in a code span (`` `git push origin v1` — … `` or "Run
 * `npm run migrate`"): two words at least, the first a program name, so a file path or a symbol
 * (`` `src/app.rs` ``, `` `rebase_unified()` ``) is none.
 */
const LEADING_COMMAND_RE = /^(?:(?:run|execute|then|and)\s+)?`((?:[a-z][\w.-]*)(?: +[^`\s]+)+)`/i;
const oneSpaced = (s: string) => collapseSpaces(s).trim();

interface CommandAttempt {
  readonly parts: readonly CommandPart[];
  readonly ok: boolean;
  readonly at: number;
  readonly obs: Observation;
  readonly command: string;
  readonly output: string;
}

/** A prompt in the user's own words (acknowledgements left out), as prompt-kind reads it. */
interface Prompt {
  readonly at: number;
  readonly words: string;
  readonly reading: PromptReading;
  /** The session it was typed in (a summary covers a chain of resumed or compacted sessions). */
  readonly session: number;
}

/** Longest line of each summary. */
export interface LineWidths {
  readonly brief: number;
  readonly detailed: number;
}

/** The user's own requests, for guessing the language they write in (host text and acknowledgements left out). */
export function requestTexts(observations: readonly Observation[]): string[] {
  const out: string[] = [];
  for (const o of observations) {
    if (o.type !== 'prompt' || o.private) continue;
    const said = userWords(o.body);
    // Acknowledgements by their closed class only: a short request ("README를 업데이트해 줘") says which language.
    if (said !== undefined && readPrompt(said, { answersAssistant: false }).kind !== 'acknowledgement') out.push(said);
  }
  return out;
}

/** Read a session into its facts, with each line in both summaries' widths. Pure and deterministic. */
export function sessionFacts(input: FactsInput, p: Phrases, widths: LineWidths): SessionFacts {
  const maxLine = widths.detailed;
  const obs = input.observations.filter((o) => !o.private);
  const events = input.events ?? [];
  const decisionObs = new Set(events.filter((e) => e.type === 'decision' && e.obsId !== undefined).map((e) => e.obsId!));
  const drafts: Draft[] = [];
  const goal: FactLine[] = [];
  const line = (side: Side, text: string, rank: number, order: number, at: number, keys: readonly string[] = [], whole = false, briefText?: string) => {
    const t = whole || briefText !== undefined ? text.replace(/\s+/g, ' ').trim() : oneLine(text, maxLine);
    const b = whole ? t : briefText !== undefined ? briefText : oneLine(text, widths.brief);
    if (t && !isHostLine(t)) drafts.push({ side, text: t, brief: b, rank, order, at, keys, ...(whole ? { whole } : {}) });
  };

  // ---- one pass over the session ----
  const hostPaths = new Set<string>();
  const prompts: Prompt[] = [];
  const notGoals: string[] = [];
  const conclusions: { at: number; text: string; turn: number }[] = [];
  const interrupts: number[] = [];
  const commits: { subject: string; at: number; branch?: string }[] = [];
  const failedCommits = new Map<string, { at: number; obs: Observation; subject?: string; staged: Staged }>();
  const files = new Map<string, { edits: number; ok: boolean; at: number; obs: Observation }>();
  const commands: CommandAttempt[] = [];
  const tasks = new TaskBook();
  let turnPrompt = -1;
  let lastTurn = -1;
  let hostTurn = false;
  /** The host's turn led to real work (the model carried on after a background task): its answer is a result. */
  let hostTurnWorked = false;

  obs.forEach((o, at) => {
    if (o.type === 'prompt') {
      for (const path of hostNamedPaths(o.body)) hostPaths.add(path);
      const said = userWords(o.body);
      if (said === undefined) {
        const kind = hostMessageKind(o.body);
        if (kind === 'marker') interrupts.push(at);
        // A notification starts a turn of its own (a background task's notice): its answer is bookkeeping too.
        if (kind === 'notification') {
          hostTurn = true;
          hostTurnWorked = false;
        }
        return;
      }
      hostTurn = false;
      lastTurn = turnPrompt;
      turnPrompt = at;
      // Whether it answers the assistant: the last message of the turn before ended by asking the user.
      const last = conclusions[conclusions.length - 1];
      const answersAssistant = last !== undefined && last.turn === lastTurn && readFinalMessage(last.text).question !== undefined;
      // Each session of the chain is opened by its first prompt that names something ("get clean" names too little).
      const opening = !prompts.some((x) => x.session === o.sessionId && x.reading.kind === 'request');
      const reading = readPrompt(said, { answersAssistant, flaggedDecision: decisionObs.has(o.id), opening });
      if (reading.kind !== 'acknowledgement') prompts.push({ at, words: said, reading, session: o.sessionId });
      if (reading.kind !== 'request') notGoals.push(said);
      return;
    }
    if (o.type === 'conclusion') {
      if ((!hostTurn || hostTurnWorked) && !isTransportError(o.body) && !isHostMessage(o.body)) conclusions.push({ at, text: o.body, turn: turnPrompt });
      return;
    }
    const call = observedCall(o);
    if (!call) return;
    if (call.declined) {
      interrupts.push(at);
      return;
    }
    const target = typeof call.input.file_path === 'string' ? call.input.file_path : o.files[0];
    if (target && hostPaths.has(target)) return;
    tasks.see(call, o.body, at);
    if (hostTurn && !LOOK_TOOLS.has(call.tool)) hostTurnWorked = true;
    if (call.tool === 'Bash' && call.command !== undefined) {
      const attempts = commitAttempts(call);
      if (attempts.length || runsCommit(call)) {
        const staged = stagedBy(call.command);
        for (const c of attempts) {
          const key = c.subject ? normalizeSubject(c.subject) : '';
          if (c.ok && c.subject) {
            failedCommits.delete(key);
            failedCommits.delete('');
            // The same files committed under another subject: the failed attempt's work did get committed.
            for (const [k, f] of failedCommits) if (stagesSame(f.staged, staged)) failedCommits.delete(k);
            // An amend replaces the last commit on its branch (sessions switch branches and worktrees).
            const onBranch = (k: number) => c.branch !== undefined && commits[k]!.branch === c.branch;
            let last = -1;
            for (let k = commits.length - 1; k >= 0 && last < 0; k--) if (onBranch(k)) last = k;
            if (last < 0) last = commits.length - 1;
            const entry = { subject: c.subject, at, ...(c.branch ? { branch: c.branch } : {}) };
            const same = commits.findIndex((x) => normalizeSubject(x.subject) === key);
            if (c.amend && last >= 0) commits[last] = entry;
            else if (same < 0) commits.push(entry);
            else if (!commits[same]!.branch && c.branch) commits[same] = { ...commits[same]!, branch: c.branch };
          } else if (!c.ok) {
            failedCommits.set(key, { at, obs: o, staged, ...(c.subject ? { subject: c.subject } : {}) });
          }
        }
        return;
      }
      const parts = mainParts(commandParts(call.command));
      if (parts.length === 0) return;
      const verifying = parts.some((x) => verification(x) !== undefined);
      const ok = !call.failed && !(verifying && outputShowsFailure(call.output));
      if (!ok && call.failed && failedWhileLooking(call.command, call.error ?? '')) return;
      commands.push({ parts, ok, at, obs: o, command: call.command, output: call.output });
      return;
    }
    if (EDIT_TOOLS.has(call.tool) && target) {
      if (isHostPlanFile(target, input.project)) return;
      const f = files.get(target) ?? { edits: 0, ok: true, at, obs: o };
      files.set(target, call.failed ? { ...f, ok: false, at, obs: o } : { edits: f.edits + 1, ok: true, at, obs: o });
      return;
    }
    if (!LOOK_TOOLS.has(call.tool) && call.failed) {
      const key = `tool:${call.tool}`;
      commands.push({ parts: [{ family: key, args: [], lookOnly: false }], ok: false, at, obs: o, command: call.tool, output: '' });
    } else if (!LOOK_TOOLS.has(call.tool)) {
      commands.push({ parts: [{ family: `tool:${call.tool}`, args: [], lookOnly: false }], ok: true, at, obs: o, command: call.tool, output: '' });
    }
  });

  // ---- goals: what the user asked for (requests only: no decision, remark or acknowledgement) ----
  goal.push(...goalLines(prompts, widths));
  prompts.forEach((x, i) => {
    if (x.reading.kind === 'decision') line('done', `${p.decided}: ${firstParagraph(x.words)}`, 40, 400 + i, x.at);
  });

  // ---- commits ----
  const byWeight = commits
    .map((c, i) => ({ ...c, i, w: TYPE_WEIGHT[CONVENTIONAL_RE.exec(c.subject)?.[1]?.toLowerCase() ?? ''] ?? 3 }))
    .sort((a, b) => a.w - b.w || b.i - a.i);
  byWeight.forEach((c, k) => line('done', `${p.commit}: ${c.subject}`, k < 5 ? k * 0.01 + 1 : 10 + k, c.i, c.at, [`commit:${normalizeSubject(c.subject)}`], true));
  for (const [key, f] of failedCommits) {
    if (commits.some((c) => normalizeSubject(c.subject) === key)) continue;
    line('open', `${p.failed}: ${failureText(f.obs)}`, 0, 0, f.at, key ? [`commit:${key}`] : ['cmd:git commit']);
    line('next', `${p.retry}: ${f.subject ? `git commit "${f.subject}"` : 'git commit'}`, 30, 900, f.at, key ? [`commit:${key}`] : ['cmd:git commit']);
  }

  // ---- files: changed most, or still failing to change ----
  const changed = [...files.entries()].filter(([, f]) => f.ok && f.edits > 0).sort((a, b) => b[1].edits - a[1].edits || b[1].at - a[1].at);
  /** As many names as fit `width`, then how many more: the count must survive a long path. */
  const fileList = (width: number): string => {
    const head = `${p.changedMost}: `;
    const names: string[] = [];
    for (const [path, f] of changed) {
      const name = `${shownPath(path, input.project)}${f.edits > 1 ? ` ×${f.edits}` : ''}`;
      const more = changed.length - names.length - 1;
      const candidate = head + [...names, name].join(', ') + (more > 0 ? ` (+${more} ${p.more})` : '');
      if (candidate.length > width && names.length > 0) break;
      names.push(name);
    }
    const rest = changed.length - names.length;
    return `${head}${names.join(', ')}${rest > 0 ? ` (+${rest} ${p.more})` : ''}`;
  };
  // The detailed summary has room for a long list; the brief names the few that changed most.
  if (changed.length) line('done', fileList(maxLine * 3), 6, 100, Math.max(...changed.map(([, f]) => f.at)), changed.map(([path]) => `file:${path}`), false, fileList(widths.brief));
  // A file removed after its edit failed needs no more editing; one a command wrote after it (`cat > f <<EOF`,
  // `tee f`) got its content another way.
  const samePath = (path: string, a: string) => a === path || path.endsWith('/' + a.replace(/^\.\//, ''));
  const settledLater = (path: string, after: number) =>
    commands.some(
      (c) =>
        c.ok &&
        c.at > after &&
        (c.parts.some((x) => (x.family === 'rm' || x.family === 'git rm' || x.family === 'unlink') && x.args.some((a) => samePath(path, a))) ||
          writtenBy(c.command).some((a) => samePath(path, a))),
    );
  for (const [path, f] of files) {
    if (f.ok || settledLater(path, f.at)) continue;
    line('open', `${p.failed}: ${failureText(f.obs)}`, 2, 10, f.at, [`file:${path}`]);
  }

  // ---- commands: failures settled by a later success of the same action ----
  const openFailures: CommandAttempt[] = [];
  for (const c of commands) {
    if (c.ok) {
      for (let i = openFailures.length - 1; i >= 0; i--) {
        if (openFailures[i]!.parts.some((f) => c.parts.some((s) => sameAction(f, s)))) openFailures.splice(i, 1);
      }
    } else if (!c.parts.every((x) => x.lookOnly)) {
      // The same action failing again replaces its older failure.
      for (let i = openFailures.length - 1; i >= 0; i--) if (openFailures[i]!.parts.some((f) => c.parts.some((s) => sameAction(f, s)))) openFailures.splice(i, 1);
      openFailures.push(c);
    }
  }
  // One cause failing many runs of a program (`gemini "…"` ten times: command not found) is one open
  // problem: the latest run stands for them, with how many failed alike.
  const alike = new Map<string, CommandAttempt[]>();
  for (const f of openFailures) {
    const key = `${f.parts[0]!.family}\0${failureGist(f.obs)}`;
    alike.set(key, [...(alike.get(key) ?? []), f]);
  }
  [...alike.values()].forEach((group) => {
    const f = group.reduce((a, b) => (b.at > a.at ? b : a));
    const important = group.some((g) => g.parts.some((x) => verification(x) !== undefined || isShipping(x)));
    const keys = [...new Set(group.flatMap((g) => g.parts.map(cmdKey)))];
    line('open', `${p.failed}${group.length > 1 ? ` (${group.length}×)` : ''}: ${failureText(f.obs)}`, important ? 1 : 8, 20 + f.at / 1e6, f.at, keys);
    if (f.parts[0]!.family.startsWith('tool:')) return;
    line('next', `${p.retry}: ${shownCommand(f.command, Math.max(40, maxLine - p.retry.length - 6))}`, important ? 20 : 35, 800, f.at, keys);
  });

  // Verifications whose last run passed, and shipping steps that went through.
  const lastRun = new Map<string, CommandAttempt>();
  for (const c of commands) for (const part of c.parts) if (verification(part) !== undefined || isShipping(part)) lastRun.set(`${part.family}\0${part.args.join(' ')}`, c);
  const shownFamilies = new Set<string>();
  let shipped = 0;
  [...lastRun.values()]
    .filter((c, i, all) => c.ok && all.indexOf(c) === i)
    .sort((a, b) => b.at - a.at)
    .forEach((c) => {
      const part = c.parts.find((x) => verification(x) !== undefined || isShipping(x))!;
      if (shownFamilies.has(part.family)) return;
      const kind = verification(part);
      if (!kind && ++shipped > 3) return;
      shownFamilies.add(part.family);
      const outcome = kind ? outcomeLine(c.output) : undefined;
      const label = kind === 'test' ? p.testsPass : kind === 'check' ? p.checksPass : p.ran;
      const text = `${label}: ${shownCommand(c.command, 70)}${outcome ? ` → ${outcome}` : ''}`;
      line('done', text, kind === 'test' ? 7 : kind === 'check' ? 9 : 12, kind === 'test' ? 110 : kind === 'check' ? 120 : 130, c.at, c.parts.map(cmdKey));
    });

  // ---- tasks ----
  tasks.all().forEach((t, i) => {
    if (t.status === 'done') return;
    const keys = commandKeysIn(t.text);
    const subject = commits.find((c) => overlaps(c.subject, t.text));
    if (subject) keys.push(`commit:${normalizeSubject(subject.subject)}`);
    line('next', `${t.status === 'active' ? p.inProgress : p.todo}: ${t.text}`, t.status === 'active' ? 10 : 12 + i * 0.01, 500 + i, t.at, keys);
  });

  // ---- the final message, and what the user asked last ----
  const final = conclusions.filter((c) => c.text.trim().length >= MIN_RESULT_CHARS).pop();
  // The last thing the user said, and the last thing they asked for (a remark leaves nothing to continue).
  const lastPrompt = prompts[prompts.length - 1];
  const lastAsked = prompts.filter((x) => x.reading.kind === 'request' || x.reading.kind === 'decision').pop();
  let message: FinalMessage | undefined;
  if (final) {
    message = readFinalMessage(final.text);
    const keysOf = (text: string) => {
      const keys = commandKeysIn(text);
      const subject = commits.find((c) => overlaps(c.subject, text));
      if (subject) keys.push(`commit:${normalizeSubject(subject.subject)}`);
      return keys;
    };
    // A listed command the session never ran, in a message that hands the user steps ("Run the following:",
    // 以下を実行してください), was explained or handed over ("`jj git push -b main` — push main"): it is the
    // user's step. Elsewhere a listed command is a result ("`mnemo export` — the new command"). One the
    // message also hands over in a fence is that step already.
    const { handsOver } = message;
    const steps = new Set(message.next.map(oneSpaced));
    const ran = commands.map((c) => oneSpaced(c.command));
    const placeOf = (r: string): 'done' | 'next' | 'listed' => {
      const command = LEADING_COMMAND_RE.exec(r)?.[1];
      if (command === undefined) return 'done';
      if (steps.has(oneSpaced(command))) return 'listed';
      if (ran.some((c) => c.includes(oneSpaced(command)))) return 'done';
      return handsOver ? 'next' : 'done';
    };
    message.results.forEach((r, i) => {
      const place = placeOf(r);
      if (place === 'done') line('done', r, 14 + i, 200 + i, final.at, keysOf(r));
      else if (place === 'next') line('next', r, 1 + i * 0.1, 120 + i, final.at, keysOf(r));
    });
    if (!message.results.length && message.gist) line('done', `${p.result}: ${message.gist}`, 14, 200, final.at, keysOf(message.gist));
    message.issues.forEach((r, i) => line('open', r, 5 + i * 0.1, 40 + i, final.at, keysOf(r)));
    message.next.forEach((r, i) => line('next', r, i * 0.1, 100 + i, final.at, keysOf(r)));
    const answered = lastPrompt === undefined || lastPrompt.at < final.at;
    const worked = commits.length > 0 || files.size > 0 || commands.length > 0;
    if (message.question && answered && worked) {
      const text = message.gist && message.gist !== message.question ? `${message.gist} (${message.question})` : message.question;
      if (message.gist || message.question.length >= 30) line('next', `${p.awaiting}: ${text}`, 3, 300, final.at, keysOf(text));
    }
  }
  // Earlier answers, briefly: what each turn ended with.
  conclusions
    .filter((c) => c !== final)
    .slice(-8)
    .reverse()
    .forEach((c, i) => {
      const m = readFinalMessage(c.text);
      const gist = m.gist ?? m.results[0];
      if (gist) line('done', gist, 60 + i, 300 + i, c.at);
    });
  if (lastAsked) {
    // Any answer counts here, however short ("Ported."): only the results need a message of some length.
    const unanswered = !conclusions.some((c) => c.at > lastAsked.at);
    // Stopped by the user and never brought to a close afterwards.
    const lastStop = Math.max(-1, ...interrupts.filter((at) => at > lastAsked.at));
    const interrupted = lastStop >= 0 && !conclusions.some((c) => c.at > lastStop);
    if (unanswered || interrupted) line('next', `${p.continueWith}: ${firstParagraph(lastAsked.words)}`, 2, 0, lastAsked.at);
  }
  // Blockers the user reported in their last request.
  for (const e of events) {
    if (e.type === 'blocker' && lastPrompt && obs.findIndex((o) => o.id === e.obsId) === lastPrompt.at) line('open', e.data, 3, 50, lastPrompt.at);
  }

  // ---- the partition: each key on one side only, the latest evidence deciding ----
  const latest = new Map<string, Draft>();
  for (const d of drafts) for (const k of d.keys) if (!latest.get(k) || latest.get(k)!.at <= d.at) latest.set(k, d);
  const kept = drafts.filter((d) => d.keys.every((k) => {
    const winner = latest.get(k)!;
    return (winner.side === 'done') === (d.side === 'done');
  }));
  // What succeeded in the end: every commit, and every command whose last attempt went through.
  const settled: Settled[] = commits.map((c) => ({ kind: 'commit', subject: c.subject }));
  const stillFailing = (part: CommandPart) => openFailures.some((f) => f.parts.some((x) => sameAction(x, part)));
  for (const c of commands) {
    if (!c.ok) continue;
    for (const part of c.parts) {
      if (part.lookOnly || part.family.startsWith('tool:') || stillFailing(part)) continue;
      if (!settled.some((x) => x.kind === 'command' && x.part.family === part.family && x.part.args.join(' ') === part.args.join(' '))) settled.push({ kind: 'command', part });
    }
  }

  const dedupe = (lines: Draft[]): FactLine[] => {
    const seen = new Set<string>();
    return lines.filter((l) => (seen.has(l.text) ? false : (seen.add(l.text), true))).map(({ side: _side, ...rest }) => rest);
  };
  return {
    goal,
    done: dedupe(kept.filter((d) => d.side === 'done')),
    open: dedupe(kept.filter((d) => d.side === 'open')),
    next: dedupe(kept.filter((d) => d.side === 'next')),
    commits: commits.map((c) => c.subject),
    settled,
    userTexts: prompts.map((x) => x.words),
    notGoals,
  };
}
