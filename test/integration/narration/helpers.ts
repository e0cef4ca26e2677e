/**
 * Shared pieces of the narration tests: a transcript's sessions replayed through capture into a
 * store as its hooks would have delivered them (every payload naming the session's main transcript,
 * as Claude Code's do), the narration a store ends up with per call, and the transcript shapes to
 * run on: every fixture, Claude Code 1.0.x entry shapes, and ../shared/corpus when it is there.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { openSqlite } from '../../../src/store/sqlite/driver.ts';
import { captureEvent } from '../../../src/core/capture.ts';
import type { CapturedEvent } from '../../../src/core/types.ts';
import { findTranscripts, type TranscriptGroup } from '../../../src/import/claude-code/transcript-files.ts';
import { SubagentDirectory, transcriptEvents } from '../../../src/import/claude-code/transcript-events.ts';
import { transcriptLines } from '../../../src/import/claude-code/transcript-lines.ts';
import { parseClaudeCode } from '../../../src/platforms/claude-code.ts';
import { FIXTURES } from '../../unit/import/builder.ts';

export { FIXTURES };
export const CORPUS = new URL('../../../../shared/corpus/transcripts/', import.meta.url).pathname;
export const LIMITS = { maxInputChars: 2000, maxOutputChars: 4000 };

/** The main transcript a group's hooks would name (for a group without one, where it would be). */
export function mainPathOf(group: TranscriptGroup): string {
  if (group.main) return group.main.path;
  const sub = group.others[0]!.path;
  return dirname(sub).endsWith('subagents') ? `${dirname(dirname(sub))}.jsonl` : sub;
}

/** The captured events of a group's files, in file order, every one naming `transcript` as its transcript. */
export function capturedEvents(group: TranscriptGroup, transcript = mainPathOf(group)): CapturedEvent[] {
  const out: CapturedEvent[] = [];
  const agents = new SubagentDirectory();
  for (const f of [...(group.main ? [group.main] : []), ...group.others]) {
    const stats = { entries: 0, malformed: 0, orphanResults: 0 };
    const name = basename(f.path);
    for (const te of transcriptEvents(transcriptLines(f.path, { lines: 0, skipped: 0, bytes: 0 }), {
      path: f.path,
      role: f.role,
      stats,
      agents,
      fileLabel: name,
      ...(f.role === 'main' ? { fallbackSessionId: name.replace(/\.jsonl$/, '') } : {}),
    })) {
      const ev = parseClaudeCode(undefined, { ...te.payload, transcript_path: transcript });
      const c = captureEvent(ev, { place: { project: '/project' }, now: te.at, uid: randomUUID(), limits: LIMITS });
      if (c) out.push(c);
    }
  }
  return out;
}

export interface Narrated {
  readonly why: string;
  readonly finding: string;
}

/** Every stored call's narration, by call id: linked to an observation, and any not (yet) linked. */
export function storedNarration(dbPath: string): { linked: Map<string, Narrated>; unlinked: Map<string, Narrated> } {
  const db = openSqlite(dbPath, { readonly: true });
  try {
    const linked = new Map<string, Narrated>();
    const unlinked = new Map<string, Narrated>();
    for (const r of db.prepare('SELECT call_id, why, finding, obs_id FROM narration ORDER BY call_id').all() as { call_id: string; why: string; finding: string; obs_id: number | null }[]) {
      (r.obs_id === null ? unlinked : linked).set(r.call_id, { why: r.why, finding: r.finding });
    }
    return { linked, unlinked };
  } finally {
    db.close();
  }
}

/** Claude Code 1.0.x entry shapes (JSON samples) written as JSONL transcripts under `dir`. */
export function versionShapeTranscripts(dir: string): string[] {
  const src = join(FIXTURES, 'lpasqualis-claudeconvo-version-shapes');
  return readdirSync(src)
    .filter((n) => n.endsWith('.json'))
    .map((n) => {
      const shapes = JSON.parse(readFileSync(join(src, n), 'utf8')) as { entry_types: Record<string, unknown[]> };
      const path = join(dir, `shape-${n.replace(/\.json$/, '')}.jsonl`);
      writeFileSync(path, Object.values(shapes.entry_types).flat().map((e) => JSON.stringify(e)).join('\n') + '\n');
      return path;
    });
}

/** Every Claude Code transcript group to test on: fixtures, 1.0.x shapes and the shared corpus when present. */
export function shapeGroups(scratch: string): { label: string; group: TranscriptGroup }[] {
  mkdirSync(scratch, { recursive: true });
  const roots = [FIXTURES, ...versionShapeTranscripts(scratch).map((p) => p)];
  if (existsSync(CORPUS)) roots.push(CORPUS);
  const out: { label: string; group: TranscriptGroup }[] = [];
  for (const root of roots) {
    for (const group of findTranscripts(root)) {
      const first = group.main ?? group.others[0]!;
      if (!first.path.endsWith('.jsonl')) continue;
      // Gemini's session file in the corpus is one JSON document, not a Claude transcript.
      if (first.path.includes('gemini-cli-bonus')) continue;
      out.push({ label: relative(statSync(root).isFile() ? dirname(root) : root, first.path), group });
    }
  }
  return out;
}
