/**
 * @module store/store-on-demand
 * The store of a long-lived process (the MCP server): opened when first needed and, while it cannot
 * be opened (a directory in its place, a full disk, a missing folder), tried again at the next need.
 * So the process starts anyway, says why memory is unavailable, and recovers by itself once the
 * store is back, without a restart. A store that could only be opened read-only (a read-only file or
 * file system at the time) is likewise replaced by a writable one once it can be written again.
 */
import type { Store } from './store.ts';
import { StoreError } from './store.ts';

/** Where a face gets its store from; `get` rejects with a StoreError that names the problem. */
export interface StoreSource<S extends Store = Store> {
  get(): Promise<S>;
}

export type Availability = { readonly available: true } | { readonly available: false; readonly error: StoreError };

export interface StoreOnDemandOptions<S extends Store> {
  readonly open: () => Promise<S>;
  /** Runs for each store put in use (before `get` resolves with it): the first, and any that replaced a read-only one. */
  readonly onOpen?: (store: S) => Promise<void> | void;
  /** Told when the store becomes unavailable, when the reason changes, and when it is back. */
  readonly onChange?: (now: Availability) => void;
  /** Whether a store was opened read-only; while it is, `get` tries now and then to open a writable one. */
  readonly isReadOnly?: (store: S) => boolean;
  /** Told once when a writable store replaced a read-only one. */
  readonly onWritable?: () => void;
  /** Least time between two attempts to replace a read-only store (default REOPEN_EVERY_MS). */
  readonly reopenEveryMs?: number;
  /** How long a replaced store stays open for calls that got it before (default RETIRE_AFTER_MS). */
  readonly retireAfterMs?: number;
  readonly now?: () => number;
}

/** Opening costs a few milliseconds: at most one attempt every few seconds, on a call or the drain tick. */
export const REOPEN_EVERY_MS = 3000;
/**
 * A replaced store may still be in use by a call that got it just before (it awaits between a fold
 * and its query), and callers never say when they are done: it is closed once any call has long
 * finished, or when this source closes. It was read-only, so it holds no write lock meanwhile.
 */
export const RETIRE_AFTER_MS = 60_000;

function unavailable(err: unknown): StoreError {
  const cause = err instanceof StoreError ? err : new StoreError('INTERNAL', err instanceof Error ? err.message : String(err), { cause: err });
  const why = cause.code === 'BUSY' ? 'it is busy (another mnemo process holds it); try again in a moment' : cause.message;
  return new StoreError(cause.code, `memory store unavailable: ${why.replace(/\.$/, '')}. New events wait in the spool; mnemo tries the store again at every call.`, { cause });
}

export class StoreOnDemand<S extends Store> implements StoreSource<S> {
  readonly #opts: StoreOnDemandOptions<S>;
  #store: S | undefined;
  #opening: Promise<S> | undefined;
  #problem: string | undefined;
  #closed = false;
  #reopening: Promise<S> | undefined;
  #triedAt = 0;
  readonly #retired = new Set<S>();

  constructor(opts: StoreOnDemandOptions<S>) {
    this.#opts = opts;
  }

  #now(): number {
    return (this.#opts.now ?? Date.now)();
  }

  get(): Promise<S> {
    const store = this.#store;
    if (store) {
      if (this.#reopening) return this.#reopening;
      if (!this.#opts.isReadOnly?.(store) || this.#now() - this.#triedAt < (this.#opts.reopenEveryMs ?? REOPEN_EVERY_MS)) return Promise.resolve(store);
      this.#reopening = this.#reopen(store).finally(() => (this.#reopening = undefined));
      return this.#reopening;
    }
    if (this.#closed) return Promise.reject(new StoreError('UNAVAILABLE', 'the mnemo memory store is closed (the server is shutting down)'));
    // One attempt at a time: concurrent calls share it.
    this.#opening ??= this.#open().finally(() => (this.#opening = undefined));
    return this.#opening;
  }

  /** The store if it is open now (never tries to open it). */
  get current(): S | undefined {
    return this.#store;
  }

  async #open(): Promise<S> {
    let store: S;
    try {
      store = await this.#opts.open();
    } catch (err) {
      const error = unavailable(err);
      if (error.message !== this.#problem) this.#opts.onChange?.({ available: false, error });
      this.#problem = error.message;
      throw error;
    }
    if (this.#closed) {
      await store.close();
      throw new StoreError('UNAVAILABLE', 'the mnemo memory store is closed (the server is shutting down)');
    }
    this.#store = store;
    this.#triedAt = this.#now();
    if (this.#problem !== undefined) this.#opts.onChange?.({ available: true });
    this.#problem = undefined;
    await this.#opts.onOpen?.(store);
    return store;
  }

  /** Try to replace the read-only `old` by a writable store; whatever happens, resolve with a usable one. */
  async #reopen(old: S): Promise<S> {
    this.#triedAt = this.#now();
    let next: S;
    try {
      next = await this.#opts.open();
    } catch {
      return old; // unavailable for writing and for a second reader alike: keep answering reads
    }
    if (this.#closed || this.#opts.isReadOnly?.(next)) {
      await next.close();
      return old;
    }
    this.#store = next;
    this.#retire(old);
    this.#opts.onWritable?.();
    await this.#opts.onOpen?.(next);
    return next;
  }

  #retire(store: S): void {
    this.#retired.add(store);
    const timer = setTimeout(() => {
      if (this.#retired.delete(store)) void store.close().catch(() => undefined);
    }, this.#opts.retireAfterMs ?? RETIRE_AFTER_MS);
    timer.unref();
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#opening?.catch(() => undefined);
    await this.#reopening?.catch(() => undefined);
    const stores = [...this.#retired, ...(this.#store ? [this.#store] : [])];
    this.#retired.clear();
    this.#store = undefined;
    await Promise.all(stores.map((s) => s.close().catch(() => undefined)));
  }
}
