/**
 * @module install/jsonc-edit
 * Minimal in-place edits of JSON-with-comments text: set a value, append to an array, remove a member.
 * Built on jsonc-parser's syntax tree (node offsets), not on its `modify`, because `modify` re-formats
 * whole lines around an edit (a user's compact one-line entry next to ours gets expanded) and drops a
 * character when removing the last array item before a `]` (`[1, 2]` → `[12]`, jsonc-parser 3.3.1).
 * Here only the bytes of the member being added or removed change; everything else, comments and
 * trailing commas included, stays as the user wrote it. New text follows the file's own indentation,
 * line endings and, inside one-line containers, its compact spacing.
 */
import { findNodeAtLocation, type JSONPath, type Node } from 'jsonc-parser';
import { detectFormatting, isBlank, stringify, syntaxTree } from './jsonc-doc.ts';

interface Style {
  readonly unit: string;
  readonly eol: string;
}

function styleOf(text: string): Style {
  const f = detectFormatting(text);
  return { unit: f.insertSpaces === false ? '\t' : ' '.repeat(f.tabSize ?? 2), eol: f.eol ?? '\n' };
}

function lineStart(text: string, pos: number): number {
  const i = text.lastIndexOf('\n', pos - 1);
  return i + 1;
}

/** Leading whitespace of the line that holds `pos`. */
function indentAt(text: string, pos: number): string {
  const start = lineStart(text, pos);
  return /^[ \t]*/.exec(text.slice(start, pos))?.[0] ?? '';
}

/** True when only whitespace precedes `pos` on its line. */
function startsLine(text: string, pos: number): boolean {
  return /^[ \t]*$/.test(text.slice(lineStart(text, pos), pos));
}

/**
 * Skips whitespace and comments from `pos`. With `sameLine`, stops at a line break (comments that
 * start on this line are still skipped whole).
 */
function skipTrivia(text: string, pos: number, sameLine: boolean): number {
  let i = pos;
  for (;;) {
    const c = text[i];
    if (c === ' ' || c === '\t') i++;
    else if (c === '\r' || c === '\n') {
      if (sameLine) return i;
      i++;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else return i;
  }
}

/** The position of the comma after `pos` (past trivia), or -1. */
function commaAfter(text: string, pos: number): number {
  const i = skipTrivia(text, pos, false);
  return text[i] === ',' ? i : -1;
}

function isMultiline(text: string, node: Node): boolean {
  return text.slice(node.offset, node.offset + node.length).includes('\n');
}

/** The comma separator of `container`, else of the document: `, ` unless members are packed with a bare `,`. */
function commaStyle(container: string, doc: string): string {
  const m = /,([ \t]?)/.exec(container.includes(',') ? container : doc);
  return m && m[1] === '' ? ',' : ', ';
}

/** The colon separator of `container`, else of the document: `: ` unless it writes `"k":v`. */
function colonStyle(container: string, doc: string): string {
  const m = /"[ \t]*:([ \t]?)/.exec(container.includes(':') ? container : doc);
  return m && m[1] === '' ? ':' : ': ';
}

/** Compact JSON with the container's own separators. */
function compact(value: unknown, container: string, doc: string): string {
  const comma = commaStyle(container, doc);
  const colon = colonStyle(container, doc);
  const walk = (v: unknown): string => {
    if (Array.isArray(v)) return `[${v.map(walk).join(comma)}]`;
    if (v !== null && typeof v === 'object') {
      return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}${colon}${walk(x)}`).join(comma)}}`;
    }
    return JSON.stringify(v);
  };
  return walk(value);
}

/** Pretty JSON whose continuation lines start at `indent`. */
function pretty(value: unknown, indent: string, style: Style): string {
  return JSON.stringify(value, null, style.unit).replace(/\n/g, style.eol + indent);
}

function memberText(key: string | undefined, valueText: string, colon = ': '): string {
  return key === undefined ? valueText : `${JSON.stringify(key)}${colon}${valueText}`;
}

interface Edit {
  readonly offset: number;
  readonly length: number;
  readonly content: string;
}

