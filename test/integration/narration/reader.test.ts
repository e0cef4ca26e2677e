// The transcript reader against what files do: a last line cut short (by a writer mid-write or a
// crash), a writer process appending while folds read, a transcript replaced, cut or rewritten in
// place, a file that is not there (yet), invalid UTF-8, a line larger than any buffer. The result is
// always what one read of the finished file gives, and never an error that costs an event.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { appendFileSync, closeSync, openSync, readFileSync, renameSync, rmSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { foldNarration } from '../../../src/narration/fold.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { cleanup, tempDir } from '../import/helpers.ts';
import { capturedEvents, storedNarration, type Narrated } from './helpers.ts';
import { findTranscripts } from '../../../src/import/claude-code/transcript-files.ts';

after(cleanup);

const SESSION = 'b7e2a0c4-0000-4000-8000-000000000001';

/** A transcript of `turns` turns in Claude Code 2.1's shape, each: prompt, text, call, result, text. */
function transcript(turns: number, opts: { session?: string; tag?: string } = {}): string[] {
  const session = opts.session ?? SESSION;
  const tag = opts.tag ?? '';
  const lines: string[] = [];
  const at = (i: number) => new Date(Date.UTC(2026, 0, 5, 10, 0, i)).toISOString();
  let n = 0;
  const entry = (type: string, message: unknown, extra: Record<string, unknown> = {}) =>
    lines.push(JSON.stringify({ type, sessionId: session, uuid: `${tag}u${++n}`, cwd: '/project', isSidechain: false, timestamp: at(n), message, ...extra }));
  for (let t = 0; t < turns; t++) {
    entry('user', { role: 'user', content: `${tag}request ${t}: make the checkout retry` });
    entry('assistant', { id: `${tag}m${t}a`, role: 'assistant', content: [{ type: 'text', text: `${tag}Turn ${t}: the client swallows the timeout, so I will surface the error first.` }] });
    entry('assistant', { id: `${tag}m${t}a`, role: 'assistant', content: [{ type: 'tool_use', id: `toolu_${tag}${t}`, name: 'Bash', input: { command: `npm test -- ${t}` } }] });
    entry('user', { role: 'user', content: [{ tool_use_id: `toolu_${tag}${t}`, type: 'tool_result', content: `ok ${t}` }] }, { toolUseResult: { stdout: `ok ${t}`, stderr: '', interrupted: false } });
    entry('assistant', { id: `${tag}m${t}b`, role: 'assistant', content: [{ type: 'text', text: `${tag}Turn ${t}: 12 tests pass; the retry now sees the error.` }] });
  }
  return lines;
}

function open(dir: string): SqliteStore {
  return SqliteStore.open({ path: join(dir, 'mnemo.db'), busyTimeoutMs: 5000, synchronous: 'NORMAL' });
}

/** A store whose session's hooks named `path` and delivered every call of `lines`. */
async function storeFor(dir: string, path: string, lines: readonly string[]): Promise<SqliteStore> {
  const full = join(dir, 'full.jsonl');
  writeFileSync(full, lines.join('\n') + '\n');
  const store = open(dir);
  await store.ingest(capturedEvents(findTranscripts(full)[0]!, path));
  return store;
}

