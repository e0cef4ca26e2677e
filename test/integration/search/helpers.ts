import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CapturedEvent, ObservationDraft } from '../../../src/core/types.ts';

export const tmp = (): string => mkdtempSync(join(tmpdir(), 'mnemo-search-'));

let n = 0;
/** A captured tool event with an observation (the fields search reads). */
export function obs(o: Partial<ObservationDraft> & { title: string }, more: Partial<CapturedEvent> = {}): CapturedEvent {
  n++;
  return {
    uid: `search-${n}-${Math.random()}`,
    at: 1_700_000_000_000 + n * 1000,
    event: 'PostToolUse',
    platform: 'claude-code',
    externalSessionId: 'ext-search',
    place: { project: '/proj/a' },
    observation: { kind: 'tool', type: 'discovery', body: '', files: [], private: false, ...o },
    ...more,
  } as CapturedEvent;
}
