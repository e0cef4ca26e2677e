/**
 * @module store/generation
 * A marker file beside the database (`mnemo.db-generation`) holding a random token that every write
 * able to change what the SessionStart index shows replaces, after its commit: new observations,
 * sessions ending or coming back, summaries, forgetting, retention. Whoever keeps something derived
 * from the store (the index cache, context/cache) reads the token before reading the store and
 * compares it later, without opening SQLite: a different token means the copy may be stale.
 *
 * Replacing the token after the commit is what makes the comparison safe: a reader that read the
 * old token may or may not have seen the write, but its copy is refused either way; one that read
 * the new token read after the commit. Plain files only, so a hook's fast path can load this alone.
 * The copies themselves live in `mnemo.db-derived/`, which forgetting empties.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';

let written = 0;

function markerOf(dbPath: string): string | undefined {
  // In-memory and temporary databases have nothing beside them.
  return isAbsolute(dbPath) ? `${dbPath}-generation` : undefined;
}

/** The current token; undefined when there is none (never written, unreadable). */
export function readGeneration(dbPath: string): string | undefined {
  const marker = markerOf(dbPath);
  if (!marker) return undefined;
  try {
    const token = readFileSync(marker, 'latin1').trim();
    return token || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Replace the token (atomically: a reader sees the old one or the new one). When it cannot be written,
 * the marker is removed so that no copy stamped with the old token is trusted; returns false when even
 * that failed (a read-only folder: then no copy could be written there either).
 */
export function bumpGeneration(dbPath: string): boolean {
  const marker = markerOf(dbPath);
  if (!marker) return true;
  const token = `${Date.now().toString(36)}-${process.pid.toString(36)}-${(written++).toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const tmp = `${marker}.${process.pid}-${written}.tmp`;
  try {
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

/** Where copies derived from the store are kept (the index cache); undefined for an in-memory store. */
export function derivedDir(dbPath: string): string | undefined {
  return isAbsolute(dbPath) ? `${dbPath}-derived` : undefined;
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

/** The current token, created when there is none yet; undefined when it cannot be. */
export function currentGeneration(dbPath: string): string | undefined {
  const token = readGeneration(dbPath);
  if (token !== undefined) return token;
  bumpGeneration(dbPath);
  return readGeneration(dbPath);
}
