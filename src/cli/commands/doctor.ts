/**
 * @module cli/commands/doctor
 * Checks what can go wrong on a user's machine: data directory, native SQLite, schema version,
 * integrity, full-text index drift, spool backlog. `--repair` rebuilds the index after a backup.
 */
import { accessSync, constants, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { spoolList } from '../../store/spool.ts';
import { SqliteStore } from '../../store/sqlite/sqlite-store.ts';
import { drainSpool } from '../../store/drain.ts';
import { UsageError, type Command } from '../io.ts';

interface Check {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
}

export const doctorCommand: Command = async (args, io) => {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { json: { type: 'boolean' }, repair: { type: 'boolean' } }, strict: true }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const cfg = io.config;
  const checks: Check[] = [];
  const add = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

  const major = Number(process.versions.node.split('.')[0]);
  add('node', major >= 20, `Node.js ${process.versions.node}`);
  try {
    mkdirSync(cfg.dataDir, { recursive: true });
    accessSync(cfg.dataDir, constants.W_OK);
    add('data directory', true, `${cfg.dataDir} (writable)`);
  } catch (err) {
    add('data directory', false, `${cfg.dataDir}: ${(err as Error).message}`);
  }
  const pending = spoolList(cfg.spoolDir).length;
  const corruptDir = join(cfg.spoolDir, 'corrupt');
  const corrupt = existsSync(corruptDir) ? readdirSync(corruptDir).length : 0;

  let store: SqliteStore | undefined;
  try {
    store = SqliteStore.open({ path: cfg.dbPath, busyTimeoutMs: 5000 });
    add('sqlite', true, `${cfg.dbPath}`);
  } catch (err) {
    add('sqlite', false, `${(err as Error).message}`);
  }
  if (store) {
    try {
      const drained = await drainSpool(store, cfg.spoolDir);
      add('spool', drained.remaining === 0, `${pending} pending event(s) folded in (${drained.applied} new, ${drained.duplicates} already stored), ${corrupt} unreadable file(s) kept in ${corruptDir}`);
      let problems = await store.check();
      if (problems.length && values.repair) {
        const backup = `${cfg.dbPath}.backup-${Date.now()}`;
        await store.backup(backup);
        const n = store.rebuildIndex();
        problems = await store.check();
        add('repair', problems.length === 0, `backup at ${backup}; full-text index rebuilt over ${n} observations`);
      }
      add('integrity', problems.length === 0, problems.length ? problems.join('; ') : 'ok (database and full-text index agree)');
      const st = await store.stats();
      add('store', true, `schema v${st.schemaVersion}, ${st.observations} observations, ${st.sessions} sessions, ${st.projects} projects, ${(st.dbBytes / 1048576).toFixed(1)} MB`);
    } finally {
      await store.close();
    }
  }
  const healthy = checks.every((c) => c.ok);
  if (values.json) io.out(JSON.stringify({ healthy, checks }, null, 2));
  else io.out(checks.map((c) => `${c.ok ? '✓' : '✗'} ${c.name}: ${c.detail}`).join('\n') + `\n${healthy ? 'healthy' : 'problems found' + (values.repair ? '' : ' (try mnemo doctor --repair)')}`);
  return healthy ? 0 : 1;
};
