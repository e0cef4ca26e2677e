/**
 * @module log
 * Errors go to a file in the data directory, never to stdout (which belongs to the hook JSON and
 * to MCP's stdio). Logging must never throw: a full disk loses log lines, not the host.
 */
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

const MAX_LOG_BYTES = 5 * 1024 * 1024;

export function logTo(file: string, level: 'error' | 'warn' | 'info', message: string, err?: unknown): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    try {
      if (statSync(file).size > MAX_LOG_BYTES) renameSync(file, `${file}.1`);
    } catch {
      /* no log yet */
    }
    const detail = err instanceof Error ? ` ${err.name}: ${err.message}` : err !== undefined ? ` ${String(err)}` : '';
    appendFileSync(file, `${new Date().toISOString()} ${level} [${process.pid}] ${message}${detail}\n`);
  } catch {
    /* nowhere left to report to */
  }
}
