/**
 * @module core/extract/shell/analyze
 * What a simple shell command does, from its words: a directory change, a git operation, an
 * environment set-up step. Each classifier reads the program and its first arguments only.
 */
import { programName } from './split.ts';

/** Resolve `target` against `cwd` (POSIX paths only; anything else is returned as given). */
export function resolveDir(target: string, cwd?: string): string {
  if (!cwd || !cwd.startsWith('/') || target.startsWith('/') || target.startsWith('~') || target.startsWith('$') || target === '-') {
    return target;
  }
  const parts = cwd.split('/').filter(Boolean);
  for (const p of target.split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..') parts.pop();
    else parts.push(p);
  }
  return '/' + parts.join('/');
}

/** `cd src`, `pushd ../x`, `Set-Location foo` → the target directory (or `~` for a bare `cd`). */
export function cdTarget(w: readonly string[]): string | null {
  const prog = programName(w[0]);
  if (prog !== 'cd' && prog !== 'pushd' && prog !== 'Set-Location' && prog !== 'chdir') return null;
  for (let i = 1; i < w.length; i++) {
    const a = w[i]!;
    if (a === '-Path' || a === '-LiteralPath') continue;
    if (a.startsWith('-') && a !== '-') continue;
    return a;
  }
  return prog === 'pushd' ? null : '~';
}

const GIT_OPS: ReadonlySet<string> = new Set([
  'branch', 'checkout', 'switch', 'commit', 'merge', 'rebase', 'stash', 'push', 'pull', 'log',
  'diff', 'status', 'reset', 'add', 'cherry-pick', 'tag', 'fetch', 'clone', 'worktree', 'restore',
  'revert', 'rm', 'mv', 'init', 'remote', 'am', 'apply', 'bisect', 'show',
]);
/** Global git options that take a separate argument (`git -C dir status`). */
const GIT_OPTS_WITH_ARG: ReadonlySet<string> = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path']);

/** A git subcommand and its arguments. */
export interface GitOp {
  readonly op: string;
  /** Arguments after the subcommand. */
  readonly args: readonly string[];
}

/** `git -C repo commit -m x` → `{op: 'commit', args: ['-m', 'x']}`; null for other programs. */
export function gitOp(w: readonly string[]): GitOp | null {
  if (programName(w[0]) !== 'git') return null;
  let i = 1;
  while (i < w.length && w[i]!.startsWith('-')) {
    i += GIT_OPTS_WITH_ARG.has(w[i]!) ? 2 : 1;
  }
  const op = w[i];
  if (!op || !GIT_OPS.has(op)) return null;
  return { op, args: w.slice(i + 1) };
}

/** `-am`, `-sm`: combined short flags ending in m. */
const COMBINED_M_FLAG_RE = /^-[a-zA-Z]*m$/;
/** `-mmessage`. */
const ATTACHED_M_RE = /^-m.+/;

/** The message of `git commit -m "…"` / `--message=…`, if given inline. */
export function commitMessage(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-m' || a === '--message' || COMBINED_M_FLAG_RE.test(a)) return args[i + 1];
    if (a.startsWith('--message=')) return a.slice('--message='.length);
    if (ATTACHED_M_RE.test(a)) return a.slice(2);
  }
  return undefined;
}

/** Package managers and the subcommands that install something. */
const INSTALLERS: Readonly<Record<string, ReadonlySet<string>>> = {
  npm: new Set(['install', 'i', 'add', 'ci', 'uninstall', 'remove', 'rm', 'update', 'link']),
  pnpm: new Set(['install', 'i', 'add', 'remove', 'rm', 'update', 'up']),
  yarn: new Set(['install', 'add', 'remove', 'upgrade']),
  bun: new Set(['install', 'i', 'add', 'remove', 'rm', 'update']),
  pip: new Set(['install', 'uninstall']),
  pip3: new Set(['install', 'uninstall']),
  pipx: new Set(['install']),
  uv: new Set(['add', 'remove', 'sync', 'pip', 'venv', 'tool']),
  poetry: new Set(['add', 'install', 'remove', 'update']),
  pdm: new Set(['add', 'install', 'remove', 'sync']),
  conda: new Set(['install', 'create', 'activate', 'env']),
  mamba: new Set(['install', 'create', 'activate']),
  cargo: new Set(['add', 'install', 'remove']),
  go: new Set(['get', 'install', 'mod']),
  gem: new Set(['install']),
  bundle: new Set(['install', 'add']),
  brew: new Set(['install', 'uninstall', 'upgrade']),
  apt: new Set(['install', 'remove']),
  'apt-get': new Set(['install', 'remove']),
  apk: new Set(['add']),
  dnf: new Set(['install']),
  yum: new Set(['install']),
  pacman: new Set(['-S', '-Syu']),
  composer: new Set(['require', 'install', 'update']),
  dotnet: new Set(['add', 'restore', 'tool']),
  mix: new Set(['deps.get', 'deps.update']),
  nvm: new Set(['use', 'install', 'alias']),
  fnm: new Set(['use', 'install', 'default']),
  volta: new Set(['install', 'pin']),
  pyenv: new Set(['install', 'local', 'global', 'shell', 'virtualenv', 'activate']),
  rbenv: new Set(['install', 'local', 'global', 'shell']),
  asdf: new Set(['install', 'local', 'global', 'set', 'plugin']),
  mise: new Set(['install', 'use', 'activate']),
  rustup: new Set(['install', 'default', 'override', 'target', 'component', 'toolchain']),
  corepack: new Set(['enable', 'prepare', 'use']),
  deno: new Set(['add', 'install']),
};

