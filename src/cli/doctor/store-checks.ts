/**
 * @module cli/doctor/store-checks
 * The store and its spool: can it be opened, is it intact, can the spool be folded in. With
 * `repair`, whatever store/sqlite/repair can fix is fixed (after a backup) and checked again.
 * A damaged store does not get the spool folded into it: the events wait for the repair.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ResolvedConfig } from '../../config/config.ts';
import { drainSpool } from '../../store/drain.ts';
import { spoolList } from '../../store/spool.ts';
import { StoreError } from '../../store/store.ts';
import { toStoreError } from '../../store/sqlite/driver.ts';
import { HalfAppliedMigration } from '../../store/sqlite/migrations.ts';
import { repairStore } from '../../store/sqlite/repair.ts';
import { isActive, retentionPolicy } from '../../store/sqlite/retention.ts';
import { SqliteStore } from '../../store/sqlite/sqlite-store.ts';
import { check, guarded, reason, type Check } from './check.ts';

const BUSY_MS = 5000;

type Opened = { readonly store: SqliteStore } | { readonly error: StoreError };

function open(dbPath: string): Opened {
  try {
    return { store: SqliteStore.open({ path: dbPath, busyTimeoutMs: BUSY_MS }) };
  } catch (err) {
    return { error: toStoreError(err) };
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Why the store did not open, and what to do about it. */
function openFailure(e: StoreError, dbPath: string): string {
  if (e instanceof HalfAppliedMigration || e.code === 'NEWER_SCHEMA') return e.message;
  if (isDirectory(dbPath)) return `${dbPath} is a directory, not a database file; move it away and mnemo starts a fresh store`;
  if (e.code === 'CORRUPT') return `${dbPath} is damaged (${e.message}); \`mnemo doctor --repair\` sets it aside and salvages what it can into a fresh store`;
  return `${dbPath}: ${reason(e)}`;
}

function repairCheck(dbPath: string): Promise<Check[]> {
  return guarded('repair', async () => {
    const r = await repairStore(dbPath, BUSY_MS);
    const left = r.remaining.map((f) => f.detail).join('; ');
    return [check('repair', r.remaining.length === 0, `${r.steps.join('; ') || 'nothing to repair'}${left ? `; still wrong: ${left}` : ''}`)];
  });
}

function spoolCounts(spoolDir: string): { pending: number; unreadable: number; corruptDir: string } {
  const corruptDir = join(spoolDir, 'corrupt');
  return { pending: spoolList(spoolDir).length, unreadable: existsSync(corruptDir) ? readdirSync(corruptDir).length : 0, corruptDir };
}

async function foldSpool(store: SqliteStore, spoolDir: string): Promise<Check> {
  const { pending, unreadable, corruptDir } = spoolCounts(spoolDir);
  try {
    const d = await drainSpool(store, spoolDir);
    return check('spool', d.remaining === 0, `${pending} pending event(s) folded in (${d.applied} new, ${d.duplicates} already stored)${d.remaining ? `, ${d.remaining} left for the next run` : ''}, ${unreadable} unreadable file(s) kept in ${corruptDir}`);
  } catch (err) {
    return check('spool', false, `${pending} pending event(s) could not be folded in now: ${reason(err)}; they stay in the spool`);
  }
}

/** Deferred upgrade steps (store/sqlite/maintenance): pending is routine after an upgrade, so never a failure. */
function maintenance(store: SqliteStore): Check {
  try {
    const run = store.maintain();
    if (run.completed.length === 0) return check('maintenance', true, 'nothing pending');
    return check('maintenance', true, `finished deferred upgrade step(s): ${run.completed.join(', ')} (${run.chunks} chunk(s))`);
  } catch (err) {
    return { ...check('maintenance', true, `deferred upgrade steps still pending, could not run them now: ${reason(err)}; the next mnemo command or MCP server runs them`), warning: true };
  }
}

/** Retention (store/sqlite/retention) is a setting, not a fault: its line is info, never a failure. */
function retention(store: SqliteStore, cfg: ResolvedConfig): Check {
  const policy = retentionPolicy(cfg);
  if (!isActive(policy)) return check('retention', true, 'off (MNEMO_RETENTION_DAYS / MNEMO_MAX_DB_MB unset): observations are kept forever');
  const rules = [
    ...(cfg.retentionDays > 0 ? [`observations older than ${cfg.retentionDays} day(s) are deleted`] : []),
    ...(cfg.maxDbMb > 0 ? [`the oldest go while the database uses more than ${cfg.maxDbMb} MB`] : []),
  ].join('; ');
  try {
    const due = store.retentionDue(policy);
    const status = due
      ? 'a run is due (the next SessionEnd or the running MCP server starts it; `mnemo prune` runs it now)'
      : 'nothing due';
    return check('retention', true, `on: ${rules}; ${status}`);
  } catch (err) {
    return { ...check('retention', true, `on: ${rules}; could not check whether a run is due: ${reason(err)}`), warning: true };
  }
}

function waiting(spoolDir: string, why: string): Check {
  const { pending } = spoolCounts(spoolDir);
  return check('spool', pending === 0, `${pending} pending event(s) stay in the spool until ${why}`);
}

export async function storeChecks(cfg: ResolvedConfig, repair: boolean): Promise<Check[]> {
  const out: Check[] = [];
  let opened = open(cfg.dbPath);
  if ('error' in opened && repair && opened.error.code === 'CORRUPT') {
    out.push(...(await repairCheck(cfg.dbPath)));
    opened = open(cfg.dbPath);
  }
  if ('error' in opened) {
    out.push(check('sqlite', false, openFailure(opened.error, cfg.dbPath)));
    out.push(waiting(cfg.spoolDir, 'the store opens'));
    return out;
  }
  let store = opened.store;
  try {
    out.push(check('sqlite', true, cfg.dbPath));
    out.push(
      ...(await guarded('integrity', async () => {
        let problems = await store.check();
        if (problems.length && repair) {
          await store.close();
          out.push(...(await repairCheck(cfg.dbPath)));
          const again = open(cfg.dbPath);
          if ('error' in again) throw again.error;
          store = again.store;
          problems = await store.check();
        }
        return [check('integrity', problems.length === 0, problems.length ? problems.join('; ') : 'ok (database and full-text index agree)')];
      })),
    );
    const intact = out.every((c) => c.name !== 'integrity' || c.ok);
    out.push(intact ? await foldSpool(store, cfg.spoolDir) : waiting(cfg.spoolDir, 'the store is repaired (mnemo doctor --repair)'));
    if (intact) out.push(maintenance(store));
    out.push(retention(store, cfg));
    out.push(
      ...(await guarded('store', async () => {
        const st = await store.stats();
        return [check('store', true, `schema v${st.schemaVersion}, ${st.observations} observations, ${st.sessions} sessions, ${st.projects} projects, ${(st.dbBytes / 1048576).toFixed(1)} MB`)];
      })),
    );
  } finally {
    await store.close();
  }
  return out;
}
