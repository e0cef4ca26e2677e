/**
 * Shared helpers for the import tests: temporary data directories, the CLI run in-process (fast)
 * or as the built bundle in a child process (as a user runs it), and the export parsed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../../src/cli/main.ts';
import { resolveConfig } from '../../../src/config/config.ts';
import { childEnv, cliJs } from '../hooks/helpers.ts';

export { FIXTURES, TranscriptBuilder } from '../../unit/import/builder.ts';

const temps: string[] = [];

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `mnemo-import-${prefix}-`));
  temps.push(dir);
  return dir;
}

export function cleanup(): void {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
}

export interface Run {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** `mnemo …` in this process, against `dataDir` (HOME may be set for the default transcript folder). */
export async function cli(args: readonly string[], dataDir: string, env: Record<string, string> = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const fullEnv = { MNEMO_DATA_DIR: dataDir, ...env };
  const code = await runCli(args, {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    env: fullEnv,
    cwd: dataDir,
    config: resolveConfig(fullEnv),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** `node cli.js …` in a child process (a private copy of plugin/dist), as a user runs it. */
export function cliProcess(args: readonly string[], dataDir: string, env: Record<string, string | undefined> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliJs(), ...args], { cwd: dataDir, env: childEnv(dataDir, env), stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code: code ?? -1, out: Buffer.concat(out).toString('utf8'), err: Buffer.concat(err).toString('utf8') });
    });
  });
}

export type Rec = Record<string, any>;

/** `mnemo export`, as text and parsed. */
export async function exportRecords(dataDir: string): Promise<{ text: string; records: Rec[] }> {
  const r = await cli(['export'], dataDir);
  if (r.code !== 0) throw new Error(`export failed: ${r.err}`);
  const text = r.out;
  return { text, records: text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Rec) };
}
