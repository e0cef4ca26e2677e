// A hook's time is when the host started its process, not when node got going: a process that waits
// before it becomes node (exec keeps the pid and the kernel's start time) reports the fork.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { biasFrom, hookClockBias, startedAtFrom, type StartReadings } from '../../../src/hooks/started-at.ts';

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
  // The stamp's base is the kernel's boot second taken at its middle: this boot's stamps all sit `bias`
  // from the wall clock (within half a second). Take it out, then /proc's 10 ms ticks are the slack.
  const btime = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))![1]);
  const bootWall = Date.now() - Number(process.hrtime.bigint()) / 1e6;
  const bias = btime * 1000 + 500 - bootWall;
  assert.ok(Math.abs(bias) <= 510, `the base is within half a second of the boot (${bias} ms)`);
  const fork = startedAt - bias;
  const slack = 25;
  assert.ok(fork >= before - slack && fork <= forked + slack, `fork between ${before} and ${forked}, reported ${fork} (bias ${bias})`);
  assert.ok(nodeStart - fork >= 450, `node started ${nodeStart - fork} ms after the fork; the reported time must be the fork's`);
});

/**
 * What one hook process reads when forked at `forkMs` after a boot at wall time `bootWall`, having
 * started node `lagMs` later and reading its clocks `readMs` after that (ms, real-valued).
 */
function readings(bootWall: number, forkMs: number, lagMs: number, readMs: number): StartReadings {
  return {
    now: Math.floor(bootWall + forkMs + lagMs + readMs),
    nodeUptimeMs: readMs,
    bootSeconds: Math.floor(bootWall / 1000),
    forkTicks: Math.floor(forkMs / 10),
  };
}

test('hooks forked in one tick get one stamp whatever their clocks read, for any boot time; a later tick sorts later', () => {
  // Boot times anywhere in their second, near its edges and its middle too: no rounding boundary.
  for (const bootWall of [1_700_000_000_000.2, 1_700_000_000_123.4, 1_700_000_000_499.9, 1_700_000_000_500.1, 1_700_000_000_949.6, 1_700_000_000_999.9]) {
    for (let i = 0; i < 200; i++) {
      const fork = (500_000 + i * 3) * 10 + 1.1 + (i % 4);
      const a = startedAtFrom(readings(bootWall, fork, 30 + (i % 13), 0.3 + (i % 7) * 1.37));
      const b = startedAtFrom(readings(bootWall, fork + (i % 3) * 1.9, 80 + (i % 5) * 11, 2.9 + (i % 11) * 0.77));
      assert.equal(a, b, `same tick, boot ${bootWall}, fork ${fork}`);
      const later = startedAtFrom(readings(bootWall, fork + 10, 5, 9.9));
      assert.ok(later > a, `a fork one tick later sorts later (${later} vs ${a})`);
      assert.ok(Math.abs(a - (bootWall + fork)) <= 500 + 10, `within half a second of the true fork: ${a - (bootWall + fork)} ms off`);
    }
  }
});

test('a sequence of hooks, each forked after the last one ended, is stamped in order', () => {
  for (const bootWall of [1_700_000_000_000.4, 1_700_000_000_500.0, 1_700_000_000_999.6]) {
    let fork = 3_600_000.7;
    let last = -Infinity;
    for (let i = 0; i < 500; i++) {
      const stamp = startedAtFrom(readings(bootWall, fork, 25 + (i % 9) * 7, 1 + (i % 5)));
      assert.ok(stamp > last, `hook ${i} after ${last}: ${stamp}`);
      last = stamp;
      fork += 31 + (i % 17); // the previous hook ran for 30-odd ms
    }
  }
});

test("without /proc readings, with a fork time that cannot be this process's, or a clock that is not the kernel's, node's start is the time", () => {
  const r = readings(1_700_000_000_040, 90_000_000, 40, 1);
  const nodeStart = Math.round(r.now - r.nodeUptimeMs);
  assert.equal(startedAtFrom({ now: r.now, nodeUptimeMs: r.nodeUptimeMs }), nodeStart);
  assert.equal(startedAtFrom({ ...r, forkTicks: Number.NaN }), nodeStart);
  assert.equal(startedAtFrom({ ...r, bootSeconds: undefined }), nodeStart);
  assert.equal(startedAtFrom({ ...r, forkTicks: r.forkTicks! - 10_000 }), nodeStart, 'a fork 100 s before node started');
  assert.equal(startedAtFrom({ ...r, forkTicks: r.forkTicks! + 1_000 }), nodeStart, 'a fork after node started');
  assert.equal(startedAtFrom({ ...r, now: r.now - 86_400_000 * 400 }), nodeStart - 86_400_000 * 400, "a shifted Date.now() (an evaluation replaying an old session) keeps node's start");
});

test('the bias moves a wall-clock time onto the hooks\' clock to within a tick, for any boot time', () => {
  for (const bootWall of [1_700_000_000_000.2, 1_700_000_000_499.9, 1_700_000_000_500.1, 1_700_000_000_999.9]) {
    for (let i = 0; i < 100; i++) {
      const fork = 3_600_000 + i * 37.3;
      const stamp = startedAtFrom(readings(bootWall, fork, 20 + (i % 9), 1.5));
      // Another process (SessionEnd) reads its clocks later; /proc/uptime has 10 ms resolution.
      const now = bootWall + fork + 5_000 + (i % 13) * 3.1;
      const bias = biasFrom({ now: Math.floor(now), uptimeMs: Math.floor((now - bootWall) / 10) * 10, bootSeconds: Math.floor(bootWall / 1000) });
      const moved = bootWall + fork + bias; // the fork's wall time, moved
      assert.ok(Math.abs(moved - stamp) <= 21, `boot ${bootWall}, fork ${fork}: moved ${moved} vs stamp ${stamp}`);
    }
  }
  assert.equal(biasFrom({ now: 1_700_000_000_000 - 86_400_000 * 400, uptimeMs: 3_600_000, bootSeconds: 1_699_996_400 }), 0, 'a shifted clock: stamps use node\'s start, no bias');
  assert.equal(biasFrom({ now: 1_700_000_000_000, uptimeMs: Number.NaN, bootSeconds: 1_699_996_400 }), 0);
});

test('this machine\'s bias is the one its stamps carry (Linux)', () => {
  const bias = hookClockBias();
  if (process.platform !== 'linux') return assert.equal(bias, 0);
  const btime = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))![1]);
  const expected = btime * 1000 + 500 - (Date.now() - Number(process.hrtime.bigint()) / 1e6);
  assert.ok(Math.abs(bias - expected) <= 25, `bias ${bias}, from the monotonic clock ${expected}`);
});
