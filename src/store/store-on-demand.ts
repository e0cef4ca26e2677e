/**
 * @module store/store-on-demand
 * The store of a long-lived process (the MCP server): opened when first needed and, while it cannot
 * be opened (a directory in its place, a full disk, a missing folder), tried again at the next need.
 * So the process starts anyway, says why memory is unavailable, and recovers by itself once the
 * store is back, without a restart.
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
  /** Runs once, when the store first opens (before `get` resolves). */
  readonly onOpen?: (store: S) => Promise<void> | void;
  /** Told when the store becomes unavailable, when the reason changes, and when it is back. */
  readonly onChange?: (now: Availability) => void;
}

function unavailable(err: unknown): StoreError {
  const cause = err instanceof StoreError ? err : new StoreError('INTERNAL', err instanceof Error ? err.message : String(err), { cause: err });
  const why = cause.code === 'BUSY' ? 'it is busy (another mnemo process holds it); try again in a moment' : cause.message;
  return new StoreError(cause.code, `memory store unavailable: ${why}. New events wait in the spool; mnemo tries the store again at every call.`, { cause });
}

export class StoreOnDemand<S extends Store> implements StoreSource<S> {
  readonly #opts: StoreOnDemandOptions<S>;
  #store: S | undefined;
  #opening: Promise<S> | undefined;
  #problem: string | undefined;
  #closed = false;

  constructor(opts: StoreOnDemandOptions<S>) {
    this.#opts = opts;
  }

  get(): Promise<S> {
    if (this.#store) return Promise.resolve(this.#store);
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
    if (this.#problem !== undefined) this.#opts.onChange?.({ available: true });
    this.#problem = undefined;
    await this.#opts.onOpen?.(store);
    return store;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#opening?.catch(() => undefined);
    const store = this.#store;
    this.#store = undefined;
    await store?.close();
  }
}
