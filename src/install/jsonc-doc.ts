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
  type Node,
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

let memo: { text: string; root: Node | undefined; errors: ParseError[] } | undefined;

/**
 * The syntax tree of `text` and its parse errors. The last result is kept: one edit asks for the tree
 * of the same text several times, and ~/.claude.json can be megabytes.
 */
export function syntaxTree(text: string): { root: Node | undefined; errors: readonly ParseError[] } {
  if (memo?.text !== text) {
    const errors: ParseError[] = [];
    const root = isBlank(text) ? undefined : parseTree(text, errors, PARSE_OPTIONS);
    memo = { text, root, errors };
  }
  return memo;
}

/**
 * Validates the document as a JSON(C) object. Refuses, naming the file and the position, anything
 * else: editing a broken file would either fail half-way or "repair" it wrongly.
 */
export function parseObject(text: string, file: string): void {
  if (isBlank(text)) return;
  const { root, errors } = syntaxTree(text);
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
  if (root?.type !== 'object') {
    throw new InstallError('INVALID_CONFIG', `${file} must contain a JSON object at the top level; nothing was changed.`, file);
  }
}

/** The value at `path`, or undefined. The text must already have passed {@link parseObject}. */
export function valueAt(text: string, path: JSONPath): unknown {
  if (isBlank(text)) return path.length === 0 ? {} : undefined;
  const { root } = syntaxTree(text);
  if (!root) return undefined;
  const node = findNodeAtLocation(root, path);
  return node === undefined ? undefined : (getNodeValue(node) as unknown);
}

/** Line ending and indentation as the file already uses them; 2 spaces and \n for new files. */
export function detectFormatting(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  let width = 0;
  const lines = /^([ \t]+)["{[\]}0-9tfn-]/gm;
  // The first couple of hundred indented lines tell the style; a 20 MB ~/.claude.json need not be scanned.
  for (let seen = 0, m = lines.exec(text); m && seen < 200; seen++, m = lines.exec(text)) {
    const indent = m[1] ?? '';
    if (indent.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
    if (width === 0 || indent.length < width) width = indent.length;
  }
  return { insertSpaces: true, tabSize: width || 2, eol };
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
