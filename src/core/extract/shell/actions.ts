/**
 * @module core/extract/shell/actions
 * What a shell command does, as the summaries and the search's fix lists need it: each simple
 * command's family (the program and its subcommand: `git push`, `npm run lint`, `go test`,
 * `mise run test:ci`) and its arguments, whether it only looks around (a failed `ls` is not an open problem), and whether it runs tests or
 * other checks. "The same action" (see sameAction) is what settles a failure: `git push
 * --set-upstream origin x` succeeding settles a failed `git push` (and is that failure's fix).
 */
import { programName, programWords, splitCommands } from './split.ts';

export interface CommandPart {
  /** Program and subcommand words, e.g. `git push`, `npm run lint`, `python -m pytest`. */
  readonly family: string;
  /** The other non-option words (redirections dropped). */
  readonly args: readonly string[];
  /** Reads or reports only (ls, cat, grep, git status …): its failure is no open problem. */
  readonly lookOnly: boolean;
}

/** Programs whose first word after the options is a subcommand. */
const WITH_SUBCOMMAND: ReadonlySet<string> = new Set([
  'git', 'go', 'cargo', 'npm', 'pnpm', 'yarn', 'bun', 'deno', 'mix', 'make', 'just', 'mise', 'task', 'docker', 'podman',
  'kubectl', 'helm', 'terraform', 'gh', 'glab', 'nix', 'dotnet', 'gradle', 'gradlew', 'mvn', 'swift', 'rake', 'rails',
  'bundle', 'poetry', 'uv', 'pipenv', 'pdm', 'hatch', 'tox', 'nox', 'composer', 'flutter', 'dart', 'brew', 'apt',
  'apt-get', 'pip', 'systemctl', 'fly', 'vercel', 'wrangler', 'firebase', 'supabase', 'bd', 'turbo', 'nx', 'lerna',
]);
/** `<prog> <sub> <name>`: the name is part of the family too. */
const SECOND_LEVEL: Readonly<Record<string, ReadonlySet<string>>> = {
  npm: new Set(['run', 'exec', 'x']),
  pnpm: new Set(['run', 'exec', 'dlx']),
  yarn: new Set(['run', 'exec', 'dlx']),
  bun: new Set(['run', 'x']),
  mise: new Set(['run', 'exec', 'r']),
  uv: new Set(['run', 'tool']),
  poetry: new Set(['run']),
  pipenv: new Set(['run']),
  pdm: new Set(['run']),
  bundle: new Set(['exec']),
  docker: new Set(['compose']),
  gh: new Set(['pr', 'issue', 'repo', 'release', 'run', 'workflow', 'api', 'label', 'auth']),
  glab: new Set(['mr', 'issue', 'repo', 'release']),
  nix: new Set(['flake']),
  go: new Set(['mod']),
  cargo: new Set(['llvm-cov']),
};
/** Runners whose first argument names the tool they run (`npx vitest`, `python -m pytest`). */
const RUNNERS: ReadonlySet<string> = new Set(['npx', 'pnpx', 'bunx', 'uvx', 'pipx']);

const LOOK_ONLY: ReadonlySet<string> = new Set([
  'ls', 'll', 'la', 'cat', 'bat', 'head', 'tail', 'less', 'more', 'grep', 'egrep', 'rg', 'ag', 'ack', 'find', 'fd', 'which',
  'where', 'whereis', 'type', 'command', 'test', '[', 'stat', 'wc', 'echo', 'printf', 'pwd', 'file', 'tree', 'du', 'df',
  'ps', 'pgrep', 'lsof', 'sleep', 'true', 'false', 'env', 'printenv', 'whoami', 'hostname', 'date', 'uname', 'readlink',
  'realpath', 'basename', 'dirname', 'sort', 'uniq', 'cut', 'awk', 'jq', 'yq', 'diff', 'cmp', 'md5sum', 'sha256sum',
  'xxd', 'hexdump', 'od', 'strings', 'id', 'groups', 'tty', 'cd', 'pushd', 'popd', 'export', 'source', '.', 'set',
  'unset', 'alias', 'history', 'man', 'tldr', 'open', 'xdg-open', 'tee', 'column', 'nl', 'fold', 'watch', 'time',
]);
const GIT_LOOK_ONLY: ReadonlySet<string> = new Set(['status', 'log', 'diff', 'show', 'branch', 'remote', 'rev-parse', 'ls-files', 'ls-tree', 'blame', 'describe', 'config', 'reflog', 'shortlog', 'grep', 'cat-file', 'merge-base', 'rev-list', 'for-each-ref', 'name-rev', 'whatchanged']);
const GH_LOOK_ONLY_RE = /^gh (?:pr|issue|repo|release|run|workflow|label) (?:view|list|status|checks|diff)$/;

