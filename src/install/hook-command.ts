/**
 * @module install/hook-command
 * The command line each host runs for one of our hooks, and how we recognise it again. The hook entry
 * reads the event from argv (`node hook.js PostToolUse`); hosts other than Claude Code also pass
 * `--platform <name>` so the right adapter reads their payload, with the event in the host's own
 * spelling (`node hook.js AfterTool --platform gemini`).
 */
import type { SpecContext } from './types.ts';
import { isMnemoHookCommand } from './ownership.ts';
import { joinPosix } from './shell-quote.ts';

/** The argv for `event`, with `--platform` for hosts other than Claude Code. */
export function hookArgv(base: readonly string[], event: string, platform?: string): string[] {
  return platform === undefined ? [...base, event] : [...base, event, '--platform', platform];
}

/**
 * A predicate for our handlers: one of `fields` (e.g. `command`, or Copilot's `bash`) holds a command
 * we write now, wrote at the last install, or that carries mnemo's hook signature; in the exec form,
 * `command` and `args` together.
 */
export function handlerIsOurs(
  ctx: SpecContext,
  events: readonly string[],
  render: (argv: readonly string[], event: string) => readonly string[],
  fields: readonly string[] = ['command'],
): (handler: unknown) => boolean {
  const bases = [ctx.hookCommand, ...(ctx.previousHookCommand ? [ctx.previousHookCommand] : [])];
  const known = bases.flatMap((argv) => events.flatMap((e) => render(argv, e)));
  return (h) => {
    if (typeof h !== 'object' || h === null) return false;
    const rec = h as Record<string, unknown>;
    // The exec form (`command` + `args`, no shell) reads as the command line it stands for.
    const args = Array.isArray(rec['args']) && rec['args'].every((a) => typeof a === 'string') ? (rec['args'] as string[]) : undefined;
    return fields.some((f) => isMnemoHookCommand(args && typeof rec[f] === 'string' ? joinPosix([rec[f] as string, ...args]) : rec[f], known));
  };
}
