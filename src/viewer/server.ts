/**
 * @module viewer/server
 * `mnemo viewer`'s HTTP server (node:http, no framework): the prebuilt page, the JSON API and the live
 * stream, on a loopback address only unless a remote bind is explicitly allowed. Every request passes
 * the guard (Host, cross-site, token) before anything else looks at it.
 */
import { randomBytes } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ResolvedConfig } from '../config/config.ts';
import { logTo } from '../log.ts';
import { isBusy, type Store } from '../store/store.ts';
import { apiRoutes, matchRoute, type RawAnswer } from './api.ts';
import type { ErrorBody } from './api-types.ts';
import { Assets, findAssetsDir } from './assets.ts';
import { allowedHosts, checkRequest, isLoopbackHost, SECURITY_HEADERS, type GuardConfig } from './guard.ts';
import { LiveFeed, MAX_STREAMS } from './live.ts';
import { ApiError, Query } from './params.ts';

/** The port `mnemo viewer` tries first. */
export const DEFAULT_PORT = 7377;
const MAX_BODY_BYTES = 64 * 1024;
const MAX_URL_CHARS = 8192;

const CLIENT_ERROR_STATUS: Readonly<Record<string, number>> = { HPE_HEADER_OVERFLOW: 431, HPE_CHUNK_EXTENSIONS_OVERFLOW: 413, ERR_HTTP_REQUEST_TIMEOUT: 408 };

/**
 * A request the parser refused (an unknown method, a bad header, a timeout) still gets an answer.
 * Node's own handling writes it and destroys the socket at once, which a client still sending its
 * body reads as a connection reset instead of the answer: so the rest of the request is read and
 * dropped, and the socket closed after the answer, within a bound.
 */
function answerUnparsable(err: NodeJS.ErrnoException, socket: Socket): void {
  // An answer already under way on this socket (Node's own check, on its own field) cannot take a second one.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const status = CLIENT_ERROR_STATUS[err.code ?? ''] ?? 400;
  const body = JSON.stringify(errorBody(status === 400 ? 'BAD_REQUEST' : 'UNREADABLE_REQUEST', `${STATUS_CODES[status] ?? 'Bad Request'}: the request could not be read`));
  socket.removeAllListeners('data');
  socket.on('data', () => {});
  socket.setTimeout(5_000, () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** How to run the viewer; only the store, settings and version are required. */
export interface ViewerOptions {
  readonly store: Store;
  readonly config: ResolvedConfig;
  /** For the summarizer settings shown on the Control screen. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly version: string;
  /** Default 127.0.0.1. Anything but a loopback address needs `allowRemote`. */
  readonly host?: string;
  /** 0 picks a free port. Default {@link DEFAULT_PORT}. */
  readonly port?: number;
  readonly allowRemote?: boolean;
  /** How often the spool is folded and new rows pushed (ms). Default 500. */
  readonly pollMs?: number;
  /** The built page; found next to the bundle by default. */
  readonly assetsDir?: string;
  /** The per-run token for mutating requests; random by default. */
  readonly token?: string;
}

/** A running viewer: where it listens, its token, and how to stop it. */
export interface ViewerHandle {
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly token: string;
  readonly live: LiveFeed;
  /** Whether the page is built (the API works either way). */
  readonly pageBuilt: boolean;
  close(): Promise<void>;
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>>, head = false): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) });
  res.end(head ? undefined : text);
}

