/**
 * @module core/extract/fields
 * Defensive readers for untyped payloads. Hook payloads are whatever the host sent; these never
 * throw and return `undefined` for anything of the wrong shape.
 */
import { kilobytes } from '../sizes.ts';

const INT_RE = /^-?\d+$/;

/** A JSON object of unknown shape. */
export type Json = Record<string, unknown>;

/** The value as a plain object, or undefined (arrays and null are not records). */
export function asRecord(v: unknown): Json | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
}

/** The first non-empty string among `keys` of `obj`. */
export function str(obj: Json | undefined, ...keys: string[]): string | undefined {
  if (!obj) return undefined;
  for (const k of keys) {
    const v = obj[k];
    if (typeof v === 'string' && v.length > 0) return v;
  }
  return undefined;
}

/** The first finite number among `keys` of `obj` (numeric strings accepted). */
export function num(obj: Json | undefined, ...keys: string[]): number | undefined {
  if (!obj) return undefined;
  for (const k of keys) {
    const v = obj[k];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (typeof v === 'string' && INT_RE.test(v)) return Number(v);
  }
  return undefined;
}

/** The first array among `keys` of `obj`. */
export function arr(obj: Json | undefined, ...keys: string[]): unknown[] | undefined {
  if (!obj) return undefined;
  for (const k of keys) {
    const v = obj[k];
    if (Array.isArray(v)) return v;
  }
  return undefined;
}

/** `image/png, 47 KB`: what a binary part is, never its bytes. */
function binaryNote(kind: string, mime: string | undefined, size: number | undefined): string {
  const what = [mime, size !== undefined ? kilobytes(size) : ''].filter(Boolean).join(', ');
  return `[${kind}${what ? ` ${what}` : ''}]`;
}

/**
 * The readable text of one content part, in any host's spelling: MCP `{type:'text', text}`, an
 * embedded resource's text (or its address), a resource link, VS Code's `{kind:'text', value}`,
 * Gemini's `{text}` and `{inlineData}`, search hits `{title, url}`, bare strings and numbers. A binary
 * part (image, audio, blob) becomes a short note saying what it was; anything else reads as ''.
 */
export function partText(c: unknown): string {
  if (typeof c === 'string') return c;
  if (typeof c === 'number' || typeof c === 'boolean') return String(c);
  const r = asRecord(c);
  if (!r) return '';
  if (typeof r['text'] === 'string') return r['text'];
  const type = typeof r['type'] === 'string' ? r['type'] : typeof r['kind'] === 'string' ? r['kind'] : '';
  if (typeof r['value'] === 'string' && (type === 'text' || type === 'markdown' || type === '')) return r['value'];
  const resource = asRecord(r['resource']);
  if (resource) {
    const t = str(resource, 'text');
    if (t) return t;
    const uri = str(resource, 'uri');
    return typeof resource['blob'] === 'string' ? binaryNote('resource', str(resource, 'mimeType') ?? uri, undefined) : uri ? `[resource ${uri}]` : '';
  }
  const inline = asRecord(r['inlineData']);
  if (inline) return binaryNote('inline data', str(inline, 'mimeType'), undefined);
  if (type === 'image' || type === 'audio' || type === 'blob') {
    const data = r['data'];
    return binaryNote(type, str(r, 'mimeType', 'mime_type', 'media_type'), typeof data === 'string' ? Math.floor((data.length * 3) / 4) : undefined);
  }
  const url = str(r, 'url', 'uri');
  if (url) {
    const title = str(r, 'title', 'name');
    return title ? `${title} — ${url}` : url;
  }
  return '';
}

/** Text pieces inside a content array: `[{type:'text', text:'…'}, …]`, one level of nested lists too. */
function contentText(content: readonly unknown[], limit: number, nested = false): string {
  let out = '';
  for (const c of content) {
    if (out.length >= limit) break;
    const t = Array.isArray(c) ? (nested ? '' : contentText(c, limit - out.length, true)) : partText(c);
    if (t) out += (out ? '\n' : '') + t;
    else if (!nested) {
      // A search result's hits (`{content: [{title, url}]}`) sit one level down.
      const inner = asRecord(c)?.['content'];
      if (Array.isArray(inner)) {
        const t2 = contentText(inner, limit - out.length, true);
        if (t2) out += (out ? '\n' : '') + t2;
      }
    }
  }
  return out;
}

/** Keys under which hosts nest a result object that holds the real answer (`{result: {content}}`). */
const WRAPPER_KEYS = ['result', 'output', 'toolResult', 'tool_result', 'response'] as const;

/**
 * The readable text of a tool response, or '' when it holds none: a string, a content array,
 * `{stdout, stderr}`, `{output}`, `{content: [...]}` (MCP, Agent), `{file: {content}}` (Read),
 * `{result}`, a wrapped `{result: {content}}`, MCP `structuredContent` (as compact JSON).
 */
export function readableText(response: unknown, limit = 200_000, depth = 0): string {
  if (typeof response === 'string') return response.length > limit ? response.slice(0, limit) : response;
  if (typeof response === 'number' || typeof response === 'boolean') return String(response);
  if (Array.isArray(response)) return contentText(response, limit);
  const r = asRecord(response);
  if (!r) return '';
  const parts: string[] = [];
  const stdout = str(r, 'stdout', 'output', 'aggregated_output', 'llmContent', 'returnDisplay', 'result', 'text', 'message', 'textResultForLlm');
  if (stdout) parts.push(stdout);
  const stderr = str(r, 'stderr');
  if (stderr) parts.push(stderr);
  const content = r['content'];
  if (Array.isArray(content)) {
    const t = contentText(content, limit);
    if (t) parts.push(t);
  } else if (typeof content === 'string' && !stdout) parts.push(content);
  // Search results (Claude Code's WebSearch): summary strings and `{content: [{title, url}]}` hits.
  const results = r['results'];
  if (Array.isArray(results) && !stdout) {
    const t = contentText(results, limit);
    if (t) parts.push(t);
  }
  const file = asRecord(r['file']);
  if (file) {
    const fc = str(file, 'content');
    if (fc) parts.push(fc);
  }
  if (parts.length === 0 && depth < 2) {
    const llm = r['llmContent'];
    if (llm !== undefined && typeof llm !== 'string') parts.push(readableText(llm, limit, depth + 1));
    for (const k of WRAPPER_KEYS) {
      const v = r[k];
      if (parts.some(Boolean)) break;
      if (v && typeof v === 'object') parts.push(readableText(v, limit, depth + 1));
    }
  }
  if (!parts.some(Boolean) && r['structuredContent'] && typeof r['structuredContent'] === 'object') {
    try {
      parts.push(JSON.stringify(r['structuredContent']).slice(0, limit));
    } catch {
      /* not serializable: nothing readable */
    }
  }
  const joined = parts.filter(Boolean).join('\n');
  return joined.length > limit ? joined.slice(0, limit) : joined;
}

/**
 * The readable text of a tool response, whatever its shape (see `readableText`); a record with
 * no readable part is serialized (bounded by `limit`), so nothing is lost.
 */
export function responseText(response: unknown, limit = 200_000): string {
  const text = readableText(response, limit);
  if (text || typeof response !== 'object' || response === null || Array.isArray(response)) return text;
  try {
    const s = JSON.stringify(response);
    return s.length > limit ? s.slice(0, limit) : s;
  } catch {
    return '';
  }
}
