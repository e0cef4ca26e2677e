// A hook's time is when the host started its process, not when node got going: a process that waits
// before it becomes node (exec keeps the pid and the kernel's start time) reports the fork.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { BOOT_GRID_MS, startedAtFrom, type StartReadings } from '../../../src/hooks/started-at.ts';

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
  // /proc counts in 10 ms ticks, and the boot's time is rounded to BOOT_GRID_MS.
  const slack = 20 + BOOT_GRID_MS / 2;
  assert.ok(startedAt >= before - slack && startedAt <= forked + slack, `fork between ${before} and ${forked}, reported ${startedAt}`);
  assert.ok(nodeStart - startedAt >= 450, `node started ${nodeStart - startedAt} ms after the fork; the reported time must be the fork's`);
});

/**
 * What one hook process reads when forked at `forkMs` after a boot at wall time `bootWall`, having
 * started node `lagMs` later and reading its clocks `readMs` after that (ms, real-valued).
 */
function readings(bootWall: number, forkMs: number, lagMs: number, readMs: number, slept = 0): StartReadings {
  const sinceBoot = forkMs + lagMs + readMs;
  return {
    now: Math.floor(bootWall + sinceBoot),
    nodeUptimeMs: readMs,
    monotonicMs: sinceBoot - slept,
    bootUptimeMs: Math.floor(sinceBoot / 10) * 10,
    forkTicks: Math.floor(forkMs / 10),
  };
}

test('hooks forked in one tick get one stamp whatever their clocks read; a later tick sorts later', () => {
  // Boot times away from a grid line by more than the millisecond Date.now() is cut to.
  for (const bootWall of [1_700_000_000_123.4, 1_700_000_000_160.9, 1_700_000_000_102.2]) {
    for (let i = 0; i < 200; i++) {
      const fork = (500_000 + i * 3) * 10 + 1.1 + (i % 4);
      const a = startedAtFrom(readings(bootWall, fork, 30 + (i % 13), 0.3 + (i % 7) * 1.37));
      const b = startedAtFrom(readings(bootWall, fork + (i % 3) * 1.9, 80 + (i % 5) * 11, 2.9 + (i % 11) * 0.77));
      assert.equal(a, b, `same tick, boot ${bootWall}, fork ${fork}`);
      const later = startedAtFrom(readings(bootWall, fork + 10, 5, 9.9));
      assert.ok(later > a, `a fork one tick later sorts later (${later} vs ${a})`);
      assert.ok(Math.abs(a - (bootWall + fork)) <= BOOT_GRID_MS / 2 + 10, `close to the true fork: ${a - (bootWall + fork)} ms off`);
    }
  }
});

test('after the machine slept (monotonic clock behind the boot clock) the stamp still follows the boot clock', () => {
  const bootWall = 1_700_000_000_040;
  const fork = 90_000_000;
  const awake = startedAtFrom(readings(bootWall, fork, 40, 1));
  const slept = startedAtFrom(readings(bootWall, fork, 40, 1, 3_600_000));
  assert.equal(slept, awake);
});

test("without /proc readings, or with a fork time that cannot be this process's, node's start is the time", () => {
  const r = readings(1_700_000_000_040, 90_000_000, 40, 1);
  const nodeStart = Math.round(r.now - r.nodeUptimeMs);
  assert.equal(startedAtFrom({ now: r.now, nodeUptimeMs: r.nodeUptimeMs, monotonicMs: r.monotonicMs }), nodeStart);
  assert.equal(startedAtFrom({ ...r, forkTicks: Number.NaN }), nodeStart);
  assert.equal(startedAtFrom({ ...r, forkTicks: r.forkTicks! - 10_000 }), nodeStart, 'a fork 100 s before node started');
  assert.equal(startedAtFrom({ ...r, forkTicks: r.forkTicks! + 1_000 }), nodeStart, 'a fork after node started');
});
