import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compressOutput } from '../../../src/core/extract/index.ts';

test('a Read keeps the path, declarations and line numbers', () => {
  const lines = ["import { x } from 'y';", ...Array.from({ length: 300 }, (_, i) => `  const v${i} = ${i};`)];
  lines.splice(150, 0, 'export function acquireConnection(pool: Pool) {');
  lines.splice(200, 0, '// TODO: release on error');
  const content = lines.map((l, i) => `${String(i + 1).padStart(6)}→${l}`).join('\n');
  const out = compressOutput('Read', { file_path: '/r/pool.ts' }, { type: 'text', file: { filePath: '/r/pool.ts', content, numLines: 302 } }, 1200);
  assert.ok(out.length <= 1200);
  assert.ok(out.startsWith('/r/pool.ts (303 lines, showing'));
  assert.match(out, /151→export function acquireConnection/);
  assert.match(out, /TODO: release on error/);
  assert.match(out, /import \{ x \}/);
  assert.match(out, /… \d+ lines …/);
});

test('an edit keeps its changed lines, from structuredPatch or old/new strings', () => {
  const patch = [{ oldStart: 10, oldLines: 3, newStart: 10, newLines: 3, lines: [' ctx', '-  retries = 1', '+  retries = 3', ' ctx'] }];
  const out = compressOutput('Edit', { file_path: '/r/a.ts', old_string: 'x', new_string: 'y' }, { filePath: '/r/a.ts', structuredPatch: patch, originalFile: 'z'.repeat(50_000) }, 500);
  assert.equal(out, '/r/a.ts\n@@ -10,3 +10,3 @@\n-  retries = 1\n+  retries = 3');
  const simple = compressOutput('replace_string_in_file', { filePath: '/r/b.ts', oldString: 'a', newString: 'b' }, 'ok', 500);
  assert.equal(simple, '/r/b.ts\n@@\n-a\n+b');
});

test('a diff printed by a shell keeps headers and changed lines only', () => {
  const diff = ['diff --git a/x.ts b/x.ts', 'index 1..2 100644', '--- a/x.ts', '+++ b/x.ts', '@@ -1,5 +1,5 @@', ' a', ' b', '-c', '+C', ' d', ...Array.from({ length: 400 }, (_, i) => ` context ${i}`)].join('\n');
  const out = compressOutput('Bash', { command: 'git diff' }, { stdout: diff, stderr: '' }, 2000);
  assert.equal(out, 'diff --git a/x.ts b/x.ts\n--- a/x.ts\n+++ b/x.ts\n@@ -1,5 +1,5 @@\n-c\n+C');
});

test('a long log keeps head, error lines and tail', () => {
  const lines = Array.from({ length: 2000 }, (_, i) => `step ${i} ok`);
  lines[1234] = 'ERROR: connection reset by peer (ECONNRESET)';
  const out = compressOutput('Bash', { command: 'npm test' }, { stdout: lines.join('\n'), stderr: '' }, 1500);
  assert.ok(out.length <= 1500);
  assert.match(out, /^step 0 ok/);
  assert.match(out, /step 1233 ok\nERROR: connection reset/);
  assert.match(out, /step 1999 ok$/);
  assert.match(out, /lines omitted/);
});

test('repeated lines fold; file lists keep a count; output is redacted and bounded', () => {
  const out = compressOutput('Bash', { command: 'x' }, { stdout: 'retrying...\n'.repeat(5000), stderr: '' }, 300);
  assert.match(out, /retrying\.\.\. {2}\(×5000\)/);
  const files = compressOutput('Glob', { pattern: '**/*' }, { filenames: Array.from({ length: 500 }, (_, i) => `/r/f${i}.ts`), numFiles: 500 }, 300);
  assert.match(files, /^500 files\n\/r\/f0\.ts/);
  assert.match(files, /… \d+ more$/);
  const key = ['AK', 'IA', 'Q2W3E4R5T6Y7U2I3'].join('');
  assert.ok(!compressOutput('Bash', { command: 'env' }, { stdout: `AWS_ACCESS_KEY_ID=${key}` }, 300).includes(key));
  assert.equal(compressOutput('Bash', {}, undefined, 300), '');
  assert.ok(compressOutput('mcp__x__y', {}, { content: [{ type: 'text', text: 'q'.repeat(10_000) }] }, 100).length <= 100);
});

test('compressOutput never throws', () => {
  for (const [tool, input, resp] of [['Read', null, {}], ['Edit', 5, [1, 2]], ['Grep', {}, { content: 7 }], ['', undefined, 'x'], ['Bash', {}, { stdout: null }]] as const) {
    assert.equal(typeof compressOutput(tool, input, resp, 200), 'string');
  }
});
