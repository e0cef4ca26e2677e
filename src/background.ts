/**
 * @module background
 * Starting the bundled CLI detached, for work a hook must not wait for (summaries, retention): the
 * host never waits for it, and a failure to start is logged, never thrown.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResolvedConfig } from './config/config.ts';
import { logTo } from './log.ts';

/** The bundled CLI next to (or above) this module. */
export function cliPath(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    if (existsSync(join(dir, 'cli.js'))) return join(dir, 'cli.js');
    dir = dirname(dir);
  }
  return undefined;
}

/**
 * `mnemo <args>` started detached against the same data directory. Returns false when it could not
 * start (no CLI bundle next to this one: running from source). child_process loads only here: hooks
 * that never start anything do not pay for it.
 */
export async function startCliInBackground(cfg: Pick<ResolvedConfig, 'dataDir' | 'logFile'>, args: readonly string[], failure: string): Promise<boolean> {
  const cli = cliPath();
  if (!cli) return false;
  try {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [cli, ...args], {
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, MNEMO_DATA_DIR: cfg.dataDir },
    });
    child.on('error', (err) => logTo(cfg.logFile, 'warn', failure, err));
    child.unref();
    return true;
  } catch (err) {
    logTo(cfg.logFile, 'warn', failure, err);
    return false;
  }
}
