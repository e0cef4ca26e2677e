/**
 * @module install/jsonc-doc
 * Reading JSON and JSON-with-comments text: strict validation with positions for errors, values at
 * paths, the file's own formatting style. Users' settings files carry comments, trailing commas,
 * their own indentation and key order, so they are inspected here and edited in place by jsonc-edit,
 * never re-serialised.
 */
import {
  findNodeAtLocation,
  getNodeValue,
  parse,
  parseTree,
  printParseErrorCode,
  type FormattingOptions,
  type JSONPath,
  type ParseError,
} from 'jsonc-parser';
import { InstallError } from './errors.ts';

export type { JSONPath };

const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true };

/** 1-based line and column of a character offset, for error messages a person can act on. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** True when the text holds no JSON value at all (a new or emptied file). */
export function isBlank(text: string): boolean {
  return text.trim() === '';
}

/**
 * The document's root object. Refuses, naming the file and the position, anything that is not a
 * JSON(C) object: editing a broken file would either fail half-way or "repair" it wrongly.
 */
export function parseObject(text: string, file: string): Record<string, unknown> {
  if (isBlank(text)) return {};
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, PARSE_OPTIONS);
  const first = errors[0];
  if (first) {
    const { line, column } = lineColumn(text, first.offset);
    throw new InstallError(
      'INVALID_CONFIG',
      `${file} is not valid JSON: ${printParseErrorCode(first.error)} at line ${line}, column ${column}. ` +
        'Fix the file (or move it aside) and run the command again; nothing was changed.',
      file,
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new InstallError('INVALID_CONFIG', `${file} must contain a JSON object at the top level; nothing was changed.`, file);
  }
  return value as Record<string, unknown>;
}

/** The value at `path`, or undefined. The text must already have passed {@link parseObject}. */
export function valueAt(text: string, path: JSONPath): unknown {
  if (isBlank(text)) return path.length === 0 ? {} : undefined;
  const root = parseTree(text, [], PARSE_OPTIONS);
  if (!root) return undefined;
  const node = findNodeAtLocation(root, path);
  return node === undefined ? undefined : (getNodeValue(node) as unknown);
}

/** Line ending and indentation as the file already uses them; 2 spaces and \n for new files. */
export function detectFormatting(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  let tabs = false;
  let width = 0;
  for (const line of text.split(/\r?\n/)) {
    const m = /^([ \t]+)(["{[\]}0-9tfn-])/.exec(line);
    if (!m?.[1]) continue;
    if (m[1].startsWith('\t')) {
      tabs = true;
      break;
    }
    if (width === 0 || m[1].length < width) width = m[1].length;
  }
  return { insertSpaces: !tabs, tabSize: tabs ? 1 : width || 2, eol };
}

/** A whole new document for `value`, in the given style, ending with a newline. */
export function stringify(value: unknown, fmt: FormattingOptions): string {
  const indent = fmt.insertSpaces === false ? '\t' : ' '.repeat(fmt.tabSize ?? 2);
  const eol = fmt.eol ?? '\n';
  return JSON.stringify(value, null, indent).replace(/\n/g, eol) + eol;
}

/**
 * Deep equality of JSON values that ignores object key order: a user who reorders the keys of our
 * entry has not changed it, and re-installing must not rewrite it.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao);
  if (ak.length !== Object.keys(bo).length) return false;
  return ak.every((k) => Object.prototype.hasOwnProperty.call(bo, k) && jsonEqual(ao[k], bo[k]));
}

/** True for a plain JSON object. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * True when the document is an empty object with no comments: a file we created and emptied again
 * holds nothing of the user's. A comment counts as the user's.
 */
export function isEmptyDocument(text: string): boolean {
  if (isBlank(text)) return true;
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, PARSE_OPTIONS);
  if (errors.length > 0 || !isObject(value) || Object.keys(value).length > 0) return false;
  return /^\s*\{\s*\}\s*$/.test(text);
}
