/**
 * @module team/loop
 * Team sync inside a long-lived process (the MCP server): push what waits and pull what teammates
 * pushed, every few seconds and at once when the server announces a change (LISTEN), so a teammate's
 * record is searchable here seconds after their SessionEnd. Never in the way: one sync at a time,
 * run lock shared with `mnemo team sync` and SessionEnd's detached sync, a server that is away backs
 * off (doubling up to 5 minutes) while the outbox keeps everything, and nothing here throws.
 */
import type { ResolvedConfig } from '../config/config.ts';
import { isTransient } from '../core/team/contract.ts';
import { logTo } from '../log.ts';
import { withRunLock } from '../store/run-lock.ts';
import type { SqliteStore } from '../store/sqlite/sqlite-store.ts';
import { isBusy } from '../store/store.ts';
import { openSaved, savedConnection, type OpenedTeam } from './connection.ts';
import { listenForChanges, type Listener } from './listen.ts';
import { syncOnce, type SyncReport } from './sync.ts';
import { searchServer, type TeamSearchInput } from './search.ts';
import type { TeamSearchHit } from '../core/team/contract.ts';
import { join } from 'node:path';

export interface TeamLoopOptions {
  /** The store now in use (undefined while it cannot be opened). */
  readonly store: () => SqliteStore | undefined;
  readonly config: Pick<ResolvedConfig, 'dataDir' | 'logFile'>;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Between two syncs when nothing announces a change (default 5 s). */
  readonly intervalMs?: number;
  /** Longest wait after failures (default 5 min). */
  readonly maxBackoffMs?: number;
  /** Told after each sync that did something (tests, the viewer's live feed). */
  readonly onSync?: (report: SyncReport) => void;
}

export interface TeamLoop {
  /** Sync as soon as possible (a change was announced, or a write wants sharing). */
  kick(): void;
  /** The team server's search over the loop's connection (opened if needed); undefined when not connected. */
  search(q: TeamSearchInput): Promise<TeamSearchHit[] | undefined>;
  stop(): Promise<void>;
}

const LOCK_STALE_MS = 10 * 60_000;

export function syncInBackground(opts: TeamLoopOptions): TeamLoop {
  const interval = opts.intervalMs ?? 5000;
  const maxBackoff = opts.maxBackoffMs ?? 5 * 60_000;
  const log = (level: 'warn' | 'info', message: string, err?: unknown) => logTo(opts.config.logFile, level, `team sync: ${message}`, err);
  let opened: OpenedTeam | undefined;
  let openedFor: string | undefined;
  let listener: Listener | undefined;
  let listenTriedAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let failures = 0;

  const closeServer = async () => {
    const [o, l] = [opened, listener];
    opened = undefined;
    openedFor = undefined;
    listener = undefined;
    await l?.close().catch(() => undefined);
    await o?.server.close().catch(() => undefined);
  };

  /** Listen for announced changes (again, at most once a minute after a failure or a lost connection). */
  const ensureListening = async (o: OpenedTeam) => {
    const teamId = o.server.team?.teamId;
    // MNEMO_TEAM_LISTEN=0: poll only (a server behind a pooler that drops LISTEN, or to compare).
    if (listener || teamId === undefined || opts.env?.MNEMO_TEAM_LISTEN === '0' || Date.now() - listenTriedAt < 60_000) return;
    listenTriedAt = Date.now();
    const l = await listenForChanges(o.connection, teamId, () => kick(), () => {
      if (listener === l) listener = undefined;
      void l?.close();
    }, opts.env).catch((err) => {
      log('info', 'could not listen for changes; polling instead', err);
      return undefined;
    });
    listener = l;
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  };

  const once = async (store: SqliteStore): Promise<number> => {
    const saved = savedConnection(store.team);
    if (!saved || !store.team.anyShare()) {
      if (opened) await closeServer();
      return interval * 6; // nothing to do: look again now and then (a `team connect` may come)
    }
    if (!opened || openedFor !== `${saved.origin}\0${saved.team}`) {
      await closeServer();
      opened = await openSaved(store.team, opts.env);
      openedFor = `${saved.origin}\0${saved.team}`;
      listenTriedAt = 0;
    }
    if (!opened) return interval;
    await ensureListening(opened);
    const ran = await withRunLock(join(opts.config.dataDir, 'team-sync.lock'), LOCK_STALE_MS, () => syncOnce(store.team, opened!.server, opened!.ctx, { maxMs: 30_000 }));
    if (!ran) return interval; // another sync of this data directory is running
    if (ran.error) throw Object.assign(new Error(ran.error.message), { code: ran.error.code, teamCode: ran.error.code });
    if (ran.push.pushed || ran.push.forgotten || ran.pull?.applied || ran.pull?.deleted) opts.onSync?.(ran);
    failures = 0;
    return interval;
  };

  const tick = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      let next = interval;
      try {
        const store = opts.store();
        if (store && !store.readOnly) next = await once(store);
      } catch (err) {
        failures++;
        next = Math.min(maxBackoff, interval * 2 ** Math.min(failures, 10));
        const code = (err as { teamCode?: string; code?: string }).teamCode ?? (err as { code?: string }).code;
        // A server away or a store busy is routine: the outbox keeps everything until it is back.
        if (isBusy(err)) log('info', 'store busy; trying again shortly');
        else if (code === 'UNREACHABLE' || isTransient(err)) log('info', `team server unreachable; trying again in ${Math.round(next / 1000)} s`, err);
        else log('warn', `failed [${code ?? 'error'}]; trying again in ${Math.round(next / 1000)} s`, err);
        await closeServer();
      } finally {
        running = undefined;
      }
      if (again) {
        again = false;
        next = 0;
      }
      schedule(next);
    })();
    await running;
  };

  const kick = () => {
    if (running) again = true;
    else schedule(0);
  };

  schedule(Math.min(1000, interval));
  return {
    kick,
    async search(q) {
      const store = opts.store();
      if (!store || !savedConnection(store.team)) return undefined;
      if (!opened) {
        opened = await openSaved(store.team, opts.env);
        openedFor = opened ? `${opened.connection.origin}\0${opened.connection.team}` : undefined;
      }
      return opened ? searchServer(opened.server, store, q) : undefined;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      // A sync under way is left to finish or fail on its own (all it did is committed as it went).
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([running?.catch(() => undefined), new Promise((r) => (wait = setTimeout(r, 2000)))]);
      clearTimeout(wait);
      await closeServer();
    },
  };
}
