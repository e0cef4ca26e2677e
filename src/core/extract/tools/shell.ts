/**
 * @module core/extract/tools/shell
 * Shell commands: directory changes, git operations and environment set-up, one event per simple
 * command that does one of these. Failed commands yield only their failure (a `git commit` that
 * found nothing to commit is not a commit).
 */
import { asRecord, str } from '../fields.ts';
import { makeEvent } from '../events.ts';
import { oneLine } from '../text.ts';
import { cdTarget, commitMessage, envStep, gitOp, resolveDir } from '../shell/analyze.ts';
import { programWords, splitCommands } from '../shell/split.ts';
import type { Extractor } from '../context.ts';
import type { ExtractedEvent } from '../types.ts';

/** `[main 3f2a1c4] Fix the pool` in `git commit` output. */
const COMMIT_LINE_RE = /^\[([^\]\s]+)(?: \([^)]*\))? ([0-9a-f]{7,40})\] (.+)$/m;
/** `Switched to (a new) branch 'x'`. */
const SWITCHED_RE = /Switched to (?:a new )?branch '([^']+)'/;

/** The command text of a shell call, whichever field the host used. */
export function shellCommand(input: Record<string, unknown>): string {
  return str(input, 'command', 'input', 'script') ?? '';
}

/** `cwd`, `git` and `env` events from a successful shell call, one per simple command. */
export const shellExtractor: Extractor = {
  name: 'shell',
  match: (ctx) => ctx.tool === 'Bash' && ctx.failure === null && ctx.phase === 'post',
  extract(ctx) {
    const command = shellCommand(ctx.input);
    if (!command) return [];
    const output = str(asRecord(ctx.response), 'stdout', 'output') ?? (typeof ctx.response === 'string' ? ctx.response : '');
    const out: ExtractedEvent[] = [];
    let cwd = str(ctx.input, 'cwd') ?? ctx.cwd;
    for (const seg of splitCommands(command)) {
      const w = programWords(seg);
      if (w.length === 0) continue;
      const target = cdTarget(w);
      if (target !== null) {
        cwd = resolveDir(target, cwd);
        out.push(makeEvent('cwd', cwd));
        continue;
      }
      const git = gitOp(w);
      if (git) {
        let data = oneLine(seg);
        if (git.op === 'commit') {
          const m = COMMIT_LINE_RE.exec(output.slice(0, 4000));
          const msg = m ? `[${m[1]} ${m[2]!.slice(0, 7)}] ${m[3]}` : commitMessage(git.args);
          data = msg ? `git commit ${msg}` : data;
        } else if (git.op === 'checkout' || git.op === 'switch') {
          const m = SWITCHED_RE.exec(output.slice(0, 4000) + '\n' + (str(asRecord(ctx.response), 'stderr') ?? ''));
          if (m) data = `${oneLine(seg)} (now on ${m[1]})`;
        }
        out.push(makeEvent('git', data));
        continue;
      }
      const env = envStep(w);
      if (env) out.push(makeEvent('env', env.text));
    }
    return out;
  },
};
