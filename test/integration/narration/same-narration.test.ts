// Every transcript shape (the fixtures, Claude Code 1.0.x entry shapes, ../shared/corpus when it is
// there) gives every call the same narration whichever way it reaches the store: the hooks' events
// folded first and the transcript read after, the transcript read before the events arrive, the
// transcript read while it is still being written (appended in pieces cut anywhere, mid-line and
// mid-character), and `mnemo import claude-code`. Always the same observations, never an error.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, copyFileSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { findTranscripts, type TranscriptGroup } from '../../../src/import/claude-code/transcript-files.ts';
import { importClaudeCode } from '../../../src/import/claude-code-import.ts';
import { foldNarration } from '../../../src/narration/fold.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { cleanup, tempDir } from '../import/helpers.ts';
import { capturedEvents, LIMITS, shapeGroups, storedNarration, type Narrated } from './helpers.ts';

after(cleanup);

/** A group's files copied under `dir` in Claude Code's layout (main file, `<session>/subagents/`). */
function copyGroup(group: TranscriptGroup, dir: string): TranscriptGroup {
  const main = group.main?.path ?? group.others[0]!.path;
  const base = group.main ? basename(main, '.jsonl') : basename(dirname(dirname(main)));
  const place = (p: string) => (p === group.main?.path ? join(dir, `${base}.jsonl`) : dirname(p).endsWith('subagents') ? join(dir, base, 'subagents', basename(p)) : join(dir, basename(p)));
  for (const f of [...(group.main ? [group.main] : []), ...group.others]) {
    mkdirSync(dirname(place(f.path)), { recursive: true });
    copyFileSync(f.path, place(f.path));
  }
  return findTranscripts(dir)[0]!;
}

function open(dir: string): SqliteStore {
  // Durability is not what this tests: commits need not wait for the disk.
  return SqliteStore.open({ path: join(dir, 'mnemo.db'), busyTimeoutMs: 5000, synchronous: 'NORMAL' });
}

/** Seeded, so a failure replays. */
function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => ((s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0) / 2 ** 32);
}

async function hooksFirst(group: TranscriptGroup): Promise<Map<string, Narrated>> {
  const dir = tempDir('hooks-first');
  const g = copyGroup(group, join(dir, 't'));
  const store = open(dir);
  try {
    await store.ingest(capturedEvents(g));
    foldNarration(store);
    // Read again: nothing changes.
    assert.equal(foldNarration(store).changed, 0);
  } finally {
    await store.close();
  }
  return storedNarration(join(dir, 'mnemo.db')).linked;
}

async function transcriptFirst(group: TranscriptGroup): Promise<Map<string, Narrated>> {
  const dir = tempDir('transcript-first');
  const g = copyGroup(group, join(dir, 't'));
  const store = open(dir);
  try {
    const events = capturedEvents(g);
    // The first hook names the transcript; the whole file is read before any call is stored.
    await store.ingest(events.slice(0, 1));
    foldNarration(store);
    await store.ingest(events.slice(1));
  } finally {
    await store.close();
  }
  return storedNarration(join(dir, 'mnemo.db')).linked;
}

/** The transcript written in pieces cut anywhere, a fold after each; the calls' events arrive half-way. */
async function whileWritten(group: TranscriptGroup, seed: number): Promise<Map<string, Narrated>> {
  const dir = tempDir('appended');
  const g = copyGroup(group, join(dir, 't'));
  const files = [...(g.main ? [g.main] : []), ...g.others].map((f) => ({ path: f.path, bytes: readFileSync(f.path) }));
  const events = capturedEvents(g);
  for (const f of files) closeSync(openSync(f.path, 'w'));
  const store = open(dir);
  const rnd = random(seed);
  try {
    await store.ingest(events.slice(0, 1));
    const written = files.map(() => 0);
    let rounds = 0;
    while (files.some((f, i) => written[i]! < f.bytes.length)) {
      for (const [i, f] of files.entries()) {
        const n = Math.min(f.bytes.length - written[i]!, 1 + Math.floor(rnd() * Math.max(64, f.bytes.length / 6)));
        if (n <= 0) continue;
        const fd = openSync(f.path, 'a');
        writeSync(fd, f.bytes, written[i]!, n);
        closeSync(fd);
        written[i]! += n;
      }
      foldNarration(store, { chunkBytes: 64 * 1024 });
      if (++rounds === 3) await store.ingest(events.slice(1));
    }
    if (rounds < 3) await store.ingest(events.slice(1));
    foldNarration(store);
  } finally {
    await store.close();
  }
  return storedNarration(join(dir, 'mnemo.db')).linked;
}

async function imported(group: TranscriptGroup): Promise<Map<string, Narrated>> {
  const dir = tempDir('import');
  const g = copyGroup(group, join(dir, 't'));
  const store = open(dir);
  try {
    await importClaudeCode(store, { root: join(dir, 't'), limits: LIMITS, openWithinMs: 0, workers: 0 });
    void g;
  } finally {
    await store.close();
  }
  return storedNarration(join(dir, 'mnemo.db')).linked;
}

test('every transcript shape: the same narration on the same calls, whichever way and in whatever order it is read', async () => {
  const shapes = shapeGroups(tempDir('shapes'));
  assert.ok(shapes.length >= 15, `${shapes.length} transcript groups`);
  let narrated = 0;
  let seed = 1;
  for (const { label, group } of shapes) {
    const expected = await hooksFirst(group);
    assert.deepEqual(await transcriptFirst(group), expected, `${label}: transcript read before the calls were stored`);
    assert.deepEqual(await whileWritten(group, seed++), expected, `${label}: transcript read while being written`);
    assert.deepEqual(await imported(group), expected, `${label}: mnemo import claude-code`);
    narrated += expected.size;
  }
  assert.ok(narrated > 60, `${narrated} narrated calls in all`);
});

