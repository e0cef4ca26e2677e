/**
 * Hook latency with team sharing on, against off, in one run: the same hooks (the built bundle, as
 * Claude Code runs them) in two data directories that differ only in that one is connected to a team
 * server (a throwaway PostgreSQL started here) and shares the project. Every round runs every case
 * once, shuffled, with a bare `node -e ""` in the same round; the figure that matters is the median
 * of the per-round ratios on ÷ off (1.00× = no difference). Sharing adds, in the hook: a lookup of the
 * project's share and an outbox row per record in the fold's transaction (SessionStart/End), and at
 * SessionEnd the start of the detached `mnemo team sync --background`; never a network connection.
 *
 *   npm run bench -- team-hooks          MNEMO_BENCH_ROUNDS=N (default 30)
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { resolvePlace } from '../src/hooks/place.ts';
import { addMember, initTeam } from '../src/store/postgres/admin.ts';
import { openTeamServer } from '../src/store/postgres/open.ts';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.ts';
import { saveConnection } from '../src/team/connection.ts';
// @ts-expect-error plain JS module shared with .ci/run
import { startCluster, stopCluster } from '../scripts/pg-cluster.mjs';
import { childEnv, machine, machineLine, ROOT, shouldWrite, writeSection } from './lib/report.ts';
import { median, ms, ratio, rng, shuffle, table } from './lib/stats.ts';

const ROUNDS = Math.max(10, Number(process.env.MNEMO_BENCH_ROUNDS) || 30);
const WARMUP = 3;

const random = rng(11);
const hex = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
const sid = () => `${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`;

function source(lines: number): string {
  const out: string[] = [];
  for (let i = 0; out.length < lines; i++) out.push(`export async function acquireConnection${i}(pool) {`, `  return pool.tryAcquire(${i * 10});`, '}', '');
  return out.join('\n');
}
const ORIGINAL = source(400);

const payloads = (cwd: string) => {
  const common = (event: string, session = sid()) => ({ session_id: session, transcript_path: join(cwd, `${session}.jsonl`), cwd, permission_mode: 'default', hook_event_name: event });
  const file = join(cwd, 'src/db/pool.ts');
  return {
    edit: () => ({
      ...common('PostToolUse'),
      tool_name: 'Edit',
      tool_input: { file_path: file, old_string: 'return pool.tryAcquire(10);', new_string: 'return pool.tryAcquire(Math.max(10, left()));', replace_all: false },
      tool_response: { filePath: file, oldString: 'return pool.tryAcquire(10);', newString: 'return pool.tryAcquire(Math.max(10, left()));', originalFile: ORIGINAL, structuredPatch: [], userModified: false, replaceAll: false },
      tool_use_id: `toolu_01${hex(22)}`,
    }),
    prompt: () => ({ ...common('UserPromptSubmit'), prompt: 'acquireConnection times out under load although idle clients exist; fix the retry loop in src/db/pool.ts. 连接池超时。' }),
    start: () => ({ ...common('SessionStart'), source: 'startup', model: 'claude-sonnet-4-5' }),
    end: () => ({ ...common('SessionEnd'), reason: 'prompt_input_exit' }),
  };
};

interface Case {
  readonly id: string;
  readonly label: string;
  readonly args: readonly string[];
  readonly dataDir?: string;
  readonly cwd?: string;
  readonly payload?: () => object;
  /** After each timed run, end the session it started (untimed), as a host does. */
  readonly thenEnd?: boolean;
}

