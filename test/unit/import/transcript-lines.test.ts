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
