/**
 * @module store/export-lines
 * The export format, shared by `mnemo export` and the viewer's download: JSON Lines, sessions then
 * observations, each with what a lossless `mnemo import jsonl` needs (sessions their `source`,
 * extraction `state` and compaction `snapshot`; observations their `uid`, `dedupeKey`, `contentKey`
 * and extracted `events`).
 */
import type { Store } from './store.ts';
import { SqlitePortable, type ObservationExtras } from './sqlite/portable.ts';

/** Every record as one JSON line (no newline), oldest first. */
export async function* exportLines(store: Store, dbPath: string): AsyncGenerator<string> {
  const portable = SqlitePortable.open({ path: dbPath, busyTimeoutMs: 5000 });
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
          if (x.localOnly) record.localOnly = true;
          if (x.events.length) record.events = x.events;
        }
      }
      yield JSON.stringify(record);
    }
  } finally {
    extras.return?.(undefined);
    portable.close();
  }
}
