/**
 * @module narration/fold
 * Bringing the narration of recent sessions up to date: every transcript a hook named lately (or
 * every transcript of one session) is read from where its last read stopped, in bounded pieces
 * (`chunkBytes`, one transaction each) until a time budget is spent, and what it says is stored
 * and linked to the calls' observations (store/sqlite/narration). Run beside the spool's fold by
 * processes that may take the time — the MCP server's loop, CLI commands, SessionEnd (bounded; a
 * detached `mnemo narrate` finishes what it left), `mnemo narrate` — never by a tool-call hook.
 *
 * Any number of processes may fold at once: a read is deterministic, a position only moves forward
 * (store/sqlite/narration moveCursor), and a record saved twice changes nothing.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ResolvedConfig } from '../config/config.ts';
import { logTo } from '../log.ts';
import { isBusy } from '../store/store.ts';
import type { SqliteStore } from '../store/sqlite/sqlite-store.ts';
import type { TranscriptCursor } from '../store/sqlite/narration.ts';
import { FORMATS, READABLE_PLATFORMS, type TranscriptFormat } from './formats.ts';
import { readAppended, readDocument } from './read.ts';

/** A transcript named by a hook within this long is read at each fold; older ones are done. */
export const ACTIVE_MS = 24 * 60 * 60 * 1000;
/** Bytes read and committed at a time. */
export const CHUNK_BYTES = 8 * 1024 * 1024;

export interface NarrationFoldOptions {
  /** Start no read after this long (one read always runs). Default: no limit. */
  readonly maxMs?: number;
  readonly chunkBytes?: number;
  /** How long a save waits for another writer (default: the store's busy timeout). */
  readonly waitMs?: number;
  /** Only this session's transcripts, however long ago they were named (SessionEnd). */
  readonly session?: { readonly platform: string; readonly session: string };
  readonly activeMs?: number;
  /** Hears a transcript that could not be read (never its content). */
  readonly onProblem?: (path: string, error: string) => void;
  readonly now?: () => number;
}

export interface NarrationFoldResult {
  /** Transcripts looked at, and of those read (they had something new). */
  readonly files: number;
  readonly read: number;
  readonly bytes: number;
  /** Narration records that changed what was stored, and of those linked to their observation. */
  readonly changed: number;
  readonly attached: number;
  /** Transcripts with bytes left when the budget ran out. */
  readonly unfinished: number;
  /** Transcripts named but not on disk (moved, deleted, another machine's path). */
  readonly missing: number;
}

/** Subagent runs of a session, written next to its transcript, not named by any hook yet. */
function companionsOf(cursor: TranscriptCursor, format: TranscriptFormat, known: ReadonlySet<string>): TranscriptCursor[] {
  if (format.kind !== 'lines' || !format.companions) return [];
  const dir = format.companions(cursor.path);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  // `agent-acompact-*` runs write the compaction summary: no calls of the session's own.
  return names
    .filter((n) => n.endsWith('.jsonl') && !n.startsWith('agent-acompact-'))
    .map((n) => join(dir, n))
    .filter((path) => !known.has(path))
    .sort()
    .map((path) => ({ path, platform: cursor.platform, session: cursor.session, seenAt: cursor.seenAt, dev: null, ino: null, offset: 0, size: null, tail: null, state: null }));
}

export function foldNarration(store: SqliteStore, opts: NarrationFoldOptions = {}): NarrationFoldResult {
  const now = opts.now ?? Date.now;
  const started = now();
  const deadline = opts.maxMs === undefined ? Infinity : started + opts.maxMs;
  const chunk = Math.max(64 * 1024, opts.chunkBytes ?? CHUNK_BYTES);
  const known = store.transcriptsToRead({
    since: started - (opts.activeMs ?? ACTIVE_MS),
    platforms: READABLE_PLATFORMS,
    ...(opts.session ? { session: opts.session } : {}),
  });
  const paths = new Set(known.map((c) => c.path));
  const found = known.flatMap((c) => companionsOf(c, FORMATS[c.platform]!, paths));
  store.addTranscripts(found);
  const cursors = [...known, ...found];

  let read = 0;
  let bytes = 0;
  let changed = 0;
  let attached = 0;
  let unfinished = 0;
  let missing = 0;
  let first = true;
  for (const cursor of cursors) {
    const format = FORMATS[cursor.platform];
    if (!format) continue;
    let pos = cursor;
    let touched = false;
    for (;;) {
      if (!first && now() >= deadline) {
        unfinished++;
        break;
      }
      first = false;
      const r = format.kind === 'lines' ? readAppended(pos, format, chunk, now()) : readDocument(pos, format, opts.session !== undefined);
      if (r.kind === 'missing') missing++;
      if (r.kind === 'unreadable') opts.onProblem?.(pos.path, r.error);
      if (r.kind !== 'read') break;
      // Only a line still being written past the offset: nothing to save (but its size, once).
      if (r.bytes === 0 && !r.restarted && r.size === pos.size) break;
      const saved = store.saveNarration(
        cursor.platform,
        r.records,
        { path: pos.path, restarted: r.restarted, offset: r.offset, size: r.size, dev: r.dev, ino: r.ino, tail: r.tail, state: r.state },
        opts.waitMs === undefined ? {} : { waitMs: opts.waitMs },
      );
      touched = true;
      bytes += r.bytes;
      changed += saved.changed;
      attached += saved.attached;
      pos = { ...pos, dev: r.dev, ino: r.ino, offset: r.offset, size: r.size, tail: r.tail, state: r.state };
      // Nothing complete left (at most a line still being written): done with this file for now.
      if (r.remaining === 0) break;
    }
    if (touched) read++;
  }
  return { files: cursors.length, read, bytes, changed, attached, unfinished, missing };
}

/**
 * `foldNarration` for a face that must not fail because of it (the MCP loop, CLI commands, hooks):
 * a busy store is routine (the next fold reads the same bytes), anything else is logged. Returns
 * undefined when it did not run to its end.
 */
export function foldNarrationQuietly(store: SqliteStore, cfg: Pick<ResolvedConfig, 'logFile'>, opts: NarrationFoldOptions = {}): NarrationFoldResult | undefined {
  if (store.readOnly) return undefined;
  try {
    return foldNarration(store, { onProblem: (path, error) => logTo(cfg.logFile, 'info', `narration: cannot read transcript ${path}: ${error}`), ...opts });
  } catch (err) {
    if (!isBusy(err)) logTo(cfg.logFile, 'warn', 'narration: could not read the host transcripts now (read again at the next fold)', err);
    return undefined;
  }
}
