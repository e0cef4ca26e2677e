import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Command } from '../io.ts';
import { createMemoryServer } from '../../mcp/server.ts';
import { openStore } from '../../store/open-store.ts';
import { maintainInBackground } from '../../store/maintain.ts';
import { drainSpool } from '../../store/drain.ts';
import { logTo } from '../../log.ts';
import { VERSION } from '../main.ts';
import { startSemanticSearch } from '../../search/semantic.ts';

/** How often the server folds hooks' spool files into the store while idle. */
const DRAIN_INTERVAL_MS = 2000;

/** `mnemo mcp`: stdio MCP server. Logs go to the data dir, never stdout (the protocol's channel). */
export const mcpCommand: Command = async (_args, io) => {
  const config = io.config;
  const store = await openStore(config);
  const cwd = io.env.CLAUDE_PROJECT_DIR || io.cwd;
  const server = createMemoryServer({ store, config, cwd, version: VERSION });
  const timer = setInterval(() => {
    drainSpool(store, config.spoolDir, { maxMs: 1000 }).catch((err) => logTo(config.logFile, 'warn', 'mcp: background drain failed', err));
  }, DRAIN_INTERVAL_MS);
  timer.unref();
  const stopMaintenance = maintainInBackground(store, config);
  // Optional semantic search (MNEMO_EMBEDDER): embed new observations in the background, never in a hook.
  const embedLoop = await startSemanticSearch(store, io.env, config);
  const transport = new StdioServerTransport();
  // Once only: closing the server closes the transport, whose onclose calls this again (without the
  // guard that recursion overflowed the stack on every client disconnect).
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    clearInterval(timer);
    stopMaintenance();
    embedLoop?.stop();
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
