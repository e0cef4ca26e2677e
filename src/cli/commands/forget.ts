import { parseArgs } from 'node:util';
import { resolvePlace } from '../../hooks/place.ts';
import { openStore } from '../../store/open-store.ts';
import { idList, intOption, UsageError, type Command } from '../io.ts';

/** `mnemo forget <id...> | --session N | --project DIR`: removes rows and their index entries. */
export const forgetCommand: Command = async (args, io) => {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { session: { type: 'string' }, project: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  const ids = idList(positionals);
  const sessionId = values.session !== undefined ? intOption(values.session, 'session', 1, Number.MAX_SAFE_INTEGER, 0) : undefined;
  const project = values.project !== undefined ? resolvePlace(values.project).project : undefined;
  if (!ids.length && sessionId === undefined && project === undefined) throw new UsageError('usage: mnemo forget <id...> | --session N | --project DIR');
  const store = await openStore(io.config);
  try {
    const n = await store.forget({ ids, ...(sessionId !== undefined ? { sessionId } : {}), ...(project !== undefined ? { project } : {}) });
    io.out(`forgot ${n} observation(s)`);
  } finally {
    await store.close();
  }
  return 0;
};
