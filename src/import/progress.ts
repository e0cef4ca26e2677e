/**
 * @module import/progress
 * The progress bar an import draws on a terminal: one line, redrawn in place at most ten times a
 * second, saying how far through the bytes it is, how many files and events, and how fast.
 */
import type { ImportProgress } from './claude-code-import.ts';

const BAR = 24;

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** One line of progress, at most `width` columns. Pure. */
export function progressLine(p: ImportProgress, width = 80): string {
  const share = p.totalBytes > 0 ? Math.min(1, p.bytes / p.totalBytes) : p.totalFiles > 0 ? p.files / p.totalFiles : 1;
  const filled = Math.round(share * BAR);
  const rate = p.elapsedMs > 0 ? (p.events * 1000) / p.elapsedMs : 0;
  const line = `[${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}] ${String(Math.floor(share * 100)).padStart(3)}% · files ${fmt(p.files)}/${fmt(p.totalFiles)} · events ${fmt(p.events)} · ${fmt(rate)}/s`;
  return line.length > width ? line.slice(0, Math.max(0, width - 1)) + '…' : line;
}

export interface ProgressBar {
  readonly update: (p: ImportProgress) => void;
  /** Erase the bar (before the final report line is printed). */
  readonly done: () => void;
}

/** A bar on a terminal stream (`\r` redraws); drawing is throttled to every 100 ms. */
export function progressBar(stream: { write: (s: string) => unknown; columns?: number }, now: () => number = Date.now): ProgressBar {
  let last = 0;
  let drawn = false;
  return {
    update(p) {
      const t = now();
      if (t - last < 100) return;
      last = t;
      drawn = true;
      const width = stream.columns && stream.columns > 20 ? stream.columns - 1 : 79;
      stream.write(`\r\x1b[2K${progressLine(p, width)}`);
    },
    done() {
      if (drawn) stream.write('\r\x1b[2K');
    },
  };
}