function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, 'TOO_LARGE', `request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'BAD_JSON', 'the request body is not valid JSON');
  }
}

/** Start the viewer. Resolves once it listens; rejects on a refused bind or a port in use. */
export async function startViewer(opts: ViewerOptions): Promise<ViewerHandle> {
  const host = opts.host ?? '127.0.0.1';
  if (!isLoopbackHost(host) && !opts.allowRemote) {
    throw new Error(`refusing to listen on ${host}: the viewer shows all of your memory; it binds to loopback only unless remote access is explicitly allowed`);
  }
  const token = opts.token ?? randomBytes(24).toString('base64url');
  const pollMs = opts.pollMs ?? 500;
  const assets = new Assets(opts.assetsDir ?? findAssetsDir());
  const live = new LiveFeed({ store: opts.store, config: opts.config, pollMs });
  await live.init();
  const startedAt = Date.now();
  let url = '';
  const routes = apiRoutes({ store: opts.store, config: opts.config, env: opts.env ?? {}, version: opts.version, url: () => url, live, pollMs, startedAt });
  let guard: GuardConfig = { port: 0, token };
  let hosts = new Set<string>();
  let streams = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const headers = SECURITY_HEADERS;
    const rawUrl = req.url ?? '/';
    if (!rawUrl.startsWith('/') || rawUrl.length > MAX_URL_CHARS) return sendJson(res, 400, errorBody('BAD_URL', 'bad request target'), headers);
    const u = new URL(rawUrl, 'http://viewer.invalid');
    const refusal = checkRequest(req, u.pathname, hosts, guard);
    if (refusal) {
      // Read and drop whatever body came with it, so a kept-alive connection stays usable.
      req.resume();
      return sendJson(res, refusal.status, errorBody(refusal.code, refusal.message), headers);
    }
    const method = req.method ?? 'GET';
    const head = method === 'HEAD';

    if (u.pathname.startsWith('/api/')) {
      if (u.pathname === '/api/stream' && method === 'GET') {
        if (streams >= MAX_STREAMS) return sendJson(res, 503, errorBody('TOO_MANY_STREAMS', 'too many open live streams'), headers);
        streams++;
        req.on('close', () => streams--);
        return live.attach(req, res, headers);
      }
      const found = matchRoute(routes, method, u.pathname);
      if (found instanceof ApiError) throw found;
      const body = found.route.method === 'POST' ? await readJsonBody(req) : undefined;
      const result = await found.route.handler(new Query(u.searchParams), found.params, body);
      if (result && typeof result === 'object' && 'raw' in result) return (result as RawAnswer).raw(res, headers);
      return sendJson(res, 200, result, headers, head);
    }

    if (method !== 'GET' && !head) return sendJson(res, 405, errorBody('METHOD_NOT_ALLOWED', `${method} is not allowed here`), headers);
    if (u.pathname === '/' || u.pathname === '/index.html') {
      const page = assets.page(token);
      res.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': page.length });
      res.end(head ? undefined : page);
      return;
    }
    const asset = assets.get(u.pathname);
    if (!asset) {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('not found');
      return;
    }
    if (req.headers['if-none-match'] === asset.etag) {
      res.writeHead(304, { ...headers, ETag: asset.etag });
      res.end();
      return;
    }
    res.writeHead(200, {
      ...headers,
      'Content-Type': asset.type,
      'Content-Length': asset.body.length,
      ETag: asset.etag,
      'Cache-Control': asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(head ? undefined : asset.body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      req.resume();
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (err instanceof ApiError) return sendJson(res, err.status, errorBody(err.code, err.message), SECURITY_HEADERS);
      if (err instanceof URIError) return sendJson(res, 400, errorBody('BAD_URL', 'malformed percent-encoding'), SECURITY_HEADERS);
      if (isBusy(err)) return sendJson(res, 503, errorBody('BUSY', 'the database is busy; try again'), SECURITY_HEADERS);
      logTo(opts.config.logFile, 'error', `viewer: ${req.method} ${req.url?.slice(0, 200)} failed`, err);
      sendJson(res, 500, errorBody('INTERNAL', err instanceof Error ? err.message : 'internal error'), SECURITY_HEADERS);
    });
  });
  server.on('clientError', answerUnparsable);
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;

  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      live.close();
      reject(err.code === 'EADDRINUSE' ? new Error(`port ${opts.port ?? DEFAULT_PORT} on ${host} is in use (try --port 0 for any free port)`, { cause: err }) : err);
    };
    server.once('error', onError);
    server.listen({ host, port: opts.port ?? DEFAULT_PORT, exclusive: true }, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  guard = { port, token, ...(['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::'].includes(host) ? {} : { extraHosts: [host] }) };
  hosts = allowedHosts(guard);
  url = `http://${hostForUrl(host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host)}:${port}/`;

  return {
    url,
    host,
    port,
    token,
    live,
    pageBuilt: assets.built,
    close: () =>
      new Promise<void>((resolve) => {
        live.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
