/**
 * @module core/extract/resolution
 * Error → resolution and retry loops, across hook processes. The state machine is pure: it takes
 * the stored state and the current call and returns the events plus the next state.
 *
 * - `error_resolved`: a success on the same target within `RESOLUTION_WINDOW` calls of a failure:
 *   the same command key (`npm test` again), or a write to a file whose read or edit failed.
 * - `retry_detected`: the identical call three times in a row (and every third time after).
 */
import { callSignature, MAX_ERRORS, MAX_RECENT } from './state.ts';
import { commandKey } from './shell/analyze.ts';
import { programName, programWords, splitCommands } from './shell/split.ts';
import { makeEvent } from './events.ts';
import { gist, oneLine } from './text.ts';
import { str } from './fields.ts';
import { patchOps, patchTextOf } from './patch-ops.ts';
import { callTarget } from './tools/failures.ts';
import type { CallContext } from './context.ts';
import type { ExtractedEvent, PendingError, SessionState } from './types.ts';

/** How many calls after a failure a success still counts as its resolution. */
export const RESOLUTION_WINDOW = 6;
const RETRY_THRESHOLD = 3;

/** Tools that only keep books; they neither fail meaningfully nor break a retry run. */
const BOOKKEEPING: ReadonlySet<string> = new Set(['TodoWrite', 'TaskCreate', 'TaskUpdate', 'TaskList', 'TaskGet', 'AskUserQuestion', 'EnterPlanMode', 'ExitPlanMode', 'TaskOutput', 'BashOutput']);
const WRITERS: ReadonlySet<string> = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit', 'apply_patch']);
const FILE_TOOLS: ReadonlySet<string> = new Set(['Read', ...WRITERS]);
/** Commands that only set up or report; the key of a pipeline is its last real command. */
const INCIDENTAL: ReadonlySet<string> = new Set(['cd', 'pushd', 'popd', 'echo', 'printf', 'true', 'false', 'sleep', 'export', 'source', '.', 'set', 'head', 'tail', 'grep', 'tee', 'wc', 'cat', 'sort', 'uniq', 'less', 'more']);

/** What a later success must touch to resolve a failure of this call. */
export function resolutionKey(ctx: CallContext): string {
  if (ctx.tool === 'Bash') {
    const command = str(ctx.input, 'command') ?? '';
    const segs = splitCommands(command);
    let chosen = segs[segs.length - 1] ?? command;
    for (const seg of segs) {
      if (!INCIDENTAL.has(programName(programWords(seg)[0]))) {
        chosen = seg;
        break;
      }
    }
    return `cmd:${commandKey(programWords(chosen), oneLine(chosen))}`;
  }
  if (FILE_TOOLS.has(ctx.tool)) {
    const path = str(ctx.input, 'file_path', 'notebook_path') ?? (ctx.tool === 'apply_patch' ? patchOps(patchTextOf(ctx.input))[0]?.path : undefined);
    if (path) return `file:${path}`;
  }
  return `tool:${ctx.tool}`;
}

const ABSOLUTE_RE = /^(?:\/|[A-Za-z]:[\\/]|\\\\)/;

/**
 * Two spellings of one file: equal, or a relative path (Codex patches name files relative to the
 * working folder) that ends the absolute one at a folder boundary.
 */
function samePath(a: string, b: string): boolean {
  if (a === b) return true;
  const [abs, rel] = ABSOLUTE_RE.test(a) ? [a, b] : [b, a];
  if (ABSOLUTE_RE.test(rel) || !ABSOLUTE_RE.test(abs)) return false;
  const tail = rel.replace(/^\.[\\/]/, '').replace(/\\/g, '/');
  return tail.length > 0 && abs.replace(/\\/g, '/').endsWith(`/${tail}`);
}

function resolves(e: PendingError, ctx: CallContext, key: string): boolean {
  if (e.k.startsWith('file:') && key.startsWith('file:')) return samePath(e.k.slice(5), key.slice(5)) && (WRITERS.has(ctx.tool) || e.t === ctx.tool);
  return e.k === key;
}

/** How messages name the call: the tool and its target. */
function messageHead(ctx: CallContext): string {
  const target = callTarget(ctx);
  return `${ctx.tool}${target ? ' ' + target : ''}`;
}

/** Advance the state by one call and report resolutions and retry loops. */
export function track(ctx: CallContext, state: SessionState): { events: ExtractedEvent[]; state: SessionState } {
  if (ctx.phase === 'pre' || BOOKKEEPING.has(ctx.tool)) return { events: [], state };
  const n = state.n + 1;
  const ok = ctx.failure === null;
  const sig = callSignature(ctx.tool, ctx.input);
  // The resolution key and the message head are needed only when there is a failure to record
  // or resolve, or a retry to report: most calls need neither.
  let key: string | undefined;
  let head: string | undefined;
  const events: ExtractedEvent[] = [];

  const recent = [...state.recent, { t: ctx.tool, s: sig, ok, n }].slice(-MAX_RECENT);
  let run = 0;
  for (let i = recent.length - 1; i >= 0 && recent[i]!.s === sig; i--) run++;
  if (run >= RETRY_THRESHOLD && run % RETRY_THRESHOLD === 0) {
    const tail = ok ? '' : ` — still failing: ${ctx.failure!.reason}`;
    events.push(makeEvent('retry_detected', `${(head ??= messageHead(ctx))} repeated ${run}× in a row${tail}`));
  }

  let errors = state.errors.filter((e) => n - e.n <= RESOLUTION_WINDOW * 3);
  if (ok) {
    for (let i = errors.length - 1; i >= 0; i--) {
      const e = errors[i]!;
      if (n - e.n > RESOLUTION_WINDOW) continue;
      key ??= resolutionKey(ctx);
      if (resolves(e, ctx, key)) {
        events.push(makeEvent('error_resolved', `${(head ??= messageHead(ctx))} succeeded after: ${e.d}`));
        errors = errors.filter((x) => x !== e);
        break;
      }
    }
  } else {
    const k = (key ??= resolutionKey(ctx));
    const d = gist(`${(head ??= messageHead(ctx))}: ${ctx.failure!.reason}`, 200);
    errors = [...errors.filter((e) => e.k !== k), { t: ctx.tool, k, n, d }].slice(-MAX_ERRORS);
  }
  return { events, state: { v: 1, n, recent, errors } };
}
