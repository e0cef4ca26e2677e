/**
 * @module import/claude-code/transcript-files
 * Where Claude Code keeps its transcripts, and which belong together. Under
 * `~/.claude/projects/<project>/`:
 * - `<session>.jsonl`: a session (its main conversation);
 * - `<session>/subagents/agent-<id>.jsonl`: a subagent run of that session (Claude Code ≥ 2.1);
 * - `<session>/subagents/agent-acompact-<id>.jsonl`: the run that wrote a compaction summary, which
 *   the main transcript also holds (`isCompactSummary`), so it is read only when the main one is gone;
 * - `agent-<id>.jsonl` next to the sessions: a subagent run of Claude Code 2.0 (its entries name the session).
 * A session and its subagent files form one group, read together so their events interleave in time.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { FileRole } from './transcript-events.ts';

/** One transcript file found on disk. */
export interface TranscriptFile {
  readonly path: string;
  readonly role: FileRole;
  readonly bytes: number;
  readonly mtimeMs: number;
}

/** A session's files, read together so their events interleave in time as the hooks saw them. */
export interface TranscriptGroup {
  /** The session's main transcript, when present. */
  readonly main?: TranscriptFile;
  /** Subagent and compaction files to read along with it. */
  readonly others: readonly TranscriptFile[];
  /** Compaction files left out because the main transcript holds the same summary. */
  readonly folded: readonly TranscriptFile[];
}

const MAX_DEPTH = 8;

function walk(dir: string, depth: number, out: TranscriptFile[]): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const d of entries) {
    const path = join(dir, d.name);
    // Symbolic links are not followed: a link loop must not hang an import.
    if (d.isDirectory()) {
      if (depth < MAX_DEPTH) walk(path, depth + 1, out);
    } else if (d.isFile() && d.name.endsWith('.jsonl')) {
      const file = describe(path);
      if (file) out.push(file);
    }
  }
}

function describe(path: string): TranscriptFile | undefined {
  try {
    const st = statSync(path);
    return { path, role: roleOf(path), bytes: st.size, mtimeMs: st.mtimeMs };
  } catch {
    return undefined;
  }
}

/** A file's role, from its name and folder. */
export function roleOf(path: string): FileRole {
  const name = basename(path);
  if (!name.startsWith('agent-')) return 'main';
  return name.startsWith('agent-acompact-') && basename(dirname(path)) === 'subagents' ? 'compaction' : 'subagent';
}

/** The main transcript a subagent file under `<session>/subagents/` belongs to. */
function ownerOf(file: TranscriptFile): string | undefined {
  const dir = dirname(file.path);
  return basename(dir) === 'subagents' ? `${dirname(dir)}.jsonl` : undefined;
}

/**
 * Every transcript under `root` (or `root` itself when it is a file), grouped by session, oldest
 * group first (by the newest write to any of its files), ties by path: a deterministic order.
 */
export function findTranscripts(root: string): TranscriptGroup[] {
  const files: TranscriptFile[] = [];
  const st = statSync(root);
  if (st.isFile()) {
    const f = describe(root);
    if (f) files.push(f);
  } else walk(root, 0, files);

  const mains = new Map<string, TranscriptFile>();
  for (const f of files) if (f.role === 'main') mains.set(f.path, f);
  const groups = new Map<string, { main?: TranscriptFile; others: TranscriptFile[]; folded: TranscriptFile[] }>();
  const groupOf = (key: string) => {
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { others: [], folded: [] }));
    return g;
  };
  for (const f of files) {
    if (f.role === 'main') {
      groupOf(f.path).main = f;
      continue;
    }
    const owner = ownerOf(f);
    const g = groupOf(owner ?? f.path);
    if (f.role === 'compaction' && owner && mains.has(owner)) g.folded.push(f);
    else g.others.push(f);
  }
  const newest = (g: TranscriptGroup) => Math.max(g.main?.mtimeMs ?? 0, ...g.others.map((f) => f.mtimeMs));
  const keyOf = (g: TranscriptGroup) => g.main?.path ?? g.others[0]?.path ?? '';
  return [...groups.values()]
    .filter((g) => g.main || g.others.length)
    .map((g) => ({ ...(g.main ? { main: g.main } : {}), others: g.others.sort((a, b) => (a.path < b.path ? -1 : 1)), folded: g.folded }))
    .sort((a, b) => newest(a) - newest(b) || (keyOf(a) < keyOf(b) ? -1 : 1));
}
