/**
 * Team server benchmark, on a throwaway PostgreSQL cluster started here:
 * - push and pull throughput (records/s) with 1 client and with 20 at once, ratio 20 : 1;
 * - server search p50/p95 at 100,000 and 1,000,000 shared records (English, CJK, identifiers), and
 *   the growth between the two sizes.
 * Seeding goes in bulk (multi-row INSERT … SELECT FROM jsonb_to_recordset of 5,000 rows, the stamp
 * trigger off and the search index built afterwards), with the same rows and index text a push writes.
 * Usage: npm run bench -- team-server [-- --small]   (--small: 10,000 and 100,000 records)
 */
import pg from 'pg';
import type { SharedObservation } from '../src/core/team/contract.ts';
import { addMember, initTeam } from '../src/store/postgres/admin.ts';
import { openTeamServer } from '../src/store/postgres/open.ts';
import { PUSH_COLUMNS, SEARCH_VECTOR, toRow } from '../src/store/postgres/records.ts';
import type { PgTeamServer } from '../src/store/postgres/team-server.ts';
// @ts-expect-error plain JS module shared with .ci/run
import { startCluster, stopCluster } from '../scripts/pg-cluster.mjs';

const small = process.argv.includes('--small');
const SIZES = small ? [10_000, 100_000] : [100_000, 1_000_000];
const PUSH_RECORDS = small ? 4_000 : 20_000;
const QUERIES_PER_KIND = small ? 30 : 60;

