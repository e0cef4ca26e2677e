import { createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { openStore } from '../../store/open-store.ts';
import { SqlitePortable, type ObservationExtras } from '../../store/sqlite/portable.ts';
import { UsageError, type Command } from '../io.ts';

/**
 * `mnemo export [--out FILE]`: JSONL, one object a line, each with a `record` field (session |
 * observation). Besides the fields of `Session` and `Observation`, records carry what a lossless
 * `mnemo import jsonl` needs: sessions their `source`, extraction `state` and compaction `snapshot`;
 * observations their `uid`, `dedupeKey`, `contentKey` and extracted `events` (when they have any).
 */
export const exportCommand: Command = async (args, io) => {
  let out: string | undefined;
  try {
    const { values } = parseArgs({ args, options: { out: { type: 'string' } }, strict: true });
    out = values.out;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const store = await openStore(io.config);
  const portable = SqlitePortable.open({ path: io.config.dbPath, busyTimeoutMs: 5000 });
  const file = out ? createWriteStream(out) : undefined;
  let n = 0;
  const extras = portable.observationExtras();
  try {
    const sessionExtras = portable.sessionExtras();
    let next: IteratorResult<ObservationExtras> = extras.next();
    const extrasFor = (id: number): ObservationExtras | undefined => {
      while (!next.done && next.value.id < id) next = extras.next();
      return !next.done && next.value.id === id ? next.value : undefined;
    };
    for await (const r of store.exportAll()) {
      let record: Record<string, unknown>;
      if (r.record === 'session') {
        const { id: _id, ...x } = sessionExtras.get(r.session.id) ?? { id: 0 };
        record = { record: 'session', ...r.session, ...x };
      } else {
        const x = extrasFor(r.observation.id);
        record = { record: 'observation', ...r.observation };
        if (x) {
          record.uid = x.uid;
          if (x.dedupeKey !== undefined) record.dedupeKey = x.dedupeKey;
          if (x.contentKey !== undefined) record.contentKey = x.contentKey;
          if (x.events.length) record.events = x.events;
        }
      }
      const line = JSON.stringify(record);
      if (file) {
        if (!file.write(line + '\n')) await new Promise<void>((res) => file.once('drain', () => res()));
      } else io.out(line);
      n++;
    }
  } finally {
    // Ends the row iterator (its statement holds the connection) before closing.
    extras.return(undefined);
    portable.close();
    await store.close();
    if (file) await new Promise<void>((res, rej) => file.end((err?: Error | null) => (err ? rej(err) : res())));
  }
  if (out) io.err(`exported ${n} records to ${out}`);
  return 0;
};
