/**
 * @module core/extract/tools/mcp
 * Calls to MCP servers (other than mnemo's own): the call with its first argument, and the gist
 * of the response, so data pulled from Jira, Grafana or a browser stays searchable. Parameters are
 * redacted by key and by shape before anything is kept.
 */
import { redactValue, secretNameKind } from '../../privacy/redact.ts';
import { responseText } from '../fields.ts';
import { makeEvent } from '../events.ts';
import { gist } from '../text.ts';
import type { Extractor } from '../context.ts';
import type { ExtractedEvent } from '../types.ts';

const MCP_NAME_RE = /^mcp__(.+?)__(.+)$/;
/** mnemo's own tools: recording them would make memory about memory. */
const OWN_SERVER_RE = /^(?:plugin_mnemo_mnemo|mnemo|plugin_mnemo_.+)$/;
/** `Fetched and indexed 5 sections (47.50KB)` and similar size reports of indexing tools. */
const INDEXED_SIZE_RE = /\bindexed\b[^\n]{0,80}?\((\d+(?:\.\d+)?)\s*(B|KB|KiB|MB|MiB|GB)\)/i;
const UNIT: Readonly<Record<string, number>> = { b: 1, kb: 1024, kib: 1024, mb: 1048576, mib: 1048576, gb: 1073741824 };

/** `{server, tool}` of an MCP tool name, or null. */
export function parseMcpName(name: string): { server: string; tool: string } | null {
  const m = MCP_NAME_RE.exec(name);
  return m ? { server: m[1]!, tool: m[2]! } : null;
}

/** True for mnemo's own MCP tools, which the engine ignores. */
export function isOwnTool(name: string): boolean {
  const p = parseMcpName(name);
  return p !== null && OWN_SERVER_RE.test(p.server);
}

/** Bytes an indexing tool reports having kept out of the context window. */
export function indexedBytes(text: string): number | undefined {
  const m = INDEXED_SIZE_RE.exec(text.slice(0, 2000));
  if (!m) return undefined;
  return Number(m[1]) * (UNIT[m[2]!.toLowerCase()] ?? 1);
}

/**
 * The first scalar argument, redacted: by key (`api_key=…` becomes a placeholder whatever its
 * shape) and by value shape. Only this argument is shown, so only it is redacted (a 2 MB input
 * costs nothing extra).
 */
function firstArgument(input: Record<string, unknown>): string {
  for (const [k, v] of Object.entries(input)) {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') continue;
    if (v === '') continue;
    const kind = secretNameKind(k);
    if (kind && typeof v === 'string') return `${k}=${(redactValue({ [k]: v.slice(0, 4096) }) as Record<string, string>)[k]}`;
    return `${k}=${typeof v === 'string' ? gist(v, 100) : v}`;
  }
  return '';
}

/** `mcp_tool_call` for every call of another server's tool; `mcp` once it ran, with the gist of its answer. */
export const mcpExtractor: Extractor = {
  name: 'mcp',
  match: (ctx) => ctx.tool.startsWith('mcp__') && !isOwnTool(ctx.tool),
  extract(ctx) {
    const p = parseMcpName(ctx.tool);
    if (!p) return [];
    const call = `${p.server}/${p.tool}`;
    const arg = firstArgument(ctx.input);
    const out: ExtractedEvent[] = [makeEvent('mcp_tool_call', arg ? `${call}(${arg})` : call)];
    if (ctx.failure || ctx.phase === 'pre') return out;
    // `mcp` says a server's tool ran (its short name is what people search for), with the gist of
    // its answer when there is one. The whole (bounded) text goes to makeEvent, which redacts
    // before it clips.
    const text = ctx.hasResponse ? responseText(ctx.response, 20_000) : '';
    out.push(text.trim() ? makeEvent('mcp', `${call}: ${text}`, indexedBytes(text)) : makeEvent('mcp', call));
    return out;
  },
};
