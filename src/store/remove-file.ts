/**
 * @module store/remove-file
 * Removes one file and says nothing when it is already gone: what `fs.rmSync(file, { force: true })`
 * does for a plain file, without its cost in a hook. On Node 20, rmSync loads and compiles Node's
 * rimraf module and stats the path before it unlinks it; every background hook paid that to drop its
 * busy marker.
 */
import { unlinkSync } from 'node:fs';

export function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