const REDIRECT_RE = /^(?:\d?[<>]{1,2}&?\d*|&>>?|\d?>\|?)$|^\d?[<>]{1,2}&?[^\s]+$/;
const SUBCOMMAND_RE = /^[A-Za-z][\w:.@/-]*$/;
/** `python3.11` → `python`, `pip3` → `pip`: the same tool under a versioned name. */
const VERSIONED_RE = /^(python|pip|node|ruby|perl|php|lua)[\d.]+$/;

function canonicalProgram(word: string | undefined): string {
  const p = programName(word);
  const v = VERSIONED_RE.exec(p);
  return v ? v[1]! : p;
}

/** The family and arguments of one simple command's words. */
export function commandPart(words: readonly string[]): CommandPart | undefined {
  const w = words.filter((x) => !REDIRECT_RE.test(x));
  const prog = canonicalProgram(w[0]);
  if (!prog) return undefined;
  const family = [prog];
  let i = 1;
  const nextWord = (): string | undefined => {
    while (i < w.length && w[i]!.startsWith('-')) {
      // `python -m pytest`: the module is the tool.
      if (prog === 'python' && w[i] === '-m' && w[i + 1]) {
        family.push('-m', w[i + 1]!);
        i += 2;
        return undefined;
      }
      i++;
    }
    return w[i];
  };
  if (prog === 'python' || RUNNERS.has(prog)) {
    const tool = nextWord();
    if (tool !== undefined && RUNNERS.has(prog) && SUBCOMMAND_RE.test(tool)) (family.push(tool), i++);
  } else if (WITH_SUBCOMMAND.has(prog) || prog === './gradlew') {
    const sub = nextWord();
    if (sub !== undefined && SUBCOMMAND_RE.test(sub)) {
      family.push(sub);
      i++;
      if (SECOND_LEVEL[prog]?.has(sub)) {
        const name = nextWord();
        if (name !== undefined && SUBCOMMAND_RE.test(name)) (family.push(name), i++);
      }
    }
  }
  const args = w.slice(i).filter((x) => !x.startsWith('-'));
  const name = family.join(' ');
  const sub = family[1] ?? '';
  const lookOnly = LOOK_ONLY.has(prog) || (prog === 'git' && GIT_LOOK_ONLY.has(sub)) || GH_LOOK_ONLY_RE.test(name) || (prog === 'sed' && !w.includes('-i'));
  return { family: name, args, lookOnly };
}

/** The simple commands of a command line. */
export function commandParts(command: string): CommandPart[] {
  return splitCommands(command)
    .map((seg) => commandPart(programWords(seg)))
    .filter((p): p is CommandPart => p !== undefined);
}

/** The parts that do something (not `cd`, `echo`, a pipe into `tail`); all parts when none does. */
export function mainParts(parts: readonly CommandPart[]): CommandPart[] {
  const doing = parts.filter((p) => !p.lookOnly);
  return doing.length ? doing : [...parts];
}

function subset(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(b);
  return a.every((x) => set.has(x));
}

/**
 * True when `later` is the same action as `earlier`, or the script `earlier` is a variant of
 * (`lint` for `lint:fix`). A program with subcommands is the same action in the same subcommand
 * (`git push` and `git push --set-upstream origin x`, `gh api` and `gh api`, `go test ./pkg -run X`
 * and `go test ./...`); a plain program needs one argument set inside the other (`python a.py` is
 * not `python b.py`).
 */
export function sameAction(earlier: CommandPart, later: CommandPart): boolean {
  // A variant of a script is checked again by the script itself: a failed `bun run lint:fix` (it could
  // not fix everything) is settled once `bun run lint` passes; `test:unit` by `test`.
  if (earlier.family !== later.family) return later.family.includes(' ') && earlier.family.startsWith(`${later.family}:`);
  return earlier.family.includes(' ') || subset(earlier.args, later.args) || subset(later.args, earlier.args);
}

const TEST_FAMILY_RE = /(?:^|[\s:/-])(?:test|tests|spec|specs|check|ci|verify)(?:$|[\s:/-])|^(?:pytest|vitest|jest|mocha|ava|tap|rspec|phpunit|ctest|tox|nox|go test|cargo test|cargo nextest|mix test|dotnet test|swift test|deno test|bun test|python -m (?:pytest|unittest))\b|^(?:npx|pnpx|bunx) (?:vitest|jest|mocha|playwright|ava|tap)\b/;
const CHECK_FAMILY_RE = /(?:^|[\s:/-])(?:lint|typecheck|type-check|tsc|fmt|format|build|compile|vet|clippy|credo|dialyzer|eslint|ruff|mypy|pyright|golangci-lint|staticcheck)(?:$|[\s:/-])|^(?:tsc|eslint|ruff|mypy|pyright|golangci-lint|staticcheck|ty|biome|prettier)\b/;

/** `npm ci` is a clean install, not the project's `ci` script (`npm run ci`, `make ci`). */
const INSTALL_NAMED_CI: ReadonlySet<string> = new Set(['npm ci', 'npm clean-install', 'npm install-clean']);

