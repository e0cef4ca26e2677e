/**
 * @module core/extract/exit-status
 * What an exit status says by itself when the output says nothing (a job killed for memory prints
 * only `Killed`, a `timeout` prints nothing): the shell's conventions for signals and the coreutils
 * `timeout` code. Only codes with one common meaning are listed; 1 and 2 mean whatever the tool says.
 */
const MEANINGS: ReadonlyMap<number, string> = new Map([
  [124, 'timed out (exit 124 from timeout)'],
  [126, 'not executable (exit 126)'],
  [127, 'command not found (exit 127)'],
  [130, 'interrupted by SIGINT (exit 130)'],
  [134, 'aborted by SIGABRT (exit 134)'],
  [137, 'killed by SIGKILL, often out of memory (exit 137)'],
  [139, 'segmentation fault, SIGSEGV (exit 139)'],
  [143, 'terminated by SIGTERM (exit 143)'],
]);

/** The conventional meaning of an exit status, if it has one. */
export function exitMeaning(code: number | undefined): string | undefined {
  return code === undefined ? undefined : MEANINGS.get(code);
}
