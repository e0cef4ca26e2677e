/**
 * @module cli/commands/embed
 * `mnemo embed`: give every stored observation a vector with the configured embedder
 * (MNEMO_EMBEDDER), e.g. after turning semantic search on or changing the model. The MCP server keeps
 * new observations embedded in the background; this backfills what came before.
 */
import { parseArgs } from 'node:util';
import { createEmbedder, resolveEmbedSettings } from '../../embed/index.ts';
import { embedPending } from '../../search/embed-loop.ts';
import { openStore } from '../../store/open-store.ts';
import { intOption, UsageError, type Command } from '../io.ts';

/** `mnemo embed [--limit N] [--json]`. */
export const embedCommand: Command = async (args, io) => {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args, options: { limit: { type: 'string' }, json: { type: 'boolean' } }, strict: true }).values;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const settings = resolveEmbedSettings(io.env, io.config.file);
  for (const w of settings.warnings) io.err(`mnemo embed: ${w}`);
  const embedder = await createEmbedder(settings, io.env);
  if (!embedder) throw new UsageError('semantic search is off: set MNEMO_EMBEDDER=hash|ollama|openai|onnx (see README)');
  const limit = intOption(values.limit, 'limit', 1, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const store = await openStore(io.config);
  try {
    const index = store.enableSemantic(embedder);
    if (!index) throw new Error('sqlite-vec could not be loaded on this machine');
    const started = Date.now();
    const r = await embedPending(index, embedder, { maxRows: limit, onBatch: (n) => { if (n % 1024 === 0) io.err(`embedded ${n}…`); } });
    const swept = index.sweep();
    const summary = { model: embedder.id, embedded: r.embedded, vectors: index.count(), more: r.more, swept, seconds: (Date.now() - started) / 1000 };
    if (values.json) io.out(JSON.stringify(summary));
    else io.out(`Embedded ${r.embedded} observation(s) with ${embedder.id} in ${summary.seconds.toFixed(1)} s; ${summary.vectors} stored${r.more ? ' (more remain: run again)' : ''}.`);
    return 0;
  } finally {
    await store.close();
  }
};
