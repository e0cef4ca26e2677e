/**
 * A separate process that writes to a store through SqliteStore, for the crash suites to kill.
 *   ingest <dbPath> <count> <tag> [sessions]: one store.ingest() of <count> events (one transaction);
 *     prints "begin" before it and "committed <applied>" after it.
 *   open <dbPath>: opens (and so migrates) the store; prints "opening" before and "opened <schemaVersion>" after.
 * Not a test file (the runner only collects *.test.ts).
 */
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import type { CapturedEvent } from '../../src/core/types.ts';

/** The events of one big ingest: Bash calls with a unique marker each (`<tag>-<i>`). */
export function bulkEvents(count: number, tag: string, sessions: number): CapturedEvent[] {
  const at = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const marker = `${tag}-${i}`;
    const toolUseId = `toolu_${marker}`;
    return {
      uid: `uid-${marker}`,
      at: at + i,
      event: 'PostToolUse',
      platform: 'claude-code',
      externalSessionId: `bulk-${tag}-${i % sessions}`,
      place: { project: '/stress/bulk' },
      dedupeKey: `post:${toolUseId}`,
      observation: {
        kind: 'tool',
        type: 'command',
        title: `Ran \`make ${marker}\``,
        body: `Input: {"command":"make ${marker}"}\nOutput:\n${`compiled ${marker} without warnings\n`.repeat(8)}`,
        files: [],
        toolName: 'Bash',
        toolUseId,
        private: false,
        tags: 'Bash',
      },
      call: { toolName: 'Bash', input: { command: `make ${marker}` }, response: { stdout: `compiled ${marker}` }, phase: 'post' },
    } satisfies CapturedEvent;
  });
}

async function main(): Promise<void> {
  const [mode, dbPath, ...rest] = process.argv.slice(2);
  if (!dbPath) throw new Error('usage: store-child <ingest|open> <dbPath> ...');
  if (mode === 'open') {
    process.stdout.write('opening\n');
    const store = SqliteStore.open({ path: dbPath, busyTimeoutMs: 10_000 });
    process.stdout.write(`opened ${(await store.stats()).schemaVersion}\n`);
    await store.close();
    return;
  }
  const count = Number(rest[0] ?? 1000);
  const tag = rest[1] ?? 'bulk';
  const sessions = Number(rest[2] ?? 4);
  const events = bulkEvents(count, tag, sessions);
  const store = SqliteStore.open({ path: dbPath, busyTimeoutMs: 30_000 });
  // Pipes are synchronous on Linux: the parent sees this line before the transaction starts.
  process.stdout.write('begin\n');
  const r = await store.ingest(events);
  process.stdout.write(`committed ${r.applied}\n`);
  await store.close();
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  main().catch((err: unknown) => {
    process.stderr.write(`store-child: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
