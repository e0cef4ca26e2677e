/**
 * Hooks never open a network connection, team sharing on or not: the built hook bundles load no
 * network module and no PostgreSQL client, and real hook processes in a data directory that is
 * connected to a team and shares the project open no socket, while SessionEnd's detached
 * `mnemo team sync --background` (a separate process) does put the session on the server.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { resolvePlace } from '../../../src/hooks/place.ts';
import { openTeamServer } from '../../../src/store/postgres/open.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { saveConnection } from '../../../src/team/connection.ts';
import { testCluster } from '../../helpers/pg.ts';
import { teamFixture } from '../../helpers/team-fixture.ts';
import { dist, runHook, tempDir, validPayload } from '../hooks/helpers.ts';
import { serverRecords } from './machines.ts';

/** Modules a hook must never load: sockets, TLS, name lookups, HTTP, and the PostgreSQL client. */
const NETWORK = ['net', 'tls', 'dns', 'http', 'https', 'http2', 'dgram'];
const CLIENTS = ['pg', 'pg-protocol', 'pg-pool', 'pg-connection-string', 'pgpass'];

test('the hook bundles require no network module and no PostgreSQL client', () => {
  const dir = dist();
  const files = readdirSync(dir).filter((f) => /^hook.*\.cjs$/.test(f));
  assert.ok(files.includes('hook-main.cjs') && files.includes('hook-store.cjs'), files.join(', '));
  for (const file of files) {
    const text = readFileSync(join(dir, file), 'utf8');
    const required = [...text.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!.replace(/^node:/, ''));
    for (const name of [...NETWORK, ...CLIENTS]) assert.ok(!required.includes(name), `${file} requires ${name}`);
    // Bundled in instead of required: pg's protocol parser and its connection code.
    assert.doesNotMatch(text, /SCRAM-SERVER-FIRST-MESSAGE|pg_notify|\bLISTEN mnemo_team/, `${file} holds team server code`);
  }
});

test('real hooks in a connected, shared data directory open no socket; the detached sync pushes the session', async () => {
  const fx = await teamFixture(await testCluster());
  const team = await fx.team('hk');
  const member = await fx.member([team], { prefix: 'hook' });
  const root = tempDir('mnemo-team-hooks-');
  const dataDir = join(root, 'data');
  const repo = join(root, 'shop');
  mkdirSync(repo, { recursive: true });
  spawnSync('git', ['init', '-q', repo]);
  spawnSync('git', ['-C', repo, 'remote', 'add', 'origin', 'git@github.com:Acme/Shop.git']);
  const project = resolvePlace(repo).project;
  const pgpass = join(root, 'pgpass');
  writeFileSync(pgpass, `*:*:${fx.db}:${member.role}:${member.password}\n`, { mode: 0o600 });
  const env = { PGPASSFILE: pgpass };
  process.env.PGPASSFILE = pgpass; // the pgpass library reads it from process.env

  // Connected and sharing, as `mnemo team connect` and `mnemo team share` leave it.
  mkdirSync(dataDir, { recursive: true });
  const store = SqliteStore.open({ path: join(dataDir, 'mnemo.db'), busyTimeoutMs: 2000 });
  const conn = { url: `postgres://${member.role}@127.0.0.1:${(await testCluster()).port}/${fx.db}?sslmode=disable`, team, origin: `${team}@test` };
  const server = await openTeamServer(conn, { env: { ...process.env, ...env } });
  saveConnection(store.team, conn, await server.whoami());
  await server.close();
  store.team.share(project, 'github.com/acme/shop', { prompts: true, history: false });
  await store.close();

  // Every socket any process opens is written down with that process's command line.
  const sockets = join(root, 'sockets.log');
  const preload = join(root, 'watch-sockets.cjs');
  writeFileSync(
    preload,
    `const net = require('node:net'); const fs = require('node:fs');
     const connect = net.Socket.prototype.connect;
     net.Socket.prototype.connect = function (...args) {
       fs.appendFileSync(${JSON.stringify(sockets)}, process.argv.slice(1).join(' ') + '\\n');
       return connect.apply(this, args);
     };`,
  );
  const hookEnv = { ...env, NODE_OPTIONS: `--require ${preload}` };
  const session = 'team-hooks-1';
  for (const event of ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionEnd'] as const) {
    const r = await runHook(event, validPayload(event, session, repo), { dataDir, cwd: repo, env: hookEnv });
    assert.equal(r.code, 0, `${event}: ${r.stderr}`);
  }

  // SessionEnd started the sync in the background: wait for the session's records on the server.
  let titles: string[] = [];
  for (let i = 0; i < 100 && titles.length < 3; i++) {
    await new Promise((r) => setTimeout(r, 200));
    titles = [...(await serverRecords(member, team)).values()].flatMap((r) => (r.kind === 'observation' ? [r.title] : []));
  }
  assert.ok(titles.some((t) => t.includes('Add retry with backoff')), `the prompt reached the server: ${JSON.stringify(titles)}`);
  assert.ok(titles.some((t) => /npm test/.test(t)), 'the tool call reached the server');
  const log = existsSync(sockets) ? readFileSync(sockets, 'utf8').trim().split('\n').filter(Boolean) : [];
  assert.ok(log.length > 0, 'the detached sync connected (the watcher works)');
  const fromHooks = log.filter((line) => /hook\.c?js/.test(line));
  assert.deepEqual(fromHooks, [], 'a hook opened a socket');
  assert.ok(log.every((line) => /cli\.js team sync --background/.test(line)), log.join('\n'));
});
