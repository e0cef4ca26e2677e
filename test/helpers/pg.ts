/**
 * The PostgreSQL every team test runs against: the run's shared cluster when `MNEMO_TEST_PG_URL`
 * names one (.ci/run starts it; a superuser URL over its socket), else a throwaway cluster started
 * here (as the `postgres` system user when run as root) and stopped when the test process exits.
 * No PostgreSQL is an error, never a skip. Each test creates its own database and roles, named
 * uniquely, so test files share one cluster without meeting.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
// @ts-expect-error plain JS module shared with .ci/run
import { restartCluster, startCluster, stopCluster } from '../../scripts/pg-cluster.mjs';

export interface Cluster {
  readonly host: string;
  readonly port: number;
  /** Superuser over the socket (trust). */
  readonly adminUrl: (db?: string) => string;
  /** Restart the server (only for clusters this process started). */
  readonly restart?: () => void;
  readonly stop: () => void;
}

let shared: Promise<Cluster> | undefined;

function clusterOf(c: { host: string; port: number; data?: string; dir?: string; log?: string }, own: boolean): Cluster {
  const adminUrl = (db = 'postgres') => `postgres://postgres@${encodeURIComponent(c.host)}:${c.port}/${db}`;
  return {
    host: c.host,
    port: c.port,
    adminUrl,
    ...(own ? { restart: () => restartCluster(c) } : {}),
    stop: () => (own ? stopCluster(c) : undefined),
  };
}

/** What a private cluster may be started with (scripts/pg-cluster.mjs). */
export interface ClusterOptions {
  /** PEM files of the server's certificate and key: TLS on; `only`: TCP logins must use it. */
  readonly ssl?: { readonly cert: string; readonly key: string; readonly only?: boolean };
  /** Loopback addresses to listen on (default 127.0.0.1). */
  readonly listen?: readonly string[];
}

/** Start a private cluster (for tests that restart or stop the server, or need TLS). The caller stops it. */
export async function ownCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  const c = await startCluster(opts);
  const cluster = clusterOf(c, true);
  process.once('exit', () => cluster.stop());
  return cluster;
}

/** The cluster shared by this run. */
export function testCluster(): Promise<Cluster> {
  shared ??= (async () => {
    const url = process.env.MNEMO_TEST_PG_URL;
    if (url) {
      const u = new URL(url);
      const host = decodeURIComponent(u.searchParams.get('host') ?? u.hostname);
      return clusterOf({ host, port: Number(u.port || 5432) }, false);
    }
    return ownCluster();
  })();
  return shared;
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

/** Run SQL as the superuser on `db`. */
export async function asSuperuser<T>(cluster: Cluster, db: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: cluster.adminUrl(db) });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export async function createDatabase(cluster: Cluster, prefix = 'mnemo_test'): Promise<string> {
  const name = uniqueName(prefix);
  await asSuperuser(cluster, 'postgres', (c) => c.query(`CREATE DATABASE "${name}"`));
  return name;
}

/** A login role with a password (returned): created fresh, so tests never share one. */
export async function createLogin(cluster: Cluster, prefix = 'dev', opts: { createrole?: boolean } = {}): Promise<{ role: string; password: string }> {
  const role = uniqueName(prefix);
  const password = randomBytes(12).toString('hex');
  await asSuperuser(cluster, 'postgres', (c) => c.query(`CREATE ROLE "${role}" LOGIN PASSWORD '${password}'${opts.createrole ? ' CREATEROLE' : ''}`));
  return { role, password };
}

/** A URL for a login role over TCP on 127.0.0.1 (password in the URL: tests only; mnemo never saves one). */
export function loginUrl(cluster: Cluster, db: string, login: { role: string; password: string }): string {
  return `postgres://${encodeURIComponent(login.role)}:${encodeURIComponent(login.password)}@127.0.0.1:${cluster.port}/${db}?sslmode=disable`;
}
