/**
 * @module cli/commands/prune
 * `mnemo prune [--days N] [--max-mb N] [--vacuum] [--json]`: apply retention now — observations
 * older than N days, then the oldest while the database uses more than N MB, go as `forget` removes
 * them (store/sqlite/retention). Without flags the settings decide (MNEMO_RETENTION_DAYS,
 * MNEMO_MAX_DB_MB). SessionEnd starts `mnemo prune --background` when a run is due; one run at a
 * time per data directory.
 */
import { parseArgs } from 'node:util';
import { logTo } from '../../log.ts';
import { openStore } from '../../store/open-store.ts';
import { pruneLockPath, STALE_PRUNE_LOCK_MS } from '../../store/retain.ts';
import { withRunLock } from '../../store/run-lock.ts';
import { isActive, retentionPolicy } from '../../store/sqlite/retention.ts';
import { intOption, UsageError, type Command } from '../io.ts';

const MB = 1024 * 1024;

export const pruneCommand: Command = async (args, io) => {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { days: { type: 'string' }, 'max-mb': { type: 'string' }, vacuum: { type: 'boolean' }, json: { type: 'boolean' }, background: { type: 'boolean' } },
      strict: true,
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const cfg = io.config;
  const policy = retentionPolicy({
    retentionDays: intOption(values.days, 'days', 0, 365_000, cfg.retentionDays),
    maxDbMb: intOption(values['max-mb'], 'max-mb', 0, 10_000_000, cfg.maxDbMb),
  });
  if (!isActive(policy) && !values.vacuum) {
    if (!values.background) io.out('retention is off: set MNEMO_RETENTION_DAYS or MNEMO_MAX_DB_MB (or pass --days / --max-mb)');
    return 0;
  }
  const report = await withRunLock(pruneLockPath(cfg.dataDir), STALE_PRUNE_LOCK_MS, async () => {
    const store = await openStore(cfg);
    try {
      return store.prune(policy, { ...(values.vacuum ? { vacuum: true } : {}) });
    } finally {
      await store.close();
    }
  });
  if (!report) {
    if (!values.background) io.out('another prune is running for this data directory; nothing done');
    return 0;
  }
  const line =
    `pruned ${report.byAge} observation(s) past the age limit and ${report.bySize} past the size cap, ${report.sessions} empty session(s); ` +
    `database uses ${(report.bytesBefore / MB).toFixed(1)} MB → ${(report.bytesAfter / MB).toFixed(1)} MB${report.complete ? '' : ' (more left for the next run)'}`;
  if (values.background) {
    if (report.byAge || report.bySize) logTo(cfg.logFile, 'info', `retention: ${line}`);
  } else if (values.json) io.out(JSON.stringify(report));
  else io.out(line);
  return 0;
};