const VENV_ACTIVATE_RE = /(?:^|\/)activate(?:\.\w+)?$/;

/** One environment set-up step, ready to show. */
export interface EnvStep {
  /** Human-readable step with exported values masked. */
  readonly text: string;
}

/**
 * An environment set-up step: `source .venv/bin/activate`, `conda activate x`, `export K=V`
 * (value masked: exported values are configuration at best and credentials at worst),
 * `nvm use 20`, `pip install -r requirements.txt`, `python -m venv .venv`.
 */
export function envStep(w: readonly string[]): EnvStep | null {
  const prog = programName(w[0]);
  if (!prog) return null;
  if ((prog === 'source' || prog === '.') && w[1] && VENV_ACTIVATE_RE.test(w[1])) return { text: `${prog} ${w[1]}` };
  if (prog === 'export' || prog === 'setenv' || prog === 'set' && w[1] === '-x') {
    const names = w.slice(1).filter((a) => !a.startsWith('-')).map((a) => {
      const eq = a.indexOf('=');
      return eq > 0 ? `${a.slice(0, eq)}=***` : a;
    });
    return names.length > 0 ? { text: `export ${names.join(' ')}` } : null;
  }
  if ((prog === 'python' || prog === 'python3') && w[1] === '-m' && (w[2] === 'venv' || w[2] === 'virtualenv' || w[2] === 'pip' && w[3] === 'install')) {
    return { text: w.slice(0, 6).join(' ') };
  }
  if (prog === 'virtualenv' || prog === 'direnv' && w[1] === 'allow') return { text: w.slice(0, 4).join(' ') };
  const subs = INSTALLERS[prog];
  if (subs) {
    const sub = prog === 'uv' && w[1] === 'pip' ? w[2] : w[1];
    if (sub && (subs.has(sub) || (prog === 'uv' && w[1] === 'pip' && sub === 'install'))) {
      return { text: w.slice(0, 8).join(' ') };
    }
    if ((prog === 'npm' || prog === 'yarn' || prog === 'pnpm' || prog === 'bun') && w.length === 1) {
      return { text: prog }; // bare `yarn` / `pnpm` installs
    }
  }
  return null;
}

/** Test and build runners whose re-run after a fix counts as resolving the earlier failure. */
const RUNNERS: ReadonlySet<string> = new Set([
  'pytest', 'jest', 'vitest', 'mocha', 'tsc', 'make', 'eslint', 'ruff', 'mypy', 'pyright', 'tox',
  'nox', 'rspec', 'phpunit', 'gradle', 'mvn', 'ctest', 'ninja', 'bazel', 'prettier', 'biome',
  'playwright', 'cypress', 'deno', 'just', 'task',
]);
const SUBCOMMAND_RE = /^[A-Za-z][\w:-]*$/;

/**
 * The resolution key of a command: program plus subcommand (`npm test`, `go build`, `git push`,
 * `npm run lint`). A bare program that is not a runner keys on the whole command, so `cat a.txt`
 * failing is not "resolved" by `cat b.txt`.
 */
export function commandKey(w: readonly string[], whole: string): string {
  const prog = programName(w[0]);
  if (!prog) return whole;
  const parts = [prog];
  for (let i = 1; i < w.length && parts.length < 3; i++) {
    const a = w[i]!;
    if (a.startsWith('-')) continue;
    if (!SUBCOMMAND_RE.test(a)) break;
    parts.push(a);
    if (parts.length === 2 && a !== 'run' && a !== 'exec' && a !== 'x' && a !== '-m') break;
  }
  if (parts.length === 1 && !RUNNERS.has(prog)) return whole;
  return parts.join(' ');
}
