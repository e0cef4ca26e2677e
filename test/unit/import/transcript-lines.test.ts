// Reading transcript lines: chunk boundaries, line endings, and the shortcut that drops progress
// entries unparsed — which must never drop an entry the importer needs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isIgnorableLine, transcriptLines, type LineCounts } from '../../../src/import/claude-code/transcript-lines.ts';
import { FIXTURES } from './builder.ts';

const IGNORED_TYPES = new Set(['progress', 'file-history-snapshot', 'summary']);

function jsonlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? jsonlFiles(p) : name.endsWith('.jsonl') ? [p] : [];
  });
}

test('the shortcut is exact on every real line: it drops only progress, snapshot and title entries', () => {
  let dropped = 0;
  let total = 0;
  for (const file of jsonlFiles(FIXTURES)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      total++;
      const type = (JSON.parse(line) as { type?: string }).type;
      if (isIgnorableLine(line.slice(0, 512))) {
        dropped++;
        assert.ok(IGNORED_TYPES.has(type ?? ''), `dropped a ${type} entry in ${file}`);
      } else if (type === 'progress') {
        assert.fail(`a progress entry was kept in ${file}: ${line.slice(0, 120)}`);
      }
    }
  }
  assert.ok(dropped > 50 && total > 300, `${dropped} of ${total} lines dropped`);
});

test('"type":"progress" counts only at the top level', () => {
  assert.ok(isIgnorableLine('{"parentUuid":"a","isSidechain":false,"cwd":"/x","type":"progress","data":{}}'));
  assert.ok(isIgnorableLine('{"type":"file-history-snapshot","messageId":"m"}'));
  // Nested inside the message: a user entry quoting a progress object is kept.
  assert.ok(!isIgnorableLine('{"parentUuid":null,"message":{"content":[{"type":"progress","data":1}]},"type":"user"}'));
  assert.ok(!isIgnorableLine('{"toolUseResult":[{"type":"progress"}],"type":"user"}'));
  // Inside a string the quotes are escaped, so the key cannot be forged by content.
  assert.ok(!isIgnorableLine('{"message":{"content":"say \\"type\\":\\"progress\\""},"type":"user"}'));
  // A brace inside an earlier string value disables the shortcut (the line is parsed instead).
  assert.ok(!isIgnorableLine('{"cwd":"/tmp/{x}","type":"progress","data":{}}'));
  assert.ok(!isIgnorableLine('not json'));
  assert.ok(!isIgnorableLine('{"type":"user","message":{}}'));
});

test('lines across chunk boundaries, CRLF, blank lines and a missing final newline', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-lines-'));
  try {
    const big = JSON.stringify({ type: 'user', message: { content: 'x'.repeat(9 * 1024 * 1024) } });
    const file = join(dir, 't.jsonl');
    writeFileSync(file, `{"type":"user","n":1}\r\n\n   \n${big}\n{"type":"progress","data":{}}\n{"type":"assistant","n":"é中"}`);
    const counts: LineCounts = { lines: 0, skipped: 0, bytes: 0 };
    const lines = [...transcriptLines(file, counts)];
    assert.deepEqual(lines.map((l) => l.no), [1, 4, 6]);
    assert.equal(lines[0]!.text, '{"type":"user","n":1}');
    assert.equal(lines[1]!.text.length, big.length);
    assert.equal(lines[2]!.text, '{"type":"assistant","n":"é中"}');
    assert.equal(counts.lines, 4);
    assert.equal(counts.skipped, 1);
    assert.equal(counts.bytes, statSync(file).size);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('any mix of line lengths reads back exactly, across chunk boundaries', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-lines-'));
  try {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const lines: string[] = [];
    let size = 0;
    while (size < 3 * 1024 * 1024) {
      const len = rnd() < 0.05 ? Math.floor(rnd() * 600_000) : Math.floor(rnd() * 3000);
      const text = JSON.stringify({ type: 'user', n: lines.length, s: 'é中x'.repeat(Math.ceil(len / 3)).slice(0, len) });
      lines.push(text);
      size += Buffer.byteLength(text) + 1;
    }
    const file = join(dir, 'mix.jsonl');
    writeFileSync(file, lines.join('\n') + '\n');
    const counts: LineCounts = { lines: 0, skipped: 0, bytes: 0 };
    const read = [...transcriptLines(file, counts)];
    assert.equal(read.length, lines.length);
    read.forEach((l, i) => assert.ok(l.text === lines[i] && l.no === i + 1, `line ${i + 1}`));
    assert.equal(counts.bytes, statSync(file).size);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('many files read side by side hold no file descriptors between reads', { skip: process.platform !== 'linux' && 'needs /proc' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-lines-'));
  try {
    const readers = [];
    for (let i = 0; i < 300; i++) {
      const file = join(dir, `agent-${i}.jsonl`);
      writeFileSync(file, '{"type":"user","a":1}\n{"type":"user","a":2}\n');
      readers.push(transcriptLines(file, { lines: 0, skipped: 0, bytes: 0 }));
    }
    const before = readdirSync('/proc/self/fd').length;
    for (const r of readers) assert.equal(r.next().value?.no, 1);
    assert.ok(readdirSync('/proc/self/fd').length <= before + 2, 'descriptors are not kept open');
    for (const r of readers) r.return(undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
