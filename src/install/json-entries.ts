/**
 * @module install/json-entries
 * The edits every JSON-configured assistant needs, written once: put a keyed entry (an MCP server)
 * in and take it out again, and add or remove our handlers in hook arrays without disturbing anyone
 * else's. Two hook layouts exist in the wild: nested groups (`{matcher, hooks: [handler]}`: Claude
 * Code, Gemini CLI, Codex) and flat handler lists (Cursor, Copilot CLI). All functions are pure.
 */
import { isObject, jsonEqual, parseObject, valueAt, type JSONPath } from './jsonc-doc.ts';
import { appendAt, setAt } from './jsonc-edit.ts';
import { InstallError } from './errors.ts';

/** Decides whether a hook handler object is one of ours. */
export type HandlerPredicate = (handler: unknown) => boolean;

/** `text` with `value` at `path`, or `text` itself when it is already there (idempotence). */
export function upsertKey(text: string, file: string, path: JSONPath, value: unknown): string {
  parseObject(text, file);
  ensureObjectsAlong(text, file, path.slice(0, -1));
  return jsonEqual(valueAt(text, path), value) ? text : setAt(text, path, value);
}

/**
 * Takes our value at `path` out: puts back what `original` had there (a user's own entry of the same
 * name that we replaced), or removes the key; then removes parents left empty that `original` lacked.
 */
export function restoreKey(text: string, file: string, path: JSONPath, original: string | undefined): string {
  parseObject(text, file);
  const before = original === undefined ? undefined : valueAt(original, path);
  const now = valueAt(text, path);
  let out = text;
  if (before !== undefined) {
    if (!jsonEqual(now, before)) out = setAt(out, path, before);
  } else if (now !== undefined) {
    out = setAt(out, path, undefined);
  }
  return pruneEmptyParents(out, path.slice(0, -1), original);
}

/** Removes, deepest first, the objects along `parents` that are now empty and that `original` did not have. */
export function pruneEmptyParents(text: string, parents: JSONPath, original: string | undefined): string {
  let out = text;
  for (let n = parents.length; n > 0; n--) {
    const p = parents.slice(0, n);
    const v = valueAt(out, p);
    const isEmpty = (isObject(v) && Object.keys(v).length === 0) || (Array.isArray(v) && v.length === 0);
    if (!isEmpty) break;
    if (original !== undefined && valueAt(original, p) !== undefined) break;
    out = setAt(out, p, undefined);
  }
  return out;
}

/** Refuses to edit through something that is not an object, e.g. `"hooks": "oops"`. */
function ensureObjectsAlong(text: string, file: string, path: JSONPath): void {
  for (let n = 1; n <= path.length; n++) {
    const v = valueAt(text, path.slice(0, n));
    if (v !== undefined && !isObject(v)) {
      throw new InstallError(
        'INVALID_CONFIG',
        `${file}: "${path.slice(0, n).join('.')}" should be an object; nothing was changed.`,
        file,
      );
    }
  }
}

/** The array at `path`, undefined when absent; refuses anything else. */
function arrayAt(text: string, file: string, path: JSONPath): unknown[] | undefined {
  const v = valueAt(text, path);
  if (v === undefined) return undefined;
  if (!Array.isArray(v)) {
    throw new InstallError('INVALID_CONFIG', `${file}: "${path.join('.')}" should be an array; nothing was changed.`, file);
  }
  return v;
}

function handlersOf(group: unknown): unknown[] | undefined {
  return isObject(group) && Array.isArray(group.hooks) ? group.hooks : undefined;
}

/** A group holding only our handlers: ours to replace or delete whole. */
function isOurGroup(group: unknown, ours: HandlerPredicate): boolean {
  const hs = handlersOf(group);
  return hs !== undefined && hs.length > 0 && hs.every(ours);
}

/**
 * Puts one group per event (`desired[event]`) into the nested layout at `hooksPath`. Our existing
 * group is updated where it stands; stray copies of ours are removed, and our handlers that a user
 * moved into their own group are taken out of it. Everything else keeps its place and bytes.
 */
