/**
 * @module store/sqlite/failures
 * Why the store's file cannot be used, asked of the file system: SQLite says only "unable to open
 * database file" or "disk I/O error", which tells a user nothing they can act on.
 */
import { accessSync, constants, statfsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { StoreErrorCode } from '../store.ts';

/** Below this much free space, an I/O error while writing is taken for a full disk. */
const NEARLY_FULL_BYTES = 16 * 1024 * 1024;

export function diskIsFull(dbPath: string): boolean {
  try {
    const fs = statfsSync(dirname(dbPath));
    return fs.bavail * fs.bsize < NEARLY_FULL_BYTES;
  } catch {
    return false;
  }
}

function errnoOf(fn: () => void): string | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code ?? 'error';
  }
}

const REASON: Record<string, string> = {
  EROFS: 'read-only file system (EROFS)',
  EACCES: 'no permission (EACCES)',
  EPERM: 'not permitted, e.g. an immutable file (EPERM)',
};

/** Why the existing store file at `dbPath` cannot be written, or undefined when it can. */
export function fileNotWritable(dbPath: string): { code: 'READ_ONLY'; message: string } | undefined {
  const err = errnoOf(() => accessSync(dbPath, constants.W_OK));
  return err ? { code: 'READ_ONLY', message: `the store ${dbPath} is read-only: ${REASON[err] ?? err}` } : undefined;
}

/**
 * Whether a store that refuses writes does so for lack of space: it was opened read-only because
 * its `-shm` file could not be sized, while the file and its folder could be written.
 */
export function readOnlyForLackOfSpace(dbPath: string): boolean {
  return diskIsFull(dbPath) && !fileNotWritable(dbPath) && !errnoOf(() => accessSync(dirname(dbPath), constants.W_OK));
}

/** The reason a store at `dbPath` could not be opened, or undefined when the file system sees none. */
export function describeOpenFailure(dbPath: string): { code: StoreErrorCode; message: string } | undefined {
  const dir = dirname(dbPath);
  const st = (() => {
    try {
      return statSync(dbPath);
    } catch {
      return undefined;
    }
  })();
  if (st?.isDirectory()) return { code: 'UNAVAILABLE', message: `cannot open the store ${dbPath}: it is a directory, not a database file` };
  if (st && !st.isFile()) return { code: 'UNAVAILABLE', message: `cannot open the store ${dbPath}: it is not a regular file` };
  if (!st) {
    const dirState = errnoOf(() => statSync(dir));
    if (dirState) return { code: 'UNAVAILABLE', message: `cannot create the store ${dbPath}: its folder is missing (${dirState})` };
  }
  const fileErr = st ? errnoOf(() => accessSync(dbPath, constants.R_OK | constants.W_OK)) : undefined;
  if (fileErr) return { code: 'READ_ONLY', message: `the store ${dbPath} is read-only: ${REASON[fileErr] ?? fileErr}` };
  const dirErr = errnoOf(() => accessSync(dir, constants.W_OK));
  if (dirErr) {
    const what = st ? `cannot write beside the store ${dbPath} (SQLite keeps its -wal and -shm files there)` : `cannot create the store ${dbPath}`;
    return { code: 'READ_ONLY', message: `${what}: its folder is read-only: ${REASON[dirErr] ?? dirErr}` };
  }
  return undefined;
}
