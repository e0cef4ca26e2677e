/**
 * @module store/run-lock
 * One run at a time of a background job (retention) per data directory: a lock file created with
 * O_EXCL. A lock older than `staleMs`, or whose process is gone (killed before it could remove it), is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';

/** Whether the process named in the lock may still run (a killed run leaves its lock behind). */
function holderAlive(path: string): boolean {
  const pid = Number(readFileSync(path, 'utf8').trim());
  if (!Number.isSafeInteger(pid) || pid <= 0) return true; // being written, or not ours to judge: trust the age
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

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
        if (Date.now() - statSync(path).mtimeMs < staleMs && holderAlive(path)) return false;
        rmSync(path, { force: true });
      } catch {
        /* removed meanwhile: try again */
      }
    }
  }
  return false;
}
