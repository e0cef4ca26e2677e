/**
 * @module eval/corpus
 * Builds the evaluation store: every transcript under eval/data/transcripts, replayed through the
 * capture pipeline and ingested in file order, so ids and uids are the same on every run.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.ts';
import { replayTranscript } from './replay.ts';

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

/** Open a store at `path` and fill it with every transcript. Returns the store and how many events went in. */
export async function buildEvalStore(path: string): Promise<{ store: SqliteStore; events: number; files: number }> {
  const store = SqliteStore.open({ path, busyTimeoutMs: 5000 });
  let events = 0;
  const files = jsonlFiles(TRANSCRIPTS);
  for (const file of files) {
    const captured = replayTranscript(file, relative(TRANSCRIPTS, file));
    for (let i = 0; i < captured.length; i += 500) await store.ingest(captured.slice(i, i + 500));
    events += captured.length;
  }
  return { store, events, files: files.length };
}
