/**
 * @module cli/doctor/environment
 * The machine around the store: Node's version, a writable data directory, and room on its disk.
 */
import { accessSync, constants, mkdirSync, statfsSync, statSync } from 'node:fs';
import { check, reason, type Check } from './check.ts';

/** Below this, writes fail any moment now: a failed check. */
const FULL_BELOW_BYTES = 1024 * 1024;
/** Below this (or below the store's size, the room a repair's backup needs): a warning. */
const LOW_BELOW_BYTES = 100 * 1024 * 1024;

const mb = (n: number) => `${(n / 1048576).toFixed(n < 10 * 1048576 ? 1 : 0)} MB`;

/** Free space on the data directory's disk against what mnemo needs there. */
export function diskSpaceCheck(freeBytes: number, storeBytes: number, dir: string): Check {
  if (freeBytes < FULL_BELOW_BYTES) return check('disk space', false, `disk is full: no space left on the disk of ${dir} (${mb(freeBytes)} free); hooks cannot spool and the store cannot grow`);
  const want = Math.max(LOW_BELOW_BYTES, storeBytes);
  if (freeBytes < want) return { ...check('disk space', true, `low disk space: ${mb(freeBytes)} free on the disk of ${dir} (the store is ${mb(storeBytes)}; a repair's backup needs as much again)`), warning: true };
  return check('disk space', true, `${mb(freeBytes)} free`);
}

export function environmentChecks(dataDir: string, dbPath: string): Check[] {
  const major = Number(process.versions.node.split('.')[0]);
  const out = [check('node', major >= 20, `Node.js ${process.versions.node}${major >= 20 ? '' : ' (mnemo needs 20 or newer)'}`)];
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
    out.push(check('data directory', true, `${dataDir} (writable)`));
  } catch (err) {
    const code = (err as { code?: string }).code;
    out.push(check('data directory', false, `${dataDir}: ${code === 'EROFS' ? 'on a read-only file system (EROFS)' : reason(err)}`));
  }
  try {
    const fs = statfsSync(dataDir);
    let storeBytes = 0;
    for (const suffix of ['', '-wal']) {
      try {
        storeBytes += statSync(dbPath + suffix).size;
      } catch {
        /* not there yet */
      }
    }
    out.push(diskSpaceCheck(fs.bavail * fs.bsize, storeBytes, dataDir));
  } catch (err) {
    out.push(check('disk space', false, `cannot tell the free space of ${dataDir}: ${reason(err)}`));
  }
  return out;
}
