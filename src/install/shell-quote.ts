/**
 * @module install/shell-quote
 * Turns an argv into the single command string that hosts without an exec form run through a shell.
 * Claude Code and Gemini CLI run hook commands with sh/bash (Git Bash on Windows); Codex runs them with
 * cmd.exe on Windows. Each needs its own quoting or a path with a space or a backslash breaks.
 */
import { forwardSlashes } from './paths.ts';

const POSIX_SAFE = /^[A-Za-z0-9_\-+=.,/:@%]+$/;

/** Quotes one argument for sh/bash: bare when safe, otherwise single quotes. */
export function quotePosix(arg: string): string {
  if (arg !== '' && POSIX_SAFE.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/**
 * A POSIX shell command line. Windows paths get forward slashes first: Git Bash would otherwise read
 * `C:\Users` as escapes when a host substitutes it unquoted, and node accepts either form.
 */
export function joinPosix(argv: readonly string[]): string {
  return argv.map((a) => quotePosix(forwardSlashes(a))).join(' ');
}

const CMD_SAFE = /^[A-Za-z0-9_\-+=.,/\\:@]+$/;

/** A cmd.exe command line: double quotes around anything unusual (cmd has no single quotes). */
export function joinCmd(argv: readonly string[]): string {
  return argv.map((a) => (a !== '' && CMD_SAFE.test(a) ? a : `"${a.replace(/"/g, '""')}"`)).join(' ');
}

const PS_SAFE = /^[A-Za-z0-9_\-+=.,/\\:@]+$/;

/**
 * A PowerShell command line: single quotes (doubled inside), and the call operator when the program
 * itself had to be quoted, since PowerShell treats a leading string as a value, not a command.
 */
export function joinPowerShell(argv: readonly string[]): string {
  const q = (a: string): string => (a !== '' && PS_SAFE.test(a) ? a : `'${a.replace(/'/g, "''")}'`);
  const [first = '', ...rest] = argv;
  const head = q(first);
  return [head === first ? head : `& ${head}`, ...rest.map(q)].join(' ');
}
