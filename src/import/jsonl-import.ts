/**
 * @module import/jsonl-import
 * `mnemo import jsonl FILE`: read back what `mnemo export` wrote (one JSON object a line, `record`
 * session | observation), so a memory moves between machines or data directories losslessly:
 * export → import into an empty data directory → export gives the same records, ids included
 * (ids are kept when free, remapped consistently when taken; see store/sqlite/portable).
 *
 * The file is outside data, so privacy runs again: `<private>` blocks are removed and secrets
 * redacted in every text field (titles, bodies, files, tags, events, summaries, snapshots and the
 * extraction state; both are idempotent, so a mnemo export passes through unchanged). Text clipped
 * by whoever wrote the file may end inside a secret: the redactor takes those remains too.
 * Malformed lines and records of unknown kinds are counted and skipped, never fatal.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { stripPrivate } from '../core/privacy/private-tags.ts';
import { redactText, redactValue } from '../core/privacy/redact.ts';
import type { SessionSummary } from '../core/types.ts';
import { ELISION, FINDING_LIMIT, WHY_LIMIT, append, cleanBlock, emptyBounded, render, type SideLimit } from '../core/narration.ts';
import { isKind, type PortableEvent, type PortableObservation, type PortableRecord, type PortableSession, type RestoreResult, type SqlitePortable } from '../store/sqlite/portable.ts';

export interface JsonlImportReport extends RestoreResult {
  readonly lines: number;
  readonly malformedLines: number;
  /** Well-formed records of a kind this version does not know. */
  readonly unknownRecords: number;
  readonly seconds: number;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const int = (v: unknown): number | undefined => (Number.isSafeInteger(v) ? (v as number) : undefined);

/** Private blocks out, secrets redacted: what capture guarantees for everything stored. */
function clean(text: string): string {
  return redactText(stripPrivate(text).text);
}

/**
 * A narration side as the live reader keeps it: cleaned and bounded (an export may have been edited).
 * The bound leaves room for the elision mark, so what mnemo exported comes back unchanged.
 */
function narrationText(text: string, limit: SideLimit): string {
  const room = { head: limit.head + ELISION.length, tail: limit.tail };
  const b = emptyBounded();
  append(b, cleanBlock(text), room);
  return render(b, room);
}

function summaryOf(v: unknown): SessionSummary | undefined {
  if (!isRec(v)) return undefined;
  const brief = str(v.brief);
  const detailed = str(v.detailed);
  const language = str(v.language);
  const provider = str(v.provider);
  const createdAt = num(v.createdAt);
  if (brief === undefined || detailed === undefined || !language || !provider || createdAt === undefined) return undefined;
  return {
    brief: clean(brief),
    detailed: clean(detailed),
    language,
    provider: provider as SessionSummary['provider'],
    ...(str(v.model) ? { model: str(v.model)! } : {}),
    inputTokens: int(v.inputTokens) ?? 0,
    outputTokens: int(v.outputTokens) ?? 0,
    ...(str(v.fallbackReason) ? { fallbackReason: str(v.fallbackReason)! } : {}),
    observationCount: int(v.observationCount) ?? 0,
    createdAt,
  };
}

/** A session record, or undefined when a required field is missing or of the wrong type. */
export function toPortableSession(r: Rec): PortableSession | undefined {
  const id = int(r.id);
  const platform = str(r.platform);
  const externalId = str(r.externalId);
  const project = str(r.project);
  const startedAt = num(r.startedAt);
  if (id === undefined || !platform || !externalId || !project || startedAt === undefined) return undefined;
  const summary = summaryOf(r.summary);
  return {
    id, platform, externalId, project, startedAt,
    ...(str(r.branch) ? { branch: str(r.branch)! } : {}),
    ...(num(r.endedAt) !== undefined ? { endedAt: num(r.endedAt)! } : {}),
    ...(str(r.endReason) ? { endReason: str(r.endReason)! } : {}),
    ...(summary ? { summary } : {}),
    ...(str(r.source) ? { source: str(r.source)! } : {}),
    ...(r.state !== undefined ? { state: redactValue(r.state) } : {}),
    ...(str(r.snapshot) !== undefined ? { snapshot: clean(str(r.snapshot)!) } : {}),
    ...(r.localOnly === true ? { localOnly: true } : {}),
  };
}

