/**
 * @module store/sqlite/rows
 * Observation rows as SQLite returns them, and their mapping onto the domain type.
 */
import type { IndexedObservation, Observation, ObsType } from '../../core/types.ts';

export interface ObservationRow {
  id: number;
  session_id: number;
  project: string;
  platform: string;
  kind: Observation['kind'];
  type: ObsType;
  title: string;
  body: string;
  files: string;
  tags: string;
  tool_name: string | null;
  tool_use_id: string | null;
  private: number;
  created_at: number;
  priority: number;
  author: string | null;
  /** Present when selected with NARRATED (joined from `narration`). */
  why?: string | null;
  finding?: string | null;
}


export const OBS_COLUMNS =
  'o.id, o.session_id, o.project, o.platform, o.kind, o.type, o.title, o.body, o.files, o.tags, o.tool_name, o.tool_use_id, o.private, o.created_at, o.priority, o.author';

/** Full records: the observation's columns and its call's narration (`SELECT ${NARRATED.columns} FROM ${NARRATED.from}`). */
export const NARRATED = {
  columns: `${OBS_COLUMNS}, n.why, n.finding`,
  from: 'observations o LEFT JOIN narration n ON n.obs_id = o.id',
} as const;

/** A row's files (a JSON array of paths); empty when the column is not one. */
export function parseFiles(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function toObservation(r: ObservationRow): Observation {
  return {
    id: r.id,
    sessionId: r.session_id,
    project: r.project,
    platform: r.platform,
    kind: r.kind,
    type: r.type,
    title: r.title,
    body: r.body,
    files: parseFiles(r.files),
    tags: r.tags,
    ...(r.tool_name ? { toolName: r.tool_name } : {}),
    ...(r.tool_use_id ? { toolUseId: r.tool_use_id } : {}),
    private: r.private === 1,
    createdAt: r.created_at,
    priority: r.priority,
    ...(r.author ? { author: r.author } : {}),
    // A private record shows nothing beyond its placeholder.
    ...(r.why && r.private !== 1 ? { why: r.why } : {}),
    ...(r.finding && r.private !== 1 ? { finding: r.finding } : {}),
  };
}

export function toIndexedObservation(r: Pick<ObservationRow, 'id' | 'type' | 'title' | 'files' | 'private' | 'created_at' | 'priority'>): IndexedObservation {
  return { id: r.id, type: r.type, title: r.title, files: parseFiles(r.files), private: r.private === 1, createdAt: r.created_at, priority: r.priority };
}

/** A JSON column's value; undefined when empty or not JSON (a damaged row must not stop a read). */
export function parseStoredJson(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
