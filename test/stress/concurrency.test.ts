/**
 * Concurrency at scale (issue 8): dozens of real hook processes of several sessions at once, two MCP
 * servers (each reporting its own platform's events through `hook_event`, searching and fetching)
 * and CLI `search` processes reading meanwhile. Every distinct event must be stored exactly once
 * (the same event delivered twice is stored once, a PreToolUse note is replaced by its outcome), no
 * "database is locked" may reach any stdout or stderr, and hooks finish in bounded time.
 *
 * Builds on test/integration/hooks/concurrency.test.ts (24 processes, fixed rounds): here the load
 * is larger, shuffled, and readers and other platforms run at the same time.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  LOCKED_RE,
  SEED,
  type EventName,
  type McpHandle,
  type ProcResult,
  cliJson,
  countRows,
  exportAll,
  hookContractProblems,
  integrityCheck,
  percentiles,
  pool,
  readLog,
  report,
  rng,
  runCli,
  runHook,
  scale,
  startMcp,
  tempDir,
  textOf,
  validPayload,
} from './helpers.ts';
import { join } from 'node:path';

const SESSIONS = scale(5, 16);
const CALLS_PER_SESSION = scale(8, 30);
const PARALLEL = scale(16, 32);
const MCP_EVENTS = scale(10, 60);
/** Sessions of Codex CLI hooks (`--platform codex`), next to Claude Code's. */
const CODEX_SESSIONS = scale(2, 6);

interface Delivery {
  readonly event: EventName;
  readonly session: string;
  readonly cwd: string;
  /** The marker that identifies the observation this delivery must produce (none: session-level or replaced). */
  readonly marker?: string;
  readonly extra: Record<string, unknown>;
  /** `--platform` of the hook command (default: Claude Code). */
  readonly platform?: 'codex';
}

