/**
 * What the hooks store, through the real bundle and read back through the real CLI: one recorded
 * session in a git repository (with private text, a failure, a duplicate delivery and our own MCP
 * tools), then a second session that gets the index, a resumed one that does not, and a session in
 * a linked worktree that belongs to the same project.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type EventName,
  type ExportedObservation,
  type ExportedSession,
  type ProcResult,
  cliJson,
  exportAll,
  filesContaining,
  git,
  hookContractProblems,
  readLog,
  runHook,
  spoolFiles,
  tempDir,
} from './helpers.ts';

const S1 = '5f0c7a52-1d8e-4c1b-9a57-3f1d2b6e8a01';
const S2 = '7b2e9c41-6a3f-4d2e-8b16-0c9d4e5f6a02';
const S3 = '9c3f0d52-7b4a-4e3f-9c27-1d0e5f6a7b03';
const S4 = 'a1d4e163-8c5b-4f40-8d38-2e1f6a7b8c04';
/** Obvious secrets in a tool call: none of them may appear anywhere under the data dir either. */
const SECRETS = [
  'ghp_' + 'Zq7XvB2mN4kP9sT1wY6cR3dF8hJ0aL5eG2uQ',
  'AKIA' + 'Q7X2M4NZP6R5T3V4',
  'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQ9x2mN4kP',
  's3cr3tPassw0rdZZ',
  'sk-ant-api03-' + 'xY9zQ2wE4rT6yU8iO0pA1sD3fG5hJ7kL9zX1cV3bN5mQ7wE9rT1yU3iO5pA7sD9fG1hJ3kL5zX7cV9bN1mQ3w-AbCdEfGh',
];
/** Private markers: none of them may appear anywhere under the data dir. */
const PRIVATE_MARKERS = ['PRIV-ALPHA-hunter2', 'PRIV-BRAVO', 'PRIV-CHARLIE', 'PRIV-DELTA'];

