/**
 * @module log
 * Errors go to a file in the data directory, never to stdout (which belongs to the hook JSON and
 * to MCP's stdio). Logging must never throw: a full disk loses log lines, not the host.
 */
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

const MAX_LOG_BYTES = 5 * 1024 * 1024;
/**
 * A line repeated within this window is counted instead of written: a long-lived process retrying
 * an unavailable store every few seconds must not fill the log with one line.
 */
const REPEAT_WINDOW_MS = 60_000;
const recent = new Map<string, { at: number; repeats: number }>();

export function logTo(file: string, level: 'error' | 'warn' | 'info', message: string, err?: unknown): void {
  try {
    const detail = err instanceof Error ? ` ${err.name}: ${err.message}` : err !== undefined ? ` ${String(err)}` : '';
    const key = `${file}\n${level} ${message}${detail}`;
    const now = Date.now();
    const seen = recent.get(key);
    if (seen && now - seen.at < REPEAT_WINDOW_MS) {
      seen.repeats++;
      return;
    }
    if (recent.size > 200) recent.clear();
    recent.set(key, { at: now, repeats: 0 });
    const repeated = seen?.repeats ? ` (repeated ${seen.repeats} more time(s) before this)` : '';
    mkdirSync(dirname(file), { recursive: true });
    try {
      if (statSync(file).size > MAX_LOG_BYTES) renameSync(file, `${file}.1`);
    } catch {
      /* no log yet */
    }
    appendFileSync(file, `${new Date().toISOString()} ${level} [${process.pid}] ${message}${detail}${repeated}\n`);
  } catch {
    /* nowhere left to report to */
  }
}
