/** Dates, sizes and names as the page shows them (the browser's time zone and locale). */
import { TYPE_SYMBOLS } from '../../../core/context/render.ts';
import type { ObsType } from '../../../core/types.ts';

const pad = (n: number) => String(n).padStart(2, '0');

export function dayKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function dayLabel(ms: number): string {
  const today = dayKey(Date.now());
  const yesterday = dayKey(Date.now() - 86_400_000);
  const key = dayKey(ms);
  if (key === today) return 'Today';
  if (key === yesterday) return 'Yesterday';
  return new Date(ms).toLocaleDateString(undefined, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}

export function time(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function dateTime(ms: number): string {
  return `${dayKey(ms)} ${time(ms)}`;
}

export function relative(ms: number, now = Date.now()): string {
  const s = Math.round((now - ms) / 1000);
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86_400)} d ago`;
}

export function duration(ms: number): string {
  const m = Math.round(ms / 60_000);
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

export function bytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) (v /= 1024), i++;
  return `${v >= 100 || i === 0 ? Math.round(v) : v.toFixed(1)} ${units[i]}`;
}

export function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** ≈4 characters a token for code and English. */
export function tokens(chars: number): string {
  const t = chars / 4;
  if (t >= 1e6) return `${(t / 1e6).toFixed(1)}M`;
  if (t >= 1e4) return `${Math.round(t / 1e3)}k`;
  if (t >= 1e3) return `${(t / 1e3).toFixed(1)}k`;
  return String(Math.round(t));
}

/** The last folder of a project path. */
export function projectName(project: string): string {
  return project.split(/[\\/]/).filter(Boolean).pop() ?? project;
}

/** A path made short for a list: relative to the project when inside it. */
export function shortPath(file: string, project?: string): string {
  if (project && file.startsWith(project + '/')) return file.slice(project.length + 1);
  const parts = file.split('/');
  return parts.length > 4 ? `…/${parts.slice(-3).join('/')}` : file;
}

export const TYPE_LABELS: Readonly<Record<ObsType, string>> = {
  prompt: 'prompt',
  change: 'change',
  discovery: 'discovery',
  command: 'command',
  error: 'error',
  conclusion: 'conclusion',
  subagent: 'subagent',
  compact: 'compact',
  pending: 'pending',
  note: 'note',
  decision: 'decision',
  marker: 'marker',
};

/** The injected index's symbols: one table, so the page and the index never disagree. */
export const SYMBOLS: Readonly<Record<ObsType, string>> = TYPE_SYMBOLS;
