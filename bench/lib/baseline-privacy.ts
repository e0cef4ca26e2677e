/**
 * @module bench/lib/baseline-privacy
 * The redaction module as it was at another commit, loaded next to the current one, so a benchmark
 * can compare old and new rules on the same input in one process. core/privacy imports nothing
 * outside its folder, so its files alone are a working copy.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './report.ts';

export interface PrivacyModule {
  readonly redactText: (text: string) => string;
  readonly redactValue: (value: unknown) => unknown;
}

/** The commit to compare with: MNEMO_BENCH_BASELINE, else where this branch left main. */
export function baselineCommit(): string {
  const named = process.env.MNEMO_BENCH_BASELINE;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  if (named) return git('rev-parse', named);
  try {
    return git('merge-base', 'HEAD', 'main');
  } catch {
    return git('rev-parse', 'HEAD');
  }
}

/** core/privacy at `commit`, written under .tmp/ and imported. */
export async function loadPrivacyAt(commit: string): Promise<PrivacyModule> {
  const dir = join(ROOT, '.tmp', `privacy-${commit.slice(0, 12)}`);
  mkdirSync(dir, { recursive: true });
  const files = execFileSync('git', ['ls-tree', '--name-only', `${commit}:src/core/privacy`], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  for (const f of files) writeFileSync(join(dir, f), execFileSync('git', ['show', `${commit}:src/core/privacy/${f}`], { cwd: ROOT }));
  return (await import(pathToFileURL(join(dir, 'redact.ts')).href)) as PrivacyModule;
}
