/**
 * @module import/claude-code/worker-protocol
 * The messages between the importing thread and its capture workers.
 */
import type { CaptureLimits } from '../../core/capture.ts';
import type { NarrationRecord } from '../../core/narration.ts';
import type { GroupEvent } from './group-capture.ts';
import type { ConvertStats } from './transcript-events.ts';
import type { TranscriptGroup } from './transcript-files.ts';
import type { LineCounts } from './transcript-lines.ts';

export interface WorkerSetup {
  readonly limits: CaptureLimits;
  /** Events per chunk posted back. */
  readonly chunk: number;
  /** Chunks a worker may have posted and not yet seen acknowledged. */
  readonly inFlight: number;
  /** False: read no narration. */
  readonly narrate?: boolean;
}

export type ToWorker =
  | { readonly type: 'group'; readonly index: number; readonly group: TranscriptGroup }
  /** The writer took one chunk. */
  | { readonly type: 'ack' }
  | { readonly type: 'stop' };

export type FromWorker =
  /** `bytes`: read since the group's previous chunk. */
  | { readonly type: 'events'; readonly index: number; readonly events: readonly GroupEvent[]; readonly bytes: number; readonly narration: readonly NarrationRecord[] }
  | { readonly type: 'done'; readonly index: number; readonly stats: ConvertStats; readonly counts: LineCounts; readonly failure?: string };
