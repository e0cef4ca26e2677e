/**
 * @module search/semantic
 * Wires optional semantic search into a long-lived process: resolve the embedder from the
 * environment and config.json, enable vectors on the store, start the background embedding loop.
 * Any failure leaves keyword search untouched and is logged, never thrown.
 */
import type { ResolvedConfig } from '../config/config.ts';
import { createEmbedder, resolveEmbedSettings } from '../embed/index.ts';
import { logTo } from '../log.ts';
import type { SqliteStore } from '../store/sqlite/sqlite-store.ts';
import { startEmbedLoop, type EmbedLoop } from './embed-loop.ts';

type Env = Readonly<Record<string, string | undefined>>;

/** Returns the running loop, or undefined when semantic search is off or unavailable. */
export async function startSemanticSearch(store: SqliteStore, env: Env, config: ResolvedConfig): Promise<EmbedLoop | undefined> {
  try {
    const settings = resolveEmbedSettings(env, config.file);
    for (const w of settings.warnings) logTo(config.logFile, 'warn', `embed: ${w}`);
    const embedder = await createEmbedder(settings, env);
    if (!embedder) return undefined;
    const index = store.enableSemantic(embedder);
    if (!index) {
      logTo(config.logFile, 'warn', 'embed: sqlite-vec could not be loaded; semantic search is off');
      return undefined;
    }
    return startEmbedLoop(index, embedder, { warn: (msg, err) => logTo(config.logFile, 'warn', `embed: ${msg}`, err) });
  } catch (err) {
    logTo(config.logFile, 'warn', 'embed: semantic search is off', err);
    return undefined;
  }
}

/** For one-shot searches (`mnemo search`): enable vectors for the query, without a background loop. */
export async function enableSemanticQuery(store: SqliteStore, env: Env, config: ResolvedConfig): Promise<void> {
  try {
    const embedder = await createEmbedder(resolveEmbedSettings(env, config.file), env);
    if (embedder) store.enableSemantic(embedder, { readOnly: true });
  } catch (err) {
    logTo(config.logFile, 'warn', 'embed: semantic search is off for this query', err);
  }
}