/** `test` for test runs, `check` for builds, linters and type checkers; undefined otherwise. */
export function verification(part: CommandPart): 'test' | 'check' | undefined {
  if (INSTALL_NAMED_CI.has(part.family)) return undefined;
  if (TEST_FAMILY_RE.test(part.family)) return 'test';
  if (CHECK_FAMILY_RE.test(part.family)) return 'check';
  return undefined;
}

/**
 * A verification's own failure marks. The capital markers are matched as written: in lower case, "fail"
 * is also bun's "0 fail" count, and "Failed: 0" a tally of nothing. A count fails from 1 up.
 */
const OUTPUT_FAILED_MARK_RE = /(?:^|\s)(?:FAIL|FAILED|FAILURE)(?:[\s:!]|$)|^\s*panic:|^\s*(?:Failed|Failure)\b(?!:?\s*0\b)/m;
const OUTPUT_FAILED_COUNT_RE = /\b[1-9]\d* (?:fail|failed|failing|failures?|errors?)\b|\bbuild failed\b|\bcompilation (?:error|failed)/i;

/** True when a verification's output shows it failed although the call succeeded (`… | tail`). */
export function outputShowsFailure(output: string): boolean {
  return OUTPUT_FAILED_MARK_RE.test(output) || OUTPUT_FAILED_COUNT_RE.test(output);
}

/** Actions whose success is worth a line of its own: publishing work, not only changing it. */
const SHIPPING_RE = /^(?:git (?:push|tag|merge|rebase|cherry-pick|revert)|gh (?:pr (?:create|merge|ready|edit|review|comment)|release create|issue (?:create|close|comment))|glab mr (?:create|merge)|npm publish|pnpm publish|yarn publish|cargo publish|docker push|kubectl apply|helm (?:install|upgrade)|terraform apply|fly deploy|vercel|wrangler (?:deploy|publish)|firebase deploy|supabase (?:db push|functions deploy))$/;

export function isShipping(part: CommandPart): boolean {
  return SHIPPING_RE.test(part.family);
}

const REDIRECTION_TEXT_RE = /\s+(?:\d?>&\d|&>>?\s*\S+|\d?>>?\s*\S+|<\s*\S+)/g;

/** The command as a reader wants it: the parts that do something, without `cd x &&`, pipes into `tail` or redirections. */
export function mainCommandText(command: string): string {
  const segs = splitCommands(command).map((seg) => ({ seg, part: commandPart(programWords(seg)) }));
  const doing = segs.filter((s) => s.part && !s.part.lookOnly);
  const shown = (doing.length ? doing : segs).map((s) => s.seg.replace(REDIRECTION_TEXT_RE, '').trim());
  return shown.join(' && ');
}

/**
 * True when the error comes from a part that only looks around (`cd session && sed …` failing with
 * `cd: no such file or directory`): the call failed before it did anything.
 */
export function failedWhileLooking(command: string, error: string): boolean {
  const head = error.split('\n').slice(0, 4).join('\n');
  for (const seg of splitCommands(command)) {
    const part = commandPart(programWords(seg));
    if (!part?.lookOnly) continue;
    const prog = part.family.split(' ')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(?:^|[\\s(:)])${prog}:`, 'm').test(head)) return true;
  }
  return false;
}

const OUTCOME_RE = /\b\d+ (?:passed|passing|tests?|examples?|specs?|checks?)\b|^ok\s|\bPASS(?:ED)?\b|\ball (?:checks|tests) pass(?:ed)?\b|\b0 (?:issues|errors|problems|failures)\b|^Tests?:|^test result:|\bno issues\b/im;

/** A line reporting that nothing ran ("test result: ok. 0 passed; 0 failed"), with no count above zero. */
const RAN_NONE_RE = /\b0 (?:passed|passing|tests?|examples?|specs?)\b/i;
const SOME_COUNT_RE = /\b[1-9]\d* (?:passed|passing|failed|failing|tests?|examples?|specs?)\b/i;

/**
 * The line of a verification's output that says how it went ("Tests: 12 passed", "ok  pkg 0.3s", "0
 * issues."): the last one, unless it says nothing ran while an earlier one counted tests — `cargo
 * test` ends with the doc-tests' "0 passed" after the unit tests' "620 passed".
 */
export function outcomeLine(output: string): string | undefined {
  const lines = output.split('\n').map((l) => l.trim()).filter(Boolean);
  let empty: string | undefined;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (!OUTCOME_RE.test(line)) continue;
    const shown = line.replace(/^[=\-_*#~\s]+|[=\-_*#~\s]+$/g, '').replace(/\s+/g, ' ').slice(0, 80);
    if (!RAN_NONE_RE.test(line) || SOME_COUNT_RE.test(line)) return shown;
    empty ??= shown;
  }
  return empty;
}
