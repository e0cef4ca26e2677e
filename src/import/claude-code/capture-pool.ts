/**
 * @module import/claude-code/capture-pool
 * The captured events of many transcript groups, as one stream the importing thread writes from:
 * captured here (`workers: 0`) or by worker threads (import/claude-code/capture-worker) while this
 * thread writes. A group's events stay in order; groups interleave. A worker that cannot start
 * hands its work back to this thread; one that dies fails only the group it held.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CaptureLimits } from '../../core/capture.ts';
import { groupChunks, placeCache, type GroupChunk } from './group-capture.ts';
import type { TranscriptGroup } from './transcript-files.ts';
import type { FromWorker, ToWorker, WorkerSetup } from './worker-protocol.ts';

/** What the stream carries: events of a group (bytes read since the group's previous item), or the end of a group, named. */
export type CaptureItem = Extract<GroupChunk, { kind: 'events' }> | (Extract<GroupChunk, { kind: 'done' }> & { readonly group: TranscriptGroup });

export interface CapturePoolOptions {
  readonly limits: CaptureLimits;
  /** Worker threads; 0 captures in this thread. */
  readonly workers: number;
  /** The worker's module (default: capture-worker, bundled or from source); tests start others. */
  readonly entry?: URL;
  /** False: read no narration (benchmarks compare). */
  readonly narrate?: boolean;
}

const CHUNK = 128;
/**
 * Chunks a worker may post before the writer takes them: enough to keep it busy through a commit,
 * few enough that memory stays bounded (~20 MB a worker: captured events with their extraction).
 */
const IN_FLIGHT = 8;
/** Groups queued at each worker. */
const AHEAD = 2;

export function captureGroups(groups: readonly TranscriptGroup[], opts: CapturePoolOptions): AsyncGenerator<CaptureItem> {
  return opts.workers > 0 && groups.length > 1 ? inWorkers(groups, opts) : inThread(groups, opts.limits, opts.narrate);
}

async function* inThread(groups: readonly TranscriptGroup[], limits: CaptureLimits, narrate?: boolean): AsyncGenerator<CaptureItem> {
  const place = placeCache();
  for (const group of groups) {
    for (const piece of groupChunks(group, { limits, place, ...(narrate === false ? { narrate } : {}) }, CHUNK)) yield piece.kind === 'done' ? { ...piece, group } : piece;
  }
}

/** The worker's module: the bundled `import-worker.js` next to the CLI, or the TypeScript source. */
function defaultEntry(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL('./capture-worker.ts', here);
  let dir = dirname(fileURLToPath(here));
  for (let i = 0; i < 3 && !existsSync(join(dir, 'import-worker.js')); i++) dir = dirname(dir);
  return pathToFileURL(join(dir, 'import-worker.js'));
}

function startWorker(entry: URL, setup: WorkerSetup, WorkerClass: typeof import('node:worker_threads').Worker): import('node:worker_threads').Worker {
  if (entry.pathname.endsWith('.ts')) {
    // From source: the worker registers tsx itself (in Node 20, loader hooks do not reach workers).
    const tsx = import.meta.resolve('tsx/esm/api');
    const boot = `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(entry.href)}); })`;
    return new WorkerClass(boot, { eval: true, workerData: setup, execArgv: [] });
  }
  return new WorkerClass(entry, { workerData: setup });
}

interface Slot {
  readonly worker: import('node:worker_threads').Worker;
  /** The groups handed to it, in the order it works on them, and whether any of a group's events arrived yet. */
  readonly held: { index: number; arrived: boolean }[];
  alive: boolean;
}

async function* inWorkers(groups: readonly TranscriptGroup[], opts: CapturePoolOptions): AsyncGenerator<CaptureItem> {
  const { Worker } = await import('node:worker_threads');
  const setup: WorkerSetup = { limits: opts.limits, chunk: CHUNK, inFlight: IN_FLIGHT, ...(opts.narrate === false ? { narrate: false } : {}) };
  const ready: { item: CaptureItem; slot: Slot | undefined }[] = [];
  let wake: (() => void) | undefined;
  const push = (item: CaptureItem, slot: Slot | undefined) => {
    ready.push({ item, slot });
    const w = wake;
    wake = undefined;
    w?.();
  };
  const entry = opts.entry ?? defaultEntry();
  let next = 0;
  /** Groups left to this thread: no worker could start, or all died. */
  const leftover: number[] = [];
  const slots: Slot[] = [];

  /** Keep `AHEAD` groups queued at the worker, so it never waits for this thread (busy writing) to hand it the next. */
  const assign = (slot: Slot) => {
    while (slot.held.length < AHEAD && next < groups.length) {
      const index = next++;
      slot.held.push({ index, arrived: false });
      slot.worker.postMessage({ type: 'group', index, group: groups[index]! } satisfies ToWorker);
    }
    if (slot.held.length === 0) slot.worker.postMessage({ type: 'stop' } satisfies ToWorker);
  };

  for (let i = 0; i < Math.min(opts.workers, groups.length); i++) {
    let worker;
    try {
      worker = startWorker(entry, setup, Worker);
    } catch {
      break;
    }
    const slot: Slot = { worker, held: [], alive: true };
    worker.on('message', (m: FromWorker) => {
      const head = slot.held[0];
      if (!head || m.index !== head.index) return;
      if (m.type === 'events') {
        push({ kind: 'events', events: m.events, bytes: m.bytes, narration: m.narration }, slot);
        head.arrived = true;
      } else {
        slot.held.shift();
        push({ kind: 'done', group: groups[m.index]!, stats: m.stats, counts: m.counts, ...(m.failure !== undefined ? { failure: m.failure } : {}) }, undefined);
        assign(slot);
      }
    });
    const lost = (why: string) => {
      if (!slot.alive) return;
      slot.alive = false;
      for (const held of slot.held.splice(0)) {
        // Nothing of it arrived: this thread can still do it whole. Otherwise part is written; report it.
        if (!held.arrived) leftover.push(held.index);
        else push({ kind: 'done', group: groups[held.index]!, stats: { entries: 0, malformed: 0, orphanResults: 0 }, counts: { lines: 0, skipped: 0, bytes: 0 }, failure: `capture worker failed: ${why}` }, undefined);
      }
      push({ kind: 'events', events: [], bytes: 0, narration: [] }, undefined);
    };
    worker.on('error', (err) => lost(err.message));
    worker.on('exit', (code) => lost(`exited with code ${code}`));
    slots.push(slot);
    assign(slot);
  }

  try {
    for (;;) {
      const r = ready.shift();
      if (r) {
        if (r.item.kind === 'events' && r.slot?.alive) r.slot.worker.postMessage({ type: 'ack' } satisfies ToWorker);
        if (r.item.kind === 'done' || r.item.events.length || r.item.narration.length) yield r.item;
        continue;
      }
      // A live worker holding no group has been told to stop: nothing more comes from it.
      if (!slots.some((s) => s.alive && s.held.length > 0)) break;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    for (const s of slots) if (s.alive) void s.worker.terminate();
  }
  // What no worker took (none started, or they died before taking it) is captured here.
  const rest = [...leftover, ...Array.from({ length: groups.length - next }, (_, k) => next + k)].sort((a, b) => a - b);
  yield* inThread(rest.map((i) => groups[i]!), opts.limits, opts.narrate);
}
