/**
 * @module hooks/place
 * Project identity: the git repository a folder belongs to, found by reading `.git` directly
 * (no `git` process: hooks cannot afford one). Worktrees of one repository resolve to the main
 * worktree, so they are one project; a folder outside git is its own canonical path.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Place } from '../core/types.ts';

function readTrim(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

function canonical(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

interface GitLocation {
  /** The folder holding `.git`. */
  readonly worktree: string;
  /** This worktree's git dir (`.git`, or `.git/worktrees/<name>`). */
  readonly gitDir: string;
}

function findGit(start: string): GitLocation | undefined {
  let dir = start;
  for (let depth = 0; depth < 128; depth++) {
    const dotGit = join(dir, '.git');
    try {
      // A folder without `.git` answers undefined rather than throwing: an error (with its stack) cost
      // a hook 0.2 ms for each folder walked up from a subfolder of the repository.
      const st = statSync(dotGit, { throwIfNoEntry: false });
      if (st?.isDirectory()) return { worktree: dir, gitDir: dotGit };
      if (st?.isFile()) {
        const m = /^gitdir:\s*(.+)$/m.exec(readTrim(dotGit) ?? '');
        if (m) return { worktree: dir, gitDir: resolve(dir, m[1]!.trim()) };
      }
    } catch {
      /* not here; go up */
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}

function branchOf(gitDir: string): string | undefined {
  const head = readTrim(join(gitDir, 'HEAD'));
  if (!head) return undefined;
  const m = /^ref:\s*refs\/heads\/(.+)$/.exec(head);
  if (m) return m[1];
  return /^[0-9a-f]{7,64}$/.test(head) ? `detached@${head.slice(0, 8)}` : undefined;
}

/** Where a hook ran: project identity and branch. Never throws. */
export function resolvePlace(cwd: string | undefined): Place {
  const start = canonical(cwd && cwd.trim() ? cwd : process.cwd());
  const git = findGit(start);
  if (!git) return { project: start };
  const branch = branchOf(git.gitDir);
  // A linked worktree's git dir names the shared one in `commondir`; its parent is the main worktree.
  // Asked first: most repositories have none, and a failed read throws an error that costs more.
  const commondir = join(git.gitDir, 'commondir');
  const common = existsSync(commondir) ? readTrim(commondir) : undefined;
  let project = git.worktree;
  if (common) {
    const commonDir = canonical(resolve(git.gitDir, common));
    project = basename(commonDir) === '.git' ? dirname(commonDir) : commonDir;
  }
  return branch ? { project: canonical(project), branch } : { project: canonical(project) };
}

/** A short display name for a project path. */
export function projectName(project: string): string {
  return basename(project) || project;
}
