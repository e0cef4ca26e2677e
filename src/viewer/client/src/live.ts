/**
 * The live stream (`/api/stream`, server-sent events): new observations as hooks record them, and
 * forgotten records. One EventSource for the page; views subscribe.
 */
import type { StreamForgotten, StreamObservations } from '../../api-types.ts';

export type LiveState = 'connecting' | 'live' | 'offline';

type Listener = {
  observations?: (e: StreamObservations) => void;
  forgotten?: (e: StreamForgotten) => void;
  reset?: () => void;
  state?: (s: LiveState) => void;
};

const listeners = new Set<Listener>();
let state: LiveState = 'connecting';
let source: EventSource | undefined;

function setState(s: LiveState): void {
  state = s;
  for (const l of listeners) l.state?.(s);
}

function connect(): void {
  source = new EventSource('/api/stream');
  source.addEventListener('open', () => setState('live'));
  source.addEventListener('error', () => setState(source?.readyState === EventSource.CLOSED ? 'offline' : 'connecting'));
  source.addEventListener('hello', () => setState('live'));
  source.addEventListener('observations', (e) => {
    const data = JSON.parse((e as MessageEvent<string>).data) as StreamObservations;
    for (const l of listeners) l.observations?.(data);
  });
  source.addEventListener('forgotten', (e) => {
    const data = JSON.parse((e as MessageEvent<string>).data) as StreamForgotten;
    for (const l of listeners) l.forgotten?.(data);
  });
  source.addEventListener('reset', () => {
    for (const l of listeners) l.reset?.();
  });
}

export function subscribe(l: Listener): () => void {
  if (!source) connect();
  listeners.add(l);
  l.state?.(state);
  return () => listeners.delete(l);
}
