/**
 * @module viewer/live
 * Live updates over server-sent events. Once a tick (half a second by default) the viewer folds the hooks'
 * spool into the store, then sends every observation stored since the last tick — by any process:
 * the hooks through the spool, SessionStart, the MCP server — to every open page.
 * Event ids are observation ids, so a page that reconnects (`Last-Event-ID`) gets what it missed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResolvedConfig } from '../config/config.ts';
import { logTo } from '../log.ts';
import { drainSpool } from '../store/drain.ts';
import { foldNarrationQuietly } from '../narration/fold.ts';
import { SqliteStore } from '../store/sqlite/sqlite-store.ts';
import type { Store } from '../store/store.ts';
import type { StreamForgotten, StreamObservations } from './api-types.ts';
import { sessionBriefs, withEvents } from './views.ts';

/** Most rows one tick sends; past that a page is told to reload (`reset`). */
const PAGE = 500;
const HEARTBEAT_MS = 15_000;
/** Open streams at most (each page holds one). */
export const MAX_STREAMS = 64;

/** The store to watch, where the spool is, and how often to look. */
export interface LiveOptions {
  readonly store: Store;
  readonly config: Pick<ResolvedConfig, 'spoolDir' | 'logFile'>;
  readonly pollMs: number;
}

/** Folds the spool on a timer and pushes new rows to every open stream. */
export class LiveFeed {
  readonly #store: Store;
  readonly #config: LiveOptions['config'];
  readonly #clients = new Set<ServerResponse>();
  readonly #timer: NodeJS.Timeout;
  readonly #heartbeat: NodeJS.Timeout;
  #lastId = -1;
  #busy = false;
  #closed = false;

  constructor(opts: LiveOptions) {
    this.#store = opts.store;
    this.#config = opts.config;
    this.#timer = setInterval(() => void this.tick(), opts.pollMs);
    this.#heartbeat = setInterval(() => this.#write(': ping\n\n'), HEARTBEAT_MS);
    this.#timer.unref();
    this.#heartbeat.unref();
  }

  get clients(): number {
    return this.#clients.size;
  }

  /** Start from the newest stored row: pages load history through the API, not the stream. */
  async init(): Promise<void> {
    this.#lastId = (await this.#store.observationsAfter(Number.MAX_SAFE_INTEGER, 1)).maxId;
  }

  /** Fold the spool, then push what is new. Never overlaps itself; never throws. */
  async tick(): Promise<void> {
    if (this.#busy || this.#closed) return;
    this.#busy = true;
    try {
      await drainSpool(this.#store, this.#config.spoolDir, { maxMs: 500, waitMs: 100 });
      // The model's narration of what was just folded (src/narration), a bounded slice a tick.
      if (this.#store instanceof SqliteStore) foldNarrationQuietly(this.#store, this.#config, { maxMs: 200, waitMs: 100 });
      const { observations, maxId } = await this.#store.observationsAfter(this.#lastId, PAGE);
      // Rows were deleted (forgotten elsewhere): ids above the new maximum may be handed out again.
      if (maxId < this.#lastId) this.#lastId = maxId;
      if (observations.length === 0) return;
      this.#lastId = observations[observations.length - 1]!.id;
      if (this.#clients.size === 0) return;
      if (observations.length === PAGE && maxId > this.#lastId) {
        this.#lastId = maxId;
        this.#send('reset', { maxId }, maxId);
        return;
      }
      const payload: StreamObservations = { observations: await withEvents(this.#store, observations), sessions: await sessionBriefs(this.#store, observations) };
      this.#send('observations', payload, this.#lastId);
    } catch (err) {
      logTo(this.#config.logFile, 'warn', 'viewer: live update failed', err);
    } finally {
      this.#busy = false;
    }
  }

  /** Open a stream for one page. */
  async attach(req: IncomingMessage, res: ServerResponse, headers: Readonly<Record<string, string>>): Promise<void> {
    res.writeHead(200, {
      ...headers,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write(`retry: 2000\n\n`);
    this.#clients.add(res);
    const drop = () => this.#clients.delete(res);
    req.on('close', drop);
    res.on('error', drop);
    // A page that reconnects says what it saw last; send what it missed (or tell it to reload).
    const last = Number(req.headers['last-event-id']);
    if (Number.isSafeInteger(last) && last >= 0 && last < this.#lastId) {
      const { observations } = await this.#store.observationsAfter(last, PAGE);
      const seen = observations.filter((o) => o.id <= this.#lastId);
      if (seen.length === PAGE) this.#sendTo(res, 'reset', { maxId: this.#lastId }, this.#lastId);
      else if (seen.length) {
        const payload: StreamObservations = { observations: await withEvents(this.#store, seen), sessions: await sessionBriefs(this.#store, seen) };
        this.#sendTo(res, 'observations', payload, seen[seen.length - 1]!.id);
      }
    }
    this.#sendTo(res, 'hello', { lastId: this.#lastId }, this.#lastId);
  }

  /** Tell every page that records were forgotten (they drop them from view). */
  forgotten(what: StreamForgotten): void {
    this.#send('forgotten', what, this.#lastId);
  }

  close(): void {
    this.#closed = true;
    clearInterval(this.#timer);
    clearInterval(this.#heartbeat);
    for (const res of this.#clients) res.end();
    this.#clients.clear();
  }

  #send(event: string, data: unknown, id: number): void {
    for (const res of this.#clients) this.#sendTo(res, event, data, id);
  }

  #sendTo(res: ServerResponse, event: string, data: unknown, id: number): void {
    if (!res.writableEnded) res.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  #write(text: string): void {
    for (const res of this.#clients) if (!res.writableEnded) res.write(text);
  }
}
