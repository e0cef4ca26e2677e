/**
 * @module core/summarize/commits
 * The commits a shell call made or tried to make. Git's own `[branch sha] subject` output lines are
 * the proof of a commit (they also cover cherry-picks and amends); the message given on the command
 * line (`-m "…"`, `-m "$(cat <<'EOF' … EOF)"`) names what a failed attempt meant to commit.
 * "nothing to commit" is no failure: there was nothing left to do.
 */
import { commitMessage, gitOp } from '../extract/shell/analyze.ts';
import { programName, programWords, splitCommands } from '../extract/shell/split.ts';
import type { ObservedCall } from './observed.ts';

export interface CommitAttempt {
  /** The subject line; undefined when a failed attempt named none (`-F file`, an editor). */
  readonly subject?: string;
  readonly ok: boolean;
  /** `--amend`: the commit replaces the one before it. */
  readonly amend: boolean;
  readonly sha?: string;
  /** The branch git named (`[main 3f2a1c4] …`): an amend replaces the last commit on it. */
  readonly branch?: string;
}

/** `[main 3f2a1c4] Subject`, `[main (root-commit) 8141d45] Subject`, `[detached HEAD 1a2b3c4] Subject`. */
const COMMIT_LINE_RE = /^\[([^\]\n]+?) ([0-9a-f]{7,40})\] (.+)$/gm;
const FAILED_OUTPUT_RE = /\b(?:failed|error|fatal|aborting|aborted|rejected|denied)\b|\bexit(?: code| status)?:? *[1-9]/i;
const NOTHING_TO_COMMIT_RE = /nothing to commit|nothing added to commit|no changes added to commit/i;
const HEREDOC_RE = /^\$\(\s*cat\s*<<-?\s*(['"]?)([A-Za-z_]\w*)\1[^\n]*\n([\s\S]*?)\n\s*\2\s*\)?\s*$/;

/** The subject line of a commit message as given on the command line. */
export function messageSubject(message: string): string | undefined {
  const heredoc = HEREDOC_RE.exec(message.trim());
  const body = heredoc ? heredoc[3]! : message;
  const first = body.split('\n').map((l) => l.trim()).find((l) => l.length > 0);
  return first && !first.startsWith('$(') ? first : undefined;
}

/** Git operations that print `[branch sha] subject` for each commit they create. */
const COMMITTING_OPS: ReadonlySet<string> = new Set(['commit', 'cherry-pick', 'rebase', 'revert', 'am', 'merge', 'pull']);

/** Also inside a nested shell (`nix develop -c sh -c 'git commit -m …'`), where the parser sees one quoted word. */
const NESTED_COMMIT_RE = /\bgit\b[^\n;&|]*?\s(?:commit|cherry-pick|rebase|revert|am|merge|pull)\b/;

/**
 * Jujutsu's commits: `jj commit -m …` closes the working-copy change under a message, `jj describe -m …`
 * names it (every jj change is a commit; the user then pushes it as it is). Neither prints git's line.
 */
const JJ_COMMITTING: ReadonlySet<string> = new Set(['commit', 'ci', 'describe', 'desc']);
function jjCommitArgs(w: readonly string[]): readonly string[] | undefined {
  return programName(w[0]) === 'jj' && JJ_COMMITTING.has(w[1] ?? '') ? w.slice(2) : undefined;
}

function commitsSomething(command: string): boolean {
  return (
    splitCommands(command).some((seg) => {
      const w = programWords(seg);
      return COMMITTING_OPS.has(gitOp(w)?.op ?? '') || jjCommitArgs(w) !== undefined;
    }) || NESTED_COMMIT_RE.test(command)
  );
}

const SHELL_RE = /(?:^|\/)(?:sh|bash|zsh|dash)$/;

interface CommitCommand {
  readonly subject?: string;
  readonly amend: boolean;
  readonly dryRun: boolean;
}

function commitCommands(command: string, depth = 0): CommitCommand[] {
  const out: CommitCommand[] = [];
  for (const seg of splitCommands(command)) {
    // A shell inside the command (`sh -c '…'`, `bash -lc "…"`): look into its script.
    const w = programWords(seg);
    if (depth < 2) {
      w.forEach((x, i) => {
        if (/^-[a-z]*c$/.test(x) && i > 0 && w[i + 1] && SHELL_RE.test(w[i - 1]!)) out.push(...commitCommands(w[i + 1]!, depth + 1));
      });
    }
    const op = gitOp(w);
    const args = op?.op === 'commit' ? op.args : jjCommitArgs(w);
    if (!args) continue;
    const msg = commitMessage(args);
    const subject = msg !== undefined ? messageSubject(msg) : undefined;
    out.push({ ...(subject ? { subject } : {}), amend: args.includes('--amend'), dryRun: args.includes('--dry-run') });
  }
  return out;
}

/** What a command stages for its commit: every change, or these paths (none known when staged elsewhere). */
export interface Staged {
  readonly all: boolean;
  readonly paths: readonly string[];
}

/** Pathspecs that stage the whole tree. */
const WHOLE_TREE: ReadonlySet<string> = new Set(['.', './', ':/', '*', '-A', '--all', '-u', '--update']);

/**
 * What `command` stages: `git add -A` / `git add .` / `git commit -a` stage every change; `git add
 * a b` those paths. A commit that is settled later by another commit of the same files (under any
 * subject) did get committed.
 */
export function stagedBy(command: string): Staged {
  let all = false;
  const paths: string[] = [];
  for (const seg of splitCommands(command)) {
    const op = gitOp(programWords(seg));
    if (op?.op === 'add') {
      for (const a of op.args) {
        if (WHOLE_TREE.has(a)) all = true;
        else if (!a.startsWith('-')) paths.push(a.replace(/^\.\//, '').replace(/\/$/, ''));
      }
    } else if (op?.op === 'commit' && op.args.some((a) => a === '--all' || /^-[a-zA-Z]*a[a-zA-Z]*$/.test(a))) all = true;
  }
  return { all, paths };
}

/** True when what `later` stages covers some of what `earlier` staged (a path, or one inside the other). */
export function stagesSame(earlier: Staged, later: Staged): boolean {
  if (later.all) return true;
  return earlier.paths.some((p) => later.paths.some((q) => p === q || p.startsWith(`${q}/`) || q.startsWith(`${p}/`)));
}

/** True when the call runs `git commit` (in any segment). */
export function runsCommit(call: ObservedCall): boolean {
  return call.command !== undefined && commitCommands(call.command).length > 0;
}

/** The commit attempts of one shell call, in order. Empty when it does not commit. */
export function commitAttempts(call: ObservedCall): CommitAttempt[] {
  const text = call.failed ? (call.error ?? '') : call.output;
  if (call.command !== undefined && !commitsSomething(call.command)) return [];
  const made = [...text.matchAll(COMMIT_LINE_RE)].map((m) => ({ branch: m[1]!.replace(/ \(root-commit\)$/, ''), sha: m[2]!, subject: m[3]!.trim() }));
  const commands = call.command ? commitCommands(call.command) : [];
  if (made.length > 0) {
    // What git printed is what was committed, whatever the command line said (or whether it failed after).
    const amend = commands.some((c) => c.amend);
    return made.map((m) => ({ subject: m.subject, sha: m.sha, branch: m.branch, ok: true, amend }));
  }
  if (commands.length === 0 || commands.every((c) => c.dryRun) || call.declined) return [];
  if (NOTHING_TO_COMMIT_RE.test(text)) return [];
  if (call.failed) return commands.map((c) => ({ ...(c.subject ? { subject: c.subject } : {}), ok: false, amend: c.amend }));
  // A call that went through without git's line (no output kept, or the line cut out of a long log):
  // the command line names the commit, unless the output says it did not happen (`git commit …; echo`).
  if (FAILED_OUTPUT_RE.test(text)) return [];
  return commands.filter((c) => c.subject).map((c) => ({ subject: c.subject!, ok: true, amend: c.amend }));
}