/** `lines` in a file of their own (for their events), not the transcript the hooks name. */
function writeAside(dir: string, lines: readonly string[]): string {
  const p = join(dir, `aside-${lines.length}-${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(p, lines.join('\n') + '\n');
  return p;
}

/** What one read of the finished file gives. */
async function reference(lines: readonly string[]): Promise<Map<string, Narrated>> {
  const dir = tempDir('reference');
  const path = join(dir, `${SESSION}.jsonl`);
  writeFileSync(path, lines.join('\n') + '\n');
  const store = await storeFor(dir, path, lines);
  foldNarration(store);
  await store.close();
  return storedNarration(join(dir, 'mnemo.db')).linked;
}

test('a last line cut short is left for later, read once it is whole; one cut for good (a crash) costs only itself', async () => {
  const lines = transcript(6);
  const expected = await reference(lines);
  assert.equal(expected.size, 6);
  const dir = tempDir('truncated');
  const path = join(dir, `${SESSION}.jsonl`);
  const store = await storeFor(dir, path, lines);
  const text = lines.join('\n') + '\n';
  // Cut inside the JSON of the call of turn 3 (the writer is halfway through the line).
  const cut = text.indexOf('"tool_use","id":"toolu_3"') + 10;
  writeFileSync(path, text.slice(0, cut));
  const partial = foldNarration(store);
  assert.equal(partial.read, 1);
  const before = storedNarration(join(dir, 'mnemo.db')).linked;
  assert.equal(before.has('toolu_3'), false, 'the cut line is not read yet');
  assert.deepEqual(before.get('toolu_2'), expected.get('toolu_2'));
  // Nothing new but the partial line: no write, no change.
  assert.equal(foldNarration(store).changed, 0);
  appendFileSync(path, text.slice(cut));
  foldNarration(store);
  assert.deepEqual(storedNarration(join(dir, 'mnemo.db')).linked, expected);

  // A crash left half a line; the session went on with new lines after it.
  const dir2 = tempDir('crashed');
  const path2 = join(dir2, `${SESSION}.jsonl`);
  const store2 = await storeFor(dir2, path2, lines);
  const i = lines.findIndex((l) => l.includes('"toolu_4"') && l.includes('tool_result'));
  writeFileSync(path2, [...lines.slice(0, i), lines[i]!.slice(0, 40), ...lines.slice(i + 1)].join('\n') + '\n');
  const r = foldNarration(store2);
  assert.equal(r.read, 1);
  const got = storedNarration(join(dir2, 'mnemo.db')).linked;
  // toolu_4's result line is gone: its finding cannot be told apart, every other call is as it was.
  for (const [id, n] of expected) if (id !== 'toolu_4') assert.deepEqual(got.get(id), n, id);
  assert.equal(got.get('toolu_4')?.why, expected.get('toolu_4')?.why);
  await store.close();
  await store2.close();
});

test('a writer process appending while folds read: the same narration as one read of the finished file', async () => {
  const lines = transcript(40);
  const expected = await reference(lines);
  const dir = tempDir('writer');
  const path = join(dir, `${SESSION}.jsonl`);
  writeFileSync(path, '');
  const store = await storeFor(dir, path, lines);
  // The writer appends each line in two writes (a fold may land between them), a few ms apart.
  const script = `
    const fs = require('node:fs');
    const lines = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
    const fd = fs.openSync(process.argv[1], 'a');
    let i = 0;
    const next = () => {
      if (i === lines.length) { fs.closeSync(fd); return; }
      const l = lines[i++] + '\\n';
      const half = Math.floor(l.length / 2);
      fs.writeSync(fd, l.slice(0, half));
      setTimeout(() => { fs.writeSync(fd, l.slice(half)); setTimeout(next, 2); }, 1);
    };
    next();`;
  const linesFile = join(dir, 'lines.json');
  writeFileSync(linesFile, JSON.stringify(lines));
  const writer = spawn(process.execPath, ['-e', script, path, linesFile], { stdio: 'ignore' });
  const done = new Promise<void>((resolve) => writer.on('exit', () => resolve()));
  let finished = false;
  void done.then(() => (finished = true));
  let folds = 0;
  while (!finished) {
    foldNarration(store, { chunkBytes: 64 * 1024 });
    folds++;
    await new Promise((r) => setTimeout(r, 3));
  }
  foldNarration(store);
  assert.ok(folds > 3, `${folds} folds while the file grew`);
  assert.equal(readFileSync(path, 'utf8'), lines.join('\n') + '\n');
  assert.deepEqual(storedNarration(join(dir, 'mnemo.db')).linked, expected);
  await store.close();
});

test('a transcript replaced, cut, or rewritten in place is read again from its start; nothing is stored twice', async () => {
  const a = transcript(4, { tag: 'a' });
  const b = transcript(3, { tag: 'b' });
  const dir = tempDir('rotated');
  const path = join(dir, `${SESSION}.jsonl`);
  const both = [...a, ...b];
  const store = await storeFor(dir, path, both);
  writeFileSync(path, a.join('\n') + '\n');
  foldNarration(store);
  const first = storedNarration(join(dir, 'mnemo.db')).linked;
  assert.equal(first.size, 4);

  // Replaced by a new file (a new inode): the other content is read from byte 0.
  const next = join(dir, 'next.jsonl');
  writeFileSync(next, b.join('\n') + '\n');
  renameSync(next, path);
  foldNarration(store);
  const replaced = storedNarration(join(dir, 'mnemo.db')).linked;
  assert.equal(replaced.size, 7);
  for (const [id, n] of first) assert.deepEqual(replaced.get(id), n, 'what was read before stays');
  assert.equal(replaced.get('toolu_b0')?.why, 'bTurn 0: the client swallows the timeout, so I will surface the error first.');

  // Cut in place (same inode, shorter than the offset), then written again.
  truncateSync(path, 0);
  writeFileSync(path, a.slice(0, 5).join('\n') + '\n');
  const cut = foldNarration(store);
  assert.equal(cut.read, 1);
  // Rewritten in place (same inode, longer than before): only the bytes before the offset tell.
  const c = transcript(3, { tag: 'c' });
  await store.ingest(capturedEvents(findTranscripts(writeAside(dir, c))[0]!, path));
  const fd = openSync(path, 'r+');
  writeSync(fd, Buffer.from(c.join('\n') + '\n'), 0);
  closeSync(fd);
  foldNarration(store);
  const after = storedNarration(join(dir, 'mnemo.db'));
  assert.equal(after.linked.get('toolu_c2')?.finding, 'cTurn 2: 12 tests pass; the retry now sees the error.');
  assert.equal(after.linked.size, 10);
  for (const [id, n] of replaced) assert.deepEqual(after.linked.get(id), n, 'reading a stretch again stores nothing twice');
  await store.close();
});

test('a transcript that is not there is left for later; when it appears it is read; a directory in its place is no error', async () => {
  const lines = transcript(3);
  const expected = await reference(lines);
  const dir = tempDir('missing');
  const path = join(dir, `${SESSION}.jsonl`);
  const store = await storeFor(dir, path, lines);
  const r = foldNarration(store);
  assert.equal(r.missing, 1);
  assert.equal(r.changed, 0);
  writeFileSync(path, lines.join('\n') + '\n');
  foldNarration(store);
  assert.deepEqual(storedNarration(join(dir, 'mnemo.db')).linked, expected);
  // Deleted after the read: nothing changes, nothing is lost.
  rmSync(path);
  assert.equal(foldNarration(store).missing, 1);
  assert.deepEqual(storedNarration(join(dir, 'mnemo.db')).linked, expected);

  const problems: string[] = [];
  const dir2 = tempDir('not-a-file');
  const path2 = join(dir2, `${SESSION}.jsonl`);
  const store2 = await storeFor(dir2, path2, lines);
  rmSync(path2, { force: true });
  (await import('node:fs')).mkdirSync(path2);
  const r2 = foldNarration(store2, { onProblem: (p, e) => problems.push(`${p}: ${e}`) });
  assert.equal(r2.changed, 0);
  assert.equal(problems.length, 1);
  await store.close();
  await store2.close();
});

test('invalid UTF-8 in a text block and in a line of its own: the same narration read at once or in pieces cut through the bad bytes', async () => {
  const lines = transcript(5);
  const bad = Buffer.from([0xff, 0xfe, 0xc3]);
  const parts: Buffer[] = [];
  for (const [i, l] of lines.entries()) {
    if (l.includes('Turn 2: the client')) {
      const at = l.indexOf('swallows');
      parts.push(Buffer.from(l.slice(0, at)), bad, Buffer.from(l.slice(at)), Buffer.from('\n'));
    } else parts.push(Buffer.from(l + '\n'));
    if (i === 7) parts.push(bad, Buffer.from('garbage\n'), Buffer.from([0xe2, 0x82]), Buffer.from('\n'));
  }
  const bytes = Buffer.concat(parts);
  const whole = tempDir('utf8-whole');
  const wholePath = join(whole, `${SESSION}.jsonl`);
  writeFileSync(wholePath, bytes);
  const s1 = await storeFor(whole, wholePath, lines);
  foldNarration(s1);
  await s1.close();
  const expected = storedNarration(join(whole, 'mnemo.db')).linked;
  assert.equal(expected.size, 5);
  assert.match(expected.get('toolu_2')!.why, /^Turn 2: the client \uFFFD+swallows/);

  const pieces = tempDir('utf8-pieces');
  const piecesPath = join(pieces, `${SESSION}.jsonl`);
  writeFileSync(piecesPath, '');
  const s2 = await storeFor(pieces, piecesPath, lines);
  const badAt = bytes.indexOf(bad);
  for (let at = 0; at < bytes.length; ) {
    // Cuts one byte into the bad sequence, then every 97 bytes.
    const end = at < badAt ? badAt + 1 : Math.min(bytes.length, at + 97);
    appendFileSync(piecesPath, bytes.subarray(at, end));
    foldNarration(s2);
    at = end;
  }
  await s2.close();
  assert.deepEqual(storedNarration(join(pieces, 'mnemo.db')).linked, expected);
});

test('a fold whose slice ends inside a line longer than the slice leaves the rest for the next fold, not for when the file grows', async () => {
  // A tool result of ~80 KB in the middle: a 16 KB slice ends inside it, and so does the file's size at that read.
  const lines = transcript(4);
  const big = lines.findIndex((l) => l.includes('"toolu_1"') && l.includes('tool_result'));
  lines[big] = lines[big]!.replace('"ok 1"', JSON.stringify(`ok 1 ${'x'.repeat(80_000)}`));
  const expected = await reference(lines);
  assert.equal(expected.size, 4);
  const dir = tempDir('long-line');
  const path = join(dir, `${SESSION}.jsonl`);
  writeFileSync(path, lines.join('\n') + '\n');
  const store = await storeFor(dir, path, lines);
  for (let i = 0; i < 3; i++) foldNarration(store, { chunkBytes: 16 * 1024 });
  // The file has not changed since: a fold with room for the line reads on.
  foldNarration(store);
  assert.deepEqual(storedNarration(join(dir, 'mnemo.db')).linked, expected);
  await store.close();
});
