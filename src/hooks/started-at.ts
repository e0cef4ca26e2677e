/**
 * @module hooks/started-at
 * When the host started this hook process: the time events are ordered by (a background hook may
 * finish after a later one). On Linux the kernel keeps the moment of the fork (/proc/self/stat,
 * field 22, in clock ticks since boot, read against /proc/uptime on the same clock); node's own
 * start lags it by exec and start-up, which on a busy machine is longer than the host takes to start
 * the next hook, so two background hooks could swap places. Elsewhere, or if /proc says something
 * implausible, node's start is the best there is.
 */
import { readFileSync } from 'node:fs';

/** USER_HZ: /proc reports times in these ticks per second on every Linux architecture (a fixed ABI). */
const TICKS_PER_SECOND = 100;

/** A fork more than this before node started is not this process's (a clock or namespace mismatch). */
const MAX_START_LAG_MS = 60_000;

export function hookStartedAt(now = Date.now()): number {
  const nodeStart = Math.round(now - process.uptime() * 1000);
  const forked = process.platform === 'linux' ? forkedAt(now) : undefined;
  // The fork precedes node's start; /proc's 10 ms ticks may put it a tick after.
  return forked !== undefined && forked <= nodeStart + 20 && nodeStart - forked <= MAX_START_LAG_MS ? Math.min(forked, nodeStart) : nodeStart;
}

function forkedAt(now: number): number | undefined {
  try {
    // Read as UTF-8: Node reads a file into a string in one native call only for that encoding; any
    // other (latin1 here before) goes through its JavaScript read loop, which for a /proc file (size 0,
    // read in 64 KB chunks) cost every hook 0.7 ms. The fields read are ASCII, and the command name
    // before them, whatever its bytes, is skipped by the last ')'.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted from the last ')'.
    const startTicks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const uptimeSeconds = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
    if (!Number.isFinite(startTicks) || !Number.isFinite(uptimeSeconds)) return undefined;
    return Math.round(now - (uptimeSeconds - startTicks / TICKS_PER_SECOND) * 1000);
  } catch {
    return undefined;
  }
}
