/**
 * @module store/sqlite/health
 * What is wrong with a store, sorted by what fixes it: entries an index lost or gained (REINDEX), a
 * full-text index out of step with its table (rebuild it from the table), and pages SQLite cannot
 * read at all (only a salvage into a fresh file helps). Read-only.
 */
import type { SqliteDb } from './driver.ts';

export type Finding =
  | { readonly kind: 'damaged'; readonly detail: string }
  | { readonly kind: 'index'; readonly index: string; readonly detail: string }
  | { readonly kind: 'fulltext'; readonly detail: string };

export type RepairPlan = 'none' | 'rebuild' | 'salvage';

/** Unreadable pages need a salvage; lost or extra entries only a rebuild of the index concerned. */
export function planRepair(findings: readonly Finding[]): RepairPlan {
  if (findings.length === 0) return 'none';
  return findings.some((f) => f.kind === 'damaged') ? 'salvage' : 'rebuild';
}

const INDEX_ENTRY = /^(?:row \d+ missing from|wrong # of entries in|non-unique entry in) index (\w+)/;

/** One line of `PRAGMA integrity_check` output. */
export function classifyIntegrityLine(line: string): Finding {
  const text = line.replace(/^\*\*\* in database \w+ \*\*\*\n/, '').trim();
  const index = INDEX_ENTRY.exec(text)?.[1];
  if (index) return { kind: 'index', index, detail: `integrity: ${text}` };
  if (/malformed inverted index for FTS5 table/.test(text)) return { kind: 'fulltext', detail: `full-text index: ${text}` };
  return { kind: 'damaged', detail: `integrity: ${text}` };
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function integrity(db: SqliteDb, table?: string): Finding[] {
  const pragma = table === undefined ? 'integrity_check' : `integrity_check("${table.replace(/"/g, '""')}")`;
  const rows = db.pragma(pragma) as { integrity_check: string }[];
  return rows.filter((r) => r.integrity_check !== 'ok').map((r) => classifyIntegrityLine(r.integrity_check));
}

/** SQLite's integrity check; when it stops on a page it cannot read, table by table to say where. */
function structure(db: SqliteDb): Finding[] {
  try {
    return integrity(db);
  } catch (err) {
    const whole = message(err);
    let tables: string[];
    try {
      tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
    } catch (e) {
      return [{ kind: 'damaged', detail: `the schema table cannot be read: ${message(e)}` }];
    }
    const out: Finding[] = [];
    for (const t of tables) {
      try {
        out.push(...integrity(db, t));
      } catch (e) {
        out.push({ kind: 'damaged', detail: `table ${t} (or one of its indexes) has unreadable pages: ${message(e)}` });
      }
    }
    return out.some((f) => f.kind === 'damaged') ? out : [...out, { kind: 'damaged', detail: `integrity check stopped: ${whole}` }];
  }
}

/**
 * The contentless word index against its table, by row count. (Its internal consistency is part of
 * PRAGMA integrity_check, which runs FTS5's own check without the write its 'integrity-check'
 * command needs: doctor must also work on a store that is locked or read-only.)
 */
function fulltext(db: SqliteDb): Finding[] {
  try {
    // One statement, one snapshot: hooks may be writing between two.
    const { indexed, expected } = db
      .prepare('SELECT (SELECT count(*) FROM observations_fts) AS indexed, (SELECT count(*) FROM observations WHERE private = 0) AS expected')
      .get() as { indexed: number; expected: number };
    return indexed === expected ? [] : [{ kind: 'fulltext', detail: `full-text index holds ${indexed} rows, expected ${expected}` }];
  } catch (err) {
    return [{ kind: 'damaged', detail: `counting observations: ${message(err)}` }];
  }
}

export function examine(db: SqliteDb): Finding[] {
  const found = [...structure(db), ...fulltext(db)];
  const seen = new Set<string>();
  return found.filter((f) => !seen.has(f.detail) && (seen.add(f.detail), true));
}