async function main(): Promise<void> {
  const facts = machine();
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const dist = mkdtempSync(join(ROOT, '.tmp', 'bench-team-dist-'));
  cpSync(join(ROOT, 'plugin', 'dist'), dist, { recursive: true });
  const HOOK = join(dist, 'hook.cjs');
  const base = mkdtempSync(join(tmpdir(), 'mnemo-bench-team-hooks-'));
  const cluster = await startCluster();
  const admin = new pg.Client({ connectionString: `postgres://postgres@${encodeURIComponent(cluster.dir)}:${cluster.port}/postgres` });
  await admin.connect();
  try {
    await initTeam(admin, 'bench');
    await admin.query("CREATE ROLE dev LOGIN PASSWORD 'pw-dev'");
    await addMember(admin, 'bench', 'dev');
    const pgpass = join(base, 'pgpass');
    writeFileSync(pgpass, '*:*:postgres:dev:pw-dev\n', { mode: 0o600 });
    process.env.PGPASSFILE = pgpass;
    const dirs = { off: join(base, 'off'), on: join(base, 'on') };
    const repo = join(base, 'shop');
    mkdirSync(repo, { recursive: true });
    spawnSync('git', ['init', '-q', repo]);
    spawnSync('git', ['-C', repo, 'remote', 'add', 'origin', 'git@github.com:acme/shop.git']);
    const cwd = realpathSync(repo);
    for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
    {
      const store = SqliteStore.open({ path: join(dirs.on, 'mnemo.db'), busyTimeoutMs: 2000 });
      const conn = { url: `postgres://dev@127.0.0.1:${cluster.port}/postgres?sslmode=disable`, team: 'bench', origin: 'bench@local' };
      const server = await openTeamServer(conn);
      saveConnection(store.team, conn, await server.whoami());
      await server.close();
      store.team.share(resolvePlace(cwd).project, 'github.com/acme/shop', { prompts: true, history: false });
      await store.close();
      await SqliteStore.open({ path: join(dirs.off, 'mnemo.db'), busyTimeoutMs: 2000 }).close();
    }
    const p = payloads(cwd);
    const hookCases = (mode: 'on' | 'off'): Case[] => [
      { id: `edit-${mode}`, label: `PostToolUse (Edit), sharing ${mode}`, args: [HOOK, 'PostToolUse'], dataDir: dirs[mode], cwd, payload: p.edit },
      { id: `prompt-${mode}`, label: `UserPromptSubmit, sharing ${mode}`, args: [HOOK, 'UserPromptSubmit'], dataDir: dirs[mode], cwd, payload: p.prompt },
      { id: `start-${mode}`, label: `SessionStart (kept index), sharing ${mode}`, args: [HOOK, 'SessionStart'], dataDir: dirs[mode], cwd, payload: p.start, thenEnd: true },
      { id: `end-${mode}`, label: `SessionEnd (folds the round's events${mode === 'on' ? ', queues them, starts the detached sync' : ''}), sharing ${mode}`, args: [HOOK, 'SessionEnd'], dataDir: dirs[mode], cwd, payload: p.end },
    ];
    const cases: Case[] = [{ id: 'bare', label: 'bare `node -e ""`', args: ['-e', ''] }, ...hookCases('off'), ...hookCases('on')];
    const times = new Map(cases.map((c) => [c.id, [] as number[]]));
    const problems = new Set<string>();
    const order = rng(3);
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      for (const c of shuffle([...cases], order)) {
        const payload = c.payload?.();
        const env = childEnv({ PGPASSFILE: pgpass, ...(c.dataDir ? { MNEMO_DATA_DIR: c.dataDir } : {}) });
        const t = performance.now();
        const r = spawnSync(process.execPath, c.args, { input: payload ? JSON.stringify(payload) : '', env, cwd: c.cwd ?? ROOT, encoding: 'utf8' });
        const elapsed = performance.now() - t;
        if (r.status !== 0) problems.add(`${c.label}: exit ${r.status}: ${r.stderr.slice(0, 200)}`);
        if (round >= WARMUP) times.get(c.id)!.push(elapsed);
        if (c.thenEnd && payload) spawnSync(process.execPath, [HOOK, 'SessionEnd'], { input: JSON.stringify({ ...payload, hook_event_name: 'SessionEnd', reason: 'other' }), env, cwd: c.cwd, encoding: 'utf8' });
      }
      if ((round + 1) % 10 === 0) process.stderr.write(`  round ${round + 1} / ${WARMUP + ROUNDS}\n`);
    }
    // What sharing did meanwhile: every record of the shared store reached the server.
    const { syncSaved } = await import('../src/team/run.ts');
    const onStore = SqliteStore.open({ path: join(dirs.on, 'mnemo.db'), busyTimeoutMs: 5000 });
    await syncSaved(onStore.team, { PGPASSFILE: pgpass });
    const waiting = onStore.team.outbox().waiting;
    const localObs = (await onStore.stats()).observations;
    await onStore.close();
    const onServer = Number((await admin.query("SELECT count(*) AS n FROM mnemo.records WHERE kind = 'observation'")).rows[0].n);

    const bare = times.get('bare')!;
    const rows = ['edit', 'prompt', 'start', 'end'].map((k) => {
      const off = times.get(`${k}-off`)!;
      const on = times.get(`${k}-on`)!;
      const perRound = on.map((v, i) => v / off[i]!);
      return [
        cases.find((c) => c.id === `${k}-on`)!.label.replace(/, sharing on$/, ''),
        ms(median(off)),
        ms(median(on)),
        ratio(median(off) / median(bare)),
        ratio(median(on) / median(bare)),
        ratio(median(perRound)),
      ];
    });
    const md = [
      '## Hooks with team sharing on vs off (bench/team-hooks.bench.ts)',
      '',
      machineLine(facts),
      '',
      `${ROUNDS} rounds after ${WARMUP} warm-up ones; every case once a round, shuffled; bare node median ${ms(median(bare))} ms. ` +
        `"On": a data directory connected to a team on a local PostgreSQL and sharing the project (its SessionEnd started ${ROUNDS + WARMUP}× the detached sync); ` +
        `afterwards ${onServer} of its ${localObs} observations were on the server, ${waiting} waiting.`,
      '',
      table(['hook', 'off median ms', 'on median ms', 'off × bare', 'on × bare', 'on ÷ off (median of per-round ratios)'], rows),
      '',
      problems.size ? ['Problems:', ...[...problems].map((x) => `- ${x}`)].join('\n') : 'Every run exited 0.',
    ].join('\n');
    console.log(`\n${md}\n`);
    if (shouldWrite()) writeSection('team-hooks', md);
  } finally {
    await admin.end().catch(() => undefined);
    // Detached syncs may still be finishing: give them a moment before the server goes.
    await new Promise((r) => setTimeout(r, 2000));
    stopCluster(cluster);
    rmSync(base, { recursive: true, force: true });
    rmSync(dist, { recursive: true, force: true });
  }
}

await main();
