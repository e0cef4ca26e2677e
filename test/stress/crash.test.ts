/**
 * Crashes (issue 8): hook processes SIGKILLed at random points during their writes, a process
 * SIGKILLed in the middle of a big ingest transaction, and a chaos run that mixes both with killed
 * CLI and MCP processes while a writer load runs. Afterwards the store must pass
 * `PRAGMA integrity_check`, `doctor --json` must call it healthy (full-text index in step with its
 * table), and nothing acknowledged may be lost: an event whose hook exited 0 (or printed its answer),
 * or whose spool file exists, must be stored after the next drain, exactly once.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../src/store/sqlite/driver.ts';
import {
  SEED,
  type EventName,
  type McpHandle,
  childEnv,
  cliJs,
  cliJson,
  countRows,
  exportAll,
  hookContractProblems,
  hookJs,
  integrityCheck,
  percentiles,
  pool,
  report,
  rng,
  runHook,
  scale,
  sleep,
  spoolFiles,
  startMcp,
  storeChild,
  tempDir,
  validPayload,
} from './helpers.ts';

interface Killable {
  readonly kind: EventName;
  /** The observation marker it carries, or the session it opens/closes. */
  readonly marker?: string;
  readonly session: string;
  readonly payload: Record<string, unknown>;
}

interface KillOutcome {
  readonly k: Killable;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly delayMs: number;
}