// A small deterministic generator, so runs compare.
let rngState = 42;
const rand = () => (rngState = (rngState * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;

const EN = ('connection pool database migration runner timeout retry cache index query session token parser ' +
  'config build test deploy error warning request response handler worker queue schema table column branch merge ' +
  'commit release version module import export server client socket stream buffer memory disk thread lock').split(' ');
const ZH = ['连接池', '数据库', '迁移', '超时', '重试', '缓存', '索引', '查询', '会话', '令牌', '解析器', '配置', '构建', '测试', '部署', '错误', '警告', '请求', '响应', '队列', '泄漏', '修复'];
const IDENT_PARTS = ['get', 'set', 'load', 'save', 'parse', 'build', 'fetch', 'flush', 'open', 'close'];
const NOUNS = ['Observations', 'Session', 'Config', 'Pool', 'Index', 'Cursor', 'Outbox', 'Mirror', 'Token', 'Schema'];

function record(i: number, project: string): SharedObservation {
  const ident = `${pick(IDENT_PARTS)}${pick(NOUNS)}${i % 97}`;
  const path = `src/mod${i % 211}/file${i % 1013}.ts`;
  const cjk = rand() < 0.3;
  const words = Array.from({ length: 12 + Math.floor(rand() * 20) }, () => pick(EN));
  const title = cjk ? `${pick(ZH)}${pick(ZH)}的问题 ${ident}` : `${pick(EN)} ${pick(EN)} in ${path}`;
  const body = cjk ? `${Array.from({ length: 8 }, () => pick(ZH)).join('')}，${words.slice(0, 6).join(' ')}` : `${words.join(' ')} ${ident}()`;
  return {
    kind: 'observation',
    uid: `bench-${i}`,
    project,
    branch: 'main',
    assistant: 'claude-code',
    createdAt: 1_700_000_000_000 + i * 1000,
    sessionUid: `s-${Math.floor(i / 50)}`,
    obsKind: 'tool',
    type: pick(['change', 'discovery', 'command', 'error'] as const),
    title,
    body,
    files: [path],
    tags: ident,
  };
}

async function seedRows(admin: pg.Client, teamId: number, author: string, from: number, to: number): Promise<void> {
  await admin.query('ALTER TABLE mnemo.records DISABLE TRIGGER records_stamp');
  await admin.query('DROP INDEX IF EXISTS mnemo.records_search');
  for (let i = from; i < to; i += 5000) {
    const rows = [];
    for (let k = i; k < Math.min(to, i + 5000); k++) rows.push({ ...toRow(record(k, `github.com/acme/p${k % 7}`)), seq: k + 1 });
    await admin.query(
      `INSERT INTO mnemo.records (team_id, uid, seq, author, kind, project, branch, assistant, revision, created_at, session_uid, obs_type, priority, files, title, body, tags, extra, search)
       SELECT $1, r.uid, r.seq, $3, r.kind, r.project, r.branch, r.assistant, r.revision, r.created_at, r.session_uid, r.obs_type, r.priority, r.files, r.title, r.body, r.tags, r.extra, ${SEARCH_VECTOR}
       FROM jsonb_to_recordset($2::jsonb) AS r(${PUSH_COLUMNS}, seq bigint)`,
      [teamId, JSON.stringify(rows), author],
    );
  }
  await admin.query('CREATE INDEX records_search ON mnemo.records USING gin (search) WITH (fastupdate = off)');
  await admin.query('ALTER TABLE mnemo.records ENABLE TRIGGER records_stamp');
  await admin.query('UPDATE mnemo.team_seq SET last_seq = $2 WHERE team_id = $1', [teamId, to]);
  await admin.query('VACUUM ANALYZE mnemo.records');
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

async function searchTimes(s: PgTeamServer, queries: readonly string[]): Promise<{ p50: number; p95: number; hits: number }> {
  for (const q of queries.slice(0, 5)) await s.search({ query: q }); // warm
  const times: number[] = [];
  let hits = 0;
  for (const q of queries) {
    const t = performance.now();
    hits += (await s.search({ query: q, limit: 20 })).length;
    times.push(performance.now() - t);
  }
  return { p50: pct(times, 50), p95: pct(times, 95), hits };
}

function queriesOf(kind: 'english' | 'cjk' | 'identifier'): string[] {
  return Array.from({ length: QUERIES_PER_KIND }, (_, i) =>
    kind === 'english' ? `${pick(EN)} ${pick(EN)}` : kind === 'cjk' ? `${pick(ZH)}${i % 2 ? pick(ZH) : ''}` : i % 2 ? `${pick(IDENT_PARTS)}${pick(NOUNS)}${i % 97}` : `src/mod${i % 211}/file${i % 1013}.ts`,
  );
}

async function throughput(members: { url: string }[], team: string, clients: number): Promise<{ push: number; pull: number }> {
  const servers = await Promise.all(Array.from({ length: clients }, (_, i) => openTeamServer({ url: members[i % members.length]!.url, team })));
  const per = Math.floor(PUSH_RECORDS / clients);
  const tag = `${clients}c-${Date.now()}`;
  const head0 = (await servers[0]!.status()).head;
  let t = performance.now();
  await Promise.all(
    servers.map(async (s, c) => {
      for (let i = 0; i < per; i += 250) {
        const batch = Array.from({ length: Math.min(250, per - i) }, (_, k) => ({ ...record(c * per + i + k, 'github.com/acme/push'), uid: `${tag}-${c}-${i + k}` }));
        await s.push(batch);
      }
    }),
  );
  const pushRate = (per * clients) / ((performance.now() - t) / 1000);
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
  const pullRate = pulled / ((performance.now() - t) / 1000);
  await Promise.all(servers.map((s) => s.close()));
  return { push: pushRate, pull: pullRate };
}

const cluster = await startCluster();
try {
  const adminUrl = `postgres://postgres@${encodeURIComponent(cluster.host)}:${cluster.port}/postgres`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await initTeam(admin, 'bench');
  const members = [];
  for (let i = 0; i < 4; i++) {
    const role = `bench_dev${i}`;
    await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD 'bench'`);
    await addMember(admin, 'bench', role);
    members.push({ role, url: `postgres://${role}:bench@127.0.0.1:${cluster.port}/postgres?sslmode=disable` });
  }
  const teamId = (await admin.query<{ team_id: number }>(`SELECT team_id FROM mnemo.teams WHERE name = 'bench'`)).rows[0]!.team_id;

  console.log(`team server benchmark (PostgreSQL ${(await admin.query('SHOW server_version')).rows[0].server_version}, ${small ? 'small' : 'full'} run)`);
  const one = await throughput(members, 'bench', 1);
  const twenty = await throughput(members, 'bench', 20);
  console.log(`push: 1 client ${one.push.toFixed(0)} records/s, 20 clients ${twenty.push.toFixed(0)} records/s (${(twenty.push / one.push).toFixed(2)}x)`);
  console.log(`pull: 1 client ${one.pull.toFixed(0)} records/s, 20 clients ${twenty.pull.toFixed(0)} records/s in all (${(twenty.pull / one.pull).toFixed(2)}x)`);

  // Search: wipe the throughput rows, then seed to each size.
  await admin.query('DELETE FROM mnemo.tombstones');
  await admin.query('ALTER TABLE mnemo.records DISABLE TRIGGER records_bury');
  await admin.query('DELETE FROM mnemo.records');
  await admin.query('ALTER TABLE mnemo.records ENABLE TRIGGER records_bury');
  const s = await openTeamServer({ url: members[0]!.url, team: 'bench' });
  const results: Record<string, { p50: number; p95: number; hits: number }>[] = [];
  let have = 0;
  for (const size of SIZES) {
    const t = performance.now();
    await seedRows(admin, teamId, members[1]!.role, have, size);
    console.log(`seeded ${size.toLocaleString('en')} records in ${((performance.now() - t) / 1000).toFixed(1)} s (${((size - have) / ((performance.now() - t) / 1000)).toFixed(0)} rows/s)`);
    have = size;
    const r: Record<string, { p50: number; p95: number; hits: number }> = {};
    for (const kind of ['english', 'cjk', 'identifier'] as const) {
      rngState = 7; // the same queries at every size
      r[kind] = await searchTimes(s, queriesOf(kind));
      console.log(`  search ${kind.padEnd(10)} at ${size.toLocaleString('en')}: p50 ${r[kind]!.p50.toFixed(1)} ms, p95 ${r[kind]!.p95.toFixed(1)} ms (${(r[kind]!.hits / QUERIES_PER_KIND).toFixed(1)} hits/query)`);
    }
    results.push(r);
  }
  for (const kind of ['english', 'cjk', 'identifier'] as const) {
    const [a, b] = [results[0]![kind]!, results[1]![kind]!];
    console.log(`growth ${SIZES[0]!.toLocaleString('en')} → ${SIZES[1]!.toLocaleString('en')} (${SIZES[1]! / SIZES[0]!}x rows), ${kind}: p50 ${(b.p50 / a.p50).toFixed(2)}x, p95 ${(b.p95 / a.p95).toFixed(2)}x`);
  }
  const size = await admin.query<{ t: string; i: string }>(`SELECT pg_size_pretty(pg_table_size('mnemo.records')) AS t, pg_size_pretty(pg_indexes_size('mnemo.records')) AS i`);
  console.log(`storage at ${SIZES[1]!.toLocaleString('en')}: table ${size.rows[0]!.t}, indexes ${size.rows[0]!.i}`);
  await s.close();
  await admin.end();
} finally {
  stopCluster(cluster);
}
