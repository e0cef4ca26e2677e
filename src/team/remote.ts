/**
 * @module team/remote
 * A project's key on the team server: its git remote, normalised (core/team/project-key), so every
 * clone of one repository, on any machine and under any URL form, shares one project. Asked by
 * `mnemo team share` only (it runs `git`, which a hook could not afford).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectKeyFromRemote } from '../core/team/project-key.ts';

export interface RemoteKey {
  readonly key: string;
  /** The remote it came from (`origin`, …) and its URL as git reports it. */
  readonly remote: string;
  readonly url: string;
}

function git(dir: string, args: readonly string[]): string | undefined {
  const r = spawnSync('git', ['-C', dir, ...args], { encoding: 'utf8', timeout: 5000, stdio: ['ignore', 'pipe', 'ignore'] });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/** `[remote "name"] url = …` from the repository's own config, for machines without a git binary. */
function remotesFromConfig(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  let text: string;
  try {
    text = readFileSync(join(dir, '.git', 'config'), 'utf8');
  } catch {
    return out;
  }
  let current: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const section = /^\s*\[\s*remote\s+"([^"]+)"\s*\]/.exec(line);
    if (section) {
      current = section[1];
      continue;
    }
    if (/^\s*\[/.test(line)) current = undefined;
    const url = /^\s*url\s*=\s*(.+?)\s*$/.exec(line);
    if (current && url && !out.has(current)) out.set(current, url[1]!);
  }
  return out;
}

/**
 * The key of the project at `dir` (a canonical project path: the main worktree's top level): its
 * `origin`, else its only or first remote. Undefined when it has none that names a repository.
 */
export function projectKeyOf(dir: string): RemoteKey | undefined {
  const names = git(dir, ['remote']);
  let remotes: Map<string, string>;
  if (names !== undefined) {
    remotes = new Map();
    for (const name of names.split('\n').map((n) => n.trim()).filter(Boolean)) {
      // get-url applies `url.<base>.insteadOf` rewrites, as a fetch would.
      const url = git(dir, ['remote', 'get-url', name]);
      if (url) remotes.set(name, url);
    }
  } else {
    remotes = remotesFromConfig(dir);
  }
  const ordered = [...remotes.entries()].sort(([a], [b]) => (a === 'origin' ? -1 : b === 'origin' ? 1 : a.localeCompare(b)));
  for (const [remote, url] of ordered) {
    const key = projectKeyFromRemote(url);
    // A local path as a remote (file://, /srv/git/x) names a folder on one machine, not a shared repository.
    if (key && !key.startsWith('file/')) return { key, remote, url };
  }
  return undefined;
}
