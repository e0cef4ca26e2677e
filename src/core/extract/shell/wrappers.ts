/**
 * @module core/extract/shell/wrappers
 * Commands that run another command: `sudo -u deploy npm i` runs npm, `timeout 60 cargo test` runs
 * cargo, `find … | xargs -n 1 grep -l x` runs grep. Each wrapper's options are skipped with their
 * values, so the value is never read as the program (`sudo -u deploy` is not a run of `deploy`).
 * Data only, from each tool's manual: which short letters and long options take a value, and how many
 * plain arguments come before the command (`timeout`'s duration). Pure.
 */

interface Wrapper {
  /** Short option letters that take a value: the rest of the cluster, or else the next word. */
  readonly valued?: string;
  /** Long options that take the next word as their value (`--user deploy`; `--user=deploy` is one word). */
  readonly long?: readonly string[];
  /** Plain arguments before the command. */
  readonly positionals?: number;
}

const WRAPPERS: Readonly<Record<string, Wrapper>> = {
  sudo: { valued: 'ugCDprtUT', long: ['--user', '--group', '--chdir', '--close-from', '--prompt', '--role', '--type', '--other-user', '--command-timeout'] },
  doas: { valued: 'uC' },
  env: { valued: 'uC', long: ['--unset', '--chdir'] },
  nice: { valued: 'n', long: ['--adjustment'] },
  ionice: { valued: 'cnp', long: ['--class', '--classdata', '--pid'] },
  time: { valued: 'fo', long: ['--format', '--output'] },
  timeout: { valued: 'sk', long: ['--signal', '--kill-after'], positionals: 1 },
  stdbuf: { valued: 'ioe', long: ['--input', '--output', '--error'] },
  // `-i` and `-l` take their value only attached (`-i{}`): `xargs -i cp {} out/` runs cp.
  xargs: { valued: 'InPLdsEa', long: ['--max-args', '--max-procs', '--delimiter', '--arg-file', '--max-chars'] },
  exec: { valued: 'a' },
  nohup: {},
  command: {},
  builtin: {},
  caffeinate: { valued: 'tw' },
};

const ASSIGNMENT_WORD_RE = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** Index of the first word after a wrapper's options and plain arguments; `w[at]` is the wrapper. */
function afterWrapper(w: readonly string[], at: number, spec: Wrapper): number {
  let i = at + 1;
  while (i < w.length && w[i]!.startsWith('-') && w[i] !== '-') {
    const opt = w[i++]!;
    if (opt === '--') break;
    if (opt.startsWith('--')) {
      if (!opt.includes('=') && spec.long?.includes(opt)) i++;
      continue;
    }
    // A cluster (`-iu`, `-n1`): the first valued letter takes the rest of the cluster, or the next word.
    const letters = opt.slice(1);
    const k = [...letters].findIndex((c) => spec.valued?.includes(c));
    if (k === letters.length - 1) i++;
  }
  // `env` takes assignments before its command (`env FOO=1 npm test`).
  while (i < w.length && ASSIGNMENT_WORD_RE.test(w[i]!)) i++;
  return Math.min(i + (spec.positionals ?? 0), w.length);
}

/**
 * The words of the command a segment runs: leading `VAR=value` assignments and wrappers dropped
 * (`FOO=1 sudo -u deploy -E npm i` → `npm i`). A wrapper that runs nothing (`sudo -v`, a bare `xargs`)
 * is itself the command.
 */
export function withoutWrappers(w: readonly string[]): string[] {
  let i = 0;
  while (i < w.length) {
    if (ASSIGNMENT_WORD_RE.test(w[i]!)) {
      i++;
      continue;
    }
    const spec = Object.hasOwn(WRAPPERS, w[i]!) ? WRAPPERS[w[i]!] : undefined;
    if (!spec) break;
    const next = afterWrapper(w, i, spec);
    if (next >= w.length) return w.slice(i);
    i = next;
  }
  return w.slice(i);
}
