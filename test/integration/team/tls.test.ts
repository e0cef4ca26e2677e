/**
 * TLS against a server with a certificate: a CA and a server certificate made here with openssl (for
 * IP 127.0.0.1 only), a cluster that accepts TCP logins over TLS alone, listening on 127.0.0.1 and
 * 127.0.0.2. sslmode as libpq means it: require encrypts without checking, verify-ca checks the chain
 * against sslrootcert, verify-full the chain and the host name; a wrong root certificate is refused
 * by every mode that checks (require too, once a root certificate is given), and plain is refused.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { TeamServerError } from '../../../src/core/team/contract.ts';
import { connectClient } from '../../../src/store/postgres/open.ts';
import { openTeamServer } from '../../../src/store/postgres/open.ts';
import { ownCluster, type Cluster } from '../../helpers/pg.ts';
import { teamFixture, type Member } from '../../helpers/team-fixture.ts';

let dir: string;
let cluster: Cluster;
let m: Member;
let team: string;
let db: string;
const home = mkdtempSync(join(tmpdir(), 'mnemo-home-'));

function openssl(...args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A self-signed CA: `name`.key, `name`.crt. */
function makeCa(name: string): void {
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${name}`, '-keyout', `${name}.key`, '-out', `${name}.crt`,
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mnemo-tls-'));
  makeCa('ca');
  makeCa('wrong-ca');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', 'server.key', '-out', 'server.csr');
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n');
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2', '-extfile', 'server.ext', '-out', 'server.crt');
  cluster = await ownCluster({ ssl: { cert: join(dir, 'server.crt'), key: join(dir, 'server.key'), only: true }, listen: ['127.0.0.1', '127.0.0.2'] });
  const fx = await teamFixture(cluster);
  db = fx.db;
  team = await fx.team('tls');
  m = await fx.member([team]);
});

after(() => cluster?.stop());

const url = (host: string, query: string) => `postgres://${encodeURIComponent(m.role)}@${host}:${cluster.port}/${db}?${query}`;
const env = () => ({ PGPASSWORD: m.password });

/** Connect as the member and report what the server says about the connection's TLS. */
async function tlsOf(u: string): Promise<{ ssl: boolean; version: string | null }> {
  const { client } = await connectClient({ url: u }, { env: env(), home });
  try {
    const r = await client.query<{ ssl: boolean; version: string | null }>('SELECT ssl, version FROM pg_catalog.pg_stat_ssl WHERE pid = pg_backend_pid()');
    return r.rows[0]!;
  } finally {
    await client.end();
  }
}

async function refusal(u: string): Promise<TeamServerError> {
  const err = await openTeamServer({ url: u, team }, { env: env(), home }).then(
    async (s) => {
      await s.close();
      return undefined;
    },
    (e: unknown) => e,
  );
  assert.ok(err instanceof TeamServerError, `expected ${u} to be refused`);
  return err;
}

test('require encrypts without checking the certificate', async () => {
  const t = await tlsOf(url('127.0.0.1', 'sslmode=require'));
  assert.equal(t.ssl, true);
  assert.match(t.version ?? '', /^TLSv1\.[23]$/);
  const s = await openTeamServer({ url: url('127.0.0.2', 'sslmode=require'), team }, { env: env(), home });
  assert.equal((await s.whoami()).role, m.role);
  await s.close();
});

test('verify-ca checks the chain against the root certificate, not the host name', async () => {
  const root = `sslrootcert=${encodeURIComponent(join(dir, 'ca.crt'))}`;
  assert.equal((await tlsOf(url('127.0.0.1', `sslmode=verify-ca&${root}`))).ssl, true);
  // 127.0.0.2 is not in the certificate: verify-ca does not care.
  assert.equal((await tlsOf(url('127.0.0.2', `sslmode=verify-ca&${root}`))).ssl, true);
});

test('verify-full checks the host name too', async () => {
  const root = `sslrootcert=${encodeURIComponent(join(dir, 'ca.crt'))}`;
  const s = await openTeamServer({ url: url('127.0.0.1', `sslmode=verify-full&${root}`), team }, { env: env(), home });
  assert.equal((await s.whoami()).team, team);
  await s.close();
  const err = await refusal(url('127.0.0.2', `sslmode=verify-full&${root}`));
  assert.equal(err.code, 'AUTH');
  assert.match(err.message, /127\.0\.0\.2 is not in the cert/);
  assert.match(err.message, /sslrootcert/);
});

test('a wrong root certificate is refused by every mode that checks', async () => {
  const wrong = `sslrootcert=${encodeURIComponent(join(dir, 'wrong-ca.crt'))}`;
  for (const mode of ['verify-full', 'verify-ca', 'require']) {
    const err = await refusal(url('127.0.0.1', `sslmode=${mode}&${wrong}`));
    assert.equal(err.code, 'AUTH', mode);
    assert.match(err.message, /unable to verify the first certificate/, mode);
  }
});

test('a server that takes TLS logins only refuses plain and upgrades prefer', async () => {
  const err = await refusal(url('127.0.0.1', 'sslmode=disable'));
  assert.equal(err.code, 'AUTH');
  assert.match(err.message, /no pg_hba\.conf entry .* no encryption/);
  assert.equal((await tlsOf(url('127.0.0.1', 'sslmode=prefer'))).ssl, true);
});
