/**
 * @module install/file-io
 * The installer's only contact with the disk. Writes are atomic (temp file + rename) so that a host
 * reading its settings at the same moment never sees half a file; they go through symlinks to the
 * real file (dotfile repositories link ~/.claude/settings.json) and keep the file's permissions
 * (~/.claude.json is often 0600).
 */
import { chmod, mkdir, readFile, realpath, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

function isErrno(e: unknown, ...codes: string[]): boolean {
  return typeof e === 'object' && e !== null && codes.includes(String((e as { code?: unknown }).code));
}

/** The file's bytes, or undefined when it does not exist. */
export async function readBytes(file: string): Promise<Uint8Array | undefined> {
  try {
    return new Uint8Array(await readFile(file));
  } catch (e) {
    if (isErrno(e, 'ENOENT', 'ENOTDIR')) return undefined;
    throw e;
  }
}

/** True when `dir` exists and is a folder. */
export async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/** The folders that would have to be created to hold `file`, deepest first. */
export async function missingDirs(file: string): Promise<string[]> {
  const out: string[] = [];
  let dir = path.dirname(file);
  for (;;) {
    try {
      await stat(dir);
      return out;
    } catch (e) {
      if (!isErrno(e, 'ENOENT')) throw e;
      out.push(dir);
      const up = path.dirname(dir);
      if (up === dir) return out;
      dir = up;
    }
  }
}

/** Writes `bytes` to `file` atomically, creating its folders, keeping an existing file's mode. */
export async function writeAtomic(file: string, bytes: Uint8Array): Promise<void> {
  let target = file;
  let mode: number | undefined;
  try {
    target = await realpath(file);
    mode = (await stat(target)).mode & 0o7777;
  } catch (e) {
    if (!isErrno(e, 'ENOENT')) throw e;
  }
  await mkdir(path.dirname(target), { recursive: true });
  const tmp = `${target}.mnemo-${process.pid}-${Date.now()}.tmp`;
  try {
    await writeFile(tmp, bytes, { flag: 'wx' });
    if (mode !== undefined) await chmod(tmp, mode);
    await rename(tmp, target);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/** Deletes a file; a file already gone is fine. */
export async function removeFile(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (e) {
    if (!isErrno(e, 'ENOENT')) throw e;
  }
}

/** Removes each folder, deepest first, if it is empty; folders that hold anything are left alone. */
export async function removeEmptyDirs(dirs: readonly string[]): Promise<void> {
  const deepestFirst = [...new Set(dirs)].sort((a, b) => b.length - a.length);
  for (const dir of deepestFirst) {
    try {
      await rmdir(dir);
    } catch {
      // Not empty, already gone, or not ours to judge: leave it.
    }
  }
}
