/**
 * The spool when the store is unavailable (issue 8 "Locked or unavailable store"): a database held
 * by another process's BEGIN EXCLUSIVE, the database file replaced by a directory, and the file made
 * read-only. Hooks must answer at once and keep every event in the spool; the read faces should keep
 * answering from what is stored; once the store is back, the next mnemo process folds the spool in
 * capture order, exactly once.
 *
 * test/integration/hooks/locked-store.test.ts covers one session's five events under a lock; this
 * suite runs many sessions in parallel, three kinds of outage, and checks the fold order.
 */
import { CHILD_OPEN_DB, childSqliteEnv } from '../support/child-sqlite.ts';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  LOCKED_RE,
  REPO_ROOT,
  type EventName,
  type ProcResult,
  childEnv,
  cliJson,
  countRows,
  exportAll,
  hookContractProblems,
  integrityCheck,
  percentiles,
  pool,
  report,
  runCli,
  runHook,
  scale,
  spoolFiles,
  startMcp,
  tempDir,
  textOf,
  validPayload,
} from './helpers.ts';

const SESSIONS = scale(3, 12);
const CALLS = scale(4, 25);

/** Holds BEGIN EXCLUSIVE (with a write, so the lock is real) until a line arrives on stdin. */
const LOCKER = `
${CHILD_OPEN_DB}
const db = openDb(process.argv[1]);
db.exec('PRAGMA busy_timeout = 5000');
db.exec('BEGIN EXCLUSIVE');
db.prepare("INSERT INTO sessions (platform, external_id, project, started_at) VALUES ('stress', 'locker', '/locker', 0)").run();
process.stdout.write('locked\\n');
process.stdin.once('data', () => { db.exec('ROLLBACK'); db.close(); process.exit(0); });
`;

function startLocker(dbPath: string, dataDir: string): Promise<ChildProcessWithoutNullStreams> {
  const child = spawn(process.execPath, ['-e', LOCKER, dbPath], { cwd: REPO_ROOT, env: { ...childEnv(dataDir), ...childSqliteEnv() }, stdio: ['pipe', 'pipe', 'pipe'] });
  return new Promise((res, rej) => {
    let err = '';
    const t = setTimeout(() => rej(new Error(`locker did not lock: ${err}`)), 15_000);
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.stdout.on('data', (b: Buffer) => {
      if (b.toString().includes('locked')) (clearTimeout(t), res(child));
    });
    child.on('exit', (code) => (clearTimeout(t), rej(new Error(`locker exited ${code}: ${err}`))));
  });
}

function releaseLocker(child: ChildProcessWithoutNullStreams): Promise<void> {
  return new Promise((res) => {
    if (child.exitCode !== null) return res();
    child.removeAllListeners('exit');
    child.on('exit', () => res());
    child.stdin.write('go\n');
  });
}

interface Sent {
  readonly event: EventName;
  readonly session: string;
  readonly marker?: string;
  readonly extra: Record<string, unknown>;
}

/** Sessions of calls and prompts, with SessionStart/PreCompact/SessionEnd (the store-opening hooks) among them. */
function workload(tag: string): Sent[] {
  const out: Sent[] = [];
  for (let s = 0; s < SESSIONS; s++) {
    const session = `spool-${tag}-s${s}`;
    out.push({ event: 'SessionStart', session, extra: { source: 'startup' } });
    for (let j = 0; j < CALLS; j++) {
      const marker = `zq${tag}s${s}n${j}zq`;
      if (j % 3 === 2) out.push({ event: 'UserPromptSubmit', session, marker, extra: { prompt: `Next: ${marker}`, prompt_id: `p-${marker}` } });
      else out.push({ event: 'PostToolUse', session, marker, extra: { tool_use_id: `toolu_${marker}`, tool_input: { command: `make ${marker}` }, tool_response: { stdout: `ok ${marker}`, stderr: '' } } });
      if (j === 1) out.push(out[out.length - 1]!); // delivered twice
    }
    out.push({ event: 'PreCompact', session, extra: { trigger: 'auto' } });
    out.push({ event: 'SessionEnd', session, extra: { reason: 'other' } });
  }
  return out;
}

const MARKER_RE = /zq[a-z0-9]+zq/;

/** The markers of the spooled observations, in spool (capture) order, first delivery only. */
function spoolOrder(dataDir: string): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  for (const f of spoolFiles(dataDir).sort()) {
    const ev = JSON.parse(readFileSync(join(dataDir, 'spool', f), 'utf8')) as { observation?: { title: string; body: string } };
    const m = ev.observation ? MARKER_RE.exec(`${ev.observation.title}\n${ev.observation.body}`)?.[0] : undefined;
    if (m && !seen.has(m)) (seen.add(m), order.push(m));
  }
  return order;
}