function plan(run: string, cwds: readonly string[], rand: () => number): { deliveries: Delivery[]; expected: Set<string> } {
  const deliveries: Delivery[] = [];
  const expected = new Set<string>();
  for (let s = 0; s < SESSIONS; s++) {
    const session = `stress-${run}-s${s}`;
    const cwd = cwds[s % cwds.length]!;
    const add = (d: Omit<Delivery, 'session' | 'cwd'>, copies = 1) => {
      for (let c = 0; c < copies; c++) deliveries.push({ ...d, session, cwd });
      if (d.marker) expected.add(d.marker);
    };
    add({ event: 'SessionStart', extra: { source: 'startup' } }, rand() < 0.3 ? 2 : 1);
    for (let j = 0; j < CALLS_PER_SESSION; j++) {
      const marker = `zq${run}s${s}n${j}zq`;
      const dup = rand() < 0.25 ? 2 : 1;
      const id = `toolu_${marker}`;
      switch (j % 4) {
        case 0:
        case 1:
          add({
            event: 'PostToolUse',
            marker,
            extra: { tool_name: 'Bash', tool_use_id: id, tool_input: { command: `make ${marker}`, description: 'build' }, tool_response: { stdout: `built ${marker}`, stderr: '', interrupted: false } },
          }, dup);
          // Half of the calls also announce themselves first: the note must give way to the outcome.
          if (rand() < 0.5) add({ event: 'PreToolUse', extra: { tool_name: 'Bash', tool_use_id: id, tool_input: { command: `make ${marker}` } } });
          break;
        case 2:
          add({ event: 'UserPromptSubmit', marker, extra: { prompt: `Please handle ${marker} next`, prompt_id: `p-${marker}` } }, dup);
          break;
        default:
          add({ event: 'PostToolUseFailure', marker, extra: { tool_name: 'Bash', tool_use_id: id, tool_input: { command: `npm test ${marker}` }, error: `Exit code 1\nError: ${marker} failed` } }, dup);
      }
    }
    add({ event: 'Stop', marker: `zq${run}s${s}stopzq`, extra: { last_assistant_message: `Done with zq${run}s${s}stopzq.` } }, rand() < 0.3 ? 2 : 1);
    add({ event: 'SessionEnd', extra: { reason: 'other' } });
  }
  for (let s = 0; s < CODEX_SESSIONS; s++) {
    const session = `codex-${run}-s${s}`;
    const cwd = cwds[s % cwds.length]!;
    const add = (d: Omit<Delivery, 'session' | 'cwd' | 'platform'>, copies = 1) => {
      for (let c = 0; c < copies; c++) deliveries.push({ ...d, session, cwd, platform: 'codex' });
      if (d.marker) expected.add(d.marker);
    };
    add({ event: 'SessionStart', extra: { source: 'startup' } });
    for (let j = 0; j < CALLS_PER_SESSION; j++) {
      const marker = `zq${run}codex${s}n${j}zq`;
      add({ event: 'PostToolUse', marker, extra: { tool_name: 'Bash', tool_use_id: `call_${marker}`, tool_input: { command: `cargo build ${marker}` }, tool_response: `Compiling ${marker}\nFinished` } }, rand() < 0.25 ? 2 : 1);
    }
    add({ event: 'SessionEnd', extra: { reason: 'exit' } });
  }
  // Shuffle (Fisher-Yates with the seeded generator), keeping each session's SessionEnd last of its own.
  for (let i = deliveries.length - 1; i > 0; i--) {
    const k = Math.floor(rand() * (i + 1));
    [deliveries[i], deliveries[k]] = [deliveries[k]!, deliveries[i]!];
  }
  // A Stop carries no natural key: its repeat counts as the same event only within 10 s of capture
  // (a real double delivery fires both copies at once), so its copies stay side by side.
  const ordered: Delivery[] = [];
  for (const d of deliveries) {
    if (d.event === 'SessionEnd' || ordered.includes(d)) continue;
    ordered.push(d);
    if (d.event === 'Stop') ordered.push(...deliveries.filter((x) => x !== d && x.event === 'Stop' && x.marker === d.marker));
  }
  const ends = deliveries.filter((d) => d.event === 'SessionEnd');
  return { deliveries: [...ordered, ...ends], expected };
}

/** A Codex CLI hook payload (its documented fields; see test/fixtures/platforms/codex.json). */
function codexPayload(d: Delivery): Record<string, unknown> {
  return { session_id: d.session, transcript_path: null, cwd: d.cwd, hook_event_name: d.event, model: 'gpt-5-codex', permission_mode: 'default', ...d.extra };
}

/** Any host: exit 0, quiet stderr, stdout empty or one JSON object, within the hang bound. */
function genericContract(r: ProcResult): string[] {
  const problems: string[] = [];
  if (r.code !== 0 || r.signal) problems.push(`exit ${r.code ?? r.signal}`);
  if (r.ms > 20_000) problems.push(`took ${r.ms} ms`);
  if (r.stderr.trim()) problems.push(`stderr: ${r.stderr.trim().slice(0, 200)}`);
  const lines = r.stdout.split('\n').filter((l) => l.trim());
  if (lines.length > 1) problems.push(`${lines.length} lines on stdout`);
  else if (lines.length === 1) {
    try {
      JSON.parse(lines[0]!);
    } catch {
      problems.push(`stdout is not JSON: ${lines[0]!.slice(0, 100)}`);
    }
  }
  return problems;
}

