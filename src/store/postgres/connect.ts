/**
 * @module store/postgres/connect
 * Where the team server is and how to log in, resolved the way `psql` does it, so an admin's existing
 * setup just works: a URL, then a service file entry (`PGSERVICE`, `~/.pg_service.conf`,
 * `PGSERVICEFILE`, `PGSYSCONFDIR/pg_service.conf`), then the `PG*` environment, then libpq's defaults.
 * The password is looked up last: the URL (accepted for a one-off command, never saved), the service
 * entry, `PGPASSWORD`, then `~/.pgpass` / `PGPASSFILE` (through the `pgpass` library, which also
 * refuses a file that others can read). TLS follows libpq's `sslmode` meanings.
 */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import { parse as parseIni } from 'ini';
import type { ClientConfig } from 'pg';
import { parse as parseUrl } from 'pg-connection-string';
import * as pgpass from 'pgpass/lib/helper.js';
import { TeamServerError, type TeamConnection } from '../../core/team/contract.ts';

/** libpq keywords mnemo understands (a service file or URL may hold others; they are ignored). */
export interface ConnParams {
  host?: string;
  port?: string;
  dbname?: string;
  user?: string;
  password?: string;
  sslmode?: string;
  sslrootcert?: string;
  sslcert?: string;
  sslkey?: string;
  application_name?: string;
  connect_timeout?: string;
}

const KEYS: readonly (keyof ConnParams)[] = ['host', 'port', 'dbname', 'user', 'password', 'sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'application_name', 'connect_timeout'];
const ENV: Readonly<Record<keyof ConnParams, string>> = {
  host: 'PGHOST',
  port: 'PGPORT',
  dbname: 'PGDATABASE',
  user: 'PGUSER',
  password: 'PGPASSWORD',
  sslmode: 'PGSSLMODE',
  sslrootcert: 'PGSSLROOTCERT',
  sslcert: 'PGSSLCERT',
  sslkey: 'PGSSLKEY',
  application_name: 'PGAPPNAME',
  connect_timeout: 'PGCONNECT_TIMEOUT',
};
const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'] as const;
export type SslMode = (typeof SSL_MODES)[number];

type Env = Readonly<Record<string, string | undefined>>;

/** The keywords of a `postgres://` URL (its query parameters included). */
function paramsOfUrl(url: string): ConnParams & { service?: string } {
  let parsed: Record<string, unknown>;
  try {
    parsed = parseUrl(url, { useLibpqCompat: true }) as unknown as Record<string, unknown>;
  } catch (err) {
    throw new TeamServerError('INVALID', `not a PostgreSQL URL: ${describeUrl(url)} (${(err as Error).message})`);
  }
  if (!/^postgres(ql)?:\/\//i.test(url)) throw new TeamServerError('INVALID', `not a PostgreSQL URL (postgres://…): ${describeUrl(url)}`);
  const out: ConnParams & { service?: string } = {};
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : v !== undefined && v !== null && typeof v !== 'object' && v !== '' ? String(v) : undefined);
  const set = (k: keyof ConnParams, v: unknown) => {
    const s = str(v);
    if (s !== undefined) out[k] = s;
  };
  set('host', parsed.host);
  set('port', parsed.port);
  set('dbname', parsed.database);
  set('user', parsed.user);
  set('password', parsed.password);
  for (const k of ['sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'application_name', 'connect_timeout'] as const) set(k, parsed[k]);
  const service = str(parsed.service);
  if (service) out.service = service;
  return out;
}

/** The service file entry named `name`, from the per-user file, then the system one. */
export function serviceParams(name: string, env: Env = process.env, home: string = homedir()): ConnParams {
  const files = [env.PGSERVICEFILE ?? join(home, '.pg_service.conf'), join(env.PGSYSCONFDIR ?? '/etc/postgresql-common', 'pg_service.conf')];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const section = (parseIni(text) as Record<string, unknown>)[name];
    if (section && typeof section === 'object') {
      const out: ConnParams = {};
      for (const k of KEYS) {
        const v = (section as Record<string, unknown>)[k];
        if (typeof v === 'string' && v !== '') out[k] = v;
      }
      return out;
    }
  }
  throw new TeamServerError('INVALID', `service "${name}" not found in ${files.join(' or ')}`);
}

/** Every keyword in force for a connection: URL over service entry over environment over defaults. */
export function resolveParams(conn: Pick<TeamConnection, 'url' | 'service'>, env: Env = process.env, home: string = homedir()): ConnParams {
  const fromUrl = conn.url ? paramsOfUrl(conn.url) : {};
  const service = conn.service ?? fromUrl.service ?? env.PGSERVICE;
  const fromService = service ? serviceParams(service, env, home) : {};
  const out: ConnParams = {};
  for (const k of KEYS) {
    const v = (fromUrl as ConnParams)[k] ?? fromService[k] ?? env[ENV[k]];
    if (v !== undefined && v !== '') out[k] = v;
  }
  out.host ??= '/var/run/postgresql';
  out.port ??= '5432';
  out.user ??= safeUser();
  out.dbname ??= out.user;
  return out;
}

function safeUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'postgres';
  }
}

