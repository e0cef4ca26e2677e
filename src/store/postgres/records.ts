/**
 * @module store/postgres/records
 * Shared records in and out of the `mnemo.records` table: what a pushed record must satisfy (the
 * server's CHECK constraints say the same again), its row for `jsonb_to_recordset`, with the index
 * text the local store would index (core/search/text-index) plus the pair words of its names
 * (name-joins), and a row back as a `TeamRecord`.
 */
import { OBS_TYPES, KINDS } from '../../core/types.ts';
import { toIndexWords } from '../../core/search/text-index.ts';
import { TEAM_LIMITS, type SharedRecord, type TeamRecord, type Tombstone } from '../../core/team/contract.ts';
import { nameJoins } from './name-joins.ts';

const SUMMARY_PROVIDERS = ['heuristic', 'anthropic', 'openai', 'ollama'];
/** Index text kept per column: longer bodies are still stored whole, their tail is not indexed. */
const INDEX_CHARS = 60_000;

const isStr = (v: unknown, max: number, min = 0): v is string => typeof v === 'string' && v.length >= min && v.length <= max;
const optStr = (v: unknown, max: number) => v === undefined || v === null || isStr(v, max);
const isTime = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < 1e14;

/** Why a pushed value is refused, or undefined when it is a valid record. */
export function invalidReason(r: unknown): string | undefined {
  if (!r || typeof r !== 'object') return 'not an object';
  const o = r as Record<string, unknown>;
  if (!isStr(o.uid, TEAM_LIMITS.uidChars, 1)) return `uid must be 1–${TEAM_LIMITS.uidChars} characters`;
  if (!isStr(o.project, TEAM_LIMITS.projectChars, 1)) return 'project must be a project key';
  if (!optStr(o.branch, TEAM_LIMITS.shortChars)) return 'branch too long';
  if (!isStr(o.assistant, TEAM_LIMITS.shortChars, 1)) return 'assistant missing';
  if (!isTime(o.createdAt)) return 'createdAt must be milliseconds since the epoch';
  if (o.revision !== undefined && !(Number.isInteger(o.revision) && (o.revision as number) >= 0 && (o.revision as number) < 2 ** 31)) return 'revision must be a non-negative integer';
  switch (o.kind) {
    case 'observation':
      if (!isStr(o.sessionUid, TEAM_LIMITS.uidChars, 1)) return 'sessionUid missing';
      if (!(KINDS as readonly unknown[]).includes(o.obsKind)) return 'obsKind unknown';
      if (!(OBS_TYPES as readonly unknown[]).includes(o.type)) return 'type unknown';
      if (!isStr(o.title, TEAM_LIMITS.titleChars)) return 'title too long';
      if (!isStr(o.body, TEAM_LIMITS.bodyChars)) return 'body too long';
      if (!optStr(o.tags, TEAM_LIMITS.tagsChars)) return 'tags too long';
      if (!optStr(o.toolName, TEAM_LIMITS.shortChars)) return 'toolName too long';
      if (!Array.isArray(o.files) || o.files.length > TEAM_LIMITS.files || !o.files.every((f) => isStr(f, TEAM_LIMITS.fileChars))) return 'files must be a list of paths';
      if (!optStr(o.why, TEAM_LIMITS.narrationChars) || !optStr(o.finding, TEAM_LIMITS.narrationChars)) return 'narration too long';
      if (o.priority !== undefined && !(Number.isInteger(o.priority) && (o.priority as number) >= 1 && (o.priority as number) <= 5)) return 'priority must be 1–5';
      return undefined;
    case 'session':
      if (o.endedAt !== undefined && !isTime(o.endedAt)) return 'endedAt must be milliseconds since the epoch';
      if (!optStr(o.endReason, TEAM_LIMITS.shortChars)) return 'endReason too long';
      if (o.observationCount !== undefined && !(Number.isInteger(o.observationCount) && (o.observationCount as number) >= 0)) return 'observationCount must be a count';
      return undefined;
    case 'summary':
      if (!isStr(o.sessionUid, TEAM_LIMITS.uidChars, 1)) return 'sessionUid missing';
      if (!isStr(o.brief, TEAM_LIMITS.titleChars * 5)) return 'brief too long';
      if (!isStr(o.detailed, TEAM_LIMITS.bodyChars)) return 'detailed too long';
      if (!isStr(o.language, 40)) return 'language missing';
      if (!SUMMARY_PROVIDERS.includes(o.provider as string)) return 'provider unknown';
      if (!optStr(o.model, TEAM_LIMITS.shortChars)) return 'model too long';
      if (!(Number.isInteger(o.observationCount) && (o.observationCount as number) >= 0)) return 'observationCount must be a count';
      return undefined;
    default:
      return 'kind must be observation, session or summary';
  }
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text PostgreSQL can store: no NUL character, no lone surrogate (jsonb refuses both). */
function clean(s: string): string {
  const t = s.includes('\u0000') ? s.replace(/\u0000/g, '') : s;
  return t.replace(LONE_SURROGATE, '\ufffd');
}
/** Every string inside a value made storable (records, queries, uid lists from a client). */
export function cleanDeep<T>(v: T): T {
  if (typeof v === 'string') return clean(v) as T;
  if (Array.isArray(v)) return v.map(cleanDeep) as T;
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cleanDeep(x)])) as T;
  return v;
}
const cleanOpt = (s: string | undefined) => (s === undefined || s === null ? null : clean(s));