interface Outage {
  readonly name: string;
  readonly tag: string;
  /** Makes the store unavailable; returns the undo. */
  readonly start: (dataDir: string) => Promise<() => Promise<void>>;
  /** Whether what is stored can still be read during the outage. */
  readonly readable: boolean;
}

const OUTAGES: Outage[] = [
  {
    name: 'held by another process (BEGIN EXCLUSIVE)',
    tag: 'lk',
    readable: true,
    start: async (dataDir) => {
      const locker = await startLocker(join(dataDir, 'mnemo.db'), dataDir);
      return () => releaseLocker(locker);
    },
  },
  {
    name: 'replaced by a directory',
    tag: 'dr',
    readable: false,
    start: async (dataDir) => {
      const db = join(dataDir, 'mnemo.db');
      renameSync(db, `${db}.away`);
      mkdirSync(db);
      return async () => {
        rmSync(db, { recursive: true });
        renameSync(`${db}.away`, db);
      };
    },
  },
  {
    name: 'made read-only (immutable file)',
    tag: 'ro',
    readable: true,
    start: async (dataDir) => {
      const db = join(dataDir, 'mnemo.db');
      const r = spawnSync('chattr', ['+i', db], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`chattr +i failed (needs root on ext4/xfs/tmpfs): ${r.stderr}`);
      return async () => void spawnSync('chattr', ['-i', db]);
    },
  },
];