/** Applies non-overlapping edits; at one offset, earlier edits end up first in the text. */
function apply(text: string, edits: readonly Edit[]): string {
  let out = text;
  const order = edits.map((e, i) => ({ e, i })).sort((a, b) => b.e.offset - a.e.offset || b.i - a.i);
  for (const { e } of order) {
    out = out.slice(0, e.offset) + e.content + out.slice(e.offset + e.length);
  }
  return out;
}

/**
 * Appends a member (`"key": value` in an object, `value` in an array) at the end of `container`,
 * after any trailing comment on the last member's line, keeping a trailing comma style.
 */
function appendMember(text: string, container: Node, key: string | undefined, value: unknown): string {
  const style = styleOf(text);
  const open = container.offset;
  const close = container.offset + container.length - 1;
  const children = container.children ?? [];
  const last = children[children.length - 1];
  const inner = text.slice(open + 1, close);
  // An empty container opens up in a pretty file; members join a one-line container on its line.
  const multiline =
    isMultiline(text, container) || (children.length === 0 && (container.parent === undefined || text.trim().includes('\n')));
  if (!multiline) {
    const whole = text.slice(open, close + 1);
    const v = memberText(key, compact(value, whole, text), colonStyle(whole, text));
    if (!last) return apply(text, [{ offset: open + 1, length: close - open - 1, content: v }]);
    return apply(text, [{ offset: last.offset + last.length, length: 0, content: commaStyle(whole, text) + v }]);
  }
  const baseIndent = indentAt(text, open);
  if (!last) {
    const childIndent = baseIndent + style.unit;
    const content = memberText(key, pretty(value, childIndent, style));
    if (/^\s*$/.test(inner)) {
      return apply(text, [{ offset: open + 1, length: close - open - 1, content: `${style.eol}${childIndent}${content}${style.eol}${baseIndent}` }]);
    }
    return apply(text, [{ offset: open + 1, length: 0, content: `${style.eol}${childIndent}${content}` }]);
  }
  const childIndent = startsLine(text, last.offset) ? indentAt(text, last.offset) : baseIndent + style.unit;
  const content = memberText(key, pretty(value, childIndent, style));
  const lastEnd = last.offset + last.length;
  const comma = commaAfter(text, lastEnd);
  if (comma >= 0) {
    // A trailing comma already follows the last member: ours goes after it (and after a comment on that line), with one of its own.
    const at = skipTrivia(text, comma + 1, true);
    return apply(text, [{ offset: at, length: 0, content: `${style.eol}${childIndent}${content},` }]);
  }
  const at = skipTrivia(text, lastEnd, true);
  return apply(text, [
    { offset: lastEnd, length: 0, content: ',' },
    { offset: at, length: 0, content: `${style.eol}${childIndent}${content}` },
  ]);
}

/** Replaces the value `node` with `value`, pretty or compact as the surroundings are. */
function replaceValue(text: string, node: Node, value: unknown): string {
  const style = styleOf(text);
  const container = node.parent?.type === 'property' ? node.parent.parent : node.parent;
  const multiline = isMultiline(text, node) || (container !== undefined && isMultiline(text, container));
  const around = container ? text.slice(container.offset, container.offset + container.length) : '';
  const content = multiline ? pretty(value, indentAt(text, node.offset), style) : compact(value, around, text);
  return apply(text, [{ offset: node.offset, length: node.length, content }]);
}

/**
 * Removes `member` (a property node, or an array item) with its comma. A member on its own line takes
 * its line with it; comments around it stay. An emptied container becomes `{}` / `[]`.
 */
