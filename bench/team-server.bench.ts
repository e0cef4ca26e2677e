/**
 * Team server benchmark, on a throwaway PostgreSQL cluster started here, with the records of a seeded
 * local store (bench/lib/seed: the realistic corpus, extraction's tags and priorities included) shared
 * as the sync engine shares them:
 * - push and pull throughput (records/s) with 1 client and with 20 at once (batches of
 *   TEAM_LIMITS.batch, as the sync engine sends them; and 250, the batch size before);
 * - seeding in bulk: COPY (pg-copy-streams) against INSERT … SELECT FROM jsonb_to_recordset;
 * - server search p50/p95 at N and 10 × N shared records (English, CJK, identifiers, paths), each
 *   against a baseline interleaved with it (the team's newest 20 records, same pool), and the growth
 *   between the two sizes; 10 × N is the N-record history ten times over, copied on the server;
 * - agreement with local search at N: top-10 overlap of `search` on the server and
 *   `SqliteStore.search` on the store the records came from, same queries, same current project.
 *
 *   npm run bench -- team-server              N = 100,000 (and 1,000,000)
 *   npm run bench -- team-server -- --small   N = 10,000 (and 100,000)
 *   MNEMO_BENCH_FROM_<N>=file.db              the local store to share (else the seed cache, else seeded)
 *   MNEMO_BENCH_PG_DIR=dir                    keep the cluster there, and reuse its seeded records next time
 *   MNEMO_BENCH_QUERIES=n                     queries per class (default 100, --small 40)
 *   MNEMO_BENCH_PARTS=search                  only some parts (throughput, seeding, search; default all)
 */
import pg from 'pg';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEAM_LIMITS, type SharedObservation } from '../src/core/team/contract.ts';
import { addMember, initTeam } from '../src/store/postgres/admin.ts';
import { SEARCH_INDEX_OPTIONS } from '../src/store/postgres/migrations.ts';
import { openTeamServer } from '../src/store/postgres/open.ts';
import type { PgTeamServer } from '../src/store/postgres/team-server.ts';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.ts';
import { Corpus } from './lib/corpus.ts';
import { copyRecords, jsonRecords, projectKey, replicate, sharedFromStore } from './lib/pg-seed.ts';
import { machine, machineLine, ROOT, shouldWrite, writeSection } from './lib/report.ts';
import { benchProjectDir, seededStore } from './lib/seed.ts';
import { int, median, ms, p95, ratio, rng, shuffle, table } from './lib/stats.ts';
// @ts-expect-error plain JS module shared with .ci/run
import { startCluster, stopCluster } from '../scripts/pg-cluster.mjs';

const small = process.argv.includes('--small');
const N = small ? 10_000 : 100_000;
const SIZES = [N, N * 10] as const;
/** MNEMO_BENCH_SIZES=100000: only these sizes (a partial run writes no report). */
const ONLY = process.env.MNEMO_BENCH_SIZES?.split(',').map(Number);
const QUERIES = Number(process.env.MNEMO_BENCH_QUERIES) || (small ? 40 : 100);
const PUSH_RECORDS = small ? 4_000 : 10_000;
const RATIO_ROWS = small ? 2_000 : 5_000;
const CLASSES = ['english', 'cjk', 'identifier', 'path'] as const;
type ClassName = (typeof CLASSES)[number];
const log = (s: string) => process.stderr.write(`${s}\n`);
const PARTS = new Set((process.env.MNEMO_BENCH_PARTS ?? 'throughput,seeding,search').split(','));

// --- the local store the records come from -------------------------------------------------------

const work = mkdtempSync(join(tmpdir(), 'mnemo-bench-team-'));
const localPath = join(work, 'local.db');
const from = process.env[`MNEMO_BENCH_FROM_${N}`];
if (from) copyFileSync(from, localPath);
else {
  log(`team-server: local store of ${int(N)} observations (seed cache or seeding)…`);
  await seededStore(localPath, N, ROOT);
}
const corpus = new Corpus({ observations: N, bigProjectPath: benchProjectDir() });
const local: (SharedObservation & { localId: number })[] = [...sharedFromStore(localPath, N)];
const spanMs = local[local.length - 1]!.createdAt - local[0]!.createdAt + 86_400_000;
const withSeq = (from = 0, to = local.length) => local.slice(from, to).map((r, i) => ({ ...r, seq: from + i + 1 }));

// --- the cluster ---------------------------------------------------------------------------------

const keep = process.env.MNEMO_BENCH_PG_DIR;
const cluster = await startCluster(keep ? { dir: keep } : {});
const adminUrl = `postgres://postgres@${encodeURIComponent(cluster.host)}:${cluster.port}/postgres`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();

