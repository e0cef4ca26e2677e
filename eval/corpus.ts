/**
 * @module eval/corpus
 * Builds the v1 evaluation store in-process, fast enough for a test: the v1 set's transcripts, replayed
 * through the capture pipeline and ingested in file order, so ids and uids are the same on every run.
 * (The figures quoted come from eval/recall.ts, which replays through the real hook processes.)
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.ts';
import { replayTranscript } from './replay.ts';
import { SET_ROOTS } from './sets.ts';

export const EVAL_DIR = fileURLToPath(new URL('.', import.meta.url));
export const TRANSCRIPTS = join(EVAL_DIR, 'data', 'transcripts');

function jsonlFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) return jsonlFiles(full);
      return name.endsWith('.jsonl') ? [full] : [];
    });
}

/**
 * Open a store at `path` and fill it with every transcript, one event at a time so that each
 * observation's id is known by its uid (the labels name uids). Returns the store and that map.
 */
export async function buildEvalStore(path: string): Promise<{ store: SqliteStore; events: number; files: number; uidToId: Map<string, number> }> {
  const store = SqliteStore.open({ path, busyTimeoutMs: 5000 });
  let events = 0;
  const uidToId = new Map<string, number>();
  const files = SET_ROOTS.v1.flatMap((root) => jsonlFiles(join(TRANSCRIPTS, root)));
  for (const file of files) {
    for (const ev of replayTranscript(file, relative(TRANSCRIPTS, file))) {
      const r = await store.ingest([ev]);
      if (r.ids.length === 1) uidToId.set(ev.uid, r.ids[0]!);
      events++;
    }
  }
  return { store, events, files: files.length, uidToId };
}
