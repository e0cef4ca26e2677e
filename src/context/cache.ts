/**
 * @module context/cache
 * The SessionStart index of each project (`mnemo.db-derived/index-<tag>.json`), kept from the last
 * time a hook built it (at SessionEnd, or at a SessionStart that had to open the store), so that a
 * session start in the common case — the previous session ended and nothing was written since —
 * answers without loading SQLite, which is most of what such a hook would cost. A kept index is served only while all of this still holds
 * (`staleness` says which check failed); otherwise the hook opens the store as it always did:
 * - the same mnemo build rendered it, for the same project, budget and window;
 * - the store's and the project's generation tokens are the ones read before the index was built
 *   (store/generation): nothing that the index shows was written since;
 * - the database is the same file (not replaced by a restore or a repair);
 * - the spool holds no event of this project but the hook's own (events of a session that died would
 *   be folded first; other projects' events do not change this project's index);
 * - no open session has become abandoned since (SessionStart would close and summarize it).
 * `MNEMO_CONTEXT_CACHE=0` turns it off. Plain files only: the hook's fast path loads nothing else.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { removeFile } from '../store/remove-file.ts';
import type { ResolvedConfig } from '../config/config.ts';
import { derivedDir, readGeneration } from '../store/generation.ts';
import { projectTag } from '../store/project-tag.ts';
import { spoolHoldsOthers } from '../store/spool.ts';

// Set by scripts/build.mjs to a hash of the sources, identical in every bundle of one build.
declare const MNEMO_BUILD_ID: string | undefined;

/** Which code rendered an index: a kept index from another build is never served. */
export const RENDERER_BUILD = typeof MNEMO_BUILD_ID === 'string' ? MNEMO_BUILD_ID : 'source';

const FORMAT = 1;

/** One project's kept index, as stored. */
export interface KeptIndex {
  readonly format: typeof FORMAT;
  readonly build: string;
  readonly project: string;
  readonly budget: number;
  readonly window: number;
  /** The store's and the project's generation tokens, read before the index was built. */
  readonly generation: string;
  /** The database file it was built from (`device:inode`). */
  readonly db: string;
  /** When the oldest open session becomes abandoned; null when none was open. */
  readonly until: number | null;
  readonly text: string;
}

/** What the store looks like now, for comparison with a kept index. */
export interface Present {
  readonly build: string;
  readonly project: string;
  readonly budget: number;
  readonly window: number;
  readonly generation: string | undefined;
  readonly db: string | undefined;
  readonly now: number;
}

export type CacheConfig = Pick<ResolvedConfig, 'dbPath' | 'spoolDir' | 'contextBudget' | 'contextWindow'>;

/** Why a kept index cannot be served now (the spool aside: readKeptIndex looks at it first); undefined when it can. */
export function staleness(kept: unknown, now: Present): string | undefined {
  const k = kept as Partial<KeptIndex> | null;
  if (!k || typeof k !== 'object' || k.format !== FORMAT || typeof k.text !== 'string') return 'unreadable';
  if (k.build !== now.build) return 'another build';
  if (k.project !== now.project) return 'another project';
  if (k.budget !== now.budget || k.window !== now.window) return 'other settings';
  if (now.generation === undefined || k.generation !== now.generation) return 'store changed';
  if (now.db === undefined || k.db !== now.db) return 'another database file';
  if (k.until !== null && !(typeof k.until === 'number' && now.now < k.until)) return 'a session became abandoned';
  return undefined;
}

export function cacheEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = env.MNEMO_CONTEXT_CACHE?.trim().toLowerCase();
  return v !== '0' && v !== 'false' && v !== 'off';
}

/** Where `project`'s index is kept. Projects sharing a tag share the file (the entry names its project). */
export function keptIndexFile(dbPath: string, project: string): string | undefined {
  const dir = derivedDir(dbPath);
  return dir && join(dir, `index-${projectTag(project)}.json`);
}

function databaseIdentity(dbPath: string): string | undefined {
  try {
    const st = statSync(dbPath);
    return `${st.dev}:${st.ino}`;
  } catch {
    return undefined;
  }
}

/**
 * The kept index of `project` when it can be served now, else undefined. `ownSpoolFile` is the event
 * this hook just spooled (it is no reason to fold). Never throws.
 */
export function readKeptIndex(cfg: CacheConfig, project: string, opts: { readonly now: number; readonly ownSpoolFile?: string }): string | undefined {
  const file = keptIndexFile(cfg.dbPath, project);
  // The spool first, the token after: a fold commits (and replaces the token) before it deletes its
  // spool files, so a spool found empty here means any fold that emptied it is in the token read next.
  if (!file || spoolHoldsOthers(cfg.spoolDir, opts.ownSpoolFile, project)) return undefined;
  let kept: unknown;
  try {
    kept = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  const present: Present = {
    build: RENDERER_BUILD,
    project,
    budget: cfg.contextBudget,
    window: cfg.contextWindow,
    generation: readGeneration(cfg.dbPath, project),
    db: databaseIdentity(cfg.dbPath),
    now: opts.now,
  };
  return staleness(kept, present) === undefined ? (kept as KeptIndex).text : undefined;
}

/**
 * Keep `text`, the index of `project` built from the store after `generation` was read. Best effort:
 * a folder that cannot be written just means the next SessionStart opens the store.
 */
export function keepIndex(cfg: CacheConfig, project: string, entry: { readonly generation: string; readonly until: number | undefined; readonly text: string }): void {
  const file = keptIndexFile(cfg.dbPath, project);
  const db = databaseIdentity(cfg.dbPath);
  if (!file || db === undefined) return;
  const kept: KeptIndex = {
    format: FORMAT,
    build: RENDERER_BUILD,
    project,
    budget: cfg.contextBudget,
    window: cfg.contextWindow,
    generation: entry.generation,
    db,
    until: entry.until ?? null,
    text: entry.text,
  };
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(tmp, JSON.stringify(kept), { mode: 0o600 });
    renameSync(tmp, file);
    // A write (a forget, say) since the token was read: this copy is stale already and may quote
    // forgotten text that the forget's own clean-up ran too early to remove.
    if (readGeneration(cfg.dbPath, project) !== entry.generation) removeFile(file);
  } catch {
    try {
      removeFile(tmp);
    } catch {
      /* nothing more to do */
    }
  }
}
