/**
 * Every assistant through the real hook bundle: `node hook.js <HostEvent> --platform <name>` with the
 * payloads of test/fixtures/platforms (each written to its host's documented schema), read back with
 * `mnemo export`. One repository, seven assistants: one project, sessions and observations stamped
 * with the assistant, each host's own output format, errors and interrupts stored as failures.
 * OpenCode runs through the very plugin `mnemo install opencode` writes.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { opencodePlugin } from '../../../src/install/assistants/opencode.ts';
import type { SpecContext } from '../../../src/install/types.ts';
import { loadFixture, type Fixture, type FixtureEvent } from '../../unit/platforms/fixtures.ts';
import {
  type ExportedObservation,
  type ExportedSession,
  type ProcResult,
  childEnv,
  cliJs,
  exportAll,
  git,
  hookContractProblems,
  hookJs,
  logLinesOf,
  readLog,
  runHook,
  tempDir,
} from './helpers.ts';

const HOOK_PLATFORMS = ['claude-code', 'codex', 'gemini', 'cursor', 'vscode', 'copilot'] as const;
type HookPlatform = (typeof HOOK_PLATFORMS)[number];

/** Events whose stdout must be empty (output there could keep the agent going, or the host rejects control fields). */
const SILENT: Record<HookPlatform, readonly string[]> = {
  'claude-code': ['stop'],
  codex: ['stop', 'subagent', 'interrupt'],
  gemini: [],
  cursor: [],
  vscode: [],
  copilot: [],
};

/** SessionStart's injected context, read out of each host's own output format. */
const CONTEXT_OF: Record<HookPlatform, (out: Record<string, unknown>) => unknown> = {
  'claude-code': (o) => (o.hookSpecificOutput as Record<string, unknown> | undefined)?.additionalContext,
  codex: (o) => (o.hookSpecificOutput as Record<string, unknown> | undefined)?.additionalContext,
  gemini: (o) => (o.hookSpecificOutput as Record<string, unknown> | undefined)?.additionalContext,
  vscode: (o) => (o.hookSpecificOutput as Record<string, unknown> | undefined)?.additionalContext,
  cursor: (o) => o.additional_context,
  copilot: (o) => o.additionalContext,
};

interface Run {
  readonly platform: string;
  readonly ev: FixtureEvent;
  readonly result: ProcResult;
}