export function upsertNestedHooks(
  text: string,
  file: string,
  hooksPath: JSONPath,
  desired: Readonly<Record<string, unknown>>,
  ours: HandlerPredicate,
): string {
  parseObject(text, file);
  ensureObjectsAlong(text, file, hooksPath);
  let out = text;
  for (const [event, group] of Object.entries(desired)) {
    const path = [...hooksPath, event];
    const groups = arrayAt(out, file, path);
    if (groups === undefined) {
      out = setAt(out, path, [group]);
      continue;
    }
    const pure = groups.flatMap((g, i) => (isOurGroup(g, ours) ? [i] : []));
    const mixed = groups.flatMap((g, i) => (!isOurGroup(g, ours) && (handlersOf(g) ?? []).some(ours) ? [i] : []));
    const [first, ...extra] = pure;
    if (first !== undefined && extra.length === 0 && mixed.length === 0 && jsonEqual(groups[first], group)) continue;
    for (const i of mixed) out = removeHandlersIn(out, [...path, i, 'hooks'], ours);
    for (const i of extra.reverse()) out = setAt(out, [...path, i], undefined);
    out = first === undefined ? appendAt(out, path, group) : setAt(out, [...path, first], group);
  }
  return out;
}

/** Removes, last first, the handlers in the array at `path` that are ours. */
function removeHandlersIn(text: string, path: JSONPath, ours: HandlerPredicate): string {
  const hs = valueAt(text, path);
  if (!Array.isArray(hs)) return text;
  let out = text;
  for (let i = hs.length - 1; i >= 0; i--) if (ours(hs[i])) out = setAt(out, [...path, i], undefined);
  return out;
}

/**
 * Takes our handlers out of the nested layout at `hooksPath`: whole groups that were only ours,
 * single handlers from groups a user shares with us. Event arrays and the hooks object are removed
 * only when emptied and absent from `original`.
 */
export function removeNestedHooks(
  text: string,
  file: string,
  hooksPath: JSONPath,
  ours: HandlerPredicate,
  original: string | undefined,
): string {
  parseObject(text, file);
  const hooks = valueAt(text, hooksPath);
  if (!isObject(hooks)) return text;
  let out = text;
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    const path = [...hooksPath, event];
    if (!groups.some((g) => (handlersOf(g) ?? []).some(ours))) continue;
    for (let i = groups.length - 1; i >= 0; i--) {
      if (isOurGroup(groups[i], ours)) out = setAt(out, [...path, i], undefined);
      else if ((handlersOf(groups[i]) ?? []).some(ours)) out = removeHandlersIn(out, [...path, i, 'hooks'], ours);
    }
    out = pruneEmptyParents(out, path, original);
  }
  return pruneEmptyParents(out, hooksPath, original);
}

/**
 * Puts one handler per event into the flat layout at `hooksPath` (`{event: [handler, …]}`), updating
 * ours in place and dropping stray copies.
 */
export function upsertFlatHooks(
  text: string,
  file: string,
  hooksPath: JSONPath,
  desired: Readonly<Record<string, unknown>>,
  ours: HandlerPredicate,
): string {
  parseObject(text, file);
  ensureObjectsAlong(text, file, hooksPath);
  let out = text;
  for (const [event, handler] of Object.entries(desired)) {
    const path = [...hooksPath, event];
    const list = arrayAt(out, file, path);
    if (list === undefined) {
      out = setAt(out, path, [handler]);
      continue;
    }
    const mine = list.flatMap((h, i) => (ours(h) ? [i] : []));
    const [first, ...extra] = mine;
    if (first !== undefined && extra.length === 0 && jsonEqual(list[first], handler)) continue;
    for (const i of extra.reverse()) out = setAt(out, [...path, i], undefined);
    out = first === undefined ? appendAt(out, path, handler) : setAt(out, [...path, first], handler);
  }
  return out;
}

/** Takes our handlers out of the flat layout, pruning what we emptied and `original` lacked. */
export function removeFlatHooks(
  text: string,
  file: string,
  hooksPath: JSONPath,
  ours: HandlerPredicate,
  original: string | undefined,
): string {
  parseObject(text, file);
  const hooks = valueAt(text, hooksPath);
  if (!isObject(hooks)) return text;
  let out = text;
  for (const [event, list] of Object.entries(hooks)) {
    if (!Array.isArray(list) || !list.some(ours)) continue;
    out = removeHandlersIn(out, [...hooksPath, event], ours);
    out = pruneEmptyParents(out, [...hooksPath, event], original);
  }
  return pruneEmptyParents(out, hooksPath, original);
}
