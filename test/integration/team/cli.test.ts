/**
 * The member's commands through the built CLI, against a real PostgreSQL: connect (team found by
 * itself, no password ever saved), share by git remote, status showing what waits, sync, search with
 * scopes and on the server, doctor's team lines, disconnect.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { testCluster, type Cluster } from '../../helpers/pg.ts';
import { teamFixture, type Member, type TeamFixture } from '../../helpers/team-fixture.ts';
import { childEnv, cliJs, runHook, tempDir, validPayload } from '../hooks/helpers.ts';

let cluster: Cluster;
let fx: TeamFixture;
let team: string;

before(async () => {
  cluster = await testCluster();
  fx = await teamFixture(cluster);
  team = await fx.team('cli');
});

interface Person {
  readonly dataDir: string;
  readonly home: string;
  readonly env: Record<string, string>;
  readonly member: Member;
  repo(name: string, remote?: string): string;
  mnemo(args: readonly string[], cwd?: string): Promise<{ code: number | null; stdout: string; stderr: string }>;
  json<T = any>(args: readonly string[], cwd?: string): Promise<T>;
}

async function person(prefix: string): Promise<Person> {
  const member = await fx.member([team], { prefix });
  const home = tempDir(`mnemo-team-cli-${prefix}-`);
  const dataDir = join(home, 'data');
  const pgpass = join(home, '.pgpass');
  writeFileSync(pgpass, `*:*:${fx.db}:${member.role}:${member.password}\n`, { mode: 0o600 });
  const env = { HOME: home, PGPASSFILE: pgpass };
  const mnemo = (args: readonly string[], cwd = home) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [cliJs(), ...args], { cwd, env: childEnv(dataDir, env), stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (b) => (stdout += b));
      child.stderr.on('data', (b) => (stderr += b));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  return {
    dataDir,
    home,
    env,
    member,
    repo(name, remote = `https://github.com/acme/${name}.git`) {
      const dir = join(home, name);
      mkdirSync(dir, { recursive: true });
      spawnSync('git', ['init', '-q', dir]);
      if (remote) spawnSync('git', ['-C', dir, 'remote', 'add', 'origin', remote]);
      return dir;
    },
    mnemo,
    async json(args, cwd) {
      const r = await mnemo([...args, '--json'], cwd);
      assert.equal(r.code, 0, `mnemo ${args.join(' ')}: ${r.stderr}${r.stdout}`);
      return JSON.parse(r.stdout);
    },
  };
}

const url = (m: Member) => `postgres://${m.role}@127.0.0.1:${cluster.port}/${fx.db}?sslmode=disable`;

async function capture(p: Person, repo: string, session: string, prompt: string): Promise<void> {
  for (const [event, extra] of [
    ['SessionStart', {}],
    ['UserPromptSubmit', { prompt }],
    ['PostToolUse', {}],
    ['SessionEnd', {}],
  ] as const) {
    const r = await runHook(event, validPayload(event, session, repo, extra), { dataDir: p.dataDir, cwd: repo, env: { ...p.env, MNEMO_CODE_CACHE: '0' } });
    assert.equal(r.code, 0, r.stderr);
  }
}

test('connect, share, status, sync, search by scope and on the server, doctor, disconnect', async () => {
  const alice = await person('alice');
  const bob = await person('bob');

  // A password in the URL is refused before anything is saved.
  const withPassword = await alice.mnemo(['team', 'connect', `postgres://${alice.member.role}:${alice.member.password}@127.0.0.1:${cluster.port}/${fx.db}`]);
  assert.equal(withPassword.code, 2);
  assert.match(withPassword.stderr, /password.*pgpass/i);

  // Alice shares and works before connecting: her records wait in the outbox.
  const noRemote = await alice.mnemo(['team', 'share'], alice.repo('scratch', ''));
  assert.equal(noRemote.code, 2);
  assert.match(noRemote.stderr, /no git remote.*--as/);
  const shop = alice.repo('shop');
  const shared = await alice.json(['team', 'share'], shop);
  assert.equal(shared.key, 'github.com/acme/shop');
  assert.equal(shared.connected, false);
  await alice.json(['team', 'share', '--as', 'github.com/acme/api'], alice.repo('api', 'git@gitlab.internal:acme/api.git'));
  await capture(alice, shop, 'a-1', 'Why does the checkout pool leak connections?');
  await capture(alice, join(alice.home, 'api'), 'a-2', 'Rate limit the partner API at 50 rps');
  const status = await alice.json(['team', 'status']);
  assert.equal(status.connected, false);
  assert.ok(status.outbox.waiting >= 6, JSON.stringify(status.outbox));
  assert.ok(status.waiting.some((w: { title: string }) => /checkout pool leak/.test(w.title)), `status shows what waits: ${JSON.stringify(status.waiting)}`);

  // Connecting finds the role's only team by itself and syncs at once.
  const connected = await alice.json(['team', 'connect', url(alice.member)]);
  assert.equal(connected.team, team);
  assert.equal(connected.role, alice.member.role);
  assert.equal(connected.sync.push.waiting, 0, JSON.stringify(connected.sync));
  const synced = await alice.json(['team', 'sync']);
  assert.equal(synced.push.pushed, 0, 'nothing left to push');
  const after = await alice.json(['team', 'status']);
  assert.equal(after.outbox.waiting, 0);
  assert.equal(after.server.behind, 0);

  // Bob shares only the shop (another clone, another path, another URL form): the API stays on the server.
  await bob.json(['team', 'connect', url(bob.member), '--team', team]);
  const bobShop = bob.repo('shop', 'git@github.com:Acme/Shop.git');
  await bob.json(['team', 'share'], bobShop);
  await bob.json(['team', 'sync']);
  const teamHits = await bob.json<{ title: string; author?: string }[]>(['search', 'checkout pool leak', '--scope', 'team'], bobShop);
  assert.ok(teamHits.some((h) => /checkout pool leak/.test(h.title) && h.author === alice.member.role), JSON.stringify(teamHits));
  assert.deepEqual(await bob.json(['search', 'checkout pool leak', '--scope', 'mine'], bobShop), []);
  assert.deepEqual(await bob.json(['search', 'partner API rate limit'], bobShop), [], 'not mirrored: bob does not share the API');
  const onServer = await bob.json<{ title: string; author: string; project: string }[]>(['search', 'partner API rate limit', '--team'], bobShop);
  assert.ok(onServer.some((h) => /Rate limit the partner API/.test(h.title) && h.author === alice.member.role && h.project === 'github.com/acme/api'), JSON.stringify(onServer));
  const text = await bob.mnemo(['search', 'checkout pool', '--scope', 'team'], bobShop);
  assert.match(text.stdout, new RegExp(`@${alice.member.role}`));

  const doctor = await bob.json<{ healthy: boolean; checks: { name: string; ok: boolean; detail: string }[] }>(['doctor']);
  const lines = Object.fromEntries(doctor.checks.map((c) => [c.name, c]));
  for (const name of ['team connection', 'team schema', 'team rights', 'team outbox', 'team mirror']) assert.ok(lines[name]?.ok, `${name}: ${JSON.stringify(lines[name])}`);
  assert.match(lines['team mirror']!.detail, /up to date/);

  const gone = await bob.json(['team', 'disconnect']);
  assert.ok(gone.mirrorDeleted > 0);
  assert.deepEqual(await bob.json(['search', 'checkout pool leak', '--scope', 'team'], bobShop), []);
  // No password anywhere in mnemo's files.
  for (const p of [alice, bob]) {
    for (const f of readdirSync(p.dataDir, { recursive: true, withFileTypes: true })) {
      if (f.isFile()) assert.ok(!readFileSync(join(f.parentPath, f.name)).includes(Buffer.from(p.member.password)), `${f.name} holds the password`);
    }
  }
});

test('connect from the PG* environment alone: saved as a URL without a password, used by later syncs without that environment', async () => {
  const carol = await person('carol');
  const pgEnv = { PGHOST: cluster.host, PGPORT: String(cluster.port), PGUSER: carol.member.role, PGDATABASE: fx.db, PGSSLMODE: 'disable' };
  const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [cliJs(), 'team', 'connect', '--json'], { cwd: carol.home, env: childEnv(carol.dataDir, { ...carol.env, ...pgEnv }), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b) => (stdout += b));
    child.stderr.on('data', (b) => (stderr += b));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).team, team);
  const status = await carol.json(['team', 'status']);
  assert.match(status.connection.url, new RegExp(`^postgres://${carol.member.role}@`));
  assert.ok(!status.connection.url.includes(carol.member.password));
  assert.equal(status.serverError, null, 'reached again without the PG* environment');
});
