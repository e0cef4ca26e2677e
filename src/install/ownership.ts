/**
 * @module install/ownership
 * How we recognise our own entries in files that other tools and the user share with us. Exact
 * matches against the commands we wrote (now, and at the last install per the manifest) come first;
 * a signature match catches entries written by an older mnemo from another path, so re-installing
 * from a new location replaces them instead of running every hook twice.
 */

/** A `hook` sub-command or a `hook.js`-like entry file, as a whole word of the command line. */
const HOOK_WORD = /(?:^|[\s/\\'"])hook(?:\.[cm]?js)?(?=$|[\s'"])/i;

/**
 * True when `command` runs a mnemo hook: one of the `known` command lines, or a command line that
 * names mnemo and its hook entry (`node …/mnemo/plugin/dist/hook.js Stop`, `npx mnemo hook Stop`).
 */
export function isMnemoHookCommand(command: unknown, known: readonly string[]): boolean {
  if (typeof command !== 'string') return false;
  if (known.includes(command)) return true;
  return /mnemo/i.test(command) && HOOK_WORD.test(command);
}
