import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Command } from '../io.ts';
import { createMemoryServer } from '../../mcp/server.ts';
import { openStore } from '../../store/open-store.ts';
import { StoreOnDemand } from '../../store/store-on-demand.ts';
import { maintainInBackground } from '../../store/maintain.ts';
import { retainInBackground } from '../../store/retain.ts';
import { drainSpool } from '../../store/drain.ts';
import { foldNarrationQuietly } from '../../narration/fold.ts';
import { isBusy } from '../../store/store.ts';
import { logTo } from '../../log.ts';
import { VERSION } from '../main.ts';
import { startSemanticSearch } from '../../search/semantic.ts';
import { resolveLlmSettings } from '../../llm/settings.ts';
import { createQueryRewriter, queryRewriteWanted } from '../../llm/rewrite.ts';
import { syncInBackground } from '../../team/loop.ts';

/** How often the server folds hooks' spool files into the store while idle. */
const DRAIN_INTERVAL_MS = 2000;
/** Time for reading host transcripts at each fold (a long transcript is read over several). */
const NARRATION_SLICE_MS = 300;

/** `mnemo mcp`: stdio MCP server. Logs go to the data dir, never stdout (the protocol's channel). */
export const mcpCommand: Command = async (_args, io) => {
  const config = io.config;
  // Optional semantic search (MNEMO_EMBEDDER): embed new observations in the background, never in a hook.
  let embedLoop: Awaited<ReturnType<typeof startSemanticSearch>>;
  // The server comes up even when the store cannot be opened (its tools then say why) and opens it
  // at the next call or drain once it is back; one opened read-only is replaced once it can be written.
  const store = new StoreOnDemand({
    open: () => openStore(config),
    onOpen: async (s) => {
      if (s.readOnly) logTo(config.logFile, 'warn', 'mcp: the store could only be opened read-only; reads answer, writes fail until it can be written again (retried every few seconds)');
      embedLoop?.stop();
      embedLoop = await startSemanticSearch(s, io.env, config);
    },
    onChange: (now) =>
      now.available ? logTo(config.logFile, 'info', 'mcp: the store is available again') : logTo(config.logFile, 'warn', 'mcp: store unavailable', now.error),
    isReadOnly: (s) => s.readOnly,
    onWritable: () => logTo(config.logFile, 'info', 'mcp: the store can be written again; reopened it for writing'),
  });
  await store.get().catch(() => undefined);
  const cwd = io.env.CLAUDE_PROJECT_DIR || io.cwd;
  // Optional (MNEMO_QUERY_REWRITE=on with an LLM configured): Chinese questions get English keywords.
  const rewriter = queryRewriteWanted(io.env, config.file)
    ? createQueryRewriter(resolveLlmSettings(io.env, config.file), io.env, { onFailure: (why) => logTo(config.logFile, 'warn', `query rewrite failed: ${why}`) })
    : undefined;
  // Team memory (when connected and a project is shared): push the outbox, pull teammates' records.
  const teamLoop = syncInBackground({ store: () => store.current, config, env: io.env });
  const server = createMemoryServer({
    store,
    config,
    cwd,
    version: VERSION,
    teamSearch: (q) => teamLoop.search(q),
    ...(rewriter ? { rewriteQuery: (q: string) => rewriter.expand(q) } : {}),
  });
  const timer = setInterval(() => {
    store
      .get()
      // A read-only store cannot fold (get() above retries it for writing): no failure to log every tick.
      .then(async (s) => {
        if (s.readOnly) return;
        await drainSpool(s, config.spoolDir, { maxMs: 1000, waitMs: 100 });
        // The model's narration of the calls just folded, read from the hosts' transcripts (bounded slices).
        foldNarrationQuietly(s, config, { maxMs: NARRATION_SLICE_MS, waitMs: 100 });
      })
      .catch((err) => {
        // Busy: another process is folding the same spool, which is routine, not a failure.
        if (store.current && !isBusy(err)) logTo(config.logFile, 'warn', 'mcp: background drain failed', err);
      });
  }, DRAIN_INTERVAL_MS);
  timer.unref();
  const stopMaintenance = maintainInBackground(() => store.current, config);
  // Retention for hosts without a SessionEnd hook to start `mnemo prune` (a check every 10 minutes).
  const stopRetention = retainInBackground(() => store.current, config);
  const transport = new StdioServerTransport();
  // Once only: closing the server closes the transport, whose onclose calls this again (without the
  // guard that recursion overflowed the stack on every client disconnect).
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    clearInterval(timer);
    stopMaintenance();
    stopRetention();
    embedLoop?.stop();
    await teamLoop.stop();
    await server.close().catch(() => undefined);
    await store.close();
    process.exit(0);
  };
  transport.onclose = () => void shutdown();
  process.stdin.on('end', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  await server.connect(transport);
  return 0;
};
