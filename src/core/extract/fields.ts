/**
 * @module core/extract/fields
 * Defensive readers for untyped payloads. Hook payloads are whatever the host sent; these never
 * throw and return `undefined` for anything of the wrong shape.
 */

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

/** Text pieces inside an MCP-style content array: `[{type:'text', text:'…'}, …]`. */
function contentText(content: unknown[], limit: number): string {
  let out = '';
  for (const c of content) {
    if (out.length >= limit) break;
    if (typeof c === 'string') out += (out ? '\n' : '') + c;
    else {
      const t = str(asRecord(c), 'text');
      if (t) out += (out ? '\n' : '') + t;
    }
  }
  return out;
}

/**
 * The readable text of a tool response, whatever its shape: a string, `{stdout, stderr}`,
 * `{output}`, `{content: [...]}` (MCP, Agent), `{file: {content}}` (Read), `{result}`…
 * Bounded by `limit` characters per piece; never serializes huge objects whole.
 */
export function responseText(response: unknown, limit = 200_000): string {
  if (typeof response === 'string') return response.length > limit ? response.slice(0, limit) : response;
  if (Array.isArray(response)) return contentText(response, limit);
  const r = asRecord(response);
  if (!r) return response === undefined || response === null ? '' : String(response);
  const parts: string[] = [];
  const stdout = str(r, 'stdout', 'output', 'llmContent', 'returnDisplay', 'result', 'text', 'message');
  if (stdout) parts.push(stdout);
  const stderr = str(r, 'stderr');
  if (stderr) parts.push(stderr);
  const content = r['content'];
  if (Array.isArray(content)) parts.push(contentText(content, limit));
  else if (typeof content === 'string' && !stdout) parts.push(content);
  const file = asRecord(r['file']);
  if (file) {
    const fc = str(file, 'content');
    if (fc) parts.push(fc);
  }
  if (parts.length === 0) {
    try {
      const s = JSON.stringify(r);
      return s.length > limit ? s.slice(0, limit) : s;
    } catch {
      return '';
    }
  }
  const joined = parts.join('\n');
  return joined.length > limit ? joined.slice(0, limit) : joined;
}
