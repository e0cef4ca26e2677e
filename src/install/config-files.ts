/**
 * @module install/config-files
 * Ready-made {@link ConfigFile}s for the shapes assistants share, so that each assistant's spec only
 * says which file, which key and which entries: hook arrays (nested or flat), a keyed entry such as an
 * MCP server, a file that is wholly ours, and several of these in one file.
 */
import type { ConfigFile } from './types.ts';
import { isEmptyDocument } from './jsonc-doc.ts';
import {
  removeFlatHooks,
  removeNestedHooks,
  restoreKey,
  upsertFlatHooks,
  upsertKey,
  upsertNestedHooks,
  type HandlerPredicate,
} from './json-entries.ts';
import { InstallError } from './errors.ts';

/** Hooks as matcher groups: `{Event: [{matcher?, hooks: [handler]}]}` under `hooksPath`. */
export function nestedHooksFile(
  path: string,
  hooksPath: readonly string[],
  groups: Readonly<Record<string, unknown>>,
  ours: HandlerPredicate,
): ConfigFile {
  return {
    path,
    add: (text) => upsertNestedHooks(text ?? '', path, [...hooksPath], groups, ours),
    remove: (text, original) => removeNestedHooks(text, path, [...hooksPath], ours, original),
    isEmpty: isEmptyDocument,
  };
}

/** Hooks as plain handler lists: `{event: [handler]}` under `hooksPath`. */
export function flatHooksFile(
  path: string,
  hooksPath: readonly string[],
  handlers: Readonly<Record<string, unknown>>,
  ours: HandlerPredicate,
): ConfigFile {
  return {
    path,
    add: (text) => upsertFlatHooks(text ?? '', path, [...hooksPath], handlers, ours),
    remove: (text, original) => removeFlatHooks(text, path, [...hooksPath], ours, original),
    isEmpty: isEmptyDocument,
  };
}

/** One value at `keyPath` that is ours (an MCP server entry, a format version). */
export function keyedEntryFile(path: string, keyPath: readonly string[], value: unknown): ConfigFile {
  return {
    path,
    add: (text) => upsertKey(text ?? '', path, [...keyPath], value),
    remove: (text, original) => restoreKey(text, path, [...keyPath], original),
    isEmpty: isEmptyDocument,
  };
}

/**
 * Several edits of one file, applied in order (and undone in reverse), e.g. Gemini CLI keeps hooks
 * and MCP servers in the same settings.json.
 */
export function composedFile(path: string, parts: readonly ConfigFile[]): ConfigFile {
  return {
    path,
    add: (text) => parts.reduce<string | undefined>((t, p) => p.add(t), text) ?? '',
    remove: (text, original) => [...parts].reverse().reduce((t, p) => p.remove(t, original), text),
    isEmpty: (text) => parts.every((p) => p.isEmpty(text)),
  };
}

/**
 * A file whose whole content is ours (a rules file, a plugin). An existing file that does not carry
 * `marker` belongs to someone else and is never overwritten; removing our file leaves it empty, so a
 * file we created is deleted.
 */
export function ownedFile(path: string, content: string, marker: string): ConfigFile {
  const isOurs = (text: string): boolean => text.includes(marker);
  return {
    path,
    add(text) {
      if (text !== undefined && text.trim() !== '' && !isOurs(text)) {
        throw new InstallError('UNSAFE_EDIT', `${path} already exists and was not written by mnemo; move it aside and run the command again. Nothing was changed.`, path);
      }
      return content;
    },
    remove: (text, original) => (isOurs(text) ? original ?? '' : text),
    isEmpty: (text) => text.trim() === '',
  };
}
