/**
 * @module hooks/started-at
 * When the host started this hook process: the time events are ordered by (a background hook may
 * finish after a later one). On Linux the kernel keeps the moment of the fork (/proc/self/stat,
 * field 22, in clock ticks since boot); node's own start lags it by exec and start-up, which on a busy
 * machine is longer than the host takes to start the next hook, so two background hooks could swap
 * places. Elsewhere, or if /proc says something implausible, node's start is the best there is.
 *
 * The fork is counted from boot; turning it into wall time needs the boot's wall time, which every
 * process can only estimate (`/proc/uptime` is cut to 10 ms, `Date.now()` to 1 ms). Two hooks forked
 * in the same tick that each estimated the boot a few milliseconds apart would be ordered by that
 * noise, not by their start. So the estimate is rounded to a fixed grid: every process of one boot
 * reads the same boot time (unless the true one lies within a millisecond of a grid line), forks in
 * the same tick get the same stamp and fall back to the spool's tie-break (the pid: spawn order), and
 * forks in later ticks always sort later.
 */
import { readFileSync } from 'node:fs';

/** USER_HZ: /proc reports times in these ticks per second on every Linux architecture (a fixed ABI). */
const TICKS_PER_SECOND = 100;
const TICK_MS = 1000 / TICKS_PER_SECOND;

/** A fork more than this before node started is not this process's (a clock or namespace mismatch). */
const MAX_START_LAG_MS = 60_000;

/** The boot's wall time is rounded to this: stamps are off by half of it at most, but agree. */
export const BOOT_GRID_MS = 100;

/** What a process can read about its start (ms, except the ticks). */
export interface StartReadings {
  /** `Date.now()`. */
  readonly now: number;
  /** `process.uptime()` in ms: since node started. */
  readonly nodeUptimeMs: number;
  /** The monotonic clock (`process.hrtime`), which is the boot clock on a machine that never slept. */
  readonly monotonicMs: number;
  /** `/proc/uptime` in ms (10 ms steps), when readable. */
  readonly bootUptimeMs?: number;
  /** `/proc/self/stat` start time in ticks since boot, when readable. */
  readonly forkTicks?: number;
}

export function hookStartedAt(now = Date.now()): number {
  return startedAtFrom({ now, nodeUptimeMs: process.uptime() * 1000, monotonicMs: Number(process.hrtime.bigint()) / 1e6, ...(process.platform === 'linux' ? procReadings() : {}) });
}

/** Pure: the stamp from the readings (tested with readings no machine gives on demand). */
export function startedAtFrom(r: StartReadings): number {
  const nodeStart = Math.round(r.now - r.nodeUptimeMs);
  if (r.forkTicks === undefined || r.bootUptimeMs === undefined || !Number.isFinite(r.forkTicks) || !Number.isFinite(r.bootUptimeMs)) return nodeStart;
  // The monotonic clock reads the boot to a millisecond, but stops while a machine sleeps, where the
  // boot clock does not: trust it only while the two agree.
  const byUptime = r.now - r.bootUptimeMs;
  const byMonotonic = r.now - r.monotonicMs;
  const boot = Math.round((Math.abs(byMonotonic - byUptime) <= 2 * TICK_MS ? byMonotonic : byUptime) / BOOT_GRID_MS) * BOOT_GRID_MS;
  const forked = boot + r.forkTicks * TICK_MS;
  // The fork precedes node's start; the grid and the ticks may put it a little after.
  const plausible = forked <= nodeStart + BOOT_GRID_MS / 2 + 2 * TICK_MS && nodeStart - forked <= MAX_START_LAG_MS;
  return plausible ? forked : nodeStart;
}

function procReadings(): Pick<StartReadings, 'bootUptimeMs' | 'forkTicks'> {
  try {
    // Read as UTF-8: Node reads a file into a string in one native call only for that encoding; any
    // other (latin1 here before) goes through its JavaScript read loop, which for a /proc file (size 0,
    // read in 64 KB chunks) cost every hook 0.7 ms. The fields read are ASCII, and the command name
    // before them, whatever its bytes, is skipped by the last ')'.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted from the last ')'.
    const forkTicks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const bootUptimeMs = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * 1000;
    return { forkTicks, bootUptimeMs };
  } catch {
    return {};
  }
}
