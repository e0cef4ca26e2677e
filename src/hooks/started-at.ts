/**
 * @module hooks/started-at
 * When the host started this hook process: the time events are ordered by (a background hook may
 * finish after a later one). On Linux the kernel keeps the moment of the fork (/proc/self/stat,
 * field 22, in clock ticks since boot); node's own start lags it by exec and start-up, which on a busy
 * machine is longer than the host takes to start the next hook, so two background hooks could swap
 * places. Elsewhere, or if /proc says something implausible, node's start is the best there is.
 *
 * The fork is counted from boot; turning it into wall time needs the boot's wall time, and every hook
 * must use the same one, or two hooks forked close together are ordered by how each estimated it.
 * A process can estimate the boot to a millisecond (`Date.now()` less the monotonic clock), but no
 * rounding of a noisy estimate agrees in every process: when the true value lies near a rounding
 * boundary, processes fall on either side of it (this put stamps 100 ms apart before). The kernel's
 * own boot time (`btime` in /proc/stat, whole seconds) is the same number for every process of a boot,
 * so it is the base: the stamp is btime + half a second + the fork's ticks. Stamps are off by at most
 * half a second from the wall clock, all by the same amount, and forks in one tick get one stamp
 * (the spool's tie-break, the pid, orders them) while forks in later ticks always sort later.
 */
import { readFileSync } from 'node:fs';

/** USER_HZ: /proc reports times in these ticks per second on every Linux architecture (a fixed ABI). */
const TICKS_PER_SECOND = 100;
const TICK_MS = 1000 / TICKS_PER_SECOND;

/** A fork more than this before node started is not this process's (a clock or namespace mismatch). */
const MAX_START_LAG_MS = 60_000;

/** btime is whole seconds: the boot lies in the second after it, taken at its middle. */
const BOOT_IN_SECOND_MS = 500;

/** What a process can read about its start (ms, except the ticks and btime). */
export interface StartReadings {
  /** `Date.now()`. */
  readonly now: number;
  /** `process.uptime()` in ms: since node started. */
  readonly nodeUptimeMs: number;
  /** `btime` of /proc/stat: the boot's wall time in whole seconds, when readable. */
  readonly bootSeconds?: number;
  /** `/proc/self/stat` start time in ticks since boot, when readable. */
  readonly forkTicks?: number;
}

export function hookStartedAt(now = Date.now()): number {
  return startedAtFrom({ now, nodeUptimeMs: process.uptime() * 1000, ...(process.platform === 'linux' ? procReadings() : {}) });
}

/** Pure: the stamp from the readings (tested with readings no machine gives on demand). */
export function startedAtFrom(r: StartReadings): number {
  const nodeStart = Math.round(r.now - r.nodeUptimeMs);
  if (r.forkTicks === undefined || r.bootSeconds === undefined || !Number.isFinite(r.forkTicks) || !Number.isFinite(r.bootSeconds)) return nodeStart;
  const forked = r.bootSeconds * 1000 + BOOT_IN_SECOND_MS + r.forkTicks * TICK_MS;
  // The fork precedes node's start; the half second and the ticks may put it a little after. A clock
  // that is not the kernel's (a test's shifted Date.now(), another time namespace) fails this: node's
  // start is then the time, as without /proc.
  const plausible = forked <= nodeStart + BOOT_IN_SECOND_MS + 2 * TICK_MS && nodeStart - forked <= MAX_START_LAG_MS;
  return plausible ? forked : nodeStart;
}

/**
 * How far the stamps of this boot sit from the wall clock (ms; 0 where hooks are stamped with node's
 * start). Times read elsewhere (a transcript's, in the wall clock) are moved onto the hooks' clock by
 * adding it: stamps lie up to half a second off the wall clock, so a caught-up event at its transcript
 * time could otherwise sort on the wrong side of a hook's record made milliseconds later. Unlike the
 * stamp itself, it may differ by a tick between processes: it only has to be good to a tick.
 */
export function hookClockBias(now = Date.now()): number {
  if (process.platform !== 'linux') return 0;
  try {
    const bootSeconds = readBootSeconds();
    const uptimeMs = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * 1000;
    return bootSeconds === undefined ? 0 : biasFrom({ now, uptimeMs, bootSeconds });
  } catch {
    return 0;
  }
}

/** Pure: the bias from the readings; 0 for a clock that is not the kernel's (stamps then use node's start). */
export function biasFrom(r: { readonly now: number; readonly uptimeMs: number; readonly bootSeconds: number }): number {
  if (!Number.isFinite(r.uptimeMs) || !Number.isFinite(r.bootSeconds)) return 0;
  const bias = Math.round(r.bootSeconds * 1000 + BOOT_IN_SECOND_MS - (r.now - r.uptimeMs));
  return Math.abs(bias) <= BOOT_IN_SECOND_MS + 2 * TICK_MS ? bias : 0;
}

const BTIME_RE = /^btime (\d+)$/m;

/** `btime` of /proc/stat: the boot's wall time in whole seconds (throws where /proc cannot be read). */
function readBootSeconds(): number | undefined {
  const btime = BTIME_RE.exec(readFileSync('/proc/stat', 'utf8'));
  return btime ? Number(btime[1]) : undefined;
}

function procReadings(): Pick<StartReadings, 'bootSeconds' | 'forkTicks'> {
  try {
    // Read as UTF-8: Node reads a file into a string in one native call only for that encoding; any
    // other (latin1 here before) goes through its JavaScript read loop, which for a /proc file (size 0,
    // read in 64 KB chunks) cost every hook 0.7 ms. The fields read are ASCII, and the command name
    // before them, whatever its bytes, is skipped by the last ')'.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted from the last ')'.
    const forkTicks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const bootSeconds = readBootSeconds();
    return bootSeconds === undefined ? { forkTicks } : { forkTicks, bootSeconds };
  } catch {
    return {};
  }
}
