/**
 * `mnemo team init / add-member / remove-member` as an admin runs them, in-process through runCli
 * against a real server: the member can then open the team; after removal they cannot.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, test } from 'node:test';
import { runCli } from '../../../src/cli/main.ts';
import type { Io } from '../../../src/cli/io.ts';
import { resolveConfig } from '../../../src/config/config.ts';
import { SERVER_MIGRATIONS } from '../../../src/store/postgres/migrations.ts';
import { openTeamServer } from '../../../src/store/postgres/open.ts';
import { createDatabase, createLogin, loginUrl, testCluster, type Cluster } from '../../helpers/pg.ts';

let cluster: Cluster;
let db: string;

before(async () => {
  cluster = await testCluster();
  db = await createDatabase(cluster);
});

async function cli(argv: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const e = { ...env, MNEMO_DATA_DIR: '/nonexistent-mnemo-data' };
  const io: Io = { out: (s) => out.push(s), err: (s) => err.push(s), env: e, cwd: '/', config: resolveConfig(e) };
  const code = await runCli(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

test('init, add-member, remove-member end to end', async () => {
  const admin = cluster.adminUrl(db);
  // Roles are the cluster's, not the database's: a team name of this run only (CI runs the suite once per Node on one cluster).
  const platform = `platform_${randomBytes(4).toString('hex')}`;
  const init = await cli(['team', 'init', admin, '--team', platform, '--json']);
  assert.equal(init.code, 0, init.err);
  const res = JSON.parse(init.out);
  assert.deepEqual(res.migrated, SERVER_MIGRATIONS.map((m) => m.version));
  assert.equal(res.created, true);
  assert.ok(!init.out.includes('password'));
  // Again: nothing to migrate, the team is there.
  const again = await cli(['team', 'init', admin, '--team', platform]);
  assert.equal(again.code, 0);
  assert.match(again.out, /up to date/);
  assert.match(again.out, /already there/);

  const dev = await createLogin(cluster, 'dev');
  const lead = await createLogin(cluster, 'lead');
  assert.equal((await cli(['team', 'add-member', dev.role, '--team', platform, '--url', admin])).code, 0);
  assert.equal((await cli(['team', 'add-member', lead.role, '--team', platform, '--admin', '--url', admin])).code, 0);
  const s = await openTeamServer({ url: loginUrl(cluster, db, dev), team: platform });
  assert.equal((await s.whoami()).role, dev.role);
  await s.close();

  // A team admin (no CREATEROLE, no superuser) adds and removes members through the admin role.
  const other = await createLogin(cluster, 'new');
  const byLead = await cli(['team', 'add-member', other.role, '--url', loginUrl(cluster, db, lead)], { MNEMO_TEAM: platform });
  assert.equal(byLead.code, 0, byLead.err);
  const st = await openTeamServer({ url: loginUrl(cluster, db, other), team: platform });
  assert.deepEqual([...(await st.status()).members].sort(), [dev.role, lead.role, other.role].sort());
  await st.close();
  // A plain member cannot add anyone.
  const byDev = await cli(['team', 'add-member', other.role, '--team', platform, '--url', loginUrl(cluster, db, dev)]);
  assert.equal(byDev.code, 1);
  assert.match(byDev.err, /must have admin option|permission denied/);

  assert.equal((await cli(['team', 'remove-member', dev.role, '--team', platform, '--url', admin])).code, 0);
  const gone = await openTeamServer({ url: loginUrl(cluster, db, dev), team: platform }).catch((e) => e);
  assert.equal(gone.code, 'NOT_MEMBER');

  // Usage errors: exit 2 with a message.
  assert.equal((await cli(['team', 'init', admin])).code, 2);
  assert.equal((await cli(['team', 'add-member', '--team', platform])).code, 2);
  assert.equal((await cli(['team', 'nope'])).code, 2);
  const bad = await cli(['team', 'add-member', 'no_such_role_x', '--team', platform, '--url', admin]);
  assert.equal(bad.code, 1);
  assert.match(bad.err, /no role/);
});
