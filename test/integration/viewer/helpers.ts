/**
 * Helpers for the viewer's tests: a data dir seeded by the real hook bundle, the viewer started
 * in-process on it (port 0, fast polling), raw HTTP requests with any headers (fetch forbids some,
 * e.g. Host), and a small server-sent-events client.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { resolveConfig, type ResolvedConfig } from '../../../src/config/config.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { startViewer, type ViewerHandle } from '../../../src/viewer/index.ts';
import { dist, runHook, tempDir } from '../hooks/helpers.ts';
import { otherProjectPayloads, sessionPayloads, type Payload } from '../mcp/harness.ts';

export { dist, runHook, tempDir };

/** A git repository in a temporary folder (a project as mnemo sees it). */
export function gitRepo(prefix: string): string {
  const dir = tempDir(prefix);
  const r = spawnSync('git', ['init', '-q', '-b', 'main', dir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git init failed: ${r.stderr}`);
  return dir;
}

/** Feed payloads through the real hook bundle, one process each, in order. */
export async function replay(dataDir: string, payloads: readonly Payload[]): Promise<void> {
  for (const p of payloads) {
    const r = await runHook(String(p.hook_event_name), p, { dataDir, cwd: String(p.cwd ?? dataDir) });
    if (r.code !== 0) throw new Error(`hook ${String(p.hook_event_name)} exited ${r.code}: ${r.stderr}`);
  }
}

export interface Seeded {
  readonly dataDir: string;
  readonly repo: string;
  readonly otherRepo: string;
}

/** Two projects: the integration session (prompt, read, edit, failure, build, push, prompts, stop, end) and one more. */
export async function seedTwoProjects(prefix: string): Promise<Seeded> {
  const dataDir = tempDir(`mnemo-viewer-${prefix}-`);
  const repo = gitRepo(`mnemo-viewer-repo-`);
  const otherRepo = gitRepo(`mnemo-viewer-other-`);
  await replay(dataDir, sessionPayloads('cc-viewer-1', repo));
  await replay(dataDir, otherProjectPayloads('cc-viewer-2', otherRepo));
  return { dataDir, repo, otherRepo };
}

export interface Running {
  readonly viewer: ViewerHandle;
  readonly store: SqliteStore;
  readonly config: ResolvedConfig;
  readonly port: number;
  close(): Promise<void>;
}

/** The viewer in this process over `dataDir`, serving the built page from a private copy of plugin/dist. */
export async function startOn(dataDir: string, opts: { pollMs?: number; token?: string } = {}): Promise<Running> {
  const config = resolveConfig({ MNEMO_DATA_DIR: dataDir });
  const store = SqliteStore.open({ path: config.dbPath, busyTimeoutMs: 5000 });
  const assetsDir = join(dist(), 'viewer');
  const viewer = await startViewer({
    store,
    config,
    env: {},
    version: 'test',
    port: 0,
    pollMs: opts.pollMs ?? 100,
    ...(existsSync(join(assetsDir, 'index.html')) ? { assetsDir } : {}),
    ...(opts.token ? { token: opts.token } : {}),
  });
  return {
    viewer,
    store,
    config,
    port: viewer.port,
    close: async () => {
      await viewer.close();
      await store.close();
    },
  };
}

export interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  json<T = unknown>(): T;
}

/** One HTTP request with exactly the headers given (Host defaults to 127.0.0.1:port). */
export function req(port: number, method: string, path: string, opts: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `127.0.0.1:${port}`, ...(opts.headers ?? {}) };
    const r = httpRequest({ host: '127.0.0.1', port, method, path, headers, setHost: false, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: <T>() => JSON.parse(text) as T });
      });
    });
    r.on('error', reject);
    r.setTimeout(30_000, () => r.destroy(new Error(`${method} ${path} timed out`)));
    if (opts.body !== undefined) r.write(opts.body);
    r.end();
  });
}

export const get = (port: number, path: string, headers?: Record<string, string>) => req(port, 'GET', path, headers ? { headers } : {});

/** POST JSON with the run's token, as the page does. */
export const postJson = (port: number, path: string, body: unknown, token: string, headers: Record<string, string> = {}) =>
  req(port, 'POST', path, { headers: { 'content-type': 'application/json', 'x-mnemo-token': token, ...headers }, body: JSON.stringify(body) });

export interface SseEvent {
  readonly event: string;
  readonly id?: string;
  readonly data: string;
}

/** A server-sent-events connection that records every event. */
export function sse(port: number, headers: Record<string, string> = {}): Promise<{ events: SseEvent[]; waitFor(pred: (e: SseEvent) => boolean, ms: number): Promise<SseEvent>; close(): void; status: number }> {
  return new Promise((resolve, reject) => {
    const events: SseEvent[] = [];
    const waiters: { pred: (e: SseEvent) => boolean; done: (e: SseEvent) => void }[] = [];
    const r = httpRequest({ host: '127.0.0.1', port, path: '/api/stream', headers: { host: `127.0.0.1:${port}`, accept: 'text/event-stream', ...headers }, setHost: false }, (res) => {
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let cut: number;
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          let event = 'message';
          let id: string | undefined;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (!data.length) continue;
          const e: SseEvent = { event, ...(id !== undefined ? { id } : {}), data: data.join('\n') };
          events.push(e);
          for (const w of [...waiters]) if (w.pred(e)) (waiters.splice(waiters.indexOf(w), 1), w.done(e));
        }
      });
      resolve({
        events,
        status: res.statusCode ?? 0,
        close: () => r.destroy(),
        waitFor: (pred, ms) =>
          new Promise((done, fail) => {
            const seen = events.find(pred);
            if (seen) return done(seen);
            const t = setTimeout(() => fail(new Error(`no matching event within ${ms} ms; got: ${events.map((e) => e.event).join(', ')}`)), ms);
            waiters.push({ pred, done: (e) => (clearTimeout(t), done(e)) });
          }),
      });
    });
    r.on('error', reject);
    r.end();
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