/** The row of one valid record, as `jsonb_to_recordset` reads it (see PUSH_COLUMNS). */
export function toRow(r: SharedRecord): Record<string, unknown> {
  const base = {
    uid: clean(r.uid),
    kind: r.kind,
    project: clean(r.project),
    branch: cleanOpt(r.branch),
    assistant: clean(r.assistant),
    revision: r.revision ?? 0,
    created_at: Math.trunc(r.createdAt),
  };
  let title = '';
  let body = '';
  let tags = '';
  let narration = '';
  let extra: Record<string, unknown>;
  let rest: Record<string, unknown> = { session_uid: null, obs_type: null, priority: null, files: [] };
  if (r.kind === 'observation') {
    title = clean(r.title);
    body = clean(r.body);
    tags = clean(r.tags ?? '');
    extra = {
      obsKind: r.obsKind,
      ...(r.toolName !== undefined ? { toolName: clean(r.toolName) } : {}),
      ...(r.why ? { why: clean(r.why) } : {}),
      ...(r.finding ? { finding: clean(r.finding) } : {}),
    };
    narration = clean([r.why, r.finding].filter(Boolean).join('\n'));
    rest = { session_uid: clean(r.sessionUid), obs_type: r.type, priority: r.priority ?? null, files: r.files.map(clean) };
  } else if (r.kind === 'session') {
    extra = {
      ...(r.endedAt !== undefined ? { endedAt: r.endedAt } : {}),
      ...(r.endReason !== undefined ? { endReason: clean(r.endReason) } : {}),
      ...(r.observationCount !== undefined ? { observationCount: r.observationCount } : {}),
    };
  } else {
    title = clean(r.brief);
    body = clean(r.detailed);
    extra = { language: clean(r.language), provider: r.provider, observationCount: r.observationCount, ...(r.model !== undefined ? { model: clean(r.model) } : {}) };
    rest = { ...rest, session_uid: clean(r.sessionUid) };
  }
  const ix = (text: string) => {
    const s = text.length > INDEX_CHARS ? text.slice(0, INDEX_CHARS) : text;
    const joins = nameJoins(s);
    return joins ? `${toIndexWords(s)} ${joins}` : toIndexWords(s);
  };
  return { ...base, ...rest, title, body, tags, extra, title_ix: ix(title), body_ix: ix(body), tags_ix: ix(tags), why_ix: ix(narration) };
}

