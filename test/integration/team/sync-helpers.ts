/**
 * Helpers for the team-memory tests on the local side: captured events as hooks produce them,
 * server records as a pull returns them, and a temporary store.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SharedObservation, SharedSession, SharedSummary, TeamChange, TeamRecord } from '../../../src/core/team/contract.ts';
import type { CapturedEvent, ObservationDraft } from '../../../src/core/types.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';

export const tempDir = (prefix = 'mnemo-team-'): string => mkdtempSync(join(tmpdir(), prefix));

export function openTemp(dir = tempDir()): { store: SqliteStore; dir: string; path: string } {
  const path = join(dir, 'mnemo.db');
  return { store: SqliteStore.open({ path, busyTimeoutMs: 2000 }), dir, path };
}

let n = 0;
export interface EventOptions {
  readonly project?: string;
  readonly session?: string;
  readonly event?: CapturedEvent['event'];
  readonly at?: number;
  readonly branch?: string;
  readonly local?: boolean;
}

/** A captured event with an observation, as a hook would spool it. */
export function event(o: Partial<ObservationDraft> & { title: string }, opts: EventOptions = {}): CapturedEvent {
  n++;
  return {
    uid: `t-${n}-${Math.random().toString(36).slice(2)}`,
    at: opts.at ?? 1_700_000_000_000 + n * 1000,
    event: opts.event ?? 'PostToolUse',
    platform: 'claude-code',
    externalSessionId: opts.session ?? 'ext-1',
    place: { project: opts.project ?? '/work/shop', ...(opts.branch ? { branch: opts.branch } : {}) },
    observation: { kind: 'tool', type: 'change', body: '', files: [], private: false, ...o },
    ...(opts.local ? { local: true } : {}),
  } as CapturedEvent;
}

export function prompt(text: string, opts: EventOptions = {}): CapturedEvent {
  return event({ kind: 'user', type: 'prompt', title: text.slice(0, 80), body: text }, { ...opts, event: 'UserPromptSubmit' });
}

export function sessionEnd(opts: EventOptions = {}): CapturedEvent {
  n++;
  return {
    uid: `end-${n}`,
    at: opts.at ?? 1_700_000_000_000 + n * 1000,
    event: 'SessionEnd',
    platform: 'claude-code',
    externalSessionId: opts.session ?? 'ext-1',
    place: { project: opts.project ?? '/work/shop' },
    session: { endReason: 'exit' },
  };
}

let seq = 0;
const stamp = (author: string) => ({ author, seq: ++seq, pushedAt: Date.now() });

/** Server records as a pull returns them (what a teammate pushed). */
export const remote = {
  session(author: string, uid: string, fields: Partial<SharedSession> = {}): TeamChange {
    const r: SharedSession = { kind: 'session', uid, project: 'github.com/acme/shop', assistant: 'codex', createdAt: 1_700_100_000_000, ...fields };
    return { op: 'put', record: { ...r, ...stamp(author) } as TeamRecord };
  },
  observation(author: string, uid: string, sessionUid: string, fields: Partial<SharedObservation> = {}): TeamChange {
    const r: SharedObservation = {
      kind: 'observation',
      uid,
      project: 'github.com/acme/shop',
      assistant: 'codex',
      createdAt: 1_700_100_001_000,
      sessionUid,
      obsKind: 'tool',
      type: 'change',
      title: 'Edited src/db/pool.ts',
      body: 'raised the pool size',
      files: ['src/db/pool.ts'],
      priority: 3,
      ...fields,
    };
    return { op: 'put', record: { ...r, ...stamp(author) } as TeamRecord };
  },
  summary(author: string, sessionUid: string, fields: Partial<SharedSummary> = {}): TeamChange {
    const r: SharedSummary = {
      kind: 'summary',
      uid: `${sessionUid}:summary`,
      project: 'github.com/acme/shop',
      assistant: 'codex',
      createdAt: 1_700_100_002_000,
      sessionUid,
      brief: 'Goal: fix the pool',
      detailed: 'Goal: fix the pool\nDone: raised it',
      language: 'en',
      provider: 'heuristic',
      observationCount: 1,
      ...fields,
    };
    return { op: 'put', record: { ...r, ...stamp(author) } as TeamRecord };
  },
  forget(author: string, uid: string, kind: 'observation' | 'session' | 'summary' = 'observation'): TeamChange {
    return { op: 'forget', tombstone: { uid, kind, project: 'github.com/acme/shop', forgottenBy: author, seq: ++seq, forgottenAt: Date.now() } };
  },
  get seq(): number {
    return seq;
  },
};

/** Files under `dir` whose bytes hold `needle`. */
export function filesHolding(dir: string, needle: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && readFileSync(join(e.parentPath, e.name)).includes(Buffer.from(needle)))
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}
