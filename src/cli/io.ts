/**
 * @module cli/io
 * What a CLI command may touch: its arguments, output streams, environment and folder.
 * Commands take an `Io` instead of reaching for `process`, so tests run them in-process.
 */
import type { ResolvedConfig } from '../config/config.ts';

export interface Io {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly config: ResolvedConfig;
}

export type Command = (args: string[], io: Io) => Promise<number>;

/** A user error: printed as is, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function intOption(v: string | boolean | undefined, name: string, min: number, max: number, fallback: number): number {
  if (v === undefined || typeof v === 'boolean') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(v)}`);
  return n;
}

export function dateOption(v: string | boolean | undefined, name: string): number | undefined {
  if (v === undefined || typeof v === 'boolean') return undefined;
  const ms = Date.parse(v);
  if (Number.isNaN(ms)) throw new UsageError(`--${name} must be a date such as 2026-11-29, got ${JSON.stringify(v)}`);
  return ms;
}

export function idList(values: readonly string[]): number[] {
  const ids = values.flatMap((v) => v.split(',')).map((v) => v.replace(/^#/, '').trim()).filter(Boolean);
  for (const v of ids) if (!/^\d+$/.test(v) || Number(v) < 1 || !Number.isSafeInteger(Number(v))) throw new UsageError(`not an observation id: ${JSON.stringify(v)}`);
  return ids.map(Number);
}