/** `jsonb_to_recordset` column list matching `toRow`. */
export const PUSH_COLUMNS =
  'uid text, kind text, project text, branch text, assistant text, revision integer, created_at bigint, session_uid text, obs_type text, priority smallint, files text[], title text, body text, tags text, extra jsonb, title_ix text, body_ix text, tags_ix text, why_ix text';

/**
 * The weighted tsvector of a pushed row (alias `r`): title A; tags and the narration B (locally the
 * narration weighs between title and tags, far above raw output); body D. English stemming.
 */
export const SEARCH_VECTOR =
  "setweight(to_tsvector('english', r.title_ix), 'A') || setweight(to_tsvector('english', r.tags_ix || ' ' || coalesce(r.why_ix, '')), 'B') || setweight(to_tsvector('english', r.body_ix), 'D')";

/** Columns read back for a record. */
export const RECORD_COLUMNS =
  'uid, seq, kind, project, branch, assistant, author, revision, created_at, extract(epoch from pushed_at) * 1000 AS pushed_ms, session_uid, obs_type, priority, title, body, tags, files, extra';

export interface RecordRow {
  uid: string;
  seq: string;
  kind: 'observation' | 'session' | 'summary';
  project: string;
  branch: string | null;
  assistant: string;
  author: string;
  revision: number;
  created_at: string;
  pushed_ms: string;
  session_uid: string | null;
  obs_type: string | null;
  priority: number | null;
  title: string;
  body: string;
  tags: string;
  files: string[];
  extra: Record<string, unknown>;
}

export function fromRow(row: RecordRow): TeamRecord {
  const stamp = { author: row.author, seq: Number(row.seq), pushedAt: Math.round(Number(row.pushed_ms)) };
  const base = {
    uid: row.uid,
    project: row.project,
    ...(row.branch !== null ? { branch: row.branch } : {}),
    assistant: row.assistant,
    createdAt: Number(row.created_at),
    revision: row.revision,
    ...stamp,
  };
  const x = row.extra ?? {};
  if (row.kind === 'observation') {
    return {
      ...base,
      kind: 'observation',
      sessionUid: row.session_uid ?? '',
      obsKind: x.obsKind as never,
      type: row.obs_type as never,
      title: row.title,
      body: row.body,
      files: row.files ?? [],
      tags: row.tags,
      ...(typeof x.toolName === 'string' ? { toolName: x.toolName } : {}),
      ...(row.priority !== null ? { priority: row.priority } : {}),
      ...(typeof x.why === 'string' ? { why: x.why } : {}),
      ...(typeof x.finding === 'string' ? { finding: x.finding } : {}),
    };
  }
  if (row.kind === 'session') {
    return {
      ...base,
      kind: 'session',
      ...(typeof x.endedAt === 'number' ? { endedAt: x.endedAt } : {}),
      ...(typeof x.endReason === 'string' ? { endReason: x.endReason } : {}),
      ...(typeof x.observationCount === 'number' ? { observationCount: x.observationCount } : {}),
    };
  }
  return {
    ...base,
    kind: 'summary',
    sessionUid: row.session_uid ?? '',
    brief: row.title,
    detailed: row.body,
    language: String(x.language ?? ''),
    provider: x.provider as never,
    ...(typeof x.model === 'string' ? { model: x.model } : {}),
    observationCount: Number(x.observationCount ?? 0),
  };
}

export interface TombstoneRow {
  uid: string;
  seq: string;
  kind: Tombstone['kind'];
  project: string;
  forgotten_by: string;
  forgotten_ms: string;
}

export function fromTombstoneRow(row: TombstoneRow): Tombstone {
  return { uid: row.uid, seq: Number(row.seq), kind: row.kind, project: row.project, forgottenBy: row.forgotten_by, forgottenAt: Math.round(Number(row.forgotten_ms)) };
}