function removeMember(text: string, container: Node, member: Node): string {
  const children = container.children ?? [];
  const i = children.indexOf(member);
  const start = member.offset;
  const end = member.offset + member.length;
  const comma = commaAfter(text, end);
  const edits: Edit[] = [];
  if (startsLine(text, start) && isMultiline(text, container)) {
    const afterComma = comma >= 0 ? comma + 1 : end;
    const rest = skipTrivia(text, afterComma, true);
    let from = start;
    let to = afterComma;
    if (/^[ \t]*$/.test(text.slice(afterComma, rest))) {
      // Nothing but blanks after us on the line: the whole line goes. A comment there would stay.
      from = lineStart(text, start);
      to = rest;
      if (text[to] === '\r') to++;
      if (text[to] === '\n') to++;
    }
    if (comma < 0 && i > 0) {
      const prev = children[i - 1] as Node;
      const pc = commaAfter(text, prev.offset + prev.length);
      if (pc >= 0) edits.push({ offset: pc, length: 1, content: '' });
    }
    edits.push({ offset: from, length: to - from, content: '' });
  } else if (comma >= 0 && i < children.length - 1) {
    const next = children[i + 1] as Node;
    edits.push({ offset: start, length: next.offset - start, content: '' });
  } else if (i > 0) {
    const prev = children[i - 1] as Node;
    const prevEnd = prev.offset + prev.length;
    edits.push({ offset: prevEnd, length: (comma >= 0 ? comma + 1 : end) - prevEnd, content: '' });
  } else {
    edits.push({ offset: start, length: (comma >= 0 ? comma + 1 : end) - start, content: '' });
  }
  let out = apply(text, edits);
  const tree = syntaxTree(out).root;
  const again = tree && findNodeAtLocation(tree, pathOf(container));
  if (again && (again.children ?? []).length === 0) {
    const inner = out.slice(again.offset + 1, again.offset + again.length - 1);
    if (/^\s*$/.test(inner)) out = apply(out, [{ offset: again.offset + 1, length: inner.length, content: '' }]);
  }
  return out;
}

/** The JSON path of a node in its tree. */
function pathOf(node: Node): JSONPath {
  const path: JSONPath = [];
  let n: Node | undefined = node;
  while (n?.parent) {
    const p: Node = n.parent;
    if (p.type === 'property') {
      path.unshift(String(p.children?.[0]?.value));
      n = p.parent;
    } else {
      path.unshift((p.children ?? []).indexOf(n));
      n = p;
    }
  }
  return path;
}

function treeOf(text: string): Node | undefined {
  return isBlank(text) ? undefined : syntaxTree(text).root;
}

/** Nests `value` under the remaining keys: ['a','b'] → {a:{b:value}}. */
function nest(path: JSONPath, value: unknown): unknown {
  return path.reduceRight<unknown>((v, k) => (typeof k === 'number' ? [v] : { [String(k)]: v }), value);
}

/**
 * `text` with `value` at `path`, creating missing parent objects; `undefined` removes the member.
 * The caller has checked that the parents along `path` are objects (or arrays for numeric keys).
 */
export function setAt(text: string, path: JSONPath, value: unknown): string {
  const root = treeOf(text);
  if (!root) return value === undefined ? text : stringify(nest(path, value), detectFormatting(text));
  const node = findNodeAtLocation(root, path);
  if (value === undefined) {
    if (!node || path.length === 0) return text;
    const member = node.parent?.type === 'property' ? node.parent : node;
    const container = member.parent;
    return container ? removeMember(text, container, member) : text;
  }
  if (node) return replaceValue(text, node, value);
  for (let n = path.length - 1; n >= 0; n--) {
    const parent = findNodeAtLocation(root, path.slice(0, n));
    if (!parent) continue;
    const key = path[n];
    const rest = nest(path.slice(n + 1), value);
    if (parent.type === 'object' && typeof key === 'string') return appendMember(text, parent, key, rest);
    if (parent.type === 'array' && typeof key === 'number') return appendMember(text, parent, undefined, rest);
    throw new Error(`cannot set ${JSON.stringify(path)}: its parent is a ${parent.type}`);
  }
  return text;
}

/** `text` with `value` appended to the array at `path` (which must exist). */
export function appendAt(text: string, path: JSONPath, value: unknown): string {
  const root = treeOf(text);
  const node = root && findNodeAtLocation(root, path);
  if (!node || node.type !== 'array') throw new Error(`no array at ${JSON.stringify(path)}`);
  return appendMember(text, node, undefined, value);
}
