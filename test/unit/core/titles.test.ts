// The titles search reads back are the ones describeToolCall writes: a change to either shape breaks here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeToolCall, isFileReadTitle, titleCommand, titleOutput } from '../../../src/core/titles.ts';

test('a shell call title gives back its command and its output line, failed or not', () => {
  const ran = describeToolCall({ toolName: 'Bash', input: { command: 'mix compile' }, response: { stdout: 'Compiling 3 files\nGenerated app', exitCode: 0 } });
  assert.equal(titleCommand(ran.title), 'mix compile');
  assert.equal(titleOutput(ran.title), '→ Generated app');
  const failed = describeToolCall({ toolName: 'Bash', input: { command: 'mix compile' }, error: 'No version is set for command mix' });
  assert.equal(titleCommand(failed.title), 'mix compile');
  assert.equal(titleOutput(failed.title), '', 'a failure shows its error, not an output line');
  const long = describeToolCall({ toolName: 'Bash', input: { command: `grep -rn ${'x'.repeat(200)} src` }, response: { stdout: 'ok' } });
  assert.ok(titleCommand(long.title)!.startsWith('grep -rn x'), 'a long command comes back as cut for the title');
  const edit = describeToolCall({ toolName: 'Edit', input: { file_path: '/p/a.ts', old_string: 'a', new_string: 'b' }, baseDir: '/p' });
  assert.equal(titleCommand(edit.title), undefined);
  assert.equal(titleOutput(edit.title), '');
});

test('a file read is known by its title', () => {
  const read = describeToolCall({ toolName: 'Read', input: { file_path: '/p/src/a.ts' }, baseDir: '/p' });
  assert.ok(isFileReadTitle(read.type, read.title), read.title);
  const grep = describeToolCall({ toolName: 'Grep', input: { pattern: 'pool' } });
  assert.ok(!isFileReadTitle(grep.type, grep.title), grep.title);
  assert.ok(!isFileReadTitle('prompt', 'Read the README first'), 'a prompt that starts with the word is no read');
});

test("a failure's title names the line that says what failed, not a login banner before it", () => {
  const failed = (error: string) => describeToolCall({ toolName: 'Bash', input: { command: 'ssh root@host "psql -c \'SELECT 1\'"' }, error }).title;
  assert.match(failed('Exit code 2\nUbuntu 24.04.4 LTS\n\npsql: error: connection to server failed: FATAL:  Peer authentication failed'), /psql: error: connection to server failed/);
  assert.match(failed("Exit code 2\nUbuntu 24.04.4 LTS\nls: cannot access '/etc/apache2': No such file or directory"), /ls: cannot access/);
  // Nothing says what failed: the first line there is.
  assert.match(failed('Exit code 1\nUbuntu 24.04.4 LTS'), /Ubuntu 24\.04\.4 LTS/);
});
