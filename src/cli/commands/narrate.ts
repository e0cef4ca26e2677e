/**
 * @module cli/commands/narrate
 * `mnemo narrate`: read the model's narration around each tool call (src/narration) from the host
 * transcripts hooks named, to their ends, now. The MCP server, CLI commands and SessionEnd do this
 * in bounded slices as they go; SessionEnd starts this command detached when its slice did not
 * reach the end of its session's transcripts.
 */
import { parseArgs } from 'node:util';
import { foldNarration } from '../../narration/fold.ts';
import { openStore } from '../../store/open-store.ts';
import { UsageError, type Command } from '../io.ts';

/** `mnemo narrate [--all] [--json]`. */
export const narrateCommand: Command = async (args, io) => {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args, options: { all: { type: 'boolean' }, json: { type: 'boolean' } }, strict: true }).values;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const store = await openStore(io.config);
  try {
    const started = Date.now();
    const r = foldNarration(store, {
      ...(values.all ? { activeMs: Number.MAX_SAFE_INTEGER } : {}),
      onProblem: (path, error) => io.err(`mnemo narrate: cannot read ${path}: ${error}`),
    });
    const summary = { ...r, seconds: (Date.now() - started) / 1000 };
    if (values.json) io.out(JSON.stringify(summary));
    else
      io.out(
        `Read ${r.read} of ${r.files} transcript(s) (${(r.bytes / 1e6).toFixed(1)} MB): ${r.changed} call(s) gained narration, ${r.attached} of them linked to their observation` +
          (r.missing ? `; ${r.missing} transcript(s) not found` : '') +
          '.',
      );
    return 0;
  } finally {
    await store.close();
  }
};
