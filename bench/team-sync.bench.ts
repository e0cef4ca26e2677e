/**
 * Team sync lag: from a teammate's SessionEnd to my search finding what they did, on a throwaway
 * PostgreSQL cluster started here. Alice works through the real hook bundle in a data directory that
 * is connected and shares the project; her SessionEnd starts `mnemo team sync --background`. Bob runs
 * the real `mnemo mcp` (its team loop: LISTEN for pushes, a pull every 5 s otherwise) and asks its
 * `search` tool, as a model would, every 50 ms. Per round:
 * - push lag: SessionEnd starts → the record is on the server (polled every 20 ms);
 * - search lag: SessionEnd starts → Bob's MCP search returns it.
 * A second series runs Bob's server without LISTEN (polling alone) as the baseline the notification
 * is compared with, interleaved round by round.
 *
 *   npm run bench -- team-sync          MNEMO_BENCH_ROUNDS=N (default 12)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import pg from 'pg';
import { resolvePlace } from '../src/hooks/place.ts';
import { addMember, initTeam } from '../src/store/postgres/admin.ts';
import { openTeamServer } from '../src/store/postgres/open.ts';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.ts';
import { saveConnection } from '../src/team/connection.ts';
// @ts-expect-error plain JS module shared with .ci/run
import { startCluster, stopCluster } from '../scripts/pg-cluster.mjs';
import { childEnv, machine, machineLine, ROOT, shouldWrite, writeSection } from './lib/report.ts';
import { median, p95, table } from './lib/stats.ts';

const ROUNDS = Math.max(3, Number(process.env.MNEMO_BENCH_ROUNDS) || 12);
const HOOK = join(ROOT, 'plugin', 'dist', 'hook.cjs');
const CLI = join(ROOT, 'plugin', 'dist', 'cli.js');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Person {
  readonly role: string;
  readonly dataDir: string;
  readonly repo: string;
}

async function main(): Promise<void> {
  const facts = machine();
  const base = mkdtempSync(join(tmpdir(), 'mnemo-bench-team-sync-'));
  const cluster = await startCluster();
  const admin = new pg.Client({ connectionString: `postgres://postgres@${encodeURIComponent(cluster.dir)}:${cluster.port}/postgres` });
  await admin.connect();
  const closers: (() => Promise<void>)[] = [];
  try {
    await initTeam(admin, 'bench');
    const pgpass = join(base, 'pgpass');
    const people: Person[] = [];
    const lines: string[] = [];
    for (const role of ['alice', 'bob', 'bobpoll']) {
      await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD 'pw-${role}'`);
      await addMember(admin, 'bench', role);
      lines.push(`*:*:postgres:${role}:pw-${role}`);
      const dataDir = join(base, role, 'data');
      const repo = join(base, role, 'shop');
      mkdirSync(dataDir, { recursive: true });
      mkdirSync(repo, { recursive: true });
      spawnSync('git', ['init', '-q', repo]);
      spawnSync('git', ['-C', repo, 'remote', 'add', 'origin', 'git@github.com:acme/shop.git']);
      people.push({ role, dataDir, repo: realpathSync(repo) });
    }
    writeFileSync(pgpass, lines.join('\n') + '\n', { mode: 0o600 });
    process.env.PGPASSFILE = pgpass;
    const env = { PGPASSFILE: pgpass };
    for (const p of people) {
      const store = SqliteStore.open({ path: join(p.dataDir, 'mnemo.db'), busyTimeoutMs: 2000 });
      const conn = { url: `postgres://${p.role}@127.0.0.1:${cluster.port}/postgres?sslmode=disable`, team: 'bench', origin: 'bench@local' };
      const server = await openTeamServer(conn);
      saveConnection(store.team, conn, await server.whoami());
      await server.close();
      store.team.share(resolvePlace(p.repo).project, 'github.com/acme/shop', { prompts: true, history: false });
      await store.close();
    }
    const [alice, bob, bobPoll] = people as [Person, Person, Person];
    const watcher = await openTeamServer({ url: `postgres://alice@127.0.0.1:${cluster.port}/postgres?sslmode=disable`, team: 'bench' });
    closers.push(() => watcher.close());

    // Bob's MCP servers: one listening (the default), one polling only (no LISTEN: MNEMO_TEAM_LISTEN=0).
    const mcp = async (p: Person, extra: Record<string, string>) => {
      const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], cwd: p.repo, env: { ...(childEnv({ ...env, MNEMO_DATA_DIR: p.dataDir, ...extra }) as Record<string, string>) }, stderr: 'ignore' });
      const client = new Client({ name: 'bench', version: '0' });
      await client.connect(transport);
      closers.push(() => client.close());
      return client;
    };
    const listening = await mcp(bob, {});
    const polling = await mcp(bobPoll, { MNEMO_TEAM_LISTEN: '0' });
    await sleep(2000); // both loops connected and listening

    const hook = (event: string, payload: object) => {
      const r = spawnSync(process.execPath, [HOOK, event], { input: JSON.stringify(payload), env: childEnv({ ...env, MNEMO_DATA_DIR: alice.dataDir }), cwd: alice.repo, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`${event}: ${r.stderr}`);
    };
    const found = async (client: Client, marker: string) => {
      const r = await client.callTool({ name: 'search', arguments: { query: marker, scope: 'team' } });
      return ((r.structuredContent as { results?: unknown[] } | undefined)?.results?.length ?? 0) > 0;
    };
    const series = { push: [] as number[], listen: [] as number[], poll: [] as number[], bare: [] as number[] };
    // The yardstick of this machine at this moment: one bare Node start, timed in every round.
    const bareStart = () => {
      const t = performance.now();
      spawnSync(process.execPath, ['-e', ''], { env: childEnv() });
      return performance.now() - t;
    };
    let cursor = (await watcher.status()).head;
    for (let round = 0; round < ROUNDS + 1; round++) {
      const marker = `lagmarker${round}x${Math.floor(Math.random() * 1e6)}`;
      const sid = `bench-${round}`;
      const common = { session_id: sid, transcript_path: join(alice.repo, 'none.jsonl'), cwd: alice.repo };
      hook('SessionStart', { ...common, hook_event_name: 'SessionStart', source: 'startup' });
      hook('UserPromptSubmit', { ...common, hook_event_name: 'UserPromptSubmit', prompt: `Fix the ${marker} timeout in the pool` });
      const bare = bareStart();
      const t0 = performance.now();
      hook('SessionEnd', { ...common, hook_event_name: 'SessionEnd', reason: 'other' });
      let pushed: number | undefined;
      let viaListen: number | undefined;
      let viaPoll: number | undefined;
      while ((pushed === undefined || viaListen === undefined || viaPoll === undefined) && performance.now() - t0 < 60_000) {
        if (pushed === undefined) {
          const page = await watcher.pull(cursor, 100);
          if (page.changes.some((c) => c.op === 'put' && c.record.kind === 'observation' && c.record.title.includes(marker))) pushed = performance.now() - t0;
        }
        if (viaListen === undefined && (await found(listening, marker))) viaListen = performance.now() - t0;
        if (viaPoll === undefined && (await found(polling, marker))) viaPoll = performance.now() - t0;
        await sleep(20);
      }
      cursor = (await watcher.status()).head;
      if (round === 0) continue; // warm-up: first process starts, first statements prepared
      series.bare.push(bare);
      if (pushed !== undefined) series.push.push(pushed);
      if (viaListen !== undefined) series.listen.push(viaListen);
      if (viaPoll !== undefined) series.poll.push(viaPoll);
      process.stderr.write(`  round ${round}: on the server after ${Math.round(pushed ?? NaN)} ms, found by search after ${Math.round(viaListen ?? NaN)} ms (listening) / ${Math.round(viaPoll ?? NaN)} ms (polling)\n`);
    }
    const s = (xs: number[]) => [`${(median(xs) / 1000).toFixed(2)} s`, `${(p95(xs) / 1000).toFixed(2)} s`, `${(median(xs) / median(series.bare)).toFixed(1)}×`, `${xs.length}/${ROUNDS}`];
    const md = [
      '## Team sync lag (bench/team-sync.bench.ts)',
      '',
      machineLine(facts),
      '',
      `From the start of a teammate's SessionEnd hook (real hook bundle, connected data directory) to the record being on the server, and to my \`mnemo mcp\` ` +
        `\`search\` (scope team) returning it; ${ROUNDS} rounds after one warm-up, PostgreSQL ${cluster.port ? 'on 127.0.0.1' : ''} started by the bench.`,
      '',
      table(
        ['stage', 'median', 'p95', 'median ÷ one bare node start', 'rounds found'],
        [
          ['on the server (SessionEnd → detached `mnemo team sync --background` → push)', ...s(series.push)],
          ['found by my MCP search, server listening (LISTEN/NOTIFY, the default)', ...s(series.listen)],
          ['found by my MCP search, polling only (every 5 s; `MNEMO_TEAM_LISTEN=0`)', ...s(series.poll)],
        ],
      ),
      '',
      `A bare \`node -e ""\` took ${Math.round(median(series.bare))} ms (median of one a round) in this run: the lag is a few process starts (the hook, the detached \`mnemo team sync\`, which opens the store and the server) plus one round trip to the server. ` +
        `Listening over polling, median: ${(median(series.listen) / median(series.poll)).toFixed(2)}×.`,
    ].join('\n');
    console.log(`\n${md}\n`);
    if (shouldWrite()) writeSection('team-sync', md);
  } finally {
    for (const c of closers.reverse()) await c().catch(() => undefined);
    await admin.end().catch(() => undefined);
    stopCluster(cluster);
    rmSync(base, { recursive: true, force: true });
  }
}

await main();
