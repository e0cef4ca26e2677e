/**
 * A database with the team schema and members, for the team server's tests: teams are created and
 * members added through the same functions `mnemo team init` / `add-member` run.
 */
import pg from 'pg';
import type { SharedObservation, SharedRecord } from '../../src/core/team/contract.ts';
import { addMember, initTeam } from '../../src/store/postgres/admin.ts';
import { openTeamServer } from '../../src/store/postgres/open.ts';
import type { PgTeamServer } from '../../src/store/postgres/team-server.ts';
import { createDatabase, createLogin, loginUrl, testCluster, uniqueName, type Cluster } from './pg.ts';

export interface Member {
  readonly role: string;
  readonly password: string;
  readonly url: string;
  /** A TeamServer bound to `team` as this member. */
  open(team: string): Promise<PgTeamServer>;
  /** Raw SQL as this member (to try what mnemo's client never sends). */
  sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params?: unknown[]): Promise<pg.QueryResult<T>>;
}

export interface TeamFixture {
  readonly cluster: Cluster;
  readonly db: string;
  readonly adminUrl: string;
  member(teams: readonly string[], opts?: { admin?: boolean; prefix?: string }): Promise<Member>;
  team(prefix?: string): Promise<string>;
  /** Superuser SQL on the fixture's database. */
  su<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params?: unknown[]): Promise<pg.QueryResult<T>>;
}

async function once<T extends pg.QueryResultRow>(url: string, text: string, params?: unknown[]): Promise<pg.QueryResult<T>> {
  const c = new pg.Client({ connectionString: url });
  // A backend terminated under a test (pg_terminate_backend, a restart) errors the socket too: the
  // query's rejection reports it, an unheard socket event would crash the run.
  c.on('error', () => undefined);
  await c.connect();
  try {
    return await c.query<T>(text, params);
  } finally {
    await c.end();
  }
}

export async function teamFixture(cluster?: Cluster): Promise<TeamFixture> {
  const cl = cluster ?? (await testCluster());
  const db = await createDatabase(cl);
  const adminUrl = cl.adminUrl(db);
  const withAdmin = async <T>(fn: (c: pg.Client) => Promise<T>) => {
    const c = new pg.Client({ connectionString: adminUrl });
    c.on('error', () => undefined);
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  return {
    cluster: cl,
    db,
    adminUrl,
    async team(prefix = 't') {
      const name = uniqueName(prefix).toLowerCase();
      await withAdmin((c) => initTeam(c, name));
      return name;
    },
    async member(teams, opts = {}) {
      const login = await createLogin(cl, opts.prefix ?? 'dev');
      for (const t of teams) await withAdmin((c) => addMember(c, t, login.role, { admin: !!opts.admin }));
      const url = loginUrl(cl, db, login);
      return {
        ...login,
        url,
        open: (team: string) => openTeamServer({ url, team }),
        sql: <T extends pg.QueryResultRow>(text: string, params?: unknown[]) => once<T>(url, text, params),
      };
    },
    su: <T extends pg.QueryResultRow>(text: string, params?: unknown[]) => once<T>(adminUrl, text, params),
  };
}

let n = 0;
/** A valid shared observation; fields overridable. */
export function obs(over: Partial<SharedObservation> = {}): SharedObservation {
  n++;
  return {
    kind: 'observation',
    uid: uniqueName(`o${n}`),
    project: 'github.com/acme/api',
    branch: 'main',
    assistant: 'claude-code',
    createdAt: 1_700_000_000_000 + n * 1000,
    sessionUid: 'sess-1',
    obsKind: 'tool',
    type: 'change',
    title: `Edited file ${n}`,
    body: 'body text',
    files: ['src/a.ts'],
    tags: '',
    ...over,
  };
}

export function uidsOf(records: readonly { uid: string }[]): string[] {
  return records.map((r) => r.uid).sort();
}

export type { SharedRecord };
