/** Small pieces every view uses: a record's row, event chips, labels, empty and error states. */
import type { ComponentChildren } from 'preact';
import type { Observation, ObsType } from '../../../../core/types.ts';
import type { EventView, SessionBrief } from '../../../api-types.ts';
import { projectName, shortPath, SYMBOLS, time } from '../format.ts';
import { Highlight, type Matcher } from '../highlight.tsx';
import { href } from '../router.ts';

export function TypeIcon({ type }: { type: ObsType }) {
  return (
    <span class={`sym t-${type}`} title={type} aria-label={type}>
      {SYMBOLS[type]}
    </span>
  );
}

const CHIP_LIMIT = 4;

/** Extracted events as small labelled chips (the most important first). */
export function EventChips({ events }: { events: readonly EventView[] }) {
  if (!events.length) return null;
  const sorted = [...events].sort((a, b) => a.priority - b.priority);
  const shown = sorted.slice(0, CHIP_LIMIT);
  return (
    <span class="chips">
      {shown.map((e, i) => (
        <span key={i} class={`chip c-${e.category}`} title={`${e.type}: ${e.data}`}>
          {e.type.replace(/_/g, ' ')}
        </span>
      ))}
      {sorted.length > CHIP_LIMIT ? <span class="chip more">+{sorted.length - CHIP_LIMIT}</span> : null}
    </span>
  );
}

export interface RowProps {
  readonly o: Observation & { events?: readonly EventView[] };
  readonly re?: Matcher | undefined;
  readonly selected?: boolean;
  readonly fresh?: boolean;
  readonly showDate?: boolean;
  readonly showProject?: boolean;
  readonly children?: ComponentChildren;
}

/** One observation as a clickable line: time, symbol, title, events, files. */
export function ObsRow({ o, re, selected, fresh, showDate, showProject, children }: RowProps) {
  const files = o.files.slice(0, 2).map((f) => shortPath(f, o.project));
  return (
    <a class={`row${selected ? ' selected' : ''}${fresh ? ' fresh' : ''}`} href={href('obs', o.id)} data-id={o.id} aria-selected={selected ? 'true' : undefined}>
      <span class="when" title={new Date(o.createdAt).toLocaleString()}>
        {showDate ? new Date(o.createdAt).toLocaleDateString(undefined, { month: 'short', day: 'numeric' }) + ' ' : ''}
        {time(o.createdAt)}
      </span>
      <TypeIcon type={o.type} />
      <span class="main">
        <span class="title">
          <Highlight text={o.title} re={re} />
        </span>
        {children}
        <span class="meta">
          {o.events?.length ? <EventChips events={o.events} /> : null}
          {files.length ? <span class="files">{files.join(' · ')}{o.files.length > 2 ? ` +${o.files.length - 2}` : ''}</span> : null}
          {showProject ? <span class="proj">{projectName(o.project)}</span> : null}
          {o.author ? <Author name={o.author} /> : null}
        </span>
      </span>
      <span class="id">#{o.id}</span>
    </a>
  );
}

/** A teammate's login role, on their mirrored records (one's own carry none). */
export function Author({ name }: { name: string }) {
  return (
    <span class="author" title={`${name}'s record, from the team server`}>
      @{name}
    </span>
  );
}

/** The first real line of a summary, without its list marker. */
export function firstLine(text: string | undefined, max = 160): string {
  const line = text?.split('\n').find((l) => l.trim() && !l.startsWith('#')) ?? '';
  return line.replace(/^\s*[-*]\s+/, '').slice(0, max);
}

/** A session's label: project · assistant · branch, linking to the session view. */
export function SessionLabel({ s, id }: { s: SessionBrief | undefined; id: number }) {
  return (
    <a class="session-label" href={href('session', id)}>
      <span class="proj-name">{s ? projectName(s.project) : 'session'}</span>
      {s ? <span class="platform">{s.platform}</span> : null}
      {s?.author ? <Author name={s.author} /> : null}
      {s?.branch ? <span class="branch">⎇ {s.branch}</span> : null}
      <span class="sid">session {id}</span>
      {s?.brief ? <span class="brief-line">{firstLine(s.brief)}</span> : null}
    </a>
  );
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <div class="empty">{children}</div>;
}

export function ErrorNote({ message }: { message: string }) {
  return (
    <div class="error-note" role="alert">
      {message}
    </div>
  );
}

export function Spinner() {
  return <div class="spinner" aria-label="loading" />;
}
