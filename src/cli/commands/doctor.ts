/**
 * @module cli/commands/doctor
 * Checks what can go wrong on a user's machine: Node, the SQLite driver, where mnemo is installed and
 * where the hooks point, the data directory and its free space, the store (opens? schema version,
 * half-applied migration, integrity, full-text index drift), the spool backlog and team memory
 * (connection, server schema, role rights, outbox backlog). `--repair` fixes what it can after a backup (see store/sqlite/repair). Never
 * crashes: a check that throws is reported as a failed check, and the exit code is 1.
 */
import { parseArgs } from 'node:util';
import { guarded } from '../doctor/check.ts';
import { environmentChecks } from '../doctor/environment.ts';
import { runtimeChecks } from '../doctor/runtime.ts';
import { distDir } from './install.ts';
import { storeChecks } from '../doctor/store-checks.ts';
import { teamChecks } from '../doctor/team-checks.ts';
import { UsageError, type Command } from '../io.ts';

function builtDist(): string | undefined {
  try {
    return distDir();
  } catch {
    return undefined;
  }
}

export const doctorCommand: Command = async (args, io) => {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { json: { type: 'boolean' }, repair: { type: 'boolean' } }, strict: true }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const cfg = io.config;
  const repair = values.repair === true;
  const checks = [
    ...(await guarded('environment', () => environmentChecks(cfg.dataDir, cfg.dbPath))),
    ...(await guarded('runtime', () => runtimeChecks(cfg.dataDir, builtDist()))),
    ...(await guarded('store', () => storeChecks(cfg, repair))),
  ];
  // Team memory only once the store is usable (a damaged one is the first thing to fix).
  if (checks.every((c) => c.ok)) checks.push(...(await guarded('team', () => teamChecks(cfg, io.env))));
  const healthy = checks.every((c) => c.ok);
  if (values.json) io.out(JSON.stringify({ healthy, checks }, null, 2));
  else io.out(checks.map((c) => `${c.ok ? (c.warning ? '!' : '✓') : '✗'} ${c.name}: ${c.detail}`).join('\n') + `\n${healthy ? 'healthy' : 'problems found' + (repair ? '' : ' (try mnemo doctor --repair)')}`);
  return healthy ? 0 : 1;
};
