/**
 * @module import/claude-code/capture-worker
 * A worker thread of `mnemo import claude-code`: reads, converts and captures the transcript groups
 * the importing thread hands it, works out each observation's extraction ahead, and posts the
 * events back in chunks. That is pure CPU work (JSON, redaction, titles, extraction), so it runs on
 * other cores while the importing thread writes the store. At most a few chunks are in flight: a
 * worker never runs far ahead of the writer, so memory stays bounded whatever the size of the history.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { enrichEvent } from '../../core/enrich.ts';
import { groupChunks, placeCache } from './group-capture.ts';
import type { ToWorker, FromWorker, WorkerSetup } from './worker-protocol.ts';

const port = parentPort;
if (!port) throw new Error('capture-worker: not started as a worker thread');
const setup = workerData as WorkerSetup;
const place = placeCache();

let acked = 0;
let posted = 0;
let wake: (() => void) | undefined;
const queue: ToWorker[] = [];

function post(m: FromWorker): void {
  port!.postMessage(m);
}

/** Resolves once fewer than `setup.inFlight` chunks await the writer. */
function room(): Promise<void> | undefined {
  if (posted - acked < setup.inFlight) return undefined;
  return new Promise((resolve) => (wake = resolve));
}

async function run(group: Extract<ToWorker, { type: 'group' }>): Promise<void> {
  for (const piece of groupChunks(group.group, { limits: setup.limits, place, enrich: enrichEvent, ...(setup.narrate === false ? { narrate: false } : {}) }, setup.chunk)) {
    if (piece.kind === 'done') {
      post({ type: 'done', index: group.index, stats: piece.stats, counts: piece.counts, ...(piece.failure !== undefined ? { failure: piece.failure } : {}) });
      continue;
    }
    post({ type: 'events', index: group.index, events: piece.events, bytes: piece.bytes, narration: piece.narration });
    posted++;
    await room();
  }
}

let running = false;
async function pump(): Promise<void> {
  if (running) return;
  running = true;
  for (let m = queue.shift(); m; m = queue.shift()) {
    if (m.type === 'stop') {
      port!.close();
      return;
    }
    if (m.type === 'group') await run(m);
  }
  running = false;
}

port.on('message', (m: ToWorker) => {
  if (m.type === 'ack') {
    acked++;
    const w = wake;
    wake = undefined;
    w?.();
    return;
  }
  queue.push(m);
  void pump();
});
