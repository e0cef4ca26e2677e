// Summaries as a user gets them after a session ran through the plugin's hooks, read back with
// `mnemo sessions --json`: the in-process replay the summary evaluation uses agrees with the real hook
// bundle (one process per payload); a session resumed or compacted under a new id is summarized
// with the work before it; a summary written before the session's last events were folded is
// brought up to date; the next SessionStart shows the brief in the user's language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transcriptPayloads, type Payload } from '../../../eval/summaries/payloads.ts';
import { readSessions, replayConfig, replayPayloads } from '../../../eval/summaries/replay.ts';
import type { Session } from '../../../src/core/types.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const HOOK = join(ROOT, 'plugin/dist/hook.cjs');
const CLI = join(ROOT, 'plugin/dist/cli.js');
const FIXTURE = join(ROOT, 'test/fixtures/transcripts/DRMacIver-claude-reliability/coverage-test-fix/transcript.jsonl');

function env(dataDir: string): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env, MNEMO_DATA_DIR: dataDir, HOME: dataDir };
  delete e.NODE_EXTRA_CA_CERTS;
  delete e.MNEMO_SUMMARIZER;
  return e;
}

function hookProcess(payload: Payload, e: NodeJS.ProcessEnv): string {
  const r = spawnSync(process.execPath, [HOOK, payload.hook_event_name], { input: JSON.stringify(payload), env: e, encoding: 'utf8', timeout: 20_000 });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

function cliSessions(e: NodeJS.ProcessEnv): Session[] {
  const r = spawnSync(process.execPath, [CLI, 'sessions', '--json'], { env: e, encoding: 'utf8', timeout: 20_000 });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as Session[];
}

/** A project folder with a .git, so sessions in it share one project. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-sum-proj-'));
  mkdirSync(join(dir, '.git'));
  writeFileSync(join(dir, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  return dir;
}

const base = (session: string, cwd: string) => ({ session_id: session, cwd, transcript_path: join(cwd, `${session}.jsonl`) });
const start = (s: string, cwd: string, source: string): Payload => ({ ...base(s, cwd), hook_event_name: 'SessionStart', source });
const prompt = (s: string, cwd: string, text: string): Payload => ({ ...base(s, cwd), hook_event_name: 'UserPromptSubmit', prompt: text });
const bash = (s: string, cwd: string, id: string, command: string, stdout: string): Payload => ({
  ...base(s, cwd),
  hook_event_name: 'PostToolUse',
  tool_name: 'Bash',
  tool_use_id: id,
  tool_input: { command },
  tool_response: { stdout, stderr: '', interrupted: false },
});
const stop = (s: string, cwd: string, text: string): Payload => ({ ...base(s, cwd), hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: text });
const end = (s: string, cwd: string): Payload => ({ ...base(s, cwd), hook_event_name: 'SessionEnd', reason: 'other' });

test('the in-process replay and the real hook bundle give the same summaries', async () => {
  const cwd = project();
  const payloads = transcriptPayloads(FIXTURE, { cwd });
  const real = mkdtempSync(join(tmpdir(), 'mnemo-sum-real-'));
  for (const p of payloads) hookProcess(p, env(real));
  const fromHooks = cliSessions(env(real));
  const { cfg, env: e } = replayConfig(mkdtempSync(join(tmpdir(), 'mnemo-sum-inproc-')));
  await replayPayloads(cfg, payloads);
  const inProcess = await readSessions(cfg, e);
  assert.equal(fromHooks.length, 1);
  assert.equal(inProcess.length, 1);
  assert.equal(inProcess[0]!.summary?.brief, fromHooks[0]!.summary?.brief);
  assert.equal(inProcess[0]!.summary?.detailed, fromHooks[0]!.summary?.detailed);
  assert.match(fromHooks[0]!.summary!.brief, /^- Commit: Add multiply_numbers function with test$/m);
  // The failed commit of an already committed .gitignore ("nothing to commit") is no open problem.
  assert.match(fromHooks[0]!.summary!.brief, /## Open issues and risks\n- none recorded/);
});

test('a session resumed under a new id is summarized with the work before it; a fresh start is not', async () => {
  const cwd = project();
  const { cfg, env: e } = replayConfig(mkdtempSync(join(tmpdir(), 'mnemo-sum-resume-')));
  await replayPayloads(cfg, [
    start('first', cwd, 'startup'),
    prompt('first', cwd, 'Implement the export command with a --since flag.'),
    bash('first', cwd, 'c1', 'git commit -am "feat: add the export command"', '[main 1a2b3c4] feat: add the export command\n 2 files changed'),
    stop('first', cwd, 'Export is committed; --since is next.'),
    end('first', cwd),
    // Older Claude Code builds and the SDK resume under a new session id.
    start('second', cwd, 'resume'),
    prompt('second', cwd, 'Now add the --since flag to the export command.'),
    bash('second', cwd, 'c2', 'git commit -am "feat(export): add --since"', '[main 5d6e7f8] feat(export): add --since\n 1 file changed'),
    stop('second', cwd, 'Done: --since filters by date.'),
    end('second', cwd),
    start('third', cwd, 'startup'),
    prompt('third', cwd, 'Unrelated: bump the lint rules to the new preset.'),
    bash('third', cwd, 'c3', 'git commit -am "chore: new lint preset"', '[main 9a8b7c6] chore: new lint preset\n 1 file changed'),
    stop('third', cwd, 'Lint preset bumped.'),
    end('third', cwd),
  ]);
  const sessions = await readSessions(cfg, e);
  const byId = (id: string) => sessions.find((s) => s.externalId === id)!.summary!;
  assert.match(byId('second').brief, /feat: add the export command/, 'the resumed session covers the work before it');
  assert.match(byId('second').brief, /feat\(export\): add --since/);
  assert.match(byId('second').brief, /## Goal\n- Implement the export command with a --since flag\./);
  assert.doesNotMatch(byId('third').detailed, /export/, 'a fresh start is its own piece of work');
  assert.doesNotMatch(byId('first').detailed, /--since\b.*add --since/);
});

test('a summary written before the last events were folded is brought up to date when read', async () => {
  const cwd = project();
  const { cfg, env: e } = replayConfig(mkdtempSync(join(tmpdir(), 'mnemo-sum-stale-')));
  await replayPayloads(cfg, [start('late', cwd, 'startup'), prompt('late', cwd, 'Fix the flaky upload test and commit.'), end('late', cwd)]);
  // Events of the session that reach the store after its SessionEnd summary (a fold that ran out of time).
  await replayPayloads(cfg, [
    bash('late', cwd, 'l1', 'npm test -- upload', 'Tests: 8 passed, 8 total'),
    bash('late', cwd, 'l2', 'git commit -am "fix(upload): wait for the stream to close"', '[main 0a1b2c3] fix(upload): wait for the stream to close\n 1 file changed'),
  ]);
  const [s] = await readSessions(cfg, e);
  assert.match(s!.summary!.brief, /^- Commit: fix\(upload\): wait for the stream to close$/m);
  assert.equal(s!.summary!.observationCount, s!.observationCount);
});

test('the next SessionStart shows the last brief under a heading in the user\'s language', async () => {
  const cwd = project();
  const { cfg } = replayConfig(mkdtempSync(join(tmpdir(), 'mnemo-sum-start-')));
  await replayPayloads(cfg, [
    start('ja1', cwd, 'startup'),
    prompt('ja1', cwd, 'ログインのタイムアウトを直して、テストを追加してください'),
    bash('ja1', cwd, 'j1', 'git commit -am "fix(auth): extend the login timeout"', '[main 1111111] fix(auth): extend the login timeout\n 1 file changed'),
    stop('ja1', cwd, '修正してコミットしました。\n\n次のステップ:\n- README を更新する'),
    end('ja1', cwd),
  ]);
  const out = hookProcess(start('ja2', cwd, 'startup'), env(cfg.dataDir));
  const context = (JSON.parse(out) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput?.additionalContext ?? '';
  assert.match(context, /^## 前回のセッション \(/m);
  assert.match(context, /^### 目標\n- ログインのタイムアウトを直して/m);
  assert.match(context, /^- コミット: fix\(auth\): extend the login timeout$/m);
  assert.match(context, /^### 次のステップ\n- README を更新する$/m);
});
