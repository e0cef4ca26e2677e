/**
 * @module install/host-features
 * Which hook options the installed Claude Code understands, from its version: `async: true` since
 * 2.1.19; the exec form (`command` + `args`, no shell) is checked against 2.1.328, the version mnemo's
 * end-to-end tests run (test/e2e). An older or unknown host gets what every version runs: a shell
 * command line it waits for.
 */
import { spawnSync } from 'node:child_process';
import type { HookFeatures } from './types.ts';

const BACKGROUND_SINCE = [2, 1, 19] as const;
const EXEC_FORM_SINCE = [2, 1, 328] as const;

function atLeast(v: readonly number[], min: readonly number[]): boolean {
  for (let i = 0; i < min.length; i++) {
    const a = v[i] ?? 0;
    if (a !== min[i]) return a > min[i]!;
  }
  return true;
}

/** `2.1.328 (Claude Code)` → what its hooks support. */
export function claudeHookFeatures(version: string | undefined): HookFeatures {
  const m = version ? /(\d+)\.(\d+)\.(\d+)/.exec(version) : null;
  if (!m) return { execForm: false, background: false };
  const v = [Number(m[1]), Number(m[2]), Number(m[3])];
  return { execForm: atLeast(v, EXEC_FORM_SINCE), background: atLeast(v, BACKGROUND_SINCE) };
}

/** `claude --version` of the Claude Code on PATH (or `MNEMO_CLAUDE_BIN`); undefined when there is none. */
export function installedClaudeVersion(env: NodeJS.ProcessEnv): string | undefined {
  const bin = env.MNEMO_CLAUDE_BIN || 'claude';
  const r = spawnSync(bin, ['--version'], { env, encoding: 'utf8', timeout: 15_000, stdio: ['ignore', 'pipe', 'ignore'] });
  return r.status === 0 && r.stdout.trim() ? r.stdout.trim().split('\n')[0] : undefined;
}
