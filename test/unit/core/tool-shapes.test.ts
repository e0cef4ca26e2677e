/**
 * Tool shapes: a search's folder is not a touched file, hosts that answer in text still get their
 * counts, bookkeeping tools' bodies read as text (and the summarizer reads a todo list back), and
 * no NUL byte reaches an event's data.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { captureEvent } from '../../../src/core/capture.ts';
import { extractToolEvents } from '../../../src/core/extract/index.ts';
import { observedCall } from '../../../src/core/summarize/observed.ts';
import type { HookEvent } from '../../../src/core/types.ts';

const P = '/home/u/proj';
const ctx = { place: { project: P, branch: 'main' }, now: 1_700_000_000_000, uid: 'u1', limits: { maxInputChars: 2000, maxOutputChars: 4000 } };
const record = (toolName: string, toolInput: unknown, toolResponse: unknown, platform = 'claude-code') =>
  captureEvent({ platform, sessionId: 's1', cwd: P, event: 'PostToolUse', toolName, toolUseId: 't1', toolInput, toolResponse } as HookEvent, ctx)!.observation!;

test("a search's folder is not a file it touched, and the project root is not named as where it looked", () => {
  const grep = record('Grep', { pattern: 'TODO', path: P }, { mode: 'files_with_matches', filenames: ['a.ts'], numFiles: 1 });
  assert.equal(grep.title, 'Searched for "TODO" (1 file)');
  assert.deepEqual(grep.files, []);
  const sub = record('Grep', { pattern: 'x', path: `${P}/src/components` }, { mode: 'files_with_matches', filenames: [], numFiles: 0 });
  assert.equal(sub.title, 'Searched for "x" in src/components (0 files)');
  assert.deepEqual(sub.files, []);
  assert.deepEqual(record('Glob', { pattern: '*.go', path: `${P}/internal` }, { filenames: [], numFiles: 0 }).files, []);
  assert.deepEqual(record('LS', { path: `${P}/src` }, '- src/\n  - a.ts').files, []);
  // A single searched file is one it read.
  assert.deepEqual(record('Grep', { pattern: 'x', path: `${P}/src/a.ts` }, { mode: 'content', content: '1:x', numLines: 1 }).files, [`${P}/src/a.ts`]);
  assert.deepEqual(extractToolEvents({ toolName: 'Grep', input: { pattern: 'TODO', path: P }, response: { numFiles: 1 }, cwd: P }).events.map((e) => e.data), ['"TODO" → 1 file']);
});

test("Gemini's text answers give Glob and Grep their counts", () => {
  const found = `Found 3 file(s) matching "**/*.ts" within ${P}, sorted by modification time (newest first):\n${P}/a.ts\n${P}/b.ts\n${P}/c.ts`;
  assert.equal(record('glob', { pattern: '**/*.ts' }, found, 'gemini').title, 'Listed **/*.ts (3 files)');
  assert.equal(record('glob', { pattern: '*.rs' }, { llmContent: `No files found matching pattern "*.rs" within ${P}` }, 'gemini').title, 'Listed *.rs (0 files)');
  assert.equal(record('search_file_content', { pattern: 'foo' }, { llmContent: 'Found 4 matches for pattern "foo" in the workspace directory:\n---' }, 'gemini').title, 'Searched for "foo" (4 matches)');
  assert.deepEqual(extractToolEvents({ toolName: 'glob', input: { pattern: '*.ts' }, response: { llmContent: found }, cwd: P }).events.map((e) => e.data), ['*.ts → 3 files']);
});

test('a Write whose content is not text has no line count', () => {
  assert.equal(record('Write', { file_path: `${P}/n.txt`, content: { a: 1 } }, { type: 'create' }).title, 'Created n.txt');
  assert.equal(record('Write', { file_path: `${P}/e.txt`, content: '' }, { type: 'create' }).title, 'Created e.txt (0 lines)');
});

test("bookkeeping tools' bodies read as text; the summarizer reads the todo list back", () => {
  const todos = [{ content: 'Fix the parser', status: 'completed', activeForm: 'Fixing' }, { content: 'Write tests', status: 'in_progress', activeForm: 'Writing tests' }];
  const todo = record('TodoWrite', { todos }, { oldTodos: [], newTodos: todos });
  assert.equal(todo.body, 'Input: [completed] Fix the parser\n[in_progress] Write tests\nOutput:\n[completed] Fix the parser\n[in_progress] Write tests');
  assert.deepEqual(observedCall({ ...todo, toolName: 'TodoWrite' } as never)?.input, { todos: [{ content: 'Fix the parser', status: 'completed' }, { content: 'Write tests', status: 'in_progress' }] });
  assert.equal(record('update_plan', { plan: [{ step: 'Add env override', status: 'in_progress' }] }, 'Plan updated', 'codex').body, 'Input: [in_progress] Add env override\nOutput:\nPlan updated');
  assert.equal(record('write_todos', { todos: [{ description: 'Add an index', status: 'in_progress' }] }, {}, 'gemini').title, 'Todo list: 0/1 done; now: Add an index');
  assert.equal(record('Skill', { skill: 'pdf', args: 'fill the form' }, { success: true, commandName: 'pdf' }).body, 'Input: pdf fill the form\nOutput:\npdf');
  assert.equal(record('SlashCommand', { command: '/review-pr 12' }, { success: true, commandName: 'review-pr' }).body, 'Input: /review-pr 12\nOutput:\nreview-pr');
  assert.equal(record('KillShell', { shell_id: 'bash_1' }, { message: 'Successfully killed shell: bash_1 (npm run dev)', shell_id: 'bash_1' }).body, 'Input: bash_1\nOutput:\nSuccessfully killed shell: bash_1 (npm run dev)');
});

test('no NUL byte reaches event data or record files', () => {
  const events = extractToolEvents({ toolName: 'Bash', input: { command: 'git commit -m "a\u0000b"' }, response: { stdout: '[main 1a2b3c4] a\u0000b', stderr: '' }, cwd: P }).events;
  assert.ok(events.length > 0);
  for (const e of events) assert.ok(!e.data.includes('\u0000'), e.data);
  const read = record('Read', { file_path: `${P}/b\u0000.dat` }, { type: 'text', file: { content: 'x', numLines: 1, totalLines: 1 } });
  assert.deepEqual(read.files, [`${P}/b.dat`]);
});
