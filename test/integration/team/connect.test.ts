/**
 * Reaching the server the ways psql does: the PG* environment, ~/.pgpass (PGPASSFILE), a service
 * file (PGSERVICEFILE), a URL without a password; `assertNoPassword` keeps one out of mnemo's config.
 */
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { TeamServerError } from '../../../src/core/team/contract.ts';
import { assertNoPassword, describeUrl, resolveParams, tlsOptions } from '../../../src/store/postgres/connect.ts';
import { openTeamServer } from '../../../src/store/postgres/open.ts';
import { teamFixture, type Member, type TeamFixture } from '../../helpers/team-fixture.ts';

let fx: TeamFixture;
let team: string;
let m: Member;
let home: string;

before(async () => {
  fx = await teamFixture();
  team = await fx.team('cn');
  m = await fx.member([team]);
  home = mkdtempSync(join(tmpdir(), 'mnemo-home-'));
});

test('PG* environment and ~/.pgpass: no password anywhere in the URL or config', async () => {
  const pgpass = join(home, 'pgpass');
  writeFileSync(pgpass, `127.0.0.1:${fx.cluster.port}:${fx.db}:${m.role}:${m.password.replace(/:/g, '\\:')}\n`);
  chmodSync(pgpass, 0o600);
  const env = { PGHOST: '127.0.0.1', PGPORT: String(fx.cluster.port), PGUSER: m.role, PGDATABASE: fx.db, PGPASSFILE: pgpass, PGSSLMODE: 'disable' };
  const s = await openTeamServer({ team }, { env, home });
  assert.equal((await s.whoami()).role, m.role);
  await s.close();
  // A URL without the password, the password from .pgpass.
  const s2 = await openTeamServer({ url: `postgres://${m.role}@127.0.0.1:${fx.cluster.port}/${fx.db}?sslmode=disable`, team }, { env: { PGPASSFILE: pgpass }, home });
  assert.equal((await s2.whoami()).team, team);
  await s2.close();
  // A .pgpass others can read is ignored (as libpq does): the login then fails.
  chmodSync(pgpass, 0o644);
  const err = await openTeamServer({ team }, { env, home }).catch((e) => e);
  assert.ok(err instanceof TeamServerError);
  assert.equal(err.code, 'AUTH');
});

test('a service file entry', async () => {
  const file = join(home, 'services.conf');
  writeFileSync(file, `[mnemo-team]\nhost=127.0.0.1\nport=${fx.cluster.port}\ndbname=${fx.db}\nuser=${m.role}\nsslmode=disable\n`);
  const env = { PGSERVICEFILE: file, PGPASSWORD: m.password };
  const s = await openTeamServer({ service: 'mnemo-team', team }, { env, home });
  assert.equal((await s.whoami()).role, m.role);
  await s.close();
  const s2 = await openTeamServer({ team }, { env: { ...env, PGSERVICE: 'mnemo-team' }, home });
  await s2.close();
  assert.throws(() => resolveParams({ service: 'nope' }, env, home), /service "nope" not found/);
});

test('URL over service over environment; passwords kept out of config and messages', () => {
  const p = resolveParams({ url: 'postgres://u1@h1:5555/d1?sslmode=require' }, { PGHOST: 'h2', PGUSER: 'u2', PGPORT: '1', PGDATABASE: 'd2' }, home);
  assert.deepEqual([p.user, p.host, p.port, p.dbname, p.sslmode], ['u1', 'h1', '5555', 'd1', 'require']);
  assert.throws(() => assertNoPassword('postgres://u:secret@h/d'), /never stores/);
  assertNoPassword('postgres://u@h/d');
  assert.ok(!describeUrl('postgres://u:secret@h/d').includes('secret'));
  assert.throws(() => tlsOptions({ sslmode: 'bogus' }, home), /sslmode must be/);
  assert.deepEqual(tlsOptions({ sslmode: 'require' }, home), { rejectUnauthorized: false });
  assert.equal(tlsOptions({ sslmode: 'disable' }, home), false);
  assert.throws(() => tlsOptions({ sslmode: 'verify-full' }, home), /root certificate/);
});

test('sslmode=prefer falls back to plain on a server without TLS; require refuses it', async () => {
  const url = `postgres://${m.role}@127.0.0.1:${fx.cluster.port}/${fx.db}`;
  const s = await openTeamServer({ url: `${url}?sslmode=prefer`, team }, { env: { PGPASSWORD: m.password }, home });
  await s.close();
  const err = await openTeamServer({ url: `${url}?sslmode=require`, team }, { env: { PGPASSWORD: m.password }, home }).catch((e) => e);
  assert.ok(err instanceof TeamServerError);
  assert.match(err.message, /SSL/);
});
