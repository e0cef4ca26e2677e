/**
 * @module store/run-lock
 * One run at a time of a background job (retention) per data directory: a lock file created with
 * O_EXCL. A lock older than `staleMs` is taken over (its process died without removing it).
 */
import { closeSync, openSync, rmSync, statSync, writeSync } from 'node:fs';

/** Runs `fn` holding the lock, or returns undefined without running it when another run holds it. */
export async function withRunLock<T>(path: string, staleMs: number, fn: () => Promise<T> | T): Promise<T | undefined> {
  if (!take(path, staleMs)) return undefined;
  try {
    return await fn();
  } finally {
    rmSync(path, { force: true });
  }
}

function take(path: string, staleMs: number): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      try {
        if (Date.now() - statSync(path).mtimeMs < staleMs) return false;
        rmSync(path, { force: true });
      } catch {
        /* removed meanwhile: try again */
      }
    }
  }
  return false;
}