describe('every assistant through the hook bundle, read back with mnemo export', () => {
  const root = tempDir('mnemo-platforms-');
  const repo = join(root, 'shop');
  const dataDir = join(root, 'data');
  const runs: Run[] = [];
  let sessions: ExportedSession[] = [];
  let observations: ExportedObservation[] = [];
  let project = '';

  const run = (platform: string, id: string) => runs.find((r) => r.platform === platform && r.ev.id === id)!;
  const obsOf = (platform: string) => observations.filter((o) => o.platform === platform);
  const withText = (platform: string, marker: string) => obsOf(platform).filter((o) => `${o.title}\n${o.body}`.includes(marker));

  before(async () => {
    mkdirSync(join(repo, 'src', 'http'), { recursive: true });
    mkdirSync(dataDir, { recursive: true });
    git(repo, 'init', '-q', '-b', 'main');
    writeFileSync(join(repo, 'README.md'), '# shop\n');
    git(repo, 'add', 'README.md');
    git(repo, 'commit', '-q', '-m', 'init');
    project = realpathSync(repo);
    for (const platform of HOOK_PLATFORMS) {
      // Codex and Copilot run from a subfolder: the project is still the repository.
      const cwd = platform === 'codex' || platform === 'copilot' ? join(repo, 'src', 'http') : repo;
      const fixture = loadFixture(platform, cwd, join(root, `${platform}.jsonl`));
      for (const ev of fixture.events) {
        // claude-code is the default: its hook commands carry no --platform.
        const args = platform === 'claude-code' ? [] : ['--platform', platform];
        runs.push({ platform, ev, result: await runHook(ev.argv, ev.payload, { dataDir, cwd: root, args }) });
      }
    }
    ({ sessions, observations } = await exportAll(dataDir));
  });

  it('every hook exits 0 with one JSON object (nothing where output could continue the agent), quiet stderr', () => {
    const problems: string[] = [];
    for (const { platform, ev, result } of runs) {
      const silent = SILENT[platform as HookPlatform].includes(ev.id);
      // hookContractProblems expects nothing on stdout exactly for 'Stop'.
      for (const p of hookContractProblems(silent ? 'Stop' : ev.argv === 'Stop' ? 'StopLike' : ev.argv, result, 8000)) problems.push(`${platform} ${ev.id}: ${p}`);
    }
    assert.deepEqual(problems, []);
  });

  it('SessionStart injects the index in each host\'s format (the project has memory from the first assistant)', () => {
    assert.equal(run('claude-code', 'start').result.stdout.trim(), '{}', 'the very first session starts on an empty store');
    for (const platform of HOOK_PLATFORMS.filter((p) => p !== 'claude-code')) {
      const out = JSON.parse(run(platform, 'start').result.stdout) as Record<string, unknown>;
      const ctx = CONTEXT_OF[platform](out);
      assert.equal(typeof ctx, 'string', `${platform}: ${JSON.stringify(out).slice(0, 200)}`);
      assert.match(ctx as string, /# mnemo: memory of shop/, platform);
      assert.match(ctx as string, /CCPROMPT/, `${platform} sees what Claude Code did in the same repository`);
    }
    assert.deepEqual(JSON.parse(run('cursor', 'prompt').result.stdout), { continue: true }, 'Cursor never holds a prompt back');
  });

  it('one session per assistant, stamped with it, all in the same project', () => {
    const byPlatform = Object.fromEntries(sessions.map((s) => [s.platform, s]));
    assert.deepEqual(Object.keys(byPlatform).sort(), [...HOOK_PLATFORMS].sort());
    assert.equal(sessions.length, HOOK_PLATFORMS.length);
    for (const s of sessions) assert.equal(s.project, project, `${s.platform} resolves the repository from its cwd`);
    assert.equal(byPlatform.gemini!.externalId, 'gem-7f3a1c');
    assert.equal(byPlatform.cursor!.externalId, 'cur-5d21-conv', 'Cursor: conversation_id, project from workspace_roots');
    assert.equal(byPlatform.vscode!.externalId, 'vsc-4e0b9a');
    assert.equal(byPlatform.copilot!.externalId, 'cop-91c2d7');
    for (const p of ['claude-code', 'codex', 'gemini', 'cursor', 'copilot']) assert.ok(byPlatform[p]!.endedAt, `${p}'s SessionEnd closed its session`);
    assert.equal(byPlatform.copilot!.endReason, 'abort');
    assert.equal(byPlatform.gemini!.endReason, 'exit');
    for (const o of observations) assert.equal(o.project, project);
  });

  it('prompts, tool calls (tool names as the host sent them) and final answers are stored per assistant', () => {
    const cases: Array<[string, string, string, string | undefined]> = [
      ['gemini', 'GEMPROMPT', 'prompt', undefined],
      ['gemini', 'GEMOUTPUT', 'command', 'run_shell_command'],
      ['gemini', 'Issue #42', 'discovery', 'mcp__github__get_issue'],
      ['gemini', 'GEMANSWER', 'conclusion', undefined],
      ['codex', 'CODEXPROMPT', 'prompt', undefined],
      ['codex', 'CODEXOUTPUT', 'command', 'Bash'],
      ['codex', 'CODEXSUB', 'subagent', undefined],
      ['codex', 'CODEXANSWER', 'conclusion', undefined],
      ['cursor', 'CURSORPROMPT', 'prompt', undefined],
      ['cursor', 'CURSOROUTPUT', 'command', 'Shell'],
      ['cursor', 'CURSORSHELL', 'command', 'Shell'],
      ['cursor', 'CURSORMCP', 'command', 'linear_get_issue'],
      ['cursor', 'CURSORSUB', 'subagent', undefined],
      ['cursor', 'CURSORANSWER', 'conclusion', undefined],
      ['vscode', 'VSCPROMPT', 'prompt', undefined],
      ['vscode', 'VSCOUTPUT', 'command', 'editFiles'],
      ['copilot', 'COPPROMPT', 'prompt', undefined],
      ['copilot', 'COPOUTPUT', 'command', 'bash'],
      ['copilot', 'COPSUB', 'subagent', undefined],
      ['claude-code', 'CCPROMPT', 'prompt', undefined],
      ['claude-code', 'CCANSWER', 'conclusion', undefined],
    ];
    const problems: string[] = [];
    for (const [platform, marker, type, toolName] of cases) {
      const found = withText(platform, marker).filter((o) => o.type !== 'pending');
      if (found.length !== 1) problems.push(`${platform} ${marker}: ${found.length} observations`);
      else {
        if (toolName === undefined && found[0]!.type !== type) problems.push(`${platform} ${marker}: type ${found[0]!.type}, expected ${type}`);
        if (toolName !== undefined && found[0]!.toolName !== toolName) problems.push(`${platform} ${marker}: tool ${found[0]!.toolName}, expected ${toolName}`);
        // Copilot's lint run prints eslint's `12:7  error …`: the lint failed, whatever resultType says.
        const kind = marker === 'COPOUTPUT' ? 'error' : 'tool';
        if (toolName !== undefined && found[0]!.kind !== kind) problems.push(`${platform} ${marker}: kind ${found[0]!.kind}`);
      }
    }
    assert.deepEqual(problems, []);
    const edit = obsOf('cursor').find((o) => o.toolName === 'Edit');
    assert.ok(edit, 'Cursor afterFileEdit is an Edit call');
    assert.deepEqual(edit.files.map((f) => f.replace(`${project}/`, '')), ['src/cart.ts']);
  });

  it('failures are errors with the host\'s message; interrupts say so', () => {
    const failures: Array<[string, string, boolean]> = [
      ['gemini', 'GEMERROR', false],
      ['gemini', 'cancelled by user', true],
      ['cursor', 'CURSORERROR', false],
      ['cursor', 'npm run e2e', true],
      ['copilot', 'COPERROR', false],
      ['copilot', 'git push --force', true],
      ['claude-code', 'npm run e2e', true],
    ];
    const problems: string[] = [];
    for (const [platform, marker, interrupted] of failures) {
      const found = withText(platform, marker).filter((o) => o.type === 'error');
      if (found.length !== 1) {
        problems.push(`${platform} ${marker}: ${found.length} error observations (${withText(platform, marker).map((o) => o.type).join(',')})`);
        continue;
      }
      const o = found[0]!;
      if (o.kind !== 'error' || !o.title.startsWith('Failed:')) problems.push(`${platform} ${marker}: ${o.kind} "${o.title}"`);
      if (interrupted !== /\(interrupted\)/.test(o.body)) problems.push(`${platform} ${marker}: interrupted=${!interrupted} in "${o.body.slice(0, 120)}"`);
    }
    assert.deepEqual(problems, []);
  });

  it('compaction markers, one per assistant that reported one', () => {
    const markers = observations.filter((o) => o.type === 'marker').map((o) => o.platform).sort();
    assert.deepEqual(markers, ['codex', 'copilot', 'cursor', 'gemini', 'vscode']);
  });

  it('events a host sends that mnemo does not record are logged at info and store nothing', () => {
    const ignored: Array<[string, string]> = [
      ['gemini', 'ignored'],
      ['cursor', 'ignored'],
      ['vscode', 'ignored'],
      ['copilot', 'error'],
      ['codex', 'interrupt'],
      ['claude-code', 'ignored'],
    ];
    for (const [platform, id] of ignored) {
      const r = run(platform, id).result;
      const lines = logLinesOf(dataDir, r.pid);
      assert.equal(lines.length, 1, `${platform} ${id}: ${lines.join('\n')}`);
      assert.match(lines[0]!, / info .*unknown hook event for mnemo: .* is not recorded/);
    }
    assert.equal(withText('copilot', 'Rate limit').length, 0);
    // Every other hook ran without a single log line.
    const logged = runs.filter((r) => !ignored.some(([p, id]) => p === r.platform && id === r.ev.id) && logLinesOf(dataDir, r.result.pid).length > 0);
    assert.deepEqual(
      logged.map((r) => `${r.platform} ${r.ev.id}: ${logLinesOf(dataDir, r.result.pid).join(' | ')}`),
      [],
    );
  });
});

describe('hook files several hosts read: each payload is stored as the host that sent it, once', () => {
  const root = tempDir('mnemo-platforms-shared-');
  const repo = join(root, 'repo');
  const dataDir = join(root, 'data');
  let sessions: ExportedSession[] = [];
  let observations: ExportedObservation[] = [];
  let fixture: Fixture;

  before(async () => {
    mkdirSync(repo, { recursive: true });
    mkdirSync(dataDir, { recursive: true });
    git(repo, 'init', '-q');
    fixture = loadFixture('shared-settings', repo, join(root, 't.jsonl'));
    for (const ev of fixture.events) {
      const args = ev.declared === 'claude-code' ? [] : ['--platform', ev.declared!];
      const r = await runHook(ev.argv, ev.payload, { dataDir, cwd: root, args });
      assert.deepEqual(hookContractProblems(ev.argv, r), [], ev.id);
    }
    ({ sessions, observations } = await exportAll(dataDir));
  });

  it('sessions belong to the host in the payload, not the hook file\'s platform', () => {
    const got = Object.fromEntries(sessions.map((s) => [s.externalId, s.platform]));
    assert.deepEqual(got, { 'vsc-shared-1': 'vscode', 'vsc-shared-2': 'vscode', 'cop-shared-1': 'copilot', 'cur-shared-1': 'cursor' });
    assert.equal(sessions.filter((s) => s.platform === 'claude-code').length, 0);
  });

  it('the same VS Code tool call through two hook files is stored once', () => {
    assert.equal(observations.filter((o) => o.body.includes('SHAREDVSC')).length, 1);
    assert.equal(observations.filter((o) => o.body.includes('SHAREDCOP') && o.type !== 'error').length, 1);
    assert.equal(observations.filter((o) => o.type === 'error' && o.body.includes('SHAREDCOPFAIL')).length, 1);
    assert.equal(observations.filter((o) => o.body.includes('SHAREDCUR')).length, 1);
  });
});

describe('OpenCode through the plugin `mnemo install opencode` writes', () => {
  const root = tempDir('mnemo-platforms-opencode-');
  const repo = join(root, 'site');
  const dataDir = join(root, 'data');
  const doneFile = join(root, 'done.log');
  const saved = { data: process.env.MNEMO_DATA_DIR, done: process.env.MNEMO_TEST_DONE, hook: process.env.MNEMO_TEST_HOOK };
  let sessions: ExportedSession[] = [];
  let observations: ExportedObservation[] = [];
  let project = '';

  const finished = () => (existsSync(doneFile) ? readFileSync(doneFile, 'utf8').split('\n').filter(Boolean).length : 0);
  const waitFor = async (n: number) => {
    const until = Date.now() + 20_000;
    while (finished() < n) {
      if (Date.now() > until) throw new Error(`only ${finished()} of ${n} hook processes finished`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  before(async () => {
    mkdirSync(repo, { recursive: true });
    mkdirSync(dataDir, { recursive: true });
    git(repo, 'init', '-q');
    project = realpathSync(repo);
    // The plugin spawns `<hook command> <event> --platform opencode`; this wrapper runs the real bundle
    // in-process and notes when the process is done (the CommonJS hook entry finishes after its
    // import returns), so the test can keep OpenCode's order.
    const wrapper = join(root, 'hook-wrapper.mjs');
    writeFileSync(
      wrapper,
      `import { appendFileSync } from 'node:fs';\n` +
        `process.once('exit', () => appendFileSync(process.env.MNEMO_TEST_DONE, process.argv[2] + '\\n'));\n` +
        `await import(${JSON.stringify(pathToFileURL(hookJs()).href)});\n`,
    );
    process.env.MNEMO_DATA_DIR = dataDir;
    process.env.MNEMO_TEST_DONE = doneFile;
    const source = opencodePlugin({ hookCommand: [process.execPath, wrapper] } as unknown as SpecContext);
    const mod = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as { MnemoPlugin: (ctx: object) => Promise<Record<string, (...a: unknown[]) => Promise<void>>> };
    const hooks = await mod.MnemoPlugin({ directory: repo, worktree: repo });
    const fixture = loadFixture('opencode', repo);
    let sent = 0;
    for (const ev of fixture.events) {
      const p = ev.payload as Record<string, Record<string, unknown>>;
      if (p.event) await hooks.event!({ event: p.event });
      else if (ev.argv === 'chat.message') await hooks['chat.message']!(p.input, { message: p.message, parts: p.parts });
      else if (ev.argv === 'tool.execute.before') await hooks['tool.execute.before']!(p.input, { args: p.args });
      else {
        // Called as older OpenCode builds do, without args: the plugin carries them over from before.
        const { args: _args, ...input } = p.input!;
        if (ev.id !== 'after') {
          // Only the first call has its tool.execute.before in the fixture; the others get one here.
          await hooks['tool.execute.before']!(input, { args: p.args });
          await waitFor(++sent);
        }
        await hooks['tool.execute.after']!(input, p.output);
      }
      await waitFor(++sent);
    }
    // Bus events the plugin does not forward start no process.
    await hooks.event!({ event: { type: 'message.part.updated', properties: { sessionID: 'ses_oc_5a7e' } } });
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(finished(), sent);
    ({ sessions, observations } = await exportAll(dataDir));
  });

  after(() => {
    for (const [k, v] of [['MNEMO_DATA_DIR', saved.data], ['MNEMO_TEST_DONE', saved.done], ['MNEMO_TEST_HOOK', saved.hook]] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it('one opencode session in the project, closed when OpenCode deletes it', () => {
    assert.equal(sessions.length, 1);
    assert.equal(sessions[0]!.platform, 'opencode');
    assert.equal(sessions[0]!.externalId, 'ses_oc_5a7e');
    assert.equal(sessions[0]!.project, project);
    assert.ok(sessions[0]!.endedAt);
    assert.equal(sessions[0]!.endReason, 'deleted');
  });

  it('the prompt, tool calls with their arguments, the failure, the interrupt and the compaction are stored', () => {
    const mine = observations.filter((o) => o.platform === 'opencode');
    const text = (o: ExportedObservation) => `${o.title}\n${o.body}`;
    assert.equal(mine.filter((o) => o.type === 'prompt' && o.body.includes('OCPROMPT')).length, 1);
    const build = mine.filter((o) => o.type !== 'pending' && text(o).includes('OCOUTPUT'));
    assert.equal(build.length, 1);
    assert.equal(build[0]!.toolName, 'bash');
    assert.match(build[0]!.body, /npm run build/, 'args carried from tool.execute.before');
    assert.equal(mine.filter((o) => o.type === 'pending').length, 0, 'every pending call was replaced by its outcome (same callID)');
    const lint = mine.filter((o) => o.type === 'error' && text(o).includes('OCERROR'));
    assert.equal(lint.length, 1);
    assert.match(lint[0]!.body, /Exit code 1/);
    const e2e = mine.filter((o) => o.type === 'error' && text(o).includes('npm run e2e'));
    assert.equal(e2e.length, 1);
    assert.match(e2e[0]!.body, /\(interrupted\)/);
    assert.equal(mine.filter((o) => o.type === 'marker').length, 1);
    assert.ok(mine.some((o) => o.toolName === 'read'));
  });

  it('session.error is logged and stores nothing', () => {
    const log = readLog(dataDir);
    assert.match(log, / info .*unknown hook event for mnemo: opencode session\.error is not recorded/);
    assert.equal(observations.filter((o) => o.body.includes('invalid key')).length, 0);
  });
});

describe('unknown platform or event: a logged no-op for a host, an error for a person', () => {
  const root = tempDir('mnemo-platforms-unknown-');
  const dataDir = join(root, 'data');
  const payload = { session_id: 's-unknown', cwd: root, hook_event_name: 'Bogus' };

  before(() => mkdirSync(dataDir, { recursive: true }));

  it('a host (stdin piped) gets exit 0, the platform\'s empty answer, and a log line', async () => {
    const cases: Array<[string | undefined, string[], string]> = [
      ['AfterTool', ['--platform', 'nope'], '{}'],
      ['Bogus', ['--platform', 'gemini'], '{}'],
      ['Bogus', ['--platform', 'codex'], ''],
      ['notAnEvent', ['--platform', 'cursor'], '{}'],
      ['Bogus', [], '{}'],
      [undefined, ['--platform=copilot'], '{}'],
    ];
    for (const [event, args, out] of cases) {
      const r = await runHook(event, { ...payload, hook_event_name: event }, { dataDir, args });
      const label = `${event} ${args.join(' ')}`;
      assert.equal(r.code, 0, label);
      assert.equal(r.stdout.trim(), out, label);
      assert.equal(r.stderr, '', label);
      const lines = logLinesOf(dataDir, r.pid);
      assert.equal(lines.length, 1, `${label}: ${lines.join('\n')}`);
      assert.match(lines[0]!, /unknown (platform "nope"|hook event)/, label);
    }
  });

  const cli = (args: string[], input?: string) =>
    spawnSync(process.execPath, [cliJs(), 'hook', ...args], { input: input ?? '', env: childEnv(dataDir), encoding: 'utf8', timeout: 20_000 });

  it('`mnemo hook` by hand: exit 2 with the reason on stderr, nothing on stdout', () => {
    const platform = cli(['AfterTool', '--platform', 'nope'], JSON.stringify(payload));
    assert.equal(platform.status, 2);
    assert.equal(platform.stdout, '');
    assert.match(platform.stderr, /unknown platform "nope" \(known: claude-code, codex, gemini, cursor, vscode, copilot, opencode\)/);

    const event = cli(['Bogus', '--platform', 'gemini'], JSON.stringify(payload));
    assert.equal(event.status, 2);
    assert.equal(event.stdout, '');
    assert.match(event.stderr, /unknown gemini event "Bogus" \(gemini events mnemo records: .*BeforeAgent.*AfterTool/);

    const inPayload = cli([], JSON.stringify(payload));
    assert.equal(inPayload.status, 2, 'an unknown event named only in the payload is an error too');
    assert.match(inPayload.stderr, /unknown hook event: Bogus for claude-code/);

    const none = cli(['BeforeAgent', '--platform', 'gemini']);
    assert.equal(none.status, 2);
    assert.match(none.stderr, /no payload on stdin/);
  });

  it('`mnemo hook` by hand with an event the host has but mnemo does not record: exit 0 and a note', () => {
    const r = cli(['BeforeModel', '--platform', 'gemini'], JSON.stringify({ session_id: 'g', cwd: root, hook_event_name: 'BeforeModel' }));
    assert.equal(r.status, 0);
    assert.equal(r.stdout.trim(), '{}');
    assert.match(r.stderr, /gemini event "BeforeModel" is not one mnemo records/);
  });

  it('`mnemo hook` by hand with a good payload works like the host\'s hook', () => {
    const r = cli(['BeforeAgent', '--platform', 'gemini'], JSON.stringify({ session_id: 'g-hand', cwd: root, hook_event_name: 'BeforeAgent', prompt: 'HANDPROMPT' }));
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), '{}');
    assert.equal(r.stderr, '');
  });

  it('a person at a terminal (stdin is a TTY) running the hook bundle gets the error too', { skip: process.platform !== 'linux' || spawnSync('script', ['--version']).status !== 0 }, () => {
    // util-linux `script` gives the child a pseudo-terminal for stdin.
    const r = spawnSync('script', ['-qec', `${JSON.stringify(process.execPath)} ${JSON.stringify(hookJs())} Bogus --platform gemini`, '/dev/null'], {
      env: childEnv(dataDir),
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(r.status, 2, r.stdout + r.stderr);
    assert.match(r.stdout + r.stderr, /unknown gemini event "Bogus"/);
  });
});
