// A hook's project is the repository its folder belongs to, found by reading `.git` up the tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { resolvePlace } from '../../../src/hooks/place.ts';

test('a folder deep inside a repository, a linked worktree and a folder outside git', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'mnemo-place-')));
  const repo = join(root, 'repo');
  mkdirSync(join(repo, '.git', 'worktrees', 'wt'), { recursive: true });
  writeFileSync(join(repo, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  const deep = join(repo, 'src', 'core', 'privacy');
  mkdirSync(deep, { recursive: true });
  assert.deepEqual(resolvePlace(deep), { project: repo, branch: 'main' });

  // A linked worktree: `.git` is a file naming its git dir, whose `commondir` leads to the main one.
  const wt = join(root, 'wt');
  mkdirSync(join(wt, 'lib'), { recursive: true });
  writeFileSync(join(wt, '.git'), `gitdir: ${join(repo, '.git', 'worktrees', 'wt')}\n`);
  writeFileSync(join(repo, '.git', 'worktrees', 'wt', 'HEAD'), 'ref: refs/heads/feature\n');
  writeFileSync(join(repo, '.git', 'worktrees', 'wt', 'commondir'), '../..\n');
  assert.deepEqual(resolvePlace(join(wt, 'lib')), { project: repo, branch: 'feature' });

  // No `.git` anywhere up to the file system's root: the folder itself (asked only where the temp
  // folder is not itself inside a repository).
  const loose = join(root, 'loose', 'a');
  mkdirSync(loose, { recursive: true });
  const ancestors = root.split(sep).map((_, i, parts) => parts.slice(0, i + 1).join(sep) || sep);
  if (!ancestors.some((dir) => existsSync(join(dir, '.git')))) assert.deepEqual(resolvePlace(loose), { project: loose });
});