function eventsOf(v: unknown): PortableEvent[] | undefined {
  if (v === undefined) return [];
  if (!Array.isArray(v)) return undefined;
  const out: PortableEvent[] = [];
  for (const e of v) {
    if (!isRec(e)) return undefined;
    const id = int(e.id);
    const type = str(e.type);
    const category = str(e.category);
    const priority = int(e.priority);
    const data = str(e.data);
    const createdAt = num(e.createdAt);
    if (id === undefined || !type || !category || priority === undefined || priority < 1 || priority > 5 || data === undefined || createdAt === undefined) return undefined;
    out.push({ id, type, category, priority, data: clean(data), ...(int(e.bytesAvoided) !== undefined ? { bytesAvoided: int(e.bytesAvoided)! } : {}), createdAt });
  }
  return out;
}

/** An observation record, or undefined when a required field is missing or of the wrong type. */
export function toPortableObservation(r: Rec): PortableObservation | undefined {
  const id = int(r.id);
  const sessionId = int(r.sessionId);
  const project = str(r.project);
  const platform = str(r.platform);
  const type = str(r.type);
  const title = str(r.title);
  const body = str(r.body);
  const createdAt = num(r.createdAt);
  const files = Array.isArray(r.files) && r.files.every((f) => typeof f === 'string') ? (r.files as string[]) : undefined;
  const events = eventsOf(r.events);
  if (id === undefined || sessionId === undefined || !project || !platform || !isKind(r.kind) || !type || title === undefined || body === undefined || createdAt === undefined || !files || !events) {
    return undefined;
  }
  return {
    id, sessionId, project, platform, kind: r.kind, type, title: clean(title), body: clean(body), files: files.map(clean), createdAt,
    private: r.private === true,
    ...(str(r.tags) !== undefined ? { tags: clean(str(r.tags)!) } : {}),
    ...(str(r.toolName) ? { toolName: str(r.toolName)! } : {}),
    ...(str(r.toolUseId) ? { toolUseId: str(r.toolUseId)! } : {}),
    ...(int(r.priority) !== undefined ? { priority: Math.min(5, Math.max(1, int(r.priority)!)) } : {}),
    ...(str(r.uid) ? { uid: str(r.uid)! } : {}),
    ...(str(r.dedupeKey) ? { dedupeKey: str(r.dedupeKey)! } : {}),
    ...(str(r.contentKey) ? { contentKey: str(r.contentKey)! } : {}),
    ...(r.localOnly === true ? { localOnly: true } : {}),
    ...(str(r.why) ? { why: narrationText(str(r.why)!, WHY_LIMIT) } : {}),
    ...(str(r.finding) ? { finding: narrationText(str(r.finding)!, FINDING_LIMIT) } : {}),
    events,
  };
}

/** Read export lines from `input` (a file path, or a stream such as stdin) into `portable`. */
export async function importJsonl(portable: SqlitePortable, input: string | Readable, opts: { batchSize?: number } = {}): Promise<JsonlImportReport> {
  const started = performance.now();
  const batchSize = Math.max(1, opts.batchSize ?? 500);
  const stream = typeof input === 'string' ? createReadStream(input, { encoding: 'utf8' }) : input;
  const totals = { sessions: 0, observations: 0, events: 0, duplicates: 0, orphans: 0, remapped: 0 };
  let lines = 0;
  let malformed = 0;
  let unknown = 0;
  let batch: PortableRecord[] = [];
  const flush = () => {
    if (!batch.length) return;
    const r = portable.restore(batch);
    batch = [];
    for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += r[k];
  };
  for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
    if (!line.trim()) continue;
    lines++;
    let r: unknown;
    try {
      r = JSON.parse(line);
    } catch {
      malformed++;
      continue;
    }
    if (!isRec(r)) {
      malformed++;
      continue;
    }
    if (r.record === 'session') {
      const session = toPortableSession(r);
      if (session) batch.push({ record: 'session', session });
      else malformed++;
    } else if (r.record === 'observation') {
      const observation = toPortableObservation(r);
      if (observation) batch.push({ record: 'observation', observation });
      else malformed++;
    } else unknown++;
    if (batch.length >= batchSize) flush();
  }
  flush();
  return { ...totals, lines, malformedLines: malformed, unknownRecords: unknown, seconds: (performance.now() - started) / 1000 };
}
