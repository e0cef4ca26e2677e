/**
 * @module cli/commands/viewer
 * `mnemo viewer [--port P] [--open]`: the local web viewer on 127.0.0.1 until Ctrl-C. It also folds
 * the hooks' spool twice a second, so the page shows what just happened. While it runs,
 * `<data dir>/viewer.json` (mode 0600) tells other local tools its URL and the token for changes.
 */
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore } from '../../store/open-store.ts';
import { maintainInBackground } from '../../store/maintain.ts';
import { DEFAULT_PORT, isLoopbackHost, startViewer, type ViewerHandle } from '../../viewer/index.ts';
import { intOption, UsageError, type Command } from '../io.ts';
import { VERSION } from '../main.ts';

/** Ports tried after the default one is taken (only when no --port was given). */
const PORT_TRIES = 10;

function openBrowser(url: string): void {
  const [cmd, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args as string[], { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    /* no browser to open: the URL is printed anyway */
  }
}

export const viewerCommand: Command = async (args, io) => {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: { port: { type: 'string' }, host: { type: 'string' }, open: { type: 'boolean' }, 'allow-remote': { type: 'boolean' }, 'poll-ms': { type: 'string' } },
      strict: true,
    }));
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\nusage: mnemo viewer [--port P] [--open] [--host ADDR --allow-remote]`);
  }
  const explicitPort = values.port !== undefined;
  const port = intOption(values.port, 'port', 0, 65_535, DEFAULT_PORT);
  const pollMs = intOption(values['poll-ms'], 'poll-ms', 100, 60_000, 500);
  const host = typeof values.host === 'string' ? values.host : '127.0.0.1';
  const config = io.config;
  const store = await openStore(config);
  let viewer: ViewerHandle | undefined;
  try {
    for (let i = 0; !viewer; i++) {
      try {
        viewer = await startViewer({ store, config, env: io.env, version: VERSION, host, port: port + i, pollMs, allowRemote: values['allow-remote'] === true });
      } catch (err) {
        const inUse = (err as { cause?: { code?: string } }).cause?.code === 'EADDRINUSE';
        if (!inUse || explicitPort || i + 1 >= PORT_TRIES || port === 0) throw err;
      }
    }
  } catch (err) {
    await store.close();
    throw err;
  }
  const running = viewer;
  const stopMaintenance = maintainInBackground(store, config);
  const infoFile = join(config.dataDir, 'viewer.json');
  try {
    writeFileSync(infoFile, JSON.stringify({ url: running.url, pid: process.pid, token: running.token, startedAt: Date.now() }) + '\n', { mode: 0o600 });
  } catch {
    /* read-only data dir: the viewer still works */
  }
  io.out(`mnemo viewer: ${running.url}`);
  if (!running.pageBuilt) io.err('mnemo viewer: the page is not built (npm run build); the JSON API works');
  if (!isLoopbackHost(host)) io.err(`mnemo viewer: listening on ${host}: anyone who can reach it can read your memory`);
  if (values.open) openBrowser(running.url);

  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  stopMaintenance();
  await running.close();
  await store.close();
  try {
    const info = JSON.parse(readFileSync(infoFile, 'utf8')) as { pid?: number };
    if (info.pid === process.pid) rmSync(infoFile, { force: true });
  } catch {
    /* already gone */
  }
  return 0;
};