/** `~/.pgpass` (or PGPASSFILE) lookup for these parameters: undefined when the file is absent, readable by others, or has no match. */
function pgpassLookup(p: ConnParams, env: Env, home: string): Promise<string | undefined> {
  const file = pgpass.getFileName({ ...env, HOME: env.HOME ?? home });
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return Promise.resolve(undefined);
  }
  if (!pgpass.usePgPass(stat, file)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    // A socket directory matches `localhost`, as in libpq.
    const host = p.host!.startsWith('/') ? 'localhost' : p.host!;
    pgpass.getPassword({ host, port: Number(p.port), database: p.dbname, user: p.user }, createReadStream(file), resolve);
  });
}

function readPem(file: string | undefined, what: string): string | undefined {
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new TeamServerError('INVALID', `cannot read ${what} ${file}: ${(err as Error).message}`);
  }
}

/**
 * TLS options for pg, with libpq's meanings: disable/allow/prefer (no TLS; `prefer` is retried with
 * TLS first by the opener), require (encrypted, unverified unless a root certificate is given, then
 * as verify-ca), verify-ca (chain checked against the root certificate), verify-full (chain and host name).
 */
export function tlsOptions(p: ConnParams, home: string = homedir()): ClientConfig['ssl'] {
  const mode = (p.sslmode ?? 'prefer') as SslMode;
  if (!SSL_MODES.includes(mode)) throw new TeamServerError('INVALID', `sslmode must be one of ${SSL_MODES.join(', ')} (got "${p.sslmode}")`);
  if (mode === 'disable' || mode === 'allow' || mode === 'prefer') return false;
  const defaultRoot = join(home, '.postgresql', 'root.crt');
  const rootFile = p.sslrootcert ?? (mode === 'require' ? undefined : defaultRoot);
  const ca = rootFile === 'system' ? undefined : readPem(rootFile, 'root certificate (sslrootcert)');
  const cert = readPem(p.sslcert, 'client certificate (sslcert)');
  const key = readPem(p.sslkey, 'client key (sslkey)');
  const base = { ...(ca ? { ca } : {}), ...(cert ? { cert } : {}), ...(key ? { key } : {}) };
  if (mode === 'require' && !ca) return { ...base, rejectUnauthorized: false };
  if (mode === 'require' || mode === 'verify-ca') return { ...base, rejectUnauthorized: true, checkServerIdentity: () => undefined };
  return { ...base, rejectUnauthorized: true };
}

/** The pg client configuration for a connection, password looked up only when the server asks for one. */
export function clientConfig(conn: Pick<TeamConnection, 'url' | 'service'>, env: Env = process.env, home: string = homedir()): { config: ClientConfig; params: ConnParams; sslmode: SslMode } {
  const params = resolveParams(conn, env, home);
  const sslmode = (params.sslmode ?? 'prefer') as SslMode;
  const config: ClientConfig = {
    host: params.host,
    port: Number(params.port),
    user: params.user,
    database: params.dbname,
    ssl: tlsOptions(params, home),
    application_name: params.application_name ?? 'mnemo',
    connectionTimeoutMillis: params.connect_timeout ? Number(params.connect_timeout) * 1000 : 10_000,
    // Asked for only when the server wants one, as libpq does; pg never reads ~/.pgpass itself here.
    password: async () => {
      const found = params.password ?? (await pgpassLookup(params, env, home));
      if (found === undefined) throw new TeamServerError('AUTH', `the server asks role "${params.user}" for a password and none was found: put it in ~/.pgpass (mode 0600), PGPASSWORD or a service file`);
      return found;
    },
  };
  return { config, params, sslmode };
}

/** Refuse a URL that carries a password: mnemo's config never stores one. */
export function assertNoPassword(url: string): void {
  const p = paramsOfUrl(url);
  if (p.password !== undefined) {
    throw new TeamServerError('INVALID', 'the URL holds a password; mnemo never stores one. Put it in ~/.pgpass (or PGPASSWORD, or a service file) and give the URL without it');
  }
}

/** A URL with any password replaced, for messages and logs. */
export function describeUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]*):[^@/]*@/i, '$1:***@').replace(/([?&]password=)[^&]*/i, '$1***');
}

/** What a connection points at, printable (no secrets): `user@host:port/db`. */
export function describeConnection(conn: Pick<TeamConnection, 'url' | 'service'>, env: Env = process.env): string {
  try {
    const p = resolveParams(conn, env);
    return `${p.user}@${p.host}:${p.port}/${p.dbname}${p.sslmode ? ` sslmode=${p.sslmode}` : ''}`;
  } catch (err) {
    return conn.url ? describeUrl(conn.url) : `service ${conn.service ?? '(environment)'}: ${(err as Error).message}`;
  }
}
