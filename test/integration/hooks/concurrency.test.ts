/**
 * Many hook processes at once (issue 8 "Concurrency"): 24 real hook processes in parallel, mixed
 * sessions, duplicated deliveries and concurrent SessionStarts of one session (each of which opens
 * SQLite and folds the spool while the others write). Every distinct event must be stored exactly
 * once, one session per external id, and `doctor` must find the store healthy.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type EventName,
  type ProcResult,
  cliJson,
  exportAll,
  hookContractProblems,
  readLog,
  runHook,
  spoolFiles,
  tempDir,
  validPayload,
} from './helpers.ts';

interface Delivery {
  readonly event: EventName;
  readonly session: string;
  /** What makes the event distinct: tool_use_id or prompt_id (undefined: session-level event). */
  readonly key?: string;
  readonly extra: Record<string, unknown>;
}

function round(tag: string): Delivery[] {
  const s = (n: number) => `conc-${tag}-s${n}`;
  const post = (n: number, id: string): Delivery => ({
    event: 'PostToolUse',
    session: s(n),
    key: `post:${id}`,
    extra: {
      tool_name: 'Bash',
      tool_input: { command: `make target-${id}`, description: `build ${id}` },
      tool_response: { stdout: `built ${id} in session ${n}`, stderr: '', interrupted: false },
      tool_use_id: id,
    },
  });
  const prompt = (n: number, id: string): Delivery => ({ event: 'UserPromptSubmit', session: s(n), key: `prompt:${id}`, extra: { prompt: `Round ${tag}: task ${id} for session ${n}`, prompt_id: id } });
  const start = (n: number): Delivery => ({ event: 'SessionStart', session: s(n), extra: { source: 'startup' } });
  return [
    start(1), start(1), start(2), start(3), start(3),
    post(1, `${tag}-t1`), post(1, `${tag}-t1`), post(1, `${tag}-t2`), post(1, `${tag}-t3`),
    // The same tool_use_id in another session is another event.
    post(2, `${tag}-t1`), post(2, `${tag}-t2`), post(2, `${tag}-t2`),
    post(3, `${tag}-t1`), post(3, `${tag}-t2`),
    post(4, `${tag}-t1`), post(4, `${tag}-t2`), post(4, `${tag}-t3`), post(4, `${tag}-t3`),
    prompt(1, `${tag}-p1`), prompt(2, `${tag}-p2`), prompt(3, `${tag}-p3`), prompt(3, `${tag}-p3`), prompt(4, `${tag}-p4`),
    { event: 'SessionEnd', session: s(2), extra: { reason: 'clear' } },
  ];
}

test('24 hook processes in parallel: every distinct event stored exactly once, one session per id, store healthy', async () => {
  const dataDir = tempDir('mnemo-concurrency-');
  const cwd = tempDir('mnemo-concurrency-cwd-');
  const sent: Delivery[] = [];
  const results: { d: Delivery; r: ProcResult }[] = [];
  let wall = 0;
  // Round "a" into an empty store; round "b" while round a's events sit in the store and spool, and
  // re-delivering one of round a's calls (a duplicate of an event that is already stored).
  for (const tag of ['a', 'b']) {
    const deliveries = round(tag);
    if (tag === 'b') deliveries[deliveries.length - 1] = { ...round('a')[6]! }; // a-t1 of session a-s1, third delivery
    assert.equal(deliveries.length, 24);
    sent.push(...deliveries);
    const started = Date.now();
    const batch = await Promise.all(
      deliveries.map(async (d) => ({ d, r: await runHook(d.event, validPayload(d.event, d.session, cwd, d.extra), { dataDir, cwd, killAfterMs: 60_000 }) })),
    );
    wall += Date.now() - started;
    results.push(...batch);
  }

  const problems = results.flatMap(({ d, r }) => hookContractProblems(d.event, r, 15_000).map((p) => `${d.event} ${d.session} ${d.key ?? ''}: ${p}`));
  assert.deepEqual(problems, []);

  const { sessions, observations } = await exportAll(dataDir);
  const expectedSessions = new Set(sent.map((d) => d.session));
  const distinct = new Map<string, Delivery>();
  for (const d of sent) if (d.key) distinct.set(`${d.session}|${d.key}`, d);
  const deliveriesWithKey = sent.filter((d) => d.key).length;

  const sessionById = new Map(sessions.map((s) => [s.id, s.externalId]));
  const storedKeys = new Map<string, number>();
  for (const o of observations) {
    const ext = sessionById.get(o.sessionId) ?? '?';
    const key = o.toolUseId ? `post:${o.toolUseId}` : o.type === 'prompt' ? `prompt:${/task (\S+)/.exec(o.body)?.[1] ?? o.body}` : `other:${o.id}`;
    storedKeys.set(`${ext}|${key}`, (storedKeys.get(`${ext}|${key}`) ?? 0) + 1);
  }
  const lost = [...distinct.keys()].filter((k) => !storedKeys.has(k));
  const doubled = [...storedKeys].filter(([, n]) => n > 1).map(([k, n]) => `${k} ×${n}`);
  const unexpected = [...storedKeys.keys()].filter((k) => !distinct.has(k));
  const log = readLog(dataDir);
  const figures = {
    processes: results.length,
    eventsSent: sent.length,
    observationDeliveries: deliveriesWithKey,
    distinctObservations: distinct.size,
    stored: observations.length,
    duplicatesDropped: deliveriesWithKey - observations.length,
    duplicatesStored: doubled.length,
    lost: lost.length,
    sessionsExpected: expectedSessions.size,
    sessionsStored: sessions.length,
    logWarnings: (log.match(/ warn /g) ?? []).length,
    logErrors: (log.match(/ error /g) ?? []).length,
    wallMsPerRound: Math.round(wall / 2),
    slowestHookMs: Math.max(...results.map(({ r }) => r.ms)),
  };
  console.log(`concurrency figures: ${JSON.stringify(figures)}`);

  assert.deepEqual(lost, [], 'lost events');
  assert.deepEqual(doubled, [], 'events stored twice');
  assert.deepEqual(unexpected, [], 'observations nobody sent');
  assert.equal(observations.length, distinct.size);
  assert.deepEqual(sessions.map((s) => s.externalId).sort(), [...expectedSessions].sort(), 'one session per external id');
  for (const s of sessions) {
    assert.equal(s.observationCount, observations.filter((o) => o.sessionId === s.id).length);
  }
  assert.equal(figures.logErrors, 0, `errors logged:\n${log}`);
  assert.ok(!/database is locked/i.test(log), `"database is locked" surfaced:\n${log}`);

  const doctor = await cliJson<{ healthy: boolean; checks: { name: string; ok: boolean; detail: string }[] }>(['doctor', '--json'], dataDir);
  assert.equal(doctor.healthy, true, JSON.stringify(doctor.checks, null, 2));
});

