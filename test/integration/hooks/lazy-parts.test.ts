/**
 * The parts of the hook that most hook runs never call live in bundles of their own, which
 * hook-main.cjs loads on first use (LAZY_PARTS in scripts/build.mjs): the other hosts' adapters
 * (hook-hosts.cjs), the credential formats (hook-tokens.cjs), what a failed call's text says
 * (hook-failures.cjs) and the command-line credentials (hook-commands.cjs). Which bundles a hook ran shows in its code cache: one file per bundle it loaded.
 * A Claude Code hook with nothing of theirs in its payload runs hook-main.cjs alone; a payload that
 * needs a part gets it, and the part works on the same modules as hook-main (an adapter's
 * UnknownEventError is still one to the hook entry).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { logLinesOf, runHook, spoolFiles, tempDir, validPayload, type ProcResult } from './helpers.ts';

const PARTS = ['hook-hosts.cjs', 'hook-tokens.cjs', 'hook-failures.cjs', 'hook-commands.cjs'];

/** The bundles whose code cache the runs so far wrote (each bundle a hook loaded, once per event). */
function bundlesRun(dataDir: string): string[] {
  const dir = join(dataDir, 'cache');
  if (!existsSync(dir)) return [];
  return [...new Set(readdirSync(dir).filter((f) => f.endsWith('.v8')).map((f) => f.slice(0, f.indexOf('.cjs-') + 4)))].sort();
}

/** The one event a run spooled, as text. */
function spooled(dataDir: string): string {
  const files = spoolFiles(dataDir);
  assert.equal(files.length, 1, `one spooled event: ${files.join(', ')}`);
  return readFileSync(join(dataDir, 'spool', files[0]!), 'utf8');
}

function answered(r: ProcResult, stdout = '{}'): void {
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, '');
  assert.equal(r.stdout.trim(), stdout);
}

