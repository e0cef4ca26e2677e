/**
 * @module store/spool
 * The durable hand-off between hooks and the database. A hook writes its event as one small file
 * (write, fsync, rename: atomic and crash-safe), which costs about as much as a process start's
 * noise; opening SQLite would cost far more. Whichever mnemo process runs next (the MCP server,
 * SessionStart, the CLI) folds the spool into the store in order. Replays are harmless because
 * every event carries a unique id the store refuses twice.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';
import { join, sep } from 'node:path';
import { removeFile } from './remove-file.ts';
import type { CapturedEvent } from '../core/types.ts';
import { projectTag } from './project-tag.ts';

const SUFFIX = '.json';
const TMP_PREFIX = '.tmp-';
/** `.busy-<micros>-<pid>`: a hook started at <micros> that may not have spooled its event yet. */
const BUSY_PREFIX = '.busy-';
/** A marker older than this belongs to a hook that died (hooks give up after seconds). */
const STALE_BUSY_MS = 60_000;
const CORRUPT_DIR = 'corrupt';
/** A temp file older than this belongs to a writer that died mid-write. */
const STALE_TMP_MS = 60_000;

let sequence = 0;

const TAGGED = /\.p([0-9a-f]{8})\.json$/;

/** A spooled event's file name (not a temp file, not the folder of corrupt ones). */
const isEventName = (n: string): boolean => n.endsWith(SUFFIX) && !n.startsWith('.');

/**
 * Spool file names sort in capture order: the capture time in microseconds at millisecond precision
 * (comparable across processes; one session's hooks are milliseconds apart), then a per-process
 * sequence, then the pid; the event's uid and its project's tag follow. Not `performance.now()`: its
 * first use loads perf_hooks, about a millisecond of every hook's start.
 */
function fileName(ev: CapturedEvent): string {
  const micros = Math.trunc(ev.at) * 1000;
  const seq = (sequence++).toString(36).padStart(4, '0');
  return `${String(micros).padStart(17, '0')}-${seq}-${String(process.pid).padStart(10, '0')}-${ev.uid}.p${projectTag(ev.place.project)}${SUFFIX}`;
}

/** Append one event durably. Throws when the disk refuses (full, read-only): the caller logs it. */
export function spoolWrite(dir: string, ev: CapturedEvent): string {
  mkdirSync(dir, { recursive: true });
  const name = fileName(ev);
  const tmp = join(dir, TMP_PREFIX + name);
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    try {
      // write(2) may write less than asked (nearly full disk); the rest then fails with ENOSPC.
      const data = Buffer.from(JSON.stringify(ev));
      for (let at = 0; at < data.length; ) at += writeSync(fd, data, at);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    const final = join(dir, name);
    renameSync(tmp, final);
    return final;
  } catch (err) {
    // On a full disk a half-written temp file would hold on to the little space left.
    try {
      removeFile(tmp);
    } catch {
      /* the stale-temp sweep of spoolList removes it later */
    }
    throw err;
  }
}

const micros = (ms: number): string => String(Math.trunc(ms) * 1000).padStart(17, '0');

/**
 * Mark a hook as started, for hooks the host may run in the background (`async`): until `release()`,
 * no drain folds an event captured at or after `startedAtMs`, so events are stored in the order their
 * hooks started even when a later hook spools first. Costs a hook one empty file, created and removed.
 */
