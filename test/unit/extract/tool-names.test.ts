import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeToolInput, normalizeToolName } from '../../../src/core/extract/index.ts';

const CASES: ReadonlyArray<readonly [string, string]> = [
  ['Bash', 'Bash'], ['Read', 'Read'], ['Task', 'Agent'], ['Agent', 'Agent'], ['TodoWrite', 'TodoWrite'],
  // Gemini CLI / Qwen Code
  ['run_shell_command', 'Bash'], ['read_file', 'Read'], ['read_many_files', 'Read'], ['grep_search', 'Grep'],
  ['search_file_content', 'Grep'], ['write_file', 'Write'], ['edit', 'Edit'], ['replace', 'Edit'], ['todo_write', 'TodoWrite'],
  ['glob', 'Glob'], ['web_fetch', 'WebFetch'], ['google_web_search', 'WebSearch'],
  // Codex
  ['shell', 'Bash'], ['shell_command', 'Bash'], ['exec_command', 'Bash'], ['container.exec', 'Bash'], ['local_shell', 'Bash'],
  ['apply_patch', 'apply_patch'], ['grep_files', 'Grep'], ['update_plan', 'TodoWrite'],
  // OpenCode
  ['bash', 'Bash'], ['view', 'Read'], ['grep', 'Grep'], ['fetch', 'WebFetch'], ['write', 'Write'], ['patch', 'apply_patch'],
  // Cursor
  ['Shell', 'Bash'], ['MCP:search_issues', 'mcp__cursor__search_issues'], ['run_terminal_cmd', 'Bash'], ['edit_file', 'Edit'],
  // VS Code Copilot
  ['run_in_terminal', 'Bash'], ['replace_string_in_file', 'Edit'], ['create_file', 'Write'], ['manage_todo_list', 'TodoWrite'],
  ['runSubagent', 'Agent'], ['fetch_webpage', 'WebFetch'],
  // MCP and unknowns pass through
  ['mcp__github__create_issue', 'mcp__github__create_issue'], ['SomethingNew', 'SomethingNew'],
];

for (const [from, to] of CASES) {
  test(`normalizeToolName(${from}) = ${to}`, () => assert.equal(normalizeToolName(from), to));
}

test('normalizeToolName tolerates junk', () => {
  assert.equal(normalizeToolName(''), '');
  assert.equal(normalizeToolName(undefined as unknown as string), '');
  assert.equal(normalizeToolName('  Bash '), 'Bash');
});

test('normalizeToolInput maps other spellings onto Claude Code fields', () => {
  assert.deepEqual(normalizeToolInput('Edit', { filePath: '/a.ts', oldString: 'x', newString: 'y', replaceAll: true }), {
    file_path: '/a.ts', old_string: 'x', new_string: 'y', replace_all: true,
  });
  assert.equal(normalizeToolInput('Read', { absolute_path: '/b.md' })['file_path'], '/b.md');
  assert.equal(normalizeToolInput('Read', { path: '/c.md' })['file_path'], '/c.md');
  assert.equal(normalizeToolInput('Grep', { path: 'src' })['file_path'], undefined, 'a search root is not a file');
  assert.equal(normalizeToolInput('Bash', { cmd: 'ls -la', workdir: '/w' })['command'], 'ls -la');
  assert.equal(normalizeToolInput('Bash', { cmd: 'ls', workdir: '/w' })['cwd'], '/w');
  assert.equal(normalizeToolInput('Bash', { command: ['bash', '-lc', 'npm test'] })['command'], 'npm test');
  assert.equal(normalizeToolInput('Bash', { command: ['git', 'commit', '-m', 'fix it'] })['command'], 'git commit -m "fix it"');
  assert.equal(normalizeToolInput('Bash', 'echo hi')['command'], 'echo hi');
  assert.deepEqual(normalizeToolInput('Read', null), {});
  assert.equal(normalizeToolInput('TodoWrite', { todoList: [] })['todos'] !== undefined, true);
});

test('prototype keys are plain data', () => {
  assert.equal(normalizeToolName('__proto__'), '__proto__');
  assert.equal(normalizeToolName('constructor'), 'constructor');
  const input = normalizeToolInput('Read', JSON.parse('{"__proto__": {"polluted": true}, "filePath": "/a"}'));
  assert.equal(input['file_path'], '/a');
  assert.equal((input as { polluted?: boolean }).polluted, undefined);
  assert.equal(Object.getPrototypeOf(input), Object.prototype);
});
