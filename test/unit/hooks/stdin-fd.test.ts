/**
 * A hook reads its payload from fd 0 into one buffer, then in chunks past its size (hooks/stdin):
 * every size around the pipe's and the buffer's comes back whole, through a pipe as a host writes it,
 * and a payload over the limit is reported, not kept.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const MODULE = join(import.meta.dirname, '..', '..', '..', 'src', 'hooks', 'stdin.ts');

/** Runs readStdin(maxBytes) in a child fed `input` through a pipe; the child prints what it read. */
function readThroughPipe(input: Buffer, maxBytes: number): Promise<{ text: string; bytes: number; overflow: boolean }> {
  const code = `import(${JSON.stringify(MODULE)}).then((m) => m.readStdin(${maxBytes})).then((r) => process.stdout.write(JSON.stringify({ text: r.text, bytes: r.bytes, overflow: r.overflow })))`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', code], { stdio: ['pipe', 'pipe', 'inherit'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.on('error', reject);
    child.on('close', (status) => (status === 0 ? resolve(JSON.parse(Buffer.concat(out).toString('utf8'))) : reject(new Error(`exit ${status}`))));
    child.stdin.end(input);
  });
}

/** `n` bytes of UTF-8 with multi-byte characters throughout, so a read that splits one would show. */
function payload(n: number): Buffer {
  const unit = Buffer.from('{"k":"连接池 \u2192 ok"} ', 'utf8');
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i += unit.length) unit.copy(b, i, 0, Math.min(unit.length, n - i));
  // End on a whole character: trim a trailing partial sequence with spaces.
  let end = n;
  while (end > 0 && (b[end - 1]! & 0xc0) === 0x80) end--;
  if (end > 0 && b[end - 1]! >= 0xc0) end--;
  b.fill(0x20, end);
  return b;
}

test('payloads of every size around the buffer steps come back whole', async () => {
  const K = 1024;
  for (const n of [0, 1, 100, 64 * K - 1, 64 * K, 64 * K + 1, 200 * K, K * K - 1, K * K, K * K + 1, 3 * K * K + 7]) {
    const input = payload(n);
    const r = await readThroughPipe(input, 64 * K * K);
    assert.equal(r.bytes, n, `${n} bytes counted`);
    assert.equal(r.overflow, false);
    assert.equal(r.text, input.toString('utf8'), `${n} bytes read whole`);
  }
});

test('a payload over the limit is counted and reported as an overflow', async () => {
  for (const [n, max] of [[100_000, 70_000], [2_000_000, 1_500_000], [300, 100]] as const) {
    const r = await readThroughPipe(payload(n), max);
    assert.equal(r.bytes, n);
    assert.equal(r.overflow, true, `${n} bytes over a limit of ${max}`);
  }
});
