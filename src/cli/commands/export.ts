import { createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { exportLines } from '../../store/export-lines.ts';
import { openStore } from '../../store/open-store.ts';
import { UsageError, type Command } from '../io.ts';

/** `mnemo export [--out FILE]`: JSONL, one object a line, each with a `record` field (session | observation). */
export const exportCommand: Command = async (args, io) => {
  let out: string | undefined;
  try {
    const { values } = parseArgs({ args, options: { out: { type: 'string' } }, strict: true });
    out = values.out;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const store = await openStore(io.config);
  const file = out ? createWriteStream(out) : undefined;
  let n = 0;
  try {
    for await (const line of exportLines(store, io.config.dbPath)) {
      if (file) {
        if (!file.write(line + '\n')) await new Promise<void>((res) => file.once('drain', () => res()));
      } else io.out(line);
      n++;
    }
  } finally {
    await store.close();
    if (file) await new Promise<void>((res, rej) => file.end((err?: Error | null) => (err ? rej(err) : res())));
  }
  if (out) io.err(`exported ${n} records to ${out}`);
  return 0;
};