/** Spawn a node process and SIGKILL it after `delayMs` (it may finish first). */
function spawnAndKill(args: readonly string[], stdin: string | undefined, dataDir: string, cwd: string, delayMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((res) => {
    const child = spawn(process.execPath, args, { cwd, env: childEnv(dataDir), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.stdin.on('error', () => undefined);
    const t = setTimeout(() => child.kill('SIGKILL'), delayMs);
    child.on('close', (code, signal) => (clearTimeout(t), res({ code, signal, stdout, stderr })));
    if (stdin !== undefined) child.stdin.end(stdin);
    else child.stdin.end();
  });
}

function killable(tag: string, i: number, cwd: string, rand: () => number): Killable {
  const marker = `zq${tag}k${i}zq`;
  const r = rand();
  if (r < 0.55) {
    const session = `crash-${tag}-s${i % 4}`;
    return { kind: 'PostToolUse', marker, session, payload: validPayload('PostToolUse', session, cwd, { tool_use_id: `toolu_${marker}`, tool_input: { command: `make ${marker}` }, tool_response: { stdout: `built ${marker}\n`.repeat(50), stderr: '' } }) };
  }
  if (r < 0.7) {
    const session = `crash-${tag}-s${i % 4}`;
    return { kind: 'UserPromptSubmit', marker, session, payload: validPayload('UserPromptSubmit', session, cwd, { prompt: `Handle ${marker}`, prompt_id: `p-${marker}` }) };
  }
  if (r < 0.8) {
    const session = `crash-${tag}-s${i % 4}`;
    return { kind: 'PreCompact', marker, session, payload: validPayload('PreCompact', session, cwd, { custom_instructions: `keep ${marker}` }) };
  }
  if (r < 0.9) {
    const session = `crash-${tag}-start${i}`;
    return { kind: 'SessionStart', session, payload: validPayload('SessionStart', session, cwd) };
  }
  const session = `crash-${tag}-end${i}`;
  return { kind: 'SessionEnd', session, payload: validPayload('SessionEnd', session, cwd) };
}

const MARKER_RE = /zq[a-z0-9]+zq/;

/**
 * How long hooks take here under the same parallelism, per group (the spool-only tool hooks, and the
 * store-opening ones). A kill 0-80 ms after spawn lands before node has even read stdin on this
 * machine, so most kill delays are drawn from the whole lifetime instead: uniform in [0, 1.5 × p50];
 * one in five stays in the literal 0-80 ms window.
 */
async function calibrate(cwd: string, parallel: number): Promise<{ spoolOnlyMs: number; storeMs: number }> {
  const dataDir = tempDir('mnemo-stress-calibrate-');
  const kinds: EventName[] = ['PostToolUse', 'SessionStart'];
  const runs = await pool(Array.from({ length: parallel * 2 }, (_, i) => kinds[i % 2]!), parallel, async (kind, i) => ({
    kind,
    r: await runHook(kind, validPayload(kind, `cal-${i}`, cwd, { tool_use_id: `toolu_cal_${i}` }), { dataDir, cwd }),
  }));
  const p50 = (kind: EventName) => percentiles(runs.filter((x) => x.kind === kind).map((x) => x.r.ms)).p50;
  return { spoolOnlyMs: p50('PostToolUse'), storeMs: p50('SessionStart') };
}

function killDelay(k: Killable, cal: { spoolOnlyMs: number; storeMs: number }, rand: () => number): number {
  if (rand() < 0.2) return Math.floor(rand() * 81);
  const opensStore = k.kind === 'SessionStart' || k.kind === 'SessionEnd' || k.kind === 'PreCompact';
  return Math.floor(rand() * 1.5 * (opensStore ? cal.storeMs : cal.spoolOnlyMs));
}

/** What the spool holds now: observation markers and the sessions of session-level events. */
function spoolSnapshot(dataDir: string): { markers: Set<string>; sessions: Set<string>; tmp: number } {
  const markers = new Set<string>();
  const sessions = new Set<string>();
  for (const f of spoolFiles(dataDir)) {
    try {
      const ev = JSON.parse(readFileSync(join(dataDir, 'spool', f), 'utf8')) as { externalSessionId: string; observation?: { title: string; body: string } };
      const m = ev.observation ? MARKER_RE.exec(`${ev.observation.title}\n${ev.observation.body}`)?.[0] : undefined;
      if (m) markers.add(m);
      else sessions.add(ev.externalSessionId);
    } catch {
      /* drained meanwhile */
    }
  }
  let tmp = 0;
  try {
    tmp = readdirSync(join(dataDir, 'spool')).filter((n) => n.startsWith('.tmp-')).length;
  } catch {
    /* no spool yet */
  }
  return { markers, sessions, tmp };
}

/** A steady writer: complete hooks of one session, one after another, until stopped. */
function writerLoad(dataDir: string, cwd: string, tag: string): { stop: () => Promise<{ sent: string[]; problems: string[] }> } {
  let stopped = false;
  const sent: string[] = [];
  const problems: string[] = [];
  const loop = (async () => {
    for (let i = 0; !stopped; i++) {
      const marker = `zq${tag}w${i}zq`;
      const r = await runHook('PostToolUse', validPayload('PostToolUse', `load-${tag}`, cwd, { tool_use_id: `toolu_${marker}`, tool_input: { command: `make ${marker}` } }), { dataDir, cwd });
      sent.push(marker);
      problems.push(...hookContractProblems('PostToolUse', r, 20_000).map((p) => `${marker}: ${p}`));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return { sent, problems };
    },
  };
}

interface Verdict {
  readonly acknowledged: number;
  readonly lostAcknowledged: string[];
  readonly lostUnacknowledged: number;
  readonly doubled: string[];
}

/** After a final drain: is every acknowledged event stored, exactly once? */
async function verdict(dataDir: string, outcomes: readonly KillOutcome[], spooled: { markers: Set<string>; sessions: Set<string> }, alsoSent: readonly string[]): Promise<Verdict> {
  const { sessions, observations } = await exportAll(dataDir);
  const stored = new Map<string, number>();
  for (const o of observations) {
    const m = MARKER_RE.exec(`${o.title}\n${o.body}`)?.[0];
    if (m) stored.set(m, (stored.get(m) ?? 0) + 1);
  }
  const sessionByExt = new Map(sessions.map((s) => [s.externalId, s]));
  const lostAcknowledged: string[] = [];
  let acknowledged = 0;
  let lostUnacknowledged = 0;
  for (const o of outcomes) {
    const answered = o.code === 0 || o.stdout.trim().startsWith('{');
    if (o.k.marker) {
      const acked = answered || spooled.markers.has(o.k.marker);
      if (acked) acknowledged++;
      if (!stored.has(o.k.marker)) acked ? lostAcknowledged.push(`${o.k.kind} ${o.k.marker} (exit ${o.code ?? o.signal}, killed at ${o.delayMs} ms)`) : lostUnacknowledged++;
    } else {
      const acked = answered || spooled.sessions.has(o.k.session);
      if (acked) acknowledged++;
      const s = sessionByExt.get(o.k.session);
      const ok = s !== undefined && (o.k.kind !== 'SessionEnd' || s.endedAt !== undefined);
      if (!ok) acked ? lostAcknowledged.push(`${o.k.kind} ${o.k.session} (exit ${o.code ?? o.signal}, killed at ${o.delayMs} ms)`) : lostUnacknowledged++;
    }
  }
  for (const m of alsoSent) if (!stored.has(m)) lostAcknowledged.push(`writer load ${m}`);
  const doubled = [...stored].filter(([, n]) => n > 1).map(([m, n]) => `${m} ×${n}`);
  return { acknowledged: acknowledged + alsoSent.length, lostAcknowledged, lostUnacknowledged, doubled };
}

async function assertHealthy(dataDir: string): Promise<void> {
  const db = join(dataDir, 'mnemo.db');
  assert.deepEqual(integrityCheck(db), ['ok']);
  const rows = countRows(db);
  assert.equal(rows.fts, rows.publicObservations, 'full-text index out of step with its table');
  const doctor = await cliJson<{ healthy: boolean; checks: unknown[] }>(['doctor', '--json'], dataDir);
  assert.equal(doctor.healthy, true, JSON.stringify(doctor.checks, null, 2));
}

test('hooks SIGKILLed at random points of their run, under a writer load: nothing acknowledged is lost, store consistent', async () => {
  const rand = rng(SEED);
  const tag = `h${(SEED % 9999).toString(36)}`;
  const dataDir = tempDir('mnemo-stress-kill-');
  const cwd = tempDir('mnemo-stress-kill-cwd-');
  const parallel = scale(6, 12);
  const cal = await calibrate(cwd, parallel);
  const load = writerLoad(dataDir, cwd, tag);
  const targets = Array.from({ length: scale(30, 400) }, (_, i) => killable(tag, i, cwd, rand));
  const outcomes = await pool(targets, parallel, async (k) => {
    const delayMs = killDelay(k, cal, rand);
    const r = await spawnAndKill([hookJs(), k.kind], JSON.stringify(k.payload), dataDir, cwd, delayMs);
    return { k, code: r.code, signal: r.signal, stdout: r.stdout, delayMs } satisfies KillOutcome;
  });
  const { sent, problems } = await load.stop();
  const spooled = spoolSnapshot(dataDir);
  const v = await verdict(dataDir, outcomes, spooled, sent);
  const killed = outcomes.filter((o) => o.signal === 'SIGKILL').length;
  report('crash hooks', {
    seed: SEED,
    calibratedHookMs: cal,
    crashesInjected: killed,
    finishedBeforeKill: outcomes.length - killed,
    writerEvents: sent.length,
    acknowledged: v.acknowledged,
    spooledAtEnd: spooled.markers.size + spooled.sessions.size,
    partialSpoolTmpFiles: spooled.tmp,
    lostAcknowledged: v.lostAcknowledged.length,
    lostUnacknowledged: v.lostUnacknowledged,
    duplicated: v.doubled.length,
  });
  assert.deepEqual(problems, [], 'the writer load broke the hook contract');
  // A hook that finished before its kill must have kept the contract.
  const finished = outcomes.filter((o) => o.code !== null).flatMap((o) => hookContractProblems(o.k.kind, { ...o, stderr: '', ms: 0, pid: 0 }).map((p) => `${o.k.kind}: ${p}`));
  assert.deepEqual(finished, []);
  assert.deepEqual(v.lostAcknowledged, []);
  assert.deepEqual(v.doubled, []);
  await assertHealthy(dataDir);
});

test('a process SIGKILLed in the middle of a big ingest transaction: all or nothing, store consistent', async () => {
  const rand = rng(SEED ^ 0x5bd1e995);
  const dataDir = tempDir('mnemo-stress-bigtx-');
  const cwd = tempDir('mnemo-stress-bigtx-cwd-');
  const db = join(dataDir, 'mnemo.db');
  const tag = `b${(SEED % 9999).toString(36)}`;
  const load = writerLoad(dataDir, cwd, tag);
  const trials = scale(2, 15);
  const count = scale(2000, 6000);
  const results: { trial: number; committed: boolean; stored: number; killedAfterMs: number }[] = [];
  for (let t = 0; t < trials; t++) {
    const child = storeChild('ingest', [db, count, `${tag}t${t}`, 4], dataDir);
    await child.waitFor(/^begin$/);
    const killedAfterMs = 30 + Math.floor(rand() * 600);
    await sleep(killedAfterMs);
    child.child.kill('SIGKILL');
    const exit = await child.exited();
    const committed = /committed/.test(exit.stdout);
    const conn = openSqlite(db, { fileMustExist: true });
    conn.pragma('busy_timeout = 10000');
    const stored = (conn.prepare('SELECT count(*) AS n FROM observations WHERE uid LIKE ?').get(`uid-${tag}t${t}-%`) as { n: number }).n;
    conn.close();
    results.push({ trial: t, committed, stored, killedAfterMs });
  }
  const { sent, problems } = await load.stop();
  const v = await verdict(dataDir, [], { markers: new Set(), sessions: new Set() }, sent);
  report('crash big transaction', {
    seed: SEED,
    eventsPerTransaction: count,
    crashesInjected: results.filter((r) => !r.committed).length,
    committedBeforeKill: results.filter((r) => r.committed).length,
    partialTransactions: results.filter((r) => r.stored !== 0 && r.stored !== count).length,
    writerEvents: sent.length,
    lostAcknowledged: v.lostAcknowledged.length,
    duplicated: v.doubled.length,
  });
  assert.deepEqual(problems, []);
  for (const r of results) assert.ok(r.stored === 0 || r.stored === count, `trial ${r.trial}: ${r.stored} of ${count} rows of one transaction survived`);
  // Killed between COMMIT and its "committed" line, a transaction is whole without saying so.
  for (const r of results) if (r.committed) assert.equal(r.stored, count, `trial ${r.trial}: committed but ${r.stored} rows`);
  assert.deepEqual(v.lostAcknowledged, []);
  assert.deepEqual(v.doubled, []);
  await assertHealthy(dataDir);
});

test('chaos: writer load, random kills of hooks, ingests, CLI commands and the MCP server, then one drain', async () => {
  const rand = rng(SEED ^ 0x27d4eb2f);
  const tag = `c${(SEED % 9999).toString(36)}`;
  const dataDir = tempDir('mnemo-stress-chaos-');
  const cwd = tempDir('mnemo-stress-chaos-cwd-');
  const db = join(dataDir, 'mnemo.db');
  const cal = await calibrate(cwd, 4);
  const load = writerLoad(dataDir, cwd, tag);
  const durationMs = scale(6000, 90_000);
  const until = Date.now() + durationMs;
  const outcomes: KillOutcome[] = [];
  const injected = { hooks: 0, ingests: 0, cli: 0, mcp: 0 };
  const bulk: { tag: string; committed: boolean; stored?: number }[] = [];
  let i = 0;

  const hookKiller = async () => {
    while (Date.now() < until) {
      const k = killable(tag, i++, cwd, rand);
      const delayMs = killDelay(k, cal, rand);
      const r = await spawnAndKill([hookJs(), k.kind], JSON.stringify(k.payload), dataDir, cwd, delayMs);
      if (r.signal === 'SIGKILL') injected.hooks++;
      outcomes.push({ k, code: r.code, signal: r.signal, stdout: r.stdout, delayMs });
    }
  };
  const ingestKiller = async () => {
    for (let t = 0; Date.now() < until; t++) {
      const btag = `${tag}i${t}`;
      const child = storeChild('ingest', [db, scale(1500, 4000), btag, 3], dataDir);
      try {
        await child.waitFor(/^begin$/, 30_000);
      } catch {
        /* it failed to start (busy): still counts as a run */
      }
      await sleep(Math.floor(rand() * 800));
      child.child.kill('SIGKILL');
      const exit = await child.exited();
      if (exit.signal === 'SIGKILL') injected.ingests++;
      bulk.push({ tag: btag, committed: /committed/.test(exit.stdout) });
    }
  };
  const cliKiller = async () => {
    const commands = [['search', 'make', '--json'], ['doctor', '--json'], ['doctor', '--repair', '--json'], ['sessions', '--json'], ['export']];
    while (Date.now() < until) {
      const args = commands[Math.floor(rand() * commands.length)]!;
      const r = await spawnAndKill([cliJs(), ...args], undefined, dataDir, cwd, 20 + Math.floor(rand() * 400));
      if (r.signal === 'SIGKILL') injected.cli++;
    }
  };
  const mcpKiller = async () => {
    while (Date.now() < until) {
      let server: McpHandle | undefined;
      try {
        server = await startMcp(dataDir, cwd);
        await server.call('search', { query: 'make' }).catch(() => undefined);
        await sleep(200 + Math.floor(rand() * 2500));
      } catch {
        /* killed or failed to start under load: the next round tries again */
      }
      if (server?.pid) {
        try {
          process.kill(server.pid, 'SIGKILL');
          injected.mcp++;
        } catch {
          /* already gone */
        }
      }
      await server?.close();
    }
  };
  await Promise.all([hookKiller(), hookKiller(), ingestKiller(), cliKiller(), mcpKiller()]);
  const { sent, problems } = await load.stop();
  const spooled = spoolSnapshot(dataDir);
  const v = await verdict(dataDir, outcomes, spooled, sent);
  const conn = openSqlite(db, { fileMustExist: true });
  for (const b of bulk) b.stored = (conn.prepare('SELECT count(*) AS n FROM observations WHERE uid LIKE ?').get(`uid-${b.tag}-%`) as { n: number }).n;
  conn.close();
  const partial = bulk.filter((b) => b.stored !== 0 && b.stored !== scale(1500, 4000));
  report('chaos', {
    seed: SEED,
    durationMs,
    crashesInjected: injected,
    hookRuns: outcomes.length,
    writerEvents: sent.length,
    acknowledged: v.acknowledged,
    lostAcknowledged: v.lostAcknowledged.length,
    lostUnacknowledged: v.lostUnacknowledged,
    duplicated: v.doubled.length,
    bulkTransactions: bulk.length,
    partialTransactions: partial.length,
    partialSpoolTmpFiles: spooled.tmp,
    calibratedHookMs: cal,
    hookKillDelayMs: percentiles(outcomes.map((o) => o.delayMs)),
  });
  assert.deepEqual(problems, []);
  assert.deepEqual(v.lostAcknowledged, []);
  assert.deepEqual(v.doubled, []);
  assert.deepEqual(partial.map((b) => `${b.tag}: ${b.stored}`), []);
  for (const b of bulk) if (b.committed) assert.equal(b.stored, scale(1500, 4000), `${b.tag} committed but ${b.stored} rows`);
  await assertHealthy(dataDir);
});