test('every event delivered twice at once (plugin and settings install both firing) is stored once', async () => {
  const dataDir = tempDir('mnemo-double-');
  const cwd = tempDir('mnemo-double-cwd-');
  const session = 'double-delivery';
  const events = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'Stop', 'SubagentStop', 'PreCompact', 'PostCompact', 'SessionEnd'] as const;
  const results: { event: string; r: ProcResult }[] = [];
  for (const event of events) {
    const payload = validPayload(event, session, cwd, event === 'PreToolUse' ? { tool_use_id: 'toolu_double_pending' } : {});
    const pair = await Promise.all([0, 1].map(() => runHook(event, payload, { dataDir, cwd })));
    results.push(...pair.map((r) => ({ event, r })));
  }
  const problems = results.flatMap(({ event, r }) => hookContractProblems(event, r).map((p) => `${event}: ${p}`));
  assert.deepEqual(problems, []);
  const { sessions, observations } = await exportAll(dataDir);
  assert.equal(sessions.length, 1);
  const byType: Record<string, number> = {};
  for (const o of observations) byType[o.type] = (byType[o.type] ?? 0) + 1;
  // One prompt, one pending note (its tool_use_id never gets an outcome), the Bash call, the failure,
  // the conclusion, the subagent result, the compaction marker and the compaction summary.
  assert.deepEqual(byType, { prompt: 1, pending: 1, command: 1, error: 1, conclusion: 1, subagent: 1, marker: 1, compact: 1 });
});

test('the same prompt delivered twice 300 ms apart is stored once, even across a clock boundary', async () => {
  const dataDir = tempDir('mnemo-double-prompt-');
  const cwd = tempDir('mnemo-double-prompt-cwd-');
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  let session = '';
  let ats: number[] = [];
  // A redelivery (a retry, a second install of the hooks) carries no prompt_id in Claude Code's
  // payload. Time the two deliveries so that they fall on both sides of a multiple of 5 s, where a
  // bucketed time window would split them; retry the alignment if process start-up skews it.
  for (let attempt = 0; attempt < 3; attempt++) {
    session = `double-prompt-${attempt}`;
    const payload = validPayload('UserPromptSubmit', session, cwd, { prompt: `Refactor the session map (attempt ${attempt})` });
    const boundary = Math.ceil((Date.now() + 400) / 5000) * 5000;
    await sleep(Math.max(0, boundary - 260 - Date.now()));
    const first = runHook('UserPromptSubmit', payload, { dataDir, cwd });
    await sleep(300);
    const second = runHook('UserPromptSubmit', payload, { dataDir, cwd });
    for (const r of await Promise.all([first, second])) assert.deepEqual(hookContractProblems('UserPromptSubmit', r), []);
    ats = spoolFiles(dataDir)
      .map((f) => JSON.parse(readFileSync(join(dataDir, 'spool', f), 'utf8')) as { at: number; externalSessionId: string })
      .filter((e) => e.externalSessionId === session)
      .map((e) => e.at);
    if (ats.length === 2 && Math.floor(ats[0]! / 5000) !== Math.floor(ats[1]! / 5000)) break;
  }
  const { sessions, observations } = await exportAll(dataDir);
  const s = sessions.find((x) => x.externalId === session)!;
  const prompts = observations.filter((o) => o.sessionId === s.id && o.type === 'prompt');
  assert.equal(prompts.length, 1, `stored ${prompts.length} times (captured at ${ats.join(', ')})`);
});
