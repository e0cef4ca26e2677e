/**
 * @module install/toml-table
 * Adds and removes one `[a.b]` table of a TOML file (Codex's `[mcp_servers.mnemo]`) as text, so the
 * user's comments, ordering and formatting elsewhere stay byte for byte. smol-toml parses the file
 * before and after every edit: a broken file is refused with its position, and an edit that would not
 * read back as intended is never written.
 */
import { parse, TomlError } from 'smol-toml';
import { InstallError } from './errors.ts';

/** The parsed document; refuses invalid TOML naming the file, line and column. */
export function parseToml(text: string, file: string): Record<string, unknown> {
  try {
    return parse(text) as Record<string, unknown>;
  } catch (e) {
    const where = e instanceof TomlError ? ` at line ${e.line}, column ${e.column}` : '';
    const why = e instanceof Error ? e.message.split('\n')[0]?.replace(/^Invalid TOML document: /, '') : String(e);
    throw new InstallError('INVALID_CONFIG', `${file} is not valid TOML${where}: ${why}. Fix the file and run the command again; nothing was changed.`, file);
  }
}

function valueAtPath(doc: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), doc);
}

const BARE_KEY = /^[A-Za-z0-9_-]+$/;

function key(k: string): string {
  return BARE_KEY.test(k) ? k : JSON.stringify(k);
}

/** A TOML value: strings as JSON-style basic strings (valid TOML), arrays and flat inline tables. */
function tomlValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(tomlValue).join(', ')}]`;
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([k, x]) => `${key(k)} = ${tomlValue(x)}`).join(', ')} }`;
  }
  throw new Error(`cannot write ${String(v)} as TOML`);
}

/** `[a.b]` followed by `k = v` lines. */
export function renderTable(path: readonly string[], entries: Readonly<Record<string, unknown>>, eol: string): string {
  const lines = [`[${path.map(key).join('.')}]`, ...Object.entries(entries).map(([k, v]) => `${key(k)} = ${tomlValue(v)}`)];
  return lines.join(eol) + eol;
}

interface Block {
  readonly start: number;
  readonly end: number;
}

/** True for a table header line `[x]` / `[[x]]` (not a value line). */
function headerName(line: string): string | undefined {
  const m = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$/.exec(line);
  return m?.[1]?.replace(/\s*\.\s*/g, '.').replace(/"([A-Za-z0-9_-]+)"/g, '$1');
}

/**
 * Where the table (and its sub-tables) sits: from its header to the last content line before the next
 * foreign header. Blank lines and comments just before the next header belong to what follows.
 */
function findBlock(text: string, path: readonly string[]): Block | undefined {
  const name = path.join('.');
  const lines = text.split(/(?<=\n)/);
  let offset = 0;
  let start = -1;
  let end = -1;
  for (const line of lines) {
    const h = headerName(line);
    if (start < 0) {
      if (h === name) {
        start = offset;
        end = offset + line.length;
      }
    } else if (h !== undefined && h !== name && !h.startsWith(`${name}.`)) {
      break;
    } else if (line.trim() !== '' && !line.trim().startsWith('#')) {
      end = offset + line.length;
    }
    offset += line.length;
  }
  return start < 0 ? undefined : { start, end };
}

/**
 * `text` with the table at `path` holding exactly `entries`: replaced where it is, or appended at the
 * end. Refuses a file that defines the table some other way (inline or dotted keys), which could not
 * be edited without rewriting the user's text.
 */
export function upsertTable(text: string, file: string, path: readonly string[], entries: Readonly<Record<string, unknown>>): string {
  const doc = parseToml(text, file);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const rendered = renderTable(path, entries, eol);
  const block = findBlock(text, path);
  if (!block && valueAtPath(doc, path) !== undefined) {
    throw new InstallError('UNSAFE_EDIT', `${file} defines ${path.join('.')} without a [${path.join('.')}] table; edit it by hand or remove it, then run the command again. Nothing was changed.`, file);
  }
  let out: string;
  if (block) {
    const current = text.slice(block.start, block.end);
    // The file's last line may lack a line break; keep it that way.
    const wanted = /\r?\n$/.test(current) ? rendered : rendered.slice(0, -eol.length);
    if (current === wanted) return text;
    out = text.slice(0, block.start) + wanted + text.slice(block.end);
  } else {
    const sep = text === '' ? '' : /\r?\n$/.test(text) ? eol : eol + eol;
    out = text + sep + rendered;
  }
  const check = valueAtPath(parseToml(out, file), path);
  if (JSON.stringify(check) !== JSON.stringify(entries)) {
    throw new InstallError('UNSAFE_EDIT', `${file}: could not add [${path.join('.')}] safely; nothing was changed.`, file);
  }
  return out;
}

/**
 * `text` without our table: the `original` file's own table of that name comes back if it had one,
 * otherwise the block goes, with the blank line we put before it.
 */
export function removeTable(text: string, file: string, path: readonly string[], original: string | undefined): string {
  parseToml(text, file);
  const block = findBlock(text, path);
  if (!block) return text;
  const origBlock = original === undefined ? undefined : findBlock(original, path);
  if (origBlock && original !== undefined) {
    return text.slice(0, block.start) + original.slice(origBlock.start, origBlock.end) + text.slice(block.end);
  }
  let start = block.start;
  const before = text.slice(0, start);
  const blank = /(?:\r?\n)(\r?\n)$/.exec(before);
  if (blank?.[1] && block.end === text.length) start -= blank[1].length;
  return text.slice(0, start) + text.slice(block.end);
}
