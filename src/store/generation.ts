/**
 * @module store/generation
 * Tokens that say whether what the SessionStart index shows may have changed, readable without opening
 * SQLite. Each is a small file holding a random value that writes replace after their commit:
 * - one per project (`mnemo.db-derived/generation-<tag>`), replaced by writes that touch that project
 *   only: new observations, its sessions ending or coming back, their summaries;
 * - one for the store (`mnemo.db-generation`), replaced by writes that may touch any project:
 *   forgetting, retention, `import jsonl`, repair, upgrade steps.
 * Whoever keeps something derived from one project's rows (the index cache, context/cache) reads both
 * before reading the store and compares them later: a different value means the copy may be stale.
 *
 * Replacing a token after the commit is what makes the comparison safe: a reader that read the old
 * token may or may not have seen the write, but its copy is refused either way; one that read the new
 * token read after the commit. Plain files only, so a hook's fast path can load this alone. The derived
 * copies (and the project tokens) live in `mnemo.db-derived/`, which forgetting empties: a missing
 * token never matches, so removing them only costs a rebuild.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { projectTag } from './project-tag.ts';

let written = 0;

/** Where copies derived from the store are kept (the index cache); undefined for an in-memory store. */
export function derivedDir(dbPath: string): string | undefined {
  // In-memory and temporary databases have nothing beside them.
  return isAbsolute(dbPath) ? `${dbPath}-derived` : undefined;
}

/** The token file of the store (no project) or of one project. */
function markerOf(dbPath: string, project?: string): string | undefined {
  if (!isAbsolute(dbPath)) return undefined;
  return project === undefined ? `${dbPath}-generation` : join(derivedDir(dbPath)!, `generation-${projectTag(project)}`);
}

function readToken(marker: string | undefined): string | undefined {
  if (!marker) return undefined;
  try {
    return readFileSync(marker, 'latin1').trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Replace one token (atomically: a reader sees the old one or the new one). When it cannot be written,
 * it is removed so that no copy stamped with the old one is trusted; false when even that failed.
 */
function replaceToken(marker: string): boolean {
  const token = `${Date.now().toString(36)}-${process.pid.toString(36)}-${(written++).toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const tmp = `${marker}.${process.pid}-${written}.tmp`;
  try {
    mkdirSync(dirname(marker), { recursive: true, mode: 0o700 });
    writeFileSync(tmp, token, { mode: 0o600 });
    renameSync(tmp, marker);
    return true;
  } catch {
    let cleared = false;
    try {
      rmSync(marker, { force: true });
      cleared = true;
    } catch {
      /* reported by the result */
    }
    try {
      rmSync(tmp, { force: true });
    } catch {
      /* nothing more to do */
    }
    return cleared;
  }
}

/**
 * The tokens a copy of `project`'s derived data is stamped with (store and project, joined);
 * undefined when either is missing or unreadable.
 */
export function readGeneration(dbPath: string, project: string): string | undefined {
  const store = readToken(markerOf(dbPath));
  const own = store === undefined ? undefined : readToken(markerOf(dbPath, project));
  return own === undefined ? undefined : `${store}/${own}`;
}

/**
 * After a commit: replace the tokens of `projects`, or the store's when the write may touch any project
 * (`projects` undefined). False when a token could be neither replaced nor removed.
 */
export function bumpGeneration(dbPath: string, projects?: Iterable<string>): boolean {
  if (!isAbsolute(dbPath)) return true;
  if (projects === undefined) return replaceToken(markerOf(dbPath)!);
  let ok = true;
  for (const p of projects) ok = replaceToken(markerOf(dbPath, p)!) && ok;
  return ok;
}

/**
 * Remove every derived copy (forget: text that was forgotten must not survive in a cached index).
 * Returns false when they could not all be removed.
 */
export function dropDerived(dbPath: string): boolean {
  const dir = derivedDir(dbPath);
  if (!dir) return true;
  try {
    rmSync(dir, { recursive: true, force: true });
    return true;
  } catch {
    return false;
  }
}

/** The stamp for a copy of `project`'s derived data, creating missing tokens first; undefined when it cannot be. */
export function currentGeneration(dbPath: string, project: string): string | undefined {
  if (!isAbsolute(dbPath)) return undefined;
  if (readToken(markerOf(dbPath)) === undefined) replaceToken(markerOf(dbPath)!);
  if (readToken(markerOf(dbPath, project)) === undefined) replaceToken(markerOf(dbPath, project)!);
  return readGeneration(dbPath, project);
}
