/**
 * Where context-mode's extraction tests are read from: a git mirror of the repository (as `fetch`
 * leaves it under /work/.mirror, a bare repository without a work tree) at a pinned commit, or a
 * checkout folder. Nothing of theirs is copied into this repository; the tests are read each run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Their extraction suites: the main one and the per-feature files beside it. */
const SUITE_RE = /^tests\/session\/(?:session-extract|extract-[\w-]+)\.test\.ts$/;
/** Only the files that test event extraction (others test their token-usage and settings readers). */
const EXTRACTS_EVENTS_RE = /\bextract(?:User)?Events\s*\(/;

export interface SuiteFile {
  /** Path inside their repository. */
  readonly path: string;
  readonly text: string;
}

export interface PeerSource {
  /** How the report names it: repository, commit, date. */
  readonly label: string;
  readonly files: readonly SuiteFile[];
}

/**
 * Known snapshots, newest first. The mksglu/context-mode mirror stops at 2026-03-15; a fork's history
 * carries upstream up to cf251eb8 (2026-08-17, upstream's own CI commit, before the fork changed
 * anything), which is the version the figures were taken against.
 */
const KNOWN: ReadonlyArray<{ readonly repo: string; readonly ref: string; readonly label: string }> = [
  { repo: '/work/.mirror/OSDDQD+context-mode/repo', ref: 'cf251eb8508da456ace8b9e98b12153fa697b538', label: 'mksglu/context-mode @ cf251eb8 (2026-08-17, via the OSDDQD fork’s history)' },
  { repo: '/work/.mirror/mksglu+context-mode/repo', ref: 'HEAD', label: 'mksglu/context-mode @ mirror HEAD' },
];

function git(repo: string, args: string[]): string {
  return execFileSync('git', ['--git-dir', repo, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

function gitDir(repo: string): string | undefined {
  if (existsSync(join(repo, 'HEAD')) && existsSync(join(repo, 'objects'))) return repo;
  if (existsSync(join(repo, '.git'))) return join(repo, '.git');
  return undefined;
}

/** The suites of a git repository at `ref`, or undefined when the repository or commit is not here. */
export function fromGit(repo: string, ref: string, label?: string): PeerSource | undefined {
  const dir = gitDir(repo);
  if (!dir) return undefined;
  let commit: string;
  try {
    commit = git(dir, ['rev-parse', '--verify', `${ref}^{commit}`]).trim();
  } catch {
    return undefined;
  }
  const paths = git(dir, ['ls-tree', '-r', '--name-only', commit, 'tests/session']).split('\n').filter((p) => SUITE_RE.test(p)).sort();
  const date = git(dir, ['log', '-1', '--format=%cs', commit]).trim();
  return {
    label: label ?? `${repo} @ ${commit.slice(0, 8)} (${date})`,
    files: paths.map((path) => ({ path, text: git(dir, ['show', `${commit}:${path}`]) })).filter((f) => EXTRACTS_EVENTS_RE.test(f.text)),
  };
}

/** The suites of a checkout folder. */
export function fromFolder(root: string): PeerSource | undefined {
  const dir = join(root, 'tests', 'session');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return undefined;
  const paths = readdirSync(dir).map((n) => `tests/session/${n}`).filter((p) => SUITE_RE.test(p)).sort();
  return { label: root, files: paths.map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') })).filter((f) => EXTRACTS_EVENTS_RE.test(f.text)) };
}

/** `--repo DIR [--ref REF]` or `--dir DIR` when given, else the newest known snapshot present. */
export function findSource(opts: { repo?: string; ref?: string; dir?: string }): PeerSource | undefined {
  if (opts.dir) return fromFolder(opts.dir);
  if (opts.repo) return fromGit(opts.repo, opts.ref ?? 'HEAD');
  for (const k of KNOWN) {
    const s = fromGit(k.repo, k.ref, k.label);
    if (s && s.files.length) return s;
  }
  return undefined;
}