for (const outage of OUTAGES) {
  describe(`a store ${outage.name}`, () => {
    const dataDir = tempDir(`mnemo-stress-spool-${outage.tag}-`);
    const cwd = tempDir(`mnemo-stress-spool-cwd-${outage.tag}-`);
    const sent = workload(outage.tag);
    let runs: { s: Sent; r: ProcResult }[] = [];
    let order: string[] = [];
    let search: ProcResult | undefined;
    let doctor: ProcResult | undefined;
    let mcp: { ok: boolean; text: string; stderr: string } = { ok: false, text: '', stderr: '' };
    let undo: (() => Promise<void>) | undefined;
    let warmObservations = 0;

    before(async () => {
      // An existing store with one earlier session in it (and nothing pending).
      await runHook('PostToolUse', validPayload('PostToolUse', 'warm', cwd, { tool_use_id: 'toolu_warm', tool_input: { command: 'make zqwarmzq' } }), { dataDir, cwd });
      warmObservations = (await exportAll(dataDir)).observations.length;
      assert.equal(spoolFiles(dataDir).length, 0);

      undo = await outage.start(dataDir);
      // Eight hooks at a time, but each session opens before and ends after its other events, as a host
      // sends them: a SessionStart captured after its SessionEnd would rightly reopen the session.
      runs = [];
      const phase = (e: Sent) => (e.event === 'SessionStart' ? 0 : e.event === 'SessionEnd' ? 2 : 1);
      for (const p of [0, 1, 2]) {
        runs.push(...(await pool(sent.filter((e) => phase(e) === p), 8, async (s) => ({ s, r: await runHook(s.event, validPayload(s.event, s.session, cwd, s.extra), { dataDir, cwd, killAfterMs: 30_000 }) }))));
      }
      // Readers arrive while the outage lasts and the spool is full (folding it would need a write):
      // a CLI search, doctor, and an MCP server starting up.
      await Promise.all([
        runCli(['search', 'zqwarmzq', '--json'], dataDir, cwd).then((r) => (search = r)),
        runCli(['doctor', '--json'], dataDir, cwd).then((r) => (doctor = r)),
        (async () => {
          try {
            const server = await startMcp(dataDir, cwd);
            const r = await server.call('search', { query: 'zqwarmzq' });
            mcp = { ok: !r.isError, text: textOf(r), stderr: server.stderr() };
            await server.close();
          } catch (err) {
            mcp = { ok: false, text: `server did not start or answer: ${(err as Error).message}`, stderr: '' };
          }
        })(),
      ]);
      order = spoolOrder(dataDir);
    });

    after(async () => {
      await undo?.();
      undo = undefined;
    });

    it('every hook answers validly within the hang bound (5 s)', () => {
      const problems = runs.flatMap(({ s, r }) => hookContractProblems(s.event, r, 5000).map((p) => `${s.event} ${s.session}: ${p}`));
      const surfaced = runs.filter(({ r }) => LOCKED_RE.test(r.stdout + r.stderr)).length;
      report(`spool ${outage.tag}`, { outage: outage.name, hooks: runs.length, spooled: spoolFiles(dataDir).length, hookWallMs: percentiles(runs.map(({ r }) => r.ms)), lockMessagesSurfaced: surfaced });
      assert.deepEqual(problems, []);
      assert.equal(surfaced, 0);
    });

    it('keeps every event in the spool meanwhile', () => {
      const markers = new Set(sent.filter((s) => s.marker).map((s) => s.marker!));
      assert.deepEqual(new Set(order), markers);
      // One file per delivery that carries something (PreCompact carries a marker note).
      assert.equal(spoolFiles(dataDir).length, sent.length);
    });

    it(outage.readable ? 'CLI search still answers from what is stored, without a lock or I/O error' : 'CLI search fails with a clear message (exit 1, no stack trace, no lock error)', () => {
      assert.ok(search);
      assert.ok(!LOCKED_RE.test(search.stdout + search.stderr), `search printed: ${search.stderr.trim()}`);
      assert.ok(!/^\s*at /m.test(search.stderr), 'no stack trace');
      if (outage.readable) {
        assert.equal(search.code, 0, `mnemo search exited ${search.code}: ${search.stderr.trim()}`);
        assert.match(search.stdout, /zqwarmzq/);
      } else {
        assert.equal(search.code, 1);
        assert.match(search.stderr, /mnemo\.db|database/);
      }
    });

    it('doctor reports the outage as a failed check (JSON, exit 1) instead of crashing', () => {
      assert.ok(doctor);
      assert.ok(!/^\s*at /m.test(doctor.stderr), 'no stack trace');
      let parsed: { healthy: boolean; checks: { name: string; ok: boolean; detail: string }[] } | undefined;
      try {
        parsed = JSON.parse(doctor.stdout) as typeof parsed;
      } catch {
        assert.fail(`doctor --json printed no JSON (exit ${doctor.code}); stderr: ${doctor.stderr.trim()}`);
      }
      assert.equal(doctor.code, 1);
      assert.equal(parsed!.healthy, false);
    });

    it(outage.readable ? 'an MCP server started meanwhile comes up and answers search' : 'an MCP server started meanwhile comes up and answers with a clear tool error', () => {
      assert.ok(!LOCKED_RE.test(mcp.text + mcp.stderr), mcp.text);
      assert.ok(!/server did not start/.test(mcp.text), mcp.text);
      if (outage.readable) {
        assert.ok(mcp.ok, mcp.text);
        assert.match(mcp.text, /zqwarmzq/);
      } else {
        assert.ok(!mcp.ok, 'a tool error');
        assert.match(mcp.text, /mnemo\.db|database|store/);
      }
    });

    it('once the store is back, the next command folds the spool in capture order, exactly once', async () => {
      await undo?.();
      undo = undefined;
      const { sessions, observations } = await exportAll(dataDir);
      assert.equal(spoolFiles(dataDir).length, 0, 'spool empty');
      const idOf = new Map<string, number[]>();
      for (const o of observations) {
        const m = MARKER_RE.exec(`${o.title}\n${o.body}`)?.[0];
        if (m) idOf.set(m, [...(idOf.get(m) ?? []), o.id]);
      }
      const lost = order.filter((m) => !idOf.has(m));
      const doubled = [...idOf].filter(([, ids]) => ids.length > 1).map(([m]) => m);
      const ids = order.map((m) => idOf.get(m)?.[0] ?? -1);
      const outOfOrder = ids.filter((id, i) => i > 0 && id < ids[i - 1]!).length;
      report(`spool ${outage.tag} fold`, { eventsSent: sent.length, distinct: order.length, stored: observations.length - warmObservations, lost: lost.length, duplicated: doubled.length, outOfOrder });
      assert.deepEqual(lost, []);
      assert.deepEqual(doubled, []);
      assert.equal(outOfOrder, 0, `ids in spool order: ${ids.join(',')}`);
      for (let s = 0; s < SESSIONS; s++) {
        const session = sessions.find((x) => x.externalId === `spool-${outage.tag}-s${s}`);
        assert.ok(session?.endedAt, `session ${s} was closed by its SessionEnd`);
      }
      assert.ok(!sessions.some((x) => x.externalId === 'locker'));
      const again = await exportAll(dataDir);
      assert.equal(again.observations.length, observations.length, 'a second fold adds nothing');
      assert.deepEqual(integrityCheck(join(dataDir, 'mnemo.db')), ['ok']);
      const rows = countRows(join(dataDir, 'mnemo.db'));
      assert.equal(rows.fts, rows.publicObservations);
      const doctorAfter = await cliJson<{ healthy: boolean; checks: unknown[] }>(['doctor', '--json'], dataDir);
      assert.equal(doctorAfter.healthy, true, JSON.stringify(doctorAfter.checks));
      assert.ok(!existsSync(join(dataDir, 'mnemo.db.away')));
    });
  });
}
