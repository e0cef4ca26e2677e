/**
 * @module config/config
 * One place that turns the environment (and an optional `config.json` in the data directory)
 * into a frozen, fully defaulted configuration. Everything else reads `ResolvedConfig`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** Hard ceiling Claude Code applies to hook output strings. */
export const CLAUDE_OUTPUT_CAP = 10_000;

export interface ResolvedConfig {
  readonly dataDir: string;
  readonly dbPath: string;
  readonly spoolDir: string;
  readonly logFile: string;
  /** Characters of a tool's input kept per observation. */
  readonly maxInputChars: number;
  /** Characters of a tool's response kept per observation. */
  readonly maxOutputChars: number;
  /** Characters the SessionStart injection may use (never above Claude Code's 10,000 cap). */
  readonly contextBudget: number;
  /** How many recent observations the index considers before packing. */
  readonly contextWindow: number;
  /** A hook gives up (and answers empty) after this long. */
  readonly hookTimeoutMs: number;
  /** How long a hook waits on a locked database before leaving the event in the spool. */
  readonly busyTimeoutMs: number;
  /** A session idle this long without SessionEnd is treated as abandoned (crash, killed terminal). */
  readonly abandonAfterMs: number;
  /** Observations older than this many days are deleted (0: kept forever). See store/sqlite/retention. */
  readonly retentionDays: number;
  /** The oldest observations are deleted while the database uses more than this many MB (0: no cap). */
  readonly maxDbMb: number;
  /** `config.json` as read, for settings owned elsewhere (the LLM summarizer's). */
  readonly file: Readonly<Record<string, unknown>>;
}

const DEFAULTS = Object.freeze({
  maxInputChars: 2000,
  maxOutputChars: 4000,
  contextBudget: CLAUDE_OUTPUT_CAP,
  contextWindow: 400,
  hookTimeoutMs: 4000,
  busyTimeoutMs: 500,
  abandonAfterMs: 2 * 60 * 60 * 1000,
  retentionDays: 0,
  maxDbMb: 0,
});

type Env = Readonly<Record<string, string | undefined>>;

/** A number from a setting (number or numeric string), clamped to [min, max]; undefined when it is not one. */
function int(v: unknown, min: number, max: number): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.trunc(n))) : undefined;
}

function readFileConfig(dataDir: string): Record<string, unknown> {
  const file = join(dataDir, 'config.json');
  // Usually there is none: asking first spares every hook the error a failed read throws.
  if (!existsSync(file)) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The data directory: `MNEMO_DATA_DIR`, else `~/.mnemo` (`config.json` lives in it, so cannot move it). */
export function resolveDataDir(env: Env = process.env): string {
  return resolve(env.MNEMO_DATA_DIR?.trim() || join(homedir(), '.mnemo'));
}

/** Environment variables win over `config.json`, which wins over the defaults; a value that is not a number is skipped. */
export function resolveConfig(env: Env = process.env): ResolvedConfig {
  const dataDir = resolveDataDir(env);
  const file = readFileConfig(dataDir);
  const pick = (envName: string, key: string, fallback: number, min: number, max: number): number =>
    int(env[envName], min, max) ?? int(file[key], min, max) ?? fallback;
  return Object.freeze({
    dataDir,
    dbPath: join(dataDir, 'mnemo.db'),
    spoolDir: join(dataDir, 'spool'),
    logFile: join(dataDir, 'mnemo.log'),
    maxInputChars: pick('MNEMO_MAX_INPUT_CHARS', 'maxInputChars', DEFAULTS.maxInputChars, 100, 1_000_000),
    maxOutputChars: pick('MNEMO_MAX_OUTPUT_CHARS', 'maxOutputChars', DEFAULTS.maxOutputChars, 100, 1_000_000),
    contextBudget: pick('MNEMO_CONTEXT_BUDGET', 'contextBudget', DEFAULTS.contextBudget, 500, CLAUDE_OUTPUT_CAP),
    contextWindow: pick('MNEMO_CONTEXT_WINDOW', 'contextWindow', DEFAULTS.contextWindow, 10, 5000),
    hookTimeoutMs: pick('MNEMO_HOOK_TIMEOUT_MS', 'hookTimeoutMs', DEFAULTS.hookTimeoutMs, 200, 60_000),
    busyTimeoutMs: pick('MNEMO_BUSY_TIMEOUT_MS', 'busyTimeoutMs', DEFAULTS.busyTimeoutMs, 0, 60_000),
    abandonAfterMs: pick('MNEMO_ABANDON_AFTER_MS', 'abandonAfterMs', DEFAULTS.abandonAfterMs, 60_000, 30 * 24 * 3600 * 1000),
    retentionDays: pick('MNEMO_RETENTION_DAYS', 'retentionDays', DEFAULTS.retentionDays, 0, 365_000),
    maxDbMb: pick('MNEMO_MAX_DB_MB', 'maxDbMb', DEFAULTS.maxDbMb, 0, 10_000_000),
    file: Object.freeze(file),
  });
}
