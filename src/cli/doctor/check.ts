/**
 * @module cli/doctor/check
 * One line of the doctor's report, and the rule that turns a check that throws into a failed line:
 * doctor must answer (in JSON when asked) whatever state the machine is in.
 */
import { toStoreError } from '../../store/sqlite/driver.ts';

export interface Check {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
  /** Passes, but worth a look (low disk space): `!` in the text report. */
  readonly warning?: true;
}

export function check(name: string, ok: boolean, detail: string): Check {
  return { name, ok, detail };
}

/** The message of anything thrown, with SQLite's and Node's error codes mapped to plain words. */
export function reason(err: unknown): string {
  const e = toStoreError(err);
  switch (e.code) {
    case 'BUSY':
      return 'another process holds the store\'s write lock (it is busy)';
    case 'READ_ONLY':
      return `the store is read-only here (${e.message})`;
    case 'INTERNAL': {
      const code = (err as { code?: string })?.code;
      return code && !e.message.includes(code) ? `${e.message} [${code}]` : e.message;
    }
    default:
      return e.message;
  }
}

/** Run one check; whatever it throws becomes a failed check named `name`. */
export async function guarded(name: string, run: () => Check[] | Promise<Check[]>): Promise<Check[]> {
  try {
    return await run();
  } catch (err) {
    return [check(name, false, reason(err))];
  }
}
