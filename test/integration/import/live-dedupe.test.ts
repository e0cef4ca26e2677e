// Live hooks and import of the same session never duplicate: the real hook bundle records the
// session as Claude Code drives it, then `mnemo import claude-code` reads the session's transcript.
// Tool calls meet on `post:<tool_use_id>`; prompts and answers (which carry no id) on their content
// within the store's re-delivery window, which transcript timestamps fall into.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { importClaudeCode, type ImportReport } from '../../../src/import/claude-code-import.ts';
import { runHook } from '../hooks/helpers.ts';
import { cleanup, exportRecords, tempDir, TranscriptBuilder } from './helpers.ts';

after(cleanup);

function gitRepo(): string {
  const dir = tempDir('repo');
  const r = spawnSync('git', ['init', '-q', '-b', 'main', dir], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return dir;
}

async function importDir(dataDir: string, root: string): Promise<ImportReport> {
  const store = SqliteStore.open({ path: join(dataDir, 'mnemo.db'), busyTimeoutMs: 5000 });
  try {
    return await importClaudeCode(store, { root, limits: { maxInputChars: 2000, maxOutputChars: 4000 }, openWithinMs: 2 * 3600_000 });
  } finally {
    await store.close();
  }
}

interface Scripted {
  readonly builder: TranscriptBuilder;
  readonly path: string;
  /** The hook payloads Claude Code sent for the same session, in order. */
  readonly payloads: Record<string, unknown>[];
}

/** One session as a transcript and as the hook payloads Claude Code sends for it. */
function session(repo: string, root: string): Scripted {
  const b = new TranscriptBuilder({ cwd: repo, branch: 'main', start: Date.now() - 2000 });
  const path = join(root, 'projects', repo.replace(/[/.]/g, '-'), `${b.sessionId}.jsonl`);
  const base = { session_id: b.sessionId, transcript_path: path, cwd: repo };
  const read = { file_path: join(repo, 'src', 'pool.ts') };
  const readResponse = { type: 'text', file: { filePath: read.file_path, content: 'export const size = 4;\n', numLines: 1, startLine: 1, totalLines: 1 } };
  const edit = { file_path: read.file_path, old_string: 'size = 4', new_string: 'size = 16' };
  const editResponse = { filePath: read.file_path, oldString: 'size = 4', newString: 'size = 16', originalFile: 'export const size = 4;\n', structuredPatch: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-export const size = 4;', '+export const size = 16;'] }], userModified: false, replaceAll: false };
  const test = { command: 'npm test', description: 'Run the tests' };
  const failure = 'Exit code 1\nFAIL test/pool.test.ts\n  Error: read ECONNRESET';
  const prompt = 'The pool is too small under load; raise it and run the tests. 连接池太小了。';
  const answer = 'Raised the pool size to 16; the test run still fails on ECONNRESET.';
  b.prompt(prompt)
    .tool('toolu_live_read', 'Read', read, { output: readResponse })
    .tool('toolu_live_edit', 'Edit', edit, { output: editResponse })
    .tool('toolu_live_test', 'Bash', test, { error: failure })
    .text(answer)
    .stopHooks();
  b.write(path);
  const payloads = [
    { ...base, hook_event_name: 'SessionStart', source: 'startup' },
    { ...base, hook_event_name: 'UserPromptSubmit', prompt },
    { ...base, hook_event_name: 'PostToolUse', tool_name: 'Read', tool_input: read, tool_response: readResponse, tool_use_id: 'toolu_live_read' },
    { ...base, hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: edit, tool_response: editResponse, tool_use_id: 'toolu_live_edit' },
    { ...base, hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', tool_input: test, tool_use_id: 'toolu_live_test', error: failure, is_interrupt: false },
    { ...base, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: answer },
    { ...base, hook_event_name: 'SessionEnd', reason: 'prompt_input_exit' },
  ];
  return { builder: b, path, payloads };
}

async function hooks(dataDir: string, payloads: readonly Record<string, unknown>[]): Promise<void> {
  for (const p of payloads) {
    const r = await runHook(String(p.hook_event_name), p, { dataDir });
    assert.equal(r.code, 0, r.stderr);
  }
}

test('a session the hooks recorded: importing its transcript adds nothing and keeps its lifecycle', async () => {
  const repo = gitRepo();
  const dataDir = tempDir('live-data');
  const s = session(repo, dataDir);
  await hooks(dataDir, s.payloads);
  const before = await exportRecords(dataDir);
  const live = before.records.filter((r) => r.record === 'observation');
  assert.deepEqual(live.map((o) => o.type), ['prompt', 'discovery', 'change', 'error', 'conclusion']);

  const r = await importDir(dataDir, join(dataDir, 'projects'));
  assert.equal(r.observations, 0, 'nothing new');
  assert.equal(r.duplicates, 5);
  const afterImport = await exportRecords(dataDir);
  assert.deepEqual(afterImport.records.filter((x) => x.record === 'observation'), live);
  const sessions = afterImport.records.filter((x) => x.record === 'session');
  assert.equal(sessions.length, 1);
  assert.equal(sessions[0]!.endReason, 'prompt_input_exit', 'the live end reason is kept');
  assert.equal(sessions[0]!.source, 'startup', 'the live start is kept');
});

test('hooks installed mid-session: the import fills in what happened before, once', async () => {
  const repo = gitRepo();
  const dataDir = tempDir('half-data');
  const s = session(repo, dataDir);
  // The hooks saw the session from the edit on (and a PostToolUse for the same call twice).
  const late = s.payloads.filter((p) => ['PostToolUse', 'PostToolUseFailure', 'Stop'].includes(String(p.hook_event_name))).slice(1);
  await hooks(dataDir, [late[0]!, ...late]);
  const seen = (await exportRecords(dataDir)).records.filter((r) => r.record === 'observation');
  assert.deepEqual(seen.map((o) => o.type), ['change', 'error', 'conclusion']);

  const r = await importDir(dataDir, join(dataDir, 'projects'));
  assert.equal(r.observations, 2, 'the prompt and the read');
  assert.equal(r.duplicates, 3);
  const all = (await exportRecords(dataDir)).records.filter((x) => x.record === 'observation');
  assert.deepEqual(all.map((o) => o.type).sort(), ['change', 'conclusion', 'discovery', 'error', 'prompt']);
  assert.equal(new Set(all.map((o) => o.toolUseId).filter(Boolean)).size, 3);
  // Imported again, and the rest of the session through the hooks again: still five.
  await hooks(dataDir, s.payloads);
  assert.equal((await importDir(dataDir, join(dataDir, 'projects'))).observations, 0);
  assert.equal((await exportRecords(dataDir)).records.filter((x) => x.record === 'observation').length, 5);
});
