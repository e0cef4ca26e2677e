/**
 * Tool responses and inputs in shapes the hosts send but earlier tests never showed: each class
 * goes through the hooks' own capture path (`captureFromPayload`) and ingestion's extraction
 * (`enrichEvent`), and the exact title, files and events are asserted.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { captureFromPayload } from '../../../src/capture/from-payload.ts';
import { enrichEvent } from '../../../src/core/enrich.ts';
import * as fields from '../../../src/core/extract/fields.ts';
import { normalizeToolInput } from '../../../src/core/extract/tool-names.ts';
import { platformNamed } from '../../../src/platforms/index.ts';

const CWD = '/home/u/proj';
const P = (f: string): string => `${CWD}/${f}`;

interface Seen {
  title: string;
  type: string;
  files: readonly string[];
  body: string;
  output: string;
  events: string[];
}

function capture(payload: Record<string, unknown>, platform = 'claude-code', hostEvent?: string): Seen {
  const r = captureFromPayload(payload, {
    platform: platformNamed(platform)!,
    hostEvent,
    limits: { maxInputChars: 2000, maxOutputChars: 4000 },
    now: 1,
    uid: 'u',
    place: () => ({ project: CWD }),
  });
  assert.equal(r.kind, 'event');
  if (r.kind !== 'event' || !r.captured?.observation) throw new Error('no observation');
  const o = r.captured.observation;
  const events = enrichEvent(r.captured, undefined).events.map((e) => `${e.type}: ${e.data}`);
  return { title: o.title, type: o.type, files: o.files, body: o.body, output: o.body.slice(o.body.indexOf('\nOutput:\n') + 9), events };
}

const cc = (tool: string, input: unknown, response: unknown): Record<string, unknown> => ({
  session_id: 's1', cwd: CWD, hook_event_name: 'PostToolUse', tool_name: tool, tool_input: input, tool_response: response, tool_use_id: `t-${tool}`,
});
const B64 = 'iVBORw0KGgoAAAANSUhEUgAA' + 'A'.repeat(4000);

test('Read: a line range of a longer file, images, PDFs, notebooks and unchanged files say what was read', () => {
  const part = capture(cc('Read', { file_path: P('src/big.ts'), offset: 100, limit: 50 }, { type: 'text', file: { filePath: P('src/big.ts'), content: 'x\n'.repeat(50), numLines: 50, startLine: 100, totalLines: 900 } }));
  assert.equal(part.title, 'Read src/big.ts (lines 100–149 of 900)');
  assert.deepEqual(part.events, ['file_read: src/big.ts (lines 100-150)']);
  const whole = capture(cc('Read', { file_path: P('a.ts') }, { type: 'text', file: { filePath: P('a.ts'), content: 'x', numLines: 1, startLine: 1, totalLines: 1 } }));
  assert.equal(whole.title, 'Read a.ts (1 line)');

  const image = capture(cc('Read', { file_path: P('shot.png') }, { type: 'image', file: { base64: B64, type: 'image/png', originalSize: 48213 } }));
  assert.equal(image.title, 'Read shot.png (image, 47 KB)');
  assert.equal(image.output, `${P('shot.png')}\n(image image/png, 47 KB)`);
  assert.deepEqual(image.events, ['file_read: shot.png']);
  const pdf = capture(cc('Read', { file_path: P('spec.pdf') }, { type: 'pdf', file: { filePath: P('spec.pdf'), base64: 'JVBERi0x' + 'Q'.repeat(4000), originalSize: 120000 } }));
  assert.equal(pdf.title, 'Read spec.pdf (PDF, 117 KB)');
  assert.doesNotMatch(pdf.body, /JVBERi0x/);

  const nb = capture(cc('Read', { file_path: P('nb/a.ipynb') }, {
    type: 'notebook',
    file: { filePath: P('nb/a.ipynb'), cells: [{ cellType: 'markdown', source: '# Analysis', cell_id: 'c1' }, { cellType: 'code', source: 'import pandas as pd', cell_id: 'c2', outputs: [{ output_type: 'stream', text: 'ok' }] }] },
  }));
  assert.equal(nb.title, 'Read nb/a.ipynb (2 cells)');
  assert.equal(nb.output, `${P('nb/a.ipynb')}\n# [markdown]\n# Analysis\n# [code]\nimport pandas as pd\n# output: ok`);
  const same = capture(cc('Read', { file_path: P('a.ts') }, { type: 'file_unchanged', file: { filePath: P('a.ts') } }));
  assert.equal(same.title, 'Read a.ts (unchanged since last read)');
});

test('Bash: the exit meaning, a background task, image output and a background shell read as text', () => {
  const grep = capture(cc('Bash', { command: 'grep -r foo src' }, { stdout: '', stderr: '', interrupted: false, isImage: false, returnCodeInterpretation: 'No matches found' }));
  assert.equal(grep.title, 'Ran `grep -r foo src` → No matches found');
  assert.equal(grep.output, '(No matches found)');
  const bg = capture(cc('Bash', { command: 'npm run dev', run_in_background: true }, { stdout: '', stderr: '', interrupted: false, isImage: false, backgroundTaskId: 'bash_1' }));
  assert.equal(bg.title, 'Ran `npm run dev` (in the background as bash_1)');
  assert.equal(bg.type, 'command');
  const img = capture(cc('Bash', { command: 'python plot.py' }, { stdout: `data:image/png;base64,${B64}`, stderr: '', interrupted: false, isImage: true }));
  assert.equal(img.title, 'Ran `python plot.py` → (image output, 3 KB)');
  assert.doesNotMatch(img.body, /AAAAAAAAAAAAAAAA/);
  const out = capture(cc('BashOutput', { bash_id: 'bash_1' }, { shellId: 'bash_1', command: 'npm run dev', status: 'running', exitCode: null, stdout: 'ready on :3000', stderr: '' }));
  assert.equal(out.title, 'Output of `npm run dev` (running) → ready on :3000');
  const dead = capture(cc('BashOutput', { bash_id: 'bash_2' }, { shellId: 'bash_2', command: 'npm test', status: 'failed', exitCode: 1, stdout: 'boom', stderr: '' }));
  assert.equal(dead.title, 'Output of `npm test` (failed) exit 1');
  assert.equal(dead.type, 'error');
});

test("Gemini's shell block: the title shows the command's output or its exit code, not the block's trailer", () => {
  const gem = (llmContent: string) => ({ session_id: 'g1', cwd: CWD, hook_event_name: 'AfterTool', tool_name: 'run_shell_command', tool_input: { command: 'npm run lint' }, tool_response: { llmContent, returnDisplay: '' } });
  const ok = capture(gem('Command: npm run lint\nDirectory: web\nOutput: 0 problems\nError: (none)\nExit Code: 0\nSignal: (none)\nProcess Group PGID: 42'), 'gemini');
  assert.equal(ok.title, 'Ran `npm run lint` → 0 problems');
  const bad = capture(gem('Command: npm run lint\nDirectory: (root)\nOutput: 3 problems\nError: (none)\nExit Code: 1\nSignal: (none)'), 'gemini');
  assert.match(bad.title, /^(Failed: )?Ran `npm run lint`/);
  assert.equal(bad.type, 'error');
});

test('Grep: content mode counts lines, count mode counts matches, no pattern says no pattern', () => {
  const content = capture(cc('Grep', { pattern: 'TODO', output_mode: 'content' }, { mode: 'content', numFiles: 0, filenames: [], content: 'a.ts:3:// TODO', numLines: 2 }));
  assert.equal(content.title, 'Searched for "TODO" (2 lines)');
  const counted = capture(cc('Grep', { pattern: 'import', output_mode: 'count' }, { mode: 'count', numFiles: 2, filenames: [], content: 'a.ts:3\nb.ts:1', numMatches: 4 }));
  assert.equal(counted.title, 'Searched for "import" (4 matches in 2 files)');
  const files = capture(cc('Grep', { pattern: 'x' }, { mode: 'files_with_matches', filenames: [P('a.ts')], numFiles: 1 }));
  assert.equal(files.title, 'Searched for "x" (1 file)');
  const odd = capture(cc('Grep', { pattern: 42, path: 7 }, { numFiles: 1 }));
  assert.equal(odd.title, 'Searched (1 file)');
});

test('one reader of content parts: MCP text, resources, images, nested results and structured content', () => {
  const shot = capture(cc('mcp__pw__screenshot', { filename: 'home.png' }, {
    content: [{ type: 'text', text: 'Took a screenshot' }, { type: 'image', data: B64, mimeType: 'image/png' }, { type: 'resource', resource: { uri: 'file:///tmp/home.png', mimeType: 'text/plain', text: 'saved' } }],
  }));
  assert.equal(shot.output, 'Took a screenshot\n[image image/png, 3 KB]\nsaved');
  const res = capture(cc('mcp__fs__read_resource', { uri: 'file:///notes.md' }, { content: [{ type: 'resource', resource: { uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes\nShip Friday' } }] }));
  assert.equal(res.output, '# Notes\nShip Friday');
  assert.ok(res.events.includes('mcp: fs/read_resource: # Notes Ship Friday'), res.events.join(' | '));
  const wrapped = capture(cc('mcp__db__query', { sql: 'select 1' }, { result: { content: [{ type: 'text', text: 'one row: 1' }] } }));
  assert.equal(wrapped.output, 'one row: 1');
  const structured = capture(cc('mcp__weather__get', { city: 'Paris' }, { structuredContent: { temperature: 21 }, content: [] }));
  assert.equal(structured.output, '{"temperature":21}');
  const mixed = capture(cc('mcp__x__mixed', { q: 'b' }, [1, 'plain text', { type: 'text', text: 'item' }, null, { kind: 'text', value: 'vs code part' }, { foo: 'bar' }]));
  assert.equal(mixed.output, '1\nplain text\nitem\nvs code part');

  const readableText = (v: unknown): string => fields.readableText(v);
  assert.equal(readableText({ results: 'x' }), '');
  assert.equal(readableText([{ type: 'resource_link', uri: 'file:///a', name: 'a' }]), 'a — file:///a');
  assert.equal(readableText({ llmContent: [{ text: 'A' }, { inlineData: { mimeType: 'image/png', data: 'xx' } }] }), 'A\n[inline data image/png]');
  assert.equal(readableText({ content: [{ type: 'text', text: { nested: 'x' } }] }), '');
});

test('apply_patch: the title and files come from the patch, in the input field or the Codex argv form', () => {
  const patch = '*** Begin Patch\n*** Update File: src/lib.rs\n@@\n-a\n+b\n*** Add File: src/new.rs\n+x\n*** End Patch';
  const named = capture(cc('apply_patch', { input: patch }, 'Success.'), 'codex');
  assert.equal(named.title, 'Patched src/lib.rs, src/new.rs');
  assert.equal(named.type, 'change');
  assert.deepEqual(named.files, ['src/lib.rs', 'src/new.rs']);
  assert.deepEqual(named.events, ['file_edit: src/lib.rs', 'file_write: src/new.rs']);
  const argv = capture(cc('apply_patch', { command: ['apply_patch', '*** Begin Patch\n*** Delete File: old.txt\n*** End Patch'] }, { exit_code: 0, aggregated_output: 'Done' }), 'codex');
  assert.equal(argv.title, 'Patched old.txt');
  assert.deepEqual(argv.events, ['file_edit: old.txt (deleted)']);
  assert.deepEqual(normalizeToolInput('apply_patch', { command: ['apply_patch', 'P'] }), { input: 'P' });
  assert.deepEqual(normalizeToolInput('Bash', { command: ['apply_patch', 'P'] }), { input: 'P' });
});

test('inputs of the wrong type: a path as a list, a command as an object, todos as a string', () => {
  const list = capture(cc('Read', { file_path: [P('a.ts'), P('b.ts')] }, { type: 'text', file: { filePath: P('a.ts'), content: 'x', numLines: 1, totalLines: 1 } }));
  assert.equal(list.title, 'Read a.ts (1 line)');
  assert.deepEqual(list.events, ['file_read: a.ts']);
  const cmd = capture(cc('Bash', { command: { cmd: 'ls -la' } }, { stdout: 'total 0', stderr: '' }));
  assert.equal(cmd.title, 'Ran `ls -la` → total 0');
  assert.deepEqual(normalizeToolInput('Bash', { command: { x: 1 } }), {});
  const todos = capture(cc('TodoWrite', { todos: 'write tests' }, {}));
  assert.equal(todos.title, 'Updated the todo list');
});

test('a background subagent is launched, not finished, and no finding is a JSON dump', () => {
  const r = capture(cc('Agent', { description: 'Long job', prompt: 'Do it', run_in_background: true }, { status: 'async_launched', agentId: 'a1', description: 'Long job', prompt: 'Do it' }));
  assert.equal(r.title, 'Subagent: Long job (launched in the background)');
  assert.deepEqual(r.events, ['subagent_launched: [agent] Long job']);
});

test('NUL and unpaired surrogates never reach a title or a body', () => {
  const r = capture(cc('Bash', { command: 'printf x' }, { stdout: 'a\u0000b\uD800c\uDFFFd', stderr: '' }));
  assert.equal(r.title, 'Ran `printf x` → ab\uFFFDc\uFFFDd');
  assert.doesNotMatch(r.body, /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  const pair = capture(cc('Bash', { command: 'echo' }, { stdout: 'ok 😀', stderr: '' }));
  assert.equal(pair.title, 'Ran `echo` → ok 😀');
});

test('answers, plans, search hits and fetched pages read as text in titles and bodies', () => {
  const ask = capture(cc('AskUserQuestion', { questions: [{ question: 'Which DB?', options: [{ label: 'Postgres' }] }] }, { questions: [{ question: 'Which DB?' }], answers: { 'Which DB?': 'Postgres' } }));
  assert.equal(ask.title, 'Asked the user: Which DB? → Postgres');
  const plan = capture(cc('ExitPlanMode', { plan: '## Plan\n1. Add cache\n2. Test it' }, { plan: '## Plan\n1. Add cache\n2. Test it', isAgent: false }));
  assert.equal(plan.title, 'Plan: Plan · Add cache · Test it');
  assert.equal(plan.type, 'decision');
  const search = capture(cc('WebSearch', { query: 'node test runner' }, {
    query: 'node test runner',
    results: [{ tool_use_id: 'srvtoolu_1', content: [{ title: 'Node.js test runner', url: 'https://nodejs.org/api/test.html' }] }, 'The runner is built in.'],
    durationSeconds: 2,
  }));
  assert.equal(search.output, 'Node.js test runner — https://nodejs.org/api/test.html\nThe runner is built in.');
  const fetched = capture({ session_id: 'g1', cwd: CWD, hook_event_name: 'AfterTool', tool_name: 'web_fetch', tool_input: { prompt: 'Summarize https://example.com/a please' }, tool_response: { llmContent: 'Summary', returnDisplay: '' } }, 'gemini');
  assert.equal(fetched.title, 'Fetched https://example.com/a');
});

test('a file named only in the answer, a read answered in text parts, an error object: all read', () => {
  const edit = capture(cc('Edit', 'not an object', { filePath: P('src/s.ts'), structuredPatch: [{ lines: ['-a', '+b'] }] }));
  assert.equal(edit.title, 'Edited src/s.ts (+1 −1)');
  assert.deepEqual(edit.files, [P('src/s.ts')]);
  const vs = capture({ sessionId: 'v1', timestamp: '2025-01-01T00:00:00Z', hookEventName: 'PostToolUse', cwd: CWD, tool_name: 'read_file', tool_input: { filePath: P('src/r.cs') }, tool_response: [{ kind: 'text', value: 'class R {}' }] }, 'vscode');
  assert.equal(vs.output, `${P('src/r.cs')}\nclass R {}`);
  const failed = capture({ session_id: 's1', cwd: CWD, hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', tool_input: { command: 'x' }, error: { message: 'spawn x ENOENT', code: 'ENOENT' }, tool_use_id: 'f1' });
  assert.equal(failed.title, 'Failed: Ran `x` — spawn x ENOENT');
});