describe('lazily loaded parts of the hook bundle', () => {
  it('a Claude Code hook without secrets, command credentials or another host\'s payload runs hook-main.cjs alone', async () => {
    const dataDir = tempDir();
    const cwd = tempDir('mnemo-parts-cwd-');
    answered(await runHook('PostToolUse', validPayload('PostToolUse', 's-plain', cwd), { dataDir, cwd }));
    answered(await runHook('UserPromptSubmit', validPayload('UserPromptSubmit', 's-plain', cwd), { dataDir, cwd }));
    const edit = { tool_name: 'Edit', tool_input: { file_path: join(cwd, 'src/path.ts'), old_string: 'const a = 1;', new_string: 'const a = 2;' }, tool_response: { filePath: join(cwd, 'src/path.ts') }, tool_use_id: 'toolu_edit' };
    answered(await runHook('PostToolUse', validPayload('PostToolUse', 's-plain', cwd, edit), { dataDir, cwd }));
    assert.equal(spoolFiles(dataDir).length, 3);
    assert.deepEqual(bundlesRun(dataDir), ['hook-main.cjs']);
  });

  it('a password on a command line loads hook-commands.cjs, which redacts it', async () => {
    const dataDir = tempDir();
    const cwd = tempDir('mnemo-parts-cwd-');
    const secret = 'Qx7vTz2pLm9wRb4K';
    const bash = { tool_input: { command: `mysql -u admin -p${secret} shop`, description: 'Open the database' }, tool_use_id: 'toolu_mysql' };
    answered(await runHook('PostToolUse', validPayload('PostToolUse', 's-cmd', cwd, bash), { dataDir, cwd }));
    const text = spooled(dataDir);
    assert.ok(!text.includes(secret), 'the password is not stored');
    assert.match(text, /mysql -u admin -p\[REDACTED:password:/);
    assert.deepEqual(bundlesRun(dataDir), ['hook-commands.cjs', 'hook-main.cjs']);
  });

  it('a shell answer in plain text loads hook-failures.cjs, which reads it as failed; a failure the host flags does not need it', async () => {
    const dataDir = tempDir();
    const cwd = tempDir('mnemo-parts-cwd-');
    const flagged = { tool_name: 'Bash', tool_input: { command: 'npm run lint', description: 'Lint' }, tool_use_id: 'toolu_flagged', error: 'Exit code 1\nError: lint failed' };
    answered(await runHook('PostToolUseFailure', validPayload('PostToolUseFailure', 's-fail', cwd, flagged), { dataDir, cwd }));
    assert.deepEqual(bundlesRun(dataDir), ['hook-main.cjs']);
    const plain = { tool_name: 'Bash', tool_input: { command: 'npm test', description: 'Run the tests' }, tool_use_id: 'toolu_plain', tool_response: 'FAIL src/pool.test.ts\n  \u25cf pool \u203a grows to 16\n\n    TypeError: Cannot read properties of undefined\n\nTests: 1 failed, 3 passed, 4 total' };
    const other = tempDir();
    answered(await runHook('PostToolUse', validPayload('PostToolUse', 's-plain-fail', cwd, plain), { dataDir: other, cwd }));
    assert.match(spooled(other), /"failed":true|"error"|Failed/);
    assert.deepEqual(bundlesRun(other), ['hook-failures.cjs', 'hook-main.cjs']);
  });

  it('a token with a catalogued prefix loads hook-tokens.cjs, which names its kind', async () => {
    const dataDir = tempDir();
    const cwd = tempDir('mnemo-parts-cwd-');
    const token = 'ghp_' + 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5';
    answered(await runHook('UserPromptSubmit', validPayload('UserPromptSubmit', 's-token', cwd, { prompt: `the CI fails with ${token} as its token, fix it` }), { dataDir, cwd }));
    const text = spooled(dataDir);
    assert.ok(!text.includes(token), 'the token is not stored');
    assert.match(text, /\[REDACTED:github_token:/);
    assert.deepEqual(bundlesRun(dataDir), ['hook-main.cjs', 'hook-tokens.cjs']);
  });

  it('another host\'s hook loads hook-hosts.cjs; its unknown event is still a warning, not an error', async () => {
    const dataDir = tempDir();
    const cwd = tempDir('mnemo-parts-cwd-');
    const codex = { session_id: 's-codex', turn_id: 't1', transcript_path: null, cwd, hook_event_name: 'UserPromptSubmit', model: 'gpt-5', prompt: 'Rename the retry helper' };
    answered(await runHook('UserPromptSubmit', codex, { dataDir, cwd, args: ['--platform', 'codex'] }));
    assert.match(spooled(dataDir), /"platform":"codex"/);
    assert.deepEqual(bundlesRun(dataDir), ['hook-hosts.cjs', 'hook-main.cjs']);

    // lookupEvent (platforms/platform, in hook-main) throws UnknownEventError for the adapter in hook-hosts.cjs.
    const r = await runHook('Bogus', { ...codex, hook_event_name: 'Bogus' }, { dataDir, cwd, args: ['--platform', 'codex'] });
    answered(r, '');
    const lines = logLinesOf(dataDir, r.pid);
    assert.equal(lines.length, 1, lines.join('\n'));
    assert.match(lines[0]!, / warn \[\d+\] Bogus \(codex\): unknown hook event: Bogus$/);
  });

  it('a VS Code payload through Claude Code\'s hook command loads hook-hosts.cjs and is stored as VS Code\'s', async () => {
    const dataDir = tempDir();
    const cwd = tempDir('mnemo-parts-cwd-');
    const vscode = { sessionId: 's-vscode', hookEventName: 'UserPromptSubmit', timestamp: '2026-01-01T00:00:00.000Z', cwd, prompt: 'Add a retry to the fetch helper' };
    answered(await runHook('UserPromptSubmit', vscode, { dataDir, cwd }));
    assert.match(spooled(dataDir), /"platform":"vscode"/);
    assert.deepEqual(bundlesRun(dataDir), ['hook-hosts.cjs', 'hook-main.cjs']);
  });

  it('every part is in the built plugin', () => {
    const dir = join(import.meta.dirname, '..', '..', '..', 'plugin', 'dist');
    for (const part of PARTS) assert.ok(existsSync(join(dir, part)), `${part} is built`);
  });
});
