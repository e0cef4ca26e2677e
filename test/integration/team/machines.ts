/**
 * A "machine" for the sync tests: its own data directory and store, its own `.pgpass` (the password
 * never in mnemo's config), connected to a team on the real test PostgreSQL, possibly through a
 * proxy whose network the test cuts. Syncs run through the real engine and connection code.
 */
import { appendFileSync, chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveConfig } from '../../../src/config/config.ts';
import type { SharedRecord, TeamChange } from '../../../src/core/team/contract.ts';
import { openTeamServer } from '../../../src/store/postgres/open.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { saveConnection } from '../../../src/team/connection.ts';
import { syncSaved } from '../../../src/team/run.ts';
import type { SyncOptions, SyncReport } from '../../../src/team/sync.ts';
import type { Member } from '../../helpers/team-fixture.ts';
import { tempDir } from './sync-helpers.ts';

export interface Machine {
  readonly dir: string;
  readonly store: SqliteStore;
  readonly env: Record<string, string>;
  readonly project: string;
  /** A passwordless URL to the team database (through the proxy when one is given). */
  readonly url: string;
  sync(opts?: SyncOptions): Promise<SyncReport>;
  /** Sync until nothing waits and the report has no error (a flaky network gives up part-way). */
  syncUntilDone(maxRounds?: number): Promise<SyncReport[]>;
  close(): Promise<void>;
}

export interface MachineOptions {
  readonly db: string;
  readonly team: string;
  readonly port: number;
  /** The local path of the shared project on this machine (clones differ in path). */
  readonly project?: string;
  readonly key?: string;
  readonly prompts?: boolean;
}

let pgpassFile: string | undefined;
function sharedPgpass(): string {
  if (!pgpassFile) {
    pgpassFile = join(tempDir('mnemo-pgpass-'), 'pgpass');
    writeFileSync(pgpassFile, '');
    chmodSync(pgpassFile, 0o600);
    process.env.PGPASSFILE = pgpassFile;
  }
  return pgpassFile;
}

export async function machine(member: Member, opts: MachineOptions): Promise<Machine> {
  const dir = tempDir('mnemo-machine-');
  mkdirSync(join(dir, 'data'), { recursive: true });
  // One file for the test process: the pgpass library reads PGPASSFILE from process.env, not from the env given.
  const pgpass = sharedPgpass();
  appendFileSync(pgpass, `*:*:${opts.db}:${member.role}:${member.password}\n`);
  const env: Record<string, string> = { PGPASSFILE: pgpass, MNEMO_DATA_DIR: join(dir, 'data'), HOME: dir };
  const cfg = resolveConfig(env);
  const store = SqliteStore.open({ path: cfg.dbPath, busyTimeoutMs: 5000 });
  const url = `postgres://${encodeURIComponent(member.role)}@127.0.0.1:${opts.port}/${opts.db}?sslmode=disable`;
  const project = opts.project ?? join(dir, 'shop');
  const conn = { url, team: opts.team, origin: `${opts.team}@test` };
  const server = await openTeamServer(conn, { env });
  try {
    saveConnection(store.team, conn, await server.whoami());
  } finally {
    await server.close();
  }
  store.team.share(project, opts.key ?? 'github.com/acme/shop', { prompts: opts.prompts ?? true, history: false });
  const sync = async (o: SyncOptions = {}): Promise<SyncReport> => (await syncSaved(store.team, env, o))!;
  return {
    dir,
    store,
    env,
    project,
    url,
    sync,
    async syncUntilDone(maxRounds = 50) {
      const reports: SyncReport[] = [];
      for (let i = 0; i < maxRounds; i++) {
        const r = await sync();
        reports.push(r);
        if (!r.error && store.team.outbox().waiting === 0) return reports;
        await new Promise((res) => setTimeout(res, 100));
      }
      throw new Error(`still not synced after ${maxRounds} rounds: ${JSON.stringify(reports.at(-1))}`);
    },
    close: () => store.close(),
  };
}

/** Every record the server holds for the team, as one member sees it (pull from 0). */
export async function serverRecords(member: Member, team: string): Promise<Map<string, SharedRecord & { author: string }>> {
  const s = await member.open(team);
  const out = new Map<string, SharedRecord & { author: string }>();
  try {
    let cursor = 0;
    for (;;) {
      const page = await s.pull(cursor, 5000);
      for (const c of page.changes as TeamChange[]) {
        if (c.op === 'put') out.set(c.record.uid, c.record);
        else out.delete(c.tombstone.uid);
      }
      cursor = page.cursor;
      if (!page.more) break;
    }
  } finally {
    await s.close();
  }
  return out;
}