test('dozens of hooks of two platforms, two MCP servers of two more, and CLI searches at once: each event stored exactly once, no lock errors surface', async () => {
  const rand = rng(SEED);
  const dataDir = tempDir('mnemo-stress-conc-');
  const cwds = [tempDir('mnemo-stress-proj-a-'), tempDir('mnemo-stress-proj-b-'), tempDir('mnemo-stress-proj-c-')];
  const run = (SEED % 100_000).toString(36);
  const { deliveries, expected } = plan(run, cwds, rand);
  const surfaced: string[] = [];
  const watch = (where: string, text: string) => {
    if (LOCKED_RE.test(text)) surfaced.push(`${where}: ${text.slice(0, 300)}`);
  };

  // The readers and the other platforms start first and run until the hooks are done.
  const servers: McpHandle[] = await Promise.all([startMcp(dataDir, cwds[0]!), startMcp(dataDir, cwds[1]!)]);
  let hooksDone = false;
  const mcpMs: number[] = [];
  const mcpProblems: string[] = [];
  let mcpCalls = 0;
  let platformDeliveries = 0;
  const platformMarkers = new Set<string>();
  const platformLoop = async (server: McpHandle, platform: string) => {
    for (let k = 0; k < MCP_EVENTS; k++) {
      const marker = `zq${run}${platform}n${k}zq`;
      platformMarkers.add(marker);
      const payload = {
        session_id: `${platform}-${run}-${k % 3}`,
        cwd: cwds[2],
        tool_name: 'run_command',
        tool_use_id: `call_${marker}`,
        tool_input: { command: `cargo build ${marker}` },
        tool_response: { stdout: `finished ${marker}`, stderr: '' },
      };
      for (let copy = 0; copy < (k % 5 === 0 ? 2 : 1); copy++) {
        const t = Date.now();
        const r = await server.call('hook_event', { event: 'PostToolUse', payload, platform });
        mcpMs.push(Date.now() - t);
        mcpCalls++;
        platformDeliveries++;
        watch(`mcp hook_event ${platform}`, textOf(r));
        if (r.isError) mcpProblems.push(`hook_event ${marker}: ${textOf(r)}`);
      }
    }
  };
  const readLoop = async (server: McpHandle, name: string) => {
    while (!hooksDone) {
      const t = Date.now();
      const r = await server.call('search', { query: `make zq${run}s${Math.floor(rand() * SESSIONS)}`, limit: 10 });
      mcpMs.push(Date.now() - t);
      mcpCalls++;
      watch(`mcp search ${name}`, textOf(r));
      if (r.isError) mcpProblems.push(`search: ${textOf(r)}`);
      const ids = ((r.structuredContent as { results?: { id: number }[] } | undefined)?.results ?? []).map((x) => x.id).slice(0, 5);
      if (ids.length) {
        const g = await server.call('get_observations', { ids });
        mcpCalls++;
        watch(`mcp get_observations ${name}`, textOf(g));
        if (g.isError) mcpProblems.push(`get_observations: ${textOf(g)}`);
      }
    }
  };
  const cliMs: number[] = [];
  const cliProblems: string[] = [];
  const cliLoop = async () => {
    while (!hooksDone) {
      const r = await runCli(['search', `zq${run}s${Math.floor(rand() * SESSIONS)}`, '--json'], dataDir, cwds[0]);
      cliMs.push(r.ms);
      watch('cli search stdout', r.stdout);
      watch('cli search stderr', r.stderr);
      if (r.code !== 0) cliProblems.push(`exit ${r.code}: ${r.stderr.slice(0, 300)}`);
    }
  };

  const started = Date.now();
  const background = [
    platformLoop(servers[0]!, 'trae'),
    platformLoop(servers[1]!, 'cursor'),
    readLoop(servers[0]!, 'a'),
    readLoop(servers[1]!, 'b'),
    cliLoop(),
  ];
  const results: { d: Delivery; r: ProcResult }[] = await pool(deliveries, PARALLEL, async (d) => ({
    d,
    r: await runHook(d.event, d.platform ? codexPayload(d) : validPayload(d.event, d.session, d.cwd, d.extra), { dataDir, cwd: d.cwd, killAfterMs: 60_000, ...(d.platform ? { args: ['--platform', d.platform] } : {}) }),
  }));
  hooksDone = true;
  await Promise.all(background);
  const wallMs = Date.now() - started;
  for (const s of servers) watch('mcp server stderr', s.stderr());
  await Promise.all(servers.map((s) => s.close()));

  for (const { d, r } of results) {
    watch(`${d.event} stdout`, r.stdout);
    watch(`${d.event} stderr`, r.stderr);
  }
  const contract = results.flatMap(({ d, r }) => (d.platform ? genericContract(r) : hookContractProblems(d.event, r, 20_000)).map((p) => `${d.platform ?? 'claude-code'} ${d.event} ${d.session}: ${p}`));

  // `export` folds whatever is still in the spool first.
  const { sessions, observations } = await exportAll(dataDir);
  const markerRe = /zq[a-z0-9]+zq/;
  const stored = new Map<string, number>();
  for (const o of observations) {
    const m = markerRe.exec(`${o.title}\n${o.body}`)?.[0];
    if (m) stored.set(m, (stored.get(m) ?? 0) + 1);
  }
  const all = new Set([...expected, ...platformMarkers]);
  const lost = [...all].filter((m) => !stored.has(m));
  const doubled = [...stored].filter(([, n]) => n > 1).map(([m, n]) => `${m} ×${n}`);
  const pendingLeft = observations.filter((o) => o.type === 'pending');
  const sessionKeys = sessions.map((s) => `${s.platform}|${s.externalId}`);
  const hookMs = percentiles(results.map(({ r }) => r.ms));
  const log = readLog(dataDir);
  const rows = countRows(join(dataDir, 'mnemo.db'));
  report('concurrency', {
    seed: SEED,
    hookProcesses: results.length,
    mcpCalls,
    cliSearches: cliMs.length,
    eventsSent: results.length + mcpCalls,
    distinctObservationsExpected: all.size,
    stored: observations.length,
    duplicatesDropped: results.filter(({ d }) => d.marker).length + platformDeliveries - observations.length,
    duplicatesStored: doubled.length,
    lost: lost.length,
    pendingNotesLeft: pendingLeft.length,
    sessions: sessions.length,
    lockMessagesSurfaced: surfaced.length,
    lockLinesInLog: log.split('\n').filter((l) => LOCKED_RE.test(l)).length,
    lockLogSample: log.split('\n').filter((l) => LOCKED_RE.test(l)).slice(0, 2).map((l) => l.slice(25, 220)),
    hookWallMs: hookMs,
    mcpCallMs: percentiles(mcpMs),
    cliSearchMs: percentiles(cliMs),
    wallMs,
  });

  assert.deepEqual(contract, [], 'hooks broke their contract');
  assert.deepEqual(surfaced, [], '"database is locked" reached a host-visible stream');
  assert.deepEqual(mcpProblems, [], 'MCP tools failed under load');
  assert.deepEqual(cliProblems, [], 'CLI search failed under load');
  assert.deepEqual(lost, [], 'lost events');
  assert.deepEqual(doubled, [], 'events stored twice');
  assert.deepEqual(pendingLeft.map((o) => o.title), [], 'a PreToolUse note survived its outcome');
  assert.equal(observations.length, all.size, 'observations nobody sent');
  assert.equal(new Set(sessionKeys).size, sessionKeys.length, 'two sessions for one external id');
  assert.equal(sessions.filter((s) => s.platform === 'claude-code').length, SESSIONS);
  assert.equal(sessions.filter((s) => s.platform === 'codex').length, CODEX_SESSIONS);
  assert.equal(sessions.filter((s) => s.platform === 'trae').length, Math.min(3, MCP_EVENTS));
  assert.equal(sessions.filter((s) => s.platform === 'cursor').length, Math.min(3, MCP_EVENTS));
  assert.deepEqual(integrityCheck(join(dataDir, 'mnemo.db')), ['ok']);
  assert.equal(rows.fts, rows.publicObservations, 'full-text index out of step with its table');
  const doctor = await cliJson<{ healthy: boolean; checks: unknown[] }>(['doctor', '--json'], dataDir);
  assert.equal(doctor.healthy, true, JSON.stringify(doctor.checks));
});
