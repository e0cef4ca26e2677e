// A hook's time is when the host started its process, not when node got going: a process that waits
// before it becomes node (exec keeps the pid and the kernel's start time) reports the fork.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const MODULE = join(import.meta.dirname, '..', '..', '..', 'src', 'hooks', 'started-at.ts');
const PRINT = `import(${JSON.stringify(MODULE)}).then((m) => console.log(JSON.stringify({ startedAt: m.hookStartedAt(), nodeStart: Math.round(Date.now() - process.uptime() * 1000) })))`;

test('the time a hook reports is when its process was started, before its exec and node start-up (Linux)', async () => {
  const before = Date.now();
  // Half a second between the fork and node: what a busy machine does to a hook.
  const child = spawn('sh', ['-c', `sleep 0.5; exec "${process.execPath}" --import tsx -e '${PRINT}'`], { stdio: ['ignore', 'pipe', 'inherit'] });
  const forked = Date.now();
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(code, 0);
  const { startedAt, nodeStart } = JSON.parse(out) as { startedAt: number; nodeStart: number };
  if (process.platform !== 'linux') {
    assert.equal(startedAt, nodeStart, 'without /proc, node start is the time');
    return;
  }
  // /proc counts in 10 ms ticks: a tick either way.
  assert.ok(startedAt >= before - 20 && startedAt <= forked + 20, `fork between ${before} and ${forked}, reported ${startedAt}`);
  assert.ok(nodeStart - startedAt >= 450, `node started ${nodeStart - startedAt} ms after the fork; the reported time must be the fork's`);
});