export function spoolMarkBusy(dir: string, startedAtMs: number): () => void {
  const file = join(dir, `${BUSY_PREFIX}${micros(startedAtMs)}-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    closeSync(openSync(file, 'w', 0o600));
  } catch {
    return () => {}; // no marker: this event may be folded after a later one, nothing worse
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    removeFile(file);
  };
}

/** A marker whose hook is gone (dead pid, or older than any hook lives) is removed and ignored. */
function liveBusy(dir: string, name: string, now: number): string | undefined {
  const m = /^\.busy-(\d{17})-(\d+)$/.exec(name);
  if (!m) return undefined;
  let alive = now - Number(m[1]) / 1000 < STALE_BUSY_MS;
  if (alive) {
    try {
      process.kill(Number(m[2]), 0);
    } catch (err) {
      alive = (err as { code?: string }).code === 'EPERM';
    }
  }
  if (alive) return m[1];
  removeFile(join(dir, name));
  return undefined;
}

/**
 * Pending spool files, oldest first: those captured before the oldest hook still under way (see
 * spoolMarkBusy), so a drain never stores an event ahead of an earlier one that is being written.
 */
export function spoolList(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const now = Date.now();
  const out: string[] = [];
  let busySince: string | undefined;
  for (const n of names) {
    if (isEventName(n)) out.push(n);
    else if (n.startsWith(TMP_PREFIX)) {
      const recovered = settleStaleTemp(dir, n, now);
      if (recovered) out.push(recovered);
    } else if (n.startsWith(BUSY_PREFIX)) {
      const since = liveBusy(dir, n, now);
      if (since !== undefined && (busySince === undefined || since < busySince)) busySince = since;
    }
  }
  out.sort();
  const ready = busySince === undefined ? out.length : out.findIndex((n) => n.slice(0, 17) >= busySince!);
  return out.slice(0, ready < 0 ? out.length : ready).map((n) => join(dir, n));
}

/**
 * A temp file its writer left behind: either the writer died before the rename, or a power loss
 * undid a rename whose folder was never fsync'd (the hook does not pay for that fsync). A complete
 * event is moved into place under its final name (a replay is harmless); anything else is removed.
 */
function settleStaleTemp(dir: string, name: string, now: number): string | undefined {
  const tmp = join(dir, name);
  try {
    if (now - statSync(tmp).mtimeMs <= STALE_TMP_MS) return undefined;
    let complete = false;
    try {
      complete = isCaptured(JSON.parse(readFileSync(tmp, 'utf8')));
    } catch {
      /* cut short: not an event */
    }
    if (!complete) {
      removeFile(tmp);
      return undefined;
    }
    const final = name.slice(TMP_PREFIX.length);
    renameSync(tmp, join(dir, final));
    return final;
  } catch {
    return undefined; // raced with its writer or another cleaner
  }
}

export type SpoolEntry = { readonly file: string; readonly event: CapturedEvent } | { readonly file: string; readonly corrupt: string };

function isCaptured(v: unknown): v is CapturedEvent {
  const e = v as Partial<CapturedEvent> | null;
  return !!e && typeof e === 'object' && typeof e.uid === 'string' && typeof e.at === 'number' &&
    typeof e.event === 'string' && typeof e.externalSessionId === 'string' && !!e.place && typeof e.place.project === 'string';
}

/**
 * Whether the spool holds an event, or an event being written, other than `own` (a path spoolWrite
 * returned); with `project`, only events that may be that project's count (a name without a tag may be
 * anyone's). Cheap: one directory read, no file opened. An unreadable spool counts as holding some.
 */
export function spoolHoldsOthers(dir: string, own?: string, project?: string): boolean {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (err) {
    return (err as { code?: string })?.code !== 'ENOENT';
  }
  const ownName = own && own.startsWith(dir + sep) ? own.slice(dir.length + 1) : undefined;
  const tag = project === undefined ? undefined : projectTag(project);
  return names.some((n) => {
    if (n === ownName || !(isEventName(n) || n.startsWith(TMP_PREFIX))) return false;
    const theirs = tag === undefined ? undefined : TAGGED.exec(n)?.[1];
    return theirs === undefined || theirs === tag;
  });
}

export function spoolRead(file: string): SpoolEntry | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined; // taken by another drainer
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return isCaptured(parsed) ? { file, event: parsed } : { file, corrupt: 'not a captured event' };
  } catch (err) {
    return { file, corrupt: err instanceof Error ? err.message : String(err) };
  }
}

export function spoolRemove(file: string): void {
  removeFile(file);
}

/** Keep unreadable entries for inspection instead of retrying them forever. */
export function spoolQuarantine(dir: string, file: string): void {
  const target = join(dir, CORRUPT_DIR);
  mkdirSync(target, { recursive: true });
  try {
    renameSync(file, join(target, file.slice(dir.length + 1)));
  } catch {
    /* already moved by another drainer */
  }
}
