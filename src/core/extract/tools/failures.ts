/**
 * @module core/extract/tools/failures
 * Failure events: `error_tool` for any failed call, and `constraint_discovered` when the failure
 * reveals a limit of the environment (a missing command, a permission, an unsupported option, a
 * size cap) that the next session should know before trying the same thing.
 */
import { makeEvent } from '../events.ts';
import { gist, shortPath } from '../text.ts';
import { str } from '../fields.ts';
import type { CallContext, Extractor } from '../context.ts';
import type { ExtractedEvent } from '../types.ts';

/** Phrases tools use when they hit a limit (tool output is English whatever the user speaks). */
const CONSTRAINT_RE = /\b(?:not supported|unsupported|permission denied|EACCES|EPERM|EROFS|operation not permitted|read-only file system|incompatible|refused|not allowed|forbidden|command not found|not recognized as (?:an internal|the name)|exceeds (?:the )?maximum|too large|quota|rate limit(?:ed)?|no space left|ENOSPC|out of memory|ENOMEM|requires? (?:node|python|a newer|version|at least)|unsupported engine|sandbox|blocked by|cannot be used|disabled by|is deprecated|no longer supported|unauthorized|HTTP 40[13]|status(?: code)? 40[13])\b/i;

/** The target of a call, for messages: the command, the file, the URL or the pattern. */
export function callTarget(ctx: CallContext): string {
  const cmd = str(ctx.input, 'command');
  if (cmd) return '`' + gist(cmd, 80) + '`';
  const path = str(ctx.input, 'file_path', 'notebook_path', 'path');
  if (path) return shortPath(path, ctx.cwd);
  return str(ctx.input, 'url', 'pattern', 'query', 'skill', 'description') ?? '';
}

/** The line of an error text that states a constraint, if any. */
export function constraintLine(text: string): string | null {
  const t = text.length > 20_000 ? text.slice(0, 20_000) : text;
  for (const line of t.split('\n')) {
    if (line.length < 2000 && CONSTRAINT_RE.test(line)) return line.trim();
  }
  return null;
}

/** `error_tool` (+ `constraint_discovered`) for a failed call. */
export const failureExtractor: Extractor = {
  name: 'failure',
  match: (ctx) => ctx.failure !== null && ctx.phase === 'post',
  extract(ctx) {
    const f = ctx.failure!;
    const target = callTarget(ctx);
    const head = `${ctx.tool}${target ? ' ' + target : ''}`;
    const status = f.interrupted ? 'interrupted' : f.exitCode !== undefined ? `exit ${f.exitCode}` : 'failed';
    const reason = f.reason && f.reason !== status && f.reason !== 'failed' ? ` — ${f.reason}` : '';
    const out: ExtractedEvent[] = [makeEvent('error_tool', `${head}: ${status}${reason}`)];
    if (!f.interrupted) {
      const c = constraintLine(f.text) ?? constraintLine(f.reason);
      if (c) out.push(makeEvent('constraint_discovered', `${head}: ${c}`));
    }
    return out;
  },
};