describe('hook semantics: one session, read back through the CLI', () => {
  const root = tempDir('mnemo-semantics-');
  const repo = join(root, 'repo');
  const worktree = join(root, 'repo-wt');
  const plain = join(root, 'plain');
  const dataDir = join(root, 'data');
  const runs: { event: EventName; label: string; result: ProcResult }[] = [];
  let leaksBeforeDrain: string[] = [];
  let spoolBeforeDrain = 0;
  let spoolAfterPreCompact = -1;
  let spoolAfterEnd = -1;
  let afterEnd: ExportedSession[] = [];
  let sessions: ExportedSession[] = [];
  let observations: ExportedObservation[] = [];
  let s1Obs: ExportedObservation[] = [];
  let startup: ProcResult;
  let resume: ProcResult;
  let firstStart: ProcResult;

  const hook = async (event: EventName, label: string, sessionId: string, fields: Record<string, unknown>, cwd = repo) => {
    const payload = { session_id: sessionId, transcript_path: join(root, `${sessionId}.jsonl`), cwd, permission_mode: 'default', hook_event_name: event, ...fields };
    const result = await runHook(event, payload, { dataDir, cwd });
    runs.push({ event, label, result });
    return result;
  };

  before(async () => {
    mkdirSync(join(repo, 'src'), { recursive: true });
    git(repo, 'init', '-q', '-b', 'feature/memory');
    writeFileSync(join(repo, 'README.md'), '# demo\n');
    git(repo, 'add', 'README.md');
    git(repo, 'commit', '-q', '-m', 'init');
    git(repo, 'worktree', 'add', '-q', '-b', 'wt-branch', worktree);
    mkdirSync(plain, { recursive: true });
    mkdirSync(dataDir, { recursive: true });
    const auth = join(repo, 'src', 'auth.ts');

    firstStart = await hook('SessionStart', 'startup (empty store)', S1, { source: 'startup', model: 'claude-sonnet-4-5' });
    await hook('UserPromptSubmit', 'prompt with private part', S1, {
      prompt: `Fix the login timeout in src/auth.ts <private>my password is ${PRIVATE_MARKERS[0]}</private> and keep the retry logic`,
    });
    await hook('UserPromptSubmit', 'all-private prompt', S1, { prompt: `<private>${PRIVATE_MARKERS[1]} the whole prompt is secret</private>` });
    await hook('PreToolUse', 'Write pre', S1, { tool_name: 'Write', tool_input: { file_path: auth, content: 'export const TIMEOUT = 30;\n' }, tool_use_id: 'toolu_w1' });
    await hook('PostToolUse', 'Write post', S1, {
      tool_name: 'Write',
      tool_input: { file_path: auth, content: 'export const TIMEOUT = 30;\n' },
      tool_response: { type: 'create', filePath: auth, content: 'export const TIMEOUT = 30;\n', structuredPatch: [] },
      tool_use_id: 'toolu_w1',
    });
    await hook('PreToolUse', 'Edit pre', S1, { tool_name: 'Edit', tool_input: { file_path: auth, old_string: '30', new_string: '60' }, tool_use_id: 'toolu_e1' });
    await hook('PostToolUse', 'Edit post', S1, {
      tool_name: 'Edit',
      tool_input: { file_path: auth, old_string: '30', new_string: '60', replace_all: false },
      tool_response: {
        filePath: auth,
        oldString: '30',
        newString: '60',
        originalFile: 'export const TIMEOUT = 30;\n',
        structuredPatch: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-export const TIMEOUT = 30;', '+export const TIMEOUT = 60;'] }],
        userModified: false,
        replaceAll: false,
      },
      tool_use_id: 'toolu_e1',
    });
    await hook('PreToolUse', 'Bash pre (fails)', S1, { tool_name: 'Bash', tool_input: { command: 'npm test', description: 'Run the tests' }, tool_use_id: 'toolu_b1' });
    await hook('PostToolUseFailure', 'Bash failure', S1, {
      tool_name: 'Bash',
      tool_input: { command: 'npm test', description: 'Run the tests' },
      tool_use_id: 'toolu_b1',
      error: 'Exit code 1\n> demo@1.0.0 test\nError: connect ECONNREFUSED 127.0.0.1:5432\n    at TCPConnectWrap.afterConnect',
      is_interrupt: false,
    });
    await hook('PreToolUse', 'Bash pre without post', S1, { tool_name: 'Bash', tool_input: { command: 'npm run build' }, tool_use_id: 'toolu_b2' }, join(repo, 'src'));
    const echo = {
      tool_name: 'Bash',
      tool_input: { command: `echo "<private>${PRIVATE_MARKERS[2]}</private>" && echo done` },
      tool_response: { stdout: 'done', stderr: '', interrupted: false, isImage: false },
      tool_use_id: 'toolu_b3',
    };
    await hook('PostToolUse', 'Bash post (1st delivery)', S1, echo);
    await hook('PostToolUse', 'Bash post (2nd delivery, same tool_use_id)', S1, echo);
    await hook('PostToolUse', 'Bash with secrets', S1, {
      tool_name: 'Bash',
      tool_input: {
        command: `GITHUB_TOKEN=${SECRETS[0]} AWS_ACCESS_KEY_ID=${SECRETS[1]} AWS_SECRET_ACCESS_KEY=${SECRETS[2]} psql postgres://app:${SECRETS[3]}@db.internal:5432/app -c 'select 1'`,
      },
      tool_response: { stdout: `ANTHROPIC_API_KEY=${SECRETS[4]}\n(1 row)`, stderr: '', interrupted: false },
      tool_use_id: 'toolu_s1',
    });
    for (const [name, id] of [
      ['mcp__plugin_mnemo_mnemo__search', 'toolu_m1'],
      ['mcp__mnemo__search', 'toolu_m2'],
      ['mcp__plugin_mnemo_mnemo__get_observations', 'toolu_m3'],
    ] as const) {
      await hook('PreToolUse', `${name} pre`, S1, { tool_name: name, tool_input: { query: 'login timeout' }, tool_use_id: id });
      await hook('PostToolUse', `${name} post`, S1, {
        tool_name: name,
        tool_input: { query: 'login timeout' },
        tool_response: [{ type: 'text', text: '#1 prompt Fix the login timeout' }],
        tool_use_id: id,
      });
    }
    await hook('Stop', 'Stop', S1, { stop_hook_active: false, last_assistant_message: 'Raised the login timeout to 60 s in src/auth.ts; tests need Postgres running.' });
    await hook('SubagentStop', 'SubagentStop', S1, { stop_hook_active: false, agent_id: 'ag1', agent_type: 'Explore', last_assistant_message: 'The timeout constant is only used by the login handler.' });
    // PreCompact opens the store (it snapshots the live session), so count the spool before it.
    spoolBeforeDrain = spoolFiles(dataDir).length;
    await hook('PreCompact', 'PreCompact', S1, { trigger: 'manual', custom_instructions: `focus on auth <private>${PRIVATE_MARKERS[3]}</private>` });
    spoolAfterPreCompact = spoolFiles(dataDir).length;
    await hook('PostCompact', 'PostCompact', S1, { trigger: 'manual', compact_summary: 'We raised the login timeout and found that the tests need Postgres.' });

    leaksBeforeDrain = [...PRIVATE_MARKERS, ...SECRETS].flatMap((m) => filesContaining(dataDir, m).map((f) => `${m} in ${f}`));

    await hook('SessionEnd', 'SessionEnd', S1, { reason: 'logout' });
    spoolAfterEnd = spoolFiles(dataDir).length;
    afterEnd = await cliJson<ExportedSession[]>(['sessions', '--json'], dataDir);

    // The next session in the same project gets the index; a resumed one does not.
    startup = await hook('SessionStart', 'startup (second session)', S2, { source: 'startup' });
    resume = await hook('SessionStart', 'resume of the first session', S1, { source: 'resume' });
    // A linked worktree of the same repository, and a folder outside git reached through a symlink.
    await hook('SessionStart', 'startup in worktree', S3, { source: 'startup' }, worktree);
    await hook('UserPromptSubmit', 'prompt in worktree', S3, { prompt: 'Port the timeout fix to the worktree branch' }, worktree);
    symlinkSync(plain, join(root, 'plain-link'));
    await hook('UserPromptSubmit', 'prompt outside git', S4, { prompt: 'Scratch notes outside any repository' }, join(root, 'plain-link'));

    ({ sessions, observations } = await exportAll(dataDir));
    const s1 = sessions.find((s) => s.externalId === S1);
    s1Obs = s1 ? observations.filter((o) => o.sessionId === s1.id) : [];
  });

  it('every hook exits 0 with valid output', () => {
    const problems = runs.flatMap(({ event, label, result }) => hookContractProblems(event, result).map((p) => `${label}: ${p}`));
    assert.deepEqual(problems, []);
    assert.equal(readLog(dataDir).match(/ error /g)?.length ?? 0, 0, `errors logged for valid payloads:\n${readLog(dataDir)}`);
  });

  it('per-call hooks leave their events in the spool; SessionEnd folds them in', () => {
    // SessionStart (alone in the spool, its event waits for the next fold) + 2 prompts + 4 PreToolUse
    // + 5 PostToolUse (one delivered twice) + 1 failure + Stop, SubagentStop; our own MCP tools never
    // reach the spool. PreCompact folds them in to take its snapshot.
    assert.equal(spoolBeforeDrain, 15);
    assert.equal(spoolAfterPreCompact, 0);
    assert.equal(spoolAfterEnd, 0);
  });

  it('maps the external session id to exactly one session, with project and git branch', async () => {
    const listed = await cliJson<ExportedSession[]>(['sessions', '--json'], dataDir);
    const mine = listed.filter((s) => s.externalId === S1);
    assert.equal(mine.length, 1, JSON.stringify(listed, null, 2));
    const s = mine[0]!;
    assert.equal(s.platform, 'claude-code');
    assert.equal(s.project, realpathSync(repo));
    assert.equal(s.branch, 'feature/memory');
    assert.equal(s.observationCount, s1Obs.length);
    assert.equal(new Set(listed.map((x) => x.externalId)).size, listed.length, 'one session per external id');
  });

  it('SessionEnd closed the session with its reason; resume reopened it under the same id', () => {
    const ended = afterEnd.filter((x) => x.externalId === S1);
    assert.equal(ended.length, 1);
    assert.equal(typeof ended[0]!.endedAt, 'number');
    assert.equal(ended[0]!.endReason, 'logout');
    const s = sessions.find((x) => x.externalId === S1)!;
    assert.equal(s.id, ended[0]!.id);
    // The resume came after SessionEnd: the session is alive again under the same id.
    assert.equal(s.endedAt, undefined, JSON.stringify(s));
    const all = sessions.filter((x) => x.externalId === S1);
    assert.equal(all.length, 1);
  });

  it('prompts: private part removed, all-private prompt stored as [PRIVATE] and flagged', () => {
    const prompts = s1Obs.filter((o) => o.type === 'prompt');
    assert.equal(prompts.length, 2, JSON.stringify(prompts, null, 2));
    const open = prompts.find((o) => !o.private)!;
    assert.equal(open.kind, 'user');
    assert.match(open.body, /^Fix the login timeout in src\/auth\.ts\s+and keep the retry logic$/);
    const secret = prompts.find((o) => o.private)!;
    assert.ok(secret, 'the all-private prompt is kept as a flagged placeholder');
    assert.equal(secret.title, '[PRIVATE]');
    assert.equal(secret.body, '[PRIVATE]');
  });

  it('Write and Edit: titles name the file, type change, files recorded', () => {
    const write = s1Obs.filter((o) => o.toolName === 'Write');
    assert.equal(write.length, 1, JSON.stringify(write));
    assert.equal(write[0]!.type, 'change');
    assert.equal(write[0]!.kind, 'tool');
    assert.match(write[0]!.title, /^Created src\/auth\.ts \(1 lines?\)$/);
    assert.deepEqual(write[0]!.files, [join(repo, 'src', 'auth.ts')]);
    assert.equal(write[0]!.toolUseId, 'toolu_w1');
    const edit = s1Obs.filter((o) => o.toolName === 'Edit');
    assert.equal(edit.length, 1);
    assert.equal(edit[0]!.type, 'change');
    assert.equal(edit[0]!.title, 'Edited src/auth.ts (+1 −1)');
    assert.ok(!edit[0]!.body.includes('originalFile'), 'the whole original file is not stored');
  });

  it('PostToolUseFailure: an error whose title says what failed and why', () => {
    const failed = s1Obs.filter((o) => o.toolUseId === 'toolu_b1');
    assert.equal(failed.length, 1, JSON.stringify(failed, null, 2));
    const f = failed[0]!;
    assert.equal(f.kind, 'error');
    assert.equal(f.type, 'error');
    assert.match(f.title, /^Failed: Ran `npm test` — Error: connect ECONNREFUSED 127\.0\.0\.1:5432$/);
    assert.match(f.body, /ECONNREFUSED/);
  });

  it('PreToolUse notes disappear once their PostToolUse arrives; one without an outcome stays pending', () => {
    const pending = s1Obs.filter((o) => o.type === 'pending');
    assert.deepEqual(
      pending.map((o) => o.toolUseId),
      ['toolu_b2'],
      JSON.stringify(pending, null, 2),
    );
    assert.equal(pending[0]!.kind, 'note');
    assert.match(pending[0]!.title, /^About to run: Ran `npm run build`|^About to run: .*npm run build/);
    for (const id of ['toolu_w1', 'toolu_e1', 'toolu_b1']) {
      assert.equal(s1Obs.filter((o) => o.toolUseId === id).length, 1, `${id}: only the outcome remains`);
    }
  });

  it('the same tool_use_id delivered twice is stored once', () => {
    const echo = s1Obs.filter((o) => o.toolUseId === 'toolu_b3');
    assert.equal(echo.length, 1, JSON.stringify(echo, null, 2));
    assert.equal(echo[0]!.type, 'command');
  });

  it('a tool call carrying secrets is kept, with the secrets redacted', () => {
    const call = s1Obs.filter((o) => o.toolUseId === 'toolu_s1');
    assert.equal(call.length, 1);
    assert.match(call[0]!.body, /psql/);
    assert.match(call[0]!.body, /REDACTED/);
  });

  it("our own MCP tools are not stored (neither Pre nor Post)", () => {
    const own = observations.filter((o) => /^mcp__(plugin_mnemo_)?mnemo__/.test(o.toolName ?? '') || /mcp__/.test(o.title));
    assert.deepEqual(own, []);
    assert.ok(!s1Obs.some((o) => ['toolu_m1', 'toolu_m2', 'toolu_m3'].includes(o.toolUseId ?? '')));
  });

  it('Stop stores the final answer as a conclusion and prints nothing; SubagentStop, PreCompact, PostCompact are kept', () => {
    const stop = runs.find((r) => r.label === 'Stop')!;
    assert.equal(stop.result.stdout, '');
    const conclusion = s1Obs.filter((o) => o.type === 'conclusion');
    assert.equal(conclusion.length, 1);
    assert.match(conclusion[0]!.body, /Raised the login timeout to 60 s/);
    const sub = s1Obs.filter((o) => o.type === 'subagent');
    assert.equal(sub.length, 1);
    assert.match(sub[0]!.title, /Explore/);
    assert.equal(s1Obs.filter((o) => o.type === 'marker').length, 1);
    const compact = s1Obs.filter((o) => o.type === 'compact');
    assert.equal(compact.length, 1);
    assert.match(compact[0]!.body, /need Postgres/);
  });

  it('the session holds exactly the expected observations', () => {
    const byType = (t: string) => s1Obs.filter((o) => o.type === t).length;
    assert.deepEqual(
      { prompt: byType('prompt'), change: byType('change'), error: byType('error'), command: byType('command'), pending: byType('pending'), conclusion: byType('conclusion'), subagent: byType('subagent'), marker: byType('marker'), compact: byType('compact'), total: s1Obs.length },
      { prompt: 2, change: 2, error: 1, command: 2, pending: 1, conclusion: 1, subagent: 1, marker: 1, compact: 1, total: 12 },
    );
  });

  it('search finds what happened; the all-private prompt is not findable', async () => {
    type Hit = ExportedObservation & { score: number };
    const login = await cliJson<Hit[]>(['search', 'login timeout', '--json'], dataDir, repo);
    assert.ok(login.length > 0);
    assert.ok(login.some((h) => h.type === 'prompt' && !h.private));
    const auth = await cliJson<Hit[]>(['search', 'auth.ts', '--json'], dataDir, repo);
    assert.ok(auth.some((h) => h.toolName === 'Edit'), JSON.stringify(auth.map((h) => h.title)));
    const refused = await cliJson<Hit[]>(['search', 'ECONNREFUSED', '--json'], dataDir, repo);
    assert.ok(refused.some((h) => h.toolUseId === 'toolu_b1'));
    const secretId = s1Obs.find((o) => o.private)!.id;
    for (const q of ['PRIVATE', '[PRIVATE]', 'secret', 'whole prompt', 'PRIV-BRAVO']) {
      const hits = await cliJson<Hit[]>(['search', q, '--json'], dataDir, repo);
      assert.ok(!hits.some((h) => h.private || h.id === secretId), `search ${q} returned the private prompt`);
    }
  });

  it('private text and obvious secrets appear nowhere in the data dir (db, WAL, spool, log, any file)', () => {
    assert.deepEqual(leaksBeforeDrain, [], 'while the events waited in the spool');
    const leaks = [...PRIVATE_MARKERS, ...SECRETS].flatMap((m) => filesContaining(dataDir, m).map((f) => `${m.slice(0, 12)}… in ${f}`));
    assert.deepEqual(leaks, []);
    // The markers did reach the hooks: the same payload text is in our own run records.
    assert.ok(!observations.some((o) => PRIVATE_MARKERS.some((m) => o.body.includes(m) || o.title.includes(m))));
  });

  it('SessionStart (startup) injects an index naming the files of earlier sessions; the first one on an empty store does not break', () => {
    assert.deepEqual(hookContractProblems('SessionStart', firstStart), []);
    const out = JSON.parse(startup.stdout) as { hookSpecificOutput?: { hookEventName?: string; additionalContext?: string } };
    assert.equal(out.hookSpecificOutput?.hookEventName, 'SessionStart');
    const ctx = out.hookSpecificOutput?.additionalContext ?? '';
    assert.ok(ctx.length > 0 && ctx.length <= 10_000, `context of ${ctx.length} characters`);
    assert.match(ctx, /src\/auth\.ts/);
    assert.match(ctx, /ECONNREFUSED|npm test/);
    for (const m of PRIVATE_MARKERS) assert.ok(!ctx.includes(m));
    assert.ok(!ctx.includes('About to run'), 'pending notes are not injected');
  });

  it('SessionStart with source resume prints {} exactly', () => {
    assert.equal(resume.stdout.trim(), '{}');
  });

  it('a linked git worktree is the same project as its main checkout; a folder outside git is its canonical path', async () => {
    const listed = await cliJson<ExportedSession[]>(['sessions', '--json'], dataDir);
    const main = listed.find((s) => s.externalId === S1)!;
    const wt = listed.find((s) => s.externalId === S3);
    assert.ok(wt, 'worktree session exists');
    assert.equal(wt.project, main.project);
    assert.equal(wt.branch, 'wt-branch');
    const outside = listed.find((s) => s.externalId === S4);
    assert.ok(outside);
    assert.equal(outside.project, realpathSync(plain));
    assert.equal(outside.branch, undefined);
  });
});