interface Throughput {
  push: number;
  pull: number;
}
interface ClassTimes {
  wall: number[];
  /** CPU time of the search (server backend + this process): what it costs on an idle machine. */
  cpu: number[];
  hits: number;
}

/** On-CPU nanoseconds of a process so far (Linux schedstat: exact, unlike the 10 ms ticks of /proc/PID/stat). */
function cpuNs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
}
/** The ranking before round 4 (the lists alone: no concept ranking, no structure lists), interleaved for a ratio. */
const LISTS_ONLY = ['english', 'cjk'] as const;
interface SizeResult {
  size: number;
  seeded: string;
  classes: Record<ClassName, ClassTimes>;
  listsOnly: Record<(typeof LISTS_ONLY)[number], ClassTimes>;
  baseline: number[];
  baselineCpu: number[];
  storage: { table: string; indexes: string };
}
class PartialRun extends Error {}
interface Agreement {
  overlap: number;
  top1: number;
  n: number;
}

try {
  await initTeam(admin, 'bench');
  await initTeam(admin, 'scratch');
  const members: { role: string; url: string }[] = [];
  for (let i = 0; i < 4; i++) {
    const role = `bench_dev${i}`;
    const exists = (await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])).rowCount;
    if (!exists) await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD 'bench'`);
    await addMember(admin, 'bench', role);
    await addMember(admin, 'scratch', role);
    // A generous connect timeout: 20 clients logging in at once (SCRAM) on a loaded machine take a while.
    members.push({ role, url: `postgres://${role}:bench@127.0.0.1:${cluster.port}/postgres?sslmode=disable&connect_timeout=120` });
  }
  const teamIdOf = async (name: string) => (await admin.query<{ team_id: number }>('SELECT team_id FROM mnemo.teams WHERE name = $1', [name])).rows[0]!.team_id;
  const benchId = await teamIdOf('bench');
  const scratchId = await teamIdOf('scratch');
  const pgVersion = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
  const m = machine();
  log(`team server benchmark (PostgreSQL ${pgVersion}, N = ${int(N)}, ${QUERIES} queries per class), load ${m.load}`);

  // --- push / pull throughput, on the scratch team -----------------------------------------------

  async function throughput(clients: number, batch: number): Promise<Throughput> {
    const servers = await Promise.all(Array.from({ length: clients }, (_, i) => openTeamServer({ url: members[i % members.length]!.url, team: 'scratch' })));
    const per = Math.floor(PUSH_RECORDS / clients);
    const tag = `${clients}c${batch}-${Date.now()}`;
    const head0 = (await servers[0]!.status()).head;
    let t = performance.now();
    await Promise.all(
      servers.map(async (s, c) => {
        for (let i = 0; i < per; i += batch) {
          const records = local.slice(c * per + i, c * per + Math.min(per, i + batch)).map(({ localId: _, ...r }) => ({ ...r, uid: `${tag}-${r.uid}` }));
          await s.push(records);
        }
      }),
    );
    const push = (per * clients) / ((performance.now() - t) / 1000);
    t = performance.now();
    let pulled = 0;
    await Promise.all(
      servers.map(async (s) => {
        let cursor = head0;
        for (;;) {
          const page = await s.pull(cursor, 1000);
          pulled += page.changes.length;
          cursor = page.cursor;
          if (!page.more) break;
        }
      }),
    );
    const pull = pulled / ((performance.now() - t) / 1000);
    await Promise.all(servers.map((s) => s.close()));
    return { push, pull };
  }
  const none = { push: NaN, pull: NaN };
  const oneSmall = PARTS.has('throughput') ? await throughput(1, 250) : none;
  const one = PARTS.has('throughput') ? await throughput(1, TEAM_LIMITS.batch) : none;
  const twenty = PARTS.has('throughput') ? await throughput(20, TEAM_LIMITS.batch) : none;
  log(`push: 1 client ${int(one.push)}/s (batches of 250: ${int(oneSmall.push)}/s), 20 clients ${int(twenty.push)}/s; pull: 1 client ${int(one.pull)}/s, 20 clients ${int(twenty.pull)}/s`);

  // --- seeding: COPY against jsonb_to_recordset, same rows, scratch team -------------------------

  const bulk = async <T>(fn: () => Promise<T>): Promise<T> => {
    await admin.query('ALTER TABLE mnemo.records DISABLE TRIGGER records_stamp');
    try {
      return await fn();
    } finally {
      await admin.query('ALTER TABLE mnemo.records ENABLE TRIGGER records_stamp');
    }
  };
  const wipe = async (teamId: number) => {
    await admin.query('ALTER TABLE mnemo.records DISABLE TRIGGER records_bury');
    await admin.query('DELETE FROM mnemo.records WHERE team_id = $1', [teamId]);
    await admin.query('DELETE FROM mnemo.tombstones WHERE team_id = $1', [teamId]);
    await admin.query('ALTER TABLE mnemo.records ENABLE TRIGGER records_bury');
  };
  const noSeed = { rows: 0, ms: NaN };
  await wipe(scratchId);
  const viaJson = PARTS.has('seeding') ? await bulk(() => jsonRecords(admin, scratchId, members[1]!.role, withSeq(0, RATIO_ROWS))) : noSeed;
  await wipe(scratchId);
  const viaCopy = PARTS.has('seeding') ? await bulk(() => copyRecords(admin, scratchId, members[1]!.role, withSeq(0, RATIO_ROWS))) : noSeed;
  await wipe(scratchId);
  log(`seeding ${int(RATIO_ROWS)} rows (search index in place): COPY ${int(viaCopy.rows / (viaCopy.ms / 1000))}/s, jsonb_to_recordset ${int(viaJson.rows / (viaJson.ms / 1000))}/s`);

  // --- search at N and 10 × N ----------------------------------------------------------------------

  const count = async () => Number((await admin.query<{ n: string }>('SELECT count(*) AS n FROM mnemo.records WHERE team_id = $1', [benchId])).rows[0]!.n);
  const withoutSearchIndex = async <T>(fn: () => Promise<T>): Promise<T> => {
    await admin.query('DROP INDEX IF EXISTS mnemo.records_search');
    try {
      return await fn();
    } finally {
      await admin.query(`CREATE INDEX IF NOT EXISTS records_search ON mnemo.records USING gin (search) WITH (${SEARCH_INDEX_OPTIONS})`);
      await admin.query('VACUUM ANALYZE mnemo.records');
    }
  };
  // One connection each, so that their backends' CPU time can be read (the server runs on this machine).
  const server = await openTeamServer({ url: members[0]!.url, team: 'bench' }, { poolSize: 1 });
  const pool = new pg.Pool({ connectionString: members[2]!.url, max: 1 });
  const backendOf = async (role: string) => {
    const r = await admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE usename = $1 AND backend_type = 'client backend' ORDER BY backend_start DESC LIMIT 1`, [role]);
    return r.rows[0]!.pid;
  };
  const q = corpus.queries(QUERIES);
  const current = corpus.bigProject.path;
  const results: SizeResult[] = [];
  let agreement: Record<ClassName, Agreement> | undefined;

  for (const size of PARTS.has('search') ? SIZES.filter((z) => !ONLY || ONLY.includes(z)) : []) {
    const have = await count();
    let seeded: string;
    if (have === size) seeded = 'reused from MNEMO_BENCH_PG_DIR';
    else if (size === N) {
      if (have) await wipe(benchId);
      const s = await bulk(() => withoutSearchIndex(() => copyRecords(admin, benchId, members[1]!.role, withSeq())));
      seeded = `COPY, ${int(s.rows / (s.ms / 1000))} rows/s, search index built after`;
    } else {
      await admin.query('DELETE FROM mnemo.records WHERE team_id = $1 AND seq > $2', [benchId, N]);
      const s = await bulk(() => withoutSearchIndex(() => replicate(admin, benchId, N, size / N, spanMs)));
      seeded = `copied on the server, ${int(s.rows / (s.ms / 1000))} rows/s, search index built after`;
    }
    await admin.query('UPDATE mnemo.team_seq SET last_seq = greatest(last_seq, $2) WHERE team_id = $1', [benchId, size]);
    log(`${int(size)} records (${seeded})`);

    const search = (query: string, limit = 20, tuning = {}) => server.search({ query, scope: 'all', limit, currentProject: projectKey(current) }, tuning);
    const newest = () => pool.query(`SELECT uid, title, body, tags FROM mnemo.records WHERE team_id = $1 ORDER BY seq DESC LIMIT 20`, [benchId]);
    for (const c of CLASSES) for (const query of q[c].slice(0, 10)) await search(query); // warm
    await newest();
    const [searchPid, baselinePid] = [await backendOf(members[0]!.role), await backendOf(members[2]!.role)];
    const classes = Object.fromEntries(CLASSES.map((c) => [c, { wall: [] as number[], cpu: [] as number[], hits: 0 }])) as Record<ClassName, ClassTimes>;
    const listsOnly = Object.fromEntries(LISTS_ONLY.map((c) => [c, { wall: [] as number[], cpu: [] as number[], hits: 0 }])) as SizeResult['listsOnly'];
    const baseline: number[] = [];
    const baselineCpu: number[] = [];
    const order = rng(99);
    for (let i = 0; i < QUERIES; i++) {
      // Interleaved with the baseline, so the machine's drift hits all alike.
      for (const kind of shuffle(['baseline', ...CLASSES, ...LISTS_ONLY.map((c) => `${c}:lists`)] as string[], order)) {
        const pid = kind === 'baseline' ? baselinePid : searchPid;
        const c0 = process.cpuUsage();
        const s0 = cpuNs(pid);
        const t = performance.now();
        const [cls, variant] = kind.split(':') as [string, string | undefined];
        const hits = kind === 'baseline' ? (await newest()).rows : await search(q[cls as ClassName][i]!, 20, variant ? { concepts: false, structure: false } : {});
        const wall = performance.now() - t;
        const c = process.cpuUsage(c0);
        const cpu = (c.user + c.system) / 1000 + (cpuNs(pid) - s0) / 1e6;
        if (kind === 'baseline') {
          baseline.push(wall);
          baselineCpu.push(cpu);
          continue;
        }
        const times = variant ? listsOnly[cls as (typeof LISTS_ONLY)[number]] : classes[cls as ClassName];
        times.wall.push(wall);
        times.cpu.push(cpu);
        times.hits += hits.length;
      }
    }
    const st = await admin.query<{ t: string; i: string }>(`SELECT pg_size_pretty(pg_table_size('mnemo.records')) AS t, pg_size_pretty(pg_indexes_size('mnemo.records')) AS i`);
    results.push({ size, seeded, classes, listsOnly, baseline, baselineCpu, storage: { table: st.rows[0]!.t, indexes: st.rows[0]!.i } });
    for (const c of CLASSES) log(`  ${c.padEnd(10)} p50 ${ms(median(classes[c].wall))} ms, p95 ${ms(p95(classes[c].wall))} ms; CPU p50 ${ms(median(classes[c].cpu))} ms, p95 ${ms(p95(classes[c].cpu))} ms (${(classes[c].hits / QUERIES).toFixed(1)} hits/query)`);
    log(`  baseline   p50 ${ms(median(baseline))} ms; CPU p50 ${ms(median(baselineCpu))} ms`);
    for (const c of LISTS_ONLY) log(`  ${c} with the lists alone: CPU p50 ${ms(median(listsOnly[c].cpu))} ms, p95 ${ms(p95(listsOnly[c].cpu))} ms (full ranking ${ratio(median(classes[c].cpu) / median(listsOnly[c].cpu))} at p50)`);

    if (size === N) {
      // Agreement with local search over the same records and queries.
      const store = SqliteStore.open({ path: localPath, busyTimeoutMs: 5000 });
      const uidOf = new Map(local.map((r) => [r.localId, r.uid]));
      agreement = {} as Record<ClassName, Agreement>;
      try {
        for (const c of CLASSES) {
          let overlap = 0;
          let top1 = 0;
          let n = 0;
          for (const query of q[c]) {
            const mine = (await store.search({ query, limit: 10, currentProject: current })).map((h) => uidOf.get(h.observation.id));
            const theirs = (await search(query, 10)).map((h) => h.record.uid);
            if (!mine.length && !theirs.length) continue;
            n++;
            overlap += theirs.filter((u) => mine.includes(u)).length / Math.max(mine.length, theirs.length);
            if (mine[0] === theirs[0]) top1++;
          }
          agreement[c] = { overlap: overlap / Math.max(n, 1), top1: top1 / Math.max(n, 1), n };
          log(`  agreement ${c.padEnd(10)} top-10 overlap ${(agreement[c].overlap * 100).toFixed(0)} %, same first ${(agreement[c].top1 * 100).toFixed(0)} % (${n} queries)`);
        }
      } finally {
        await store.close();
      }
    }
  }
  await pool.end();
  await server.close();

  // --- report ----------------------------------------------------------------------------------------

  if (results.length < 2) throw new PartialRun();
  const [a, b] = results as [SizeResult, SizeResult];
  const label: Record<ClassName, string> = { english: 'English, 1–3 words', cjk: 'CJK, 2–4 characters', identifier: 'identifier (`acquireConnection`)', path: 'file path (`src/db/pool.ts`)' };
  const cell = (r: SizeResult, c: ClassName) =>
    `${ms(median(r.classes[c].wall))} / ${ms(p95(r.classes[c].wall))} ms (${ratio(median(r.classes[c].wall) / median(r.baseline))}); CPU ${ms(median(r.classes[c].cpu))} / ${ms(p95(r.classes[c].cpu))} ms`;
  const md = [
    `## Team server (bench/team-server.bench.ts), N = ${int(N)}`,
    '',
    machineLine(m),
    '',
    `PostgreSQL ${pgVersion}, throwaway cluster (fsync off), one team searched by a member (row-level security on), records of a seeded local store of ${int(N)} observations shared as the sync engine shares them; ${int(SIZES[1])} is that history ten times over (copied on the server). ${QUERIES} queries per class, interleaved with the baseline (the team's newest 20 records, same connection).`,
    '',
    table(
      ['query class', `${int(SIZES[0])}: wall p50 / p95 (p50 × baseline); CPU p50 / p95`, `${int(SIZES[1])}: the same`, 'growth p50 / p95, wall; CPU (10× rows)', `top-10 overlap with local search at ${int(N)}`],
      CLASSES.map((c) => [
        label[c],
        cell(a, c),
        cell(b, c),
        `${ratio(median(b.classes[c].wall) / median(a.classes[c].wall))} / ${ratio(p95(b.classes[c].wall) / p95(a.classes[c].wall))}; ${ratio(median(b.classes[c].cpu) / median(a.classes[c].cpu))} / ${ratio(p95(b.classes[c].cpu) / p95(a.classes[c].cpu))}`,
        agreement ? `${(agreement[c].overlap * 100).toFixed(0)} % (same first: ${(agreement[c].top1 * 100).toFixed(0)} %)` : 'n/a',
      ]),
    ),
    '',
    `- baseline (newest 20 records) p50: ${ms(median(a.baseline))} ms wall, ${ms(median(a.baselineCpu))} ms CPU at ${int(SIZES[0])}; ${ms(median(b.baseline))} ms, ${ms(median(b.baselineCpu))} ms at ${int(SIZES[1])}. CPU is the search's backend plus this process (schedstat): what a search costs on an idle machine; wall time here includes waiting for a core.`,
    `- the ranking's cost, interleaved in the same run: the concept ranking and the structure lists against the lists alone (the server's ranking before them), CPU p50 / p95 — ${LISTS_ONLY.map((c) => `${label[c]}: ${[a, b].map((r) => `${ms(median(r.classes[c].cpu))} / ${ms(p95(r.classes[c].cpu))} ms against ${ms(median(r.listsOnly[c].cpu))} / ${ms(p95(r.listsOnly[c].cpu))} ms (${ratio(median(r.classes[c].cpu) / median(r.listsOnly[c].cpu))}) at ${int(r.size)}`).join('; ')}`).join('; ')}.`,
    `- seeding: ${a.seeded} (${int(SIZES[0])}); ${b.seeded} (${int(SIZES[1])})` +
      (PARTS.has('seeding') ? `; ${int(RATIO_ROWS)} rows with the search index in place: COPY ${int(viaCopy.rows / (viaCopy.ms / 1000))} rows/s, jsonb_to_recordset ${int(viaJson.rows / (viaJson.ms / 1000))} rows/s (${ratio(viaJson.ms / viaCopy.ms)}).` : '.'),
    ...(PARTS.has('throughput')
      ? [
          `- push (${int(PUSH_RECORDS)} records): 1 client ${int(one.push)} records/s in batches of ${TEAM_LIMITS.batch} (${int(oneSmall.push)}/s in batches of 250), 20 clients ${int(twenty.push)} records/s (${ratio(twenty.push / one.push)}).`,
          `- pull: 1 client ${int(one.pull)} records/s, 20 clients ${int(twenty.pull)} records/s in all (${ratio(twenty.pull / one.pull)}).`,
        ]
      : [`- push and pull throughput: not run this time (MNEMO_BENCH_PARTS=${[...PARTS].join(',')}).`]),
    `- storage: ${a.storage.table} table + ${a.storage.indexes} indexes at ${int(SIZES[0])}; ${b.storage.table} + ${b.storage.indexes} at ${int(SIZES[1])}.`,
  ].join('\n');
  process.stdout.write(`${md}\n`);
  if (shouldWrite()) writeSection(`team-server-${N}`, md);
} catch (err) {
  if (!(err instanceof PartialRun)) throw err;
  log('partial run: no report');
} finally {
  await admin.end().catch(() => undefined);
  stopCluster(cluster, { remove: !keep });
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}
