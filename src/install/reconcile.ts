/**
 * @module install/reconcile
 * The decisions of install and uninstall, as pure functions of what the files hold now and what the
 * manifest remembers. Keeping them free of I/O lets the engine compute everything (and refuse a
 * broken file) before it writes a single byte, and lets --dry-run show exactly what a real run does.
 */
import type { ConfigFile, FileAction } from './types.ts';
import { fromBase64, sha256, toBase64, type Manifest, type ManifestFile } from './manifest.ts';
import { decodeText, encodeText } from './text-codec.ts';
import { unifiedDiff } from './line-diff.ts';

/** One file to write (`after`), delete (`after` undefined) or leave. */
export interface FileOp {
  readonly path: string;
  readonly action: FileAction;
  readonly method?: 'exact' | 'surgical';
  readonly after: Uint8Array | undefined;
  readonly diff: string;
}

/** A file's current bytes, undefined when it does not exist. */
export type Snapshot = ReadonlyMap<string, Uint8Array | undefined>;

/** What install will do, and the manifest entries that record it (new `createdDirs` are the engine's). */
export interface InstallPlan {
  readonly ops: readonly FileOp[];
  readonly entries: readonly ManifestFile[];
}

/** What uninstall will do, and which created folders to try removing afterwards. */
export interface UninstallPlan {
  readonly ops: readonly FileOp[];
  readonly dirsToRemove: readonly string[];
  readonly notes: readonly string[];
}

/** Text for a diff, tolerant of bytes we are only displaying. */
function show(bytes: Uint8Array | undefined): string | undefined {
  return bytes === undefined ? undefined : new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Original text from a manifest entry (for surgical removal), undefined when we created the file. */
function originalText(e: ManifestFile): string | undefined {
  return e.existed && e.original !== undefined ? decodeText(fromBase64(e.original), e.path).text : undefined;
}

/**
 * The manifest entry for a file we are about to (re)write. The original bytes of the first install
 * are kept while the file still holds exactly what we wrote; once the user has edited it, the
 * "original" becomes their current file minus our entries, so a later exact restore keeps their edits.
 */
function entryFor(
  file: ConfigFile,
  current: Uint8Array | undefined,
  next: Uint8Array,
  previous: ManifestFile | undefined,
): ManifestFile {
  const written = sha256(next);
  if (current === undefined) return { path: file.path, existed: false, written, createdDirs: previous?.createdDirs ?? [] };
  if (!previous) {
    // No record: the file as it is now is what uninstall gives back, byte for byte; unless it already
    // holds exactly our entries (a lost manifest), when only the file without them can be the original.
    if (!sameBytes(current, next)) return { path: file.path, existed: true, original: toBase64(current), written, createdDirs: [] };
    const cur = decodeText(current, file.path);
    return { path: file.path, existed: true, original: toBase64(encodeText(file.remove(cur.text, undefined), cur.bom)), written, createdDirs: [] };
  }
  if (sha256(current) === previous.written) return { ...previous, written };
  const cur = decodeText(current, file.path);
  const base = file.remove(cur.text, originalText(previous));
  if (!previous.existed && file.isEmpty(base)) return { ...previous, written };
  return { path: file.path, existed: true, original: toBase64(encodeText(base, cur.bom)), written, createdDirs: [] };
}

/**
 * Decides every file's new content. Throws (an InstallError from a spec) before anything is written
 * when a file cannot be edited safely.
 */
export function planInstall(files: readonly ConfigFile[], snapshot: Snapshot, manifest: Manifest | undefined): InstallPlan {
  const previous = new Map(manifest?.files.map((e) => [e.path, e]) ?? []);
  const ops: FileOp[] = [];
  const entries: ManifestFile[] = [];
  for (const file of files) {
    const current = snapshot.get(file.path);
    const decoded = current === undefined ? undefined : decodeText(current, file.path);
    const nextText = file.add(decoded?.text);
    const next = encodeText(nextText, decoded?.bom ?? false);
    const action: FileAction = current === undefined ? 'create' : sameBytes(current, next) ? 'unchanged' : 'modify';
    ops.push({ path: file.path, action, after: action === 'unchanged' ? undefined : next, diff: unifiedDiff(file.path, show(current), show(next)) });
    entries.push(entryFor(file, current, next, previous.get(file.path)));
    previous.delete(file.path);
  }
  // Files an earlier version of the spec touched stay recorded, so uninstall still undoes them.
  return { ops, entries: [...entries, ...previous.values()] };
}

/**
 * Decides how to undo an install: exact restore (or deletion) of files untouched since, surgical
 * removal of our entries from files the user changed, nothing for files the user deleted.
 */
export function planUninstall(files: readonly ConfigFile[], snapshot: Snapshot, manifest: Manifest): UninstallPlan {
  const specs = new Map(files.map((f) => [f.path, f]));
  const ops: FileOp[] = [];
  const dirsToRemove: string[] = [];
  const notes: string[] = [];
  for (const e of manifest.files) {
    const current = snapshot.get(e.path);
    if (current === undefined) {
      if (e.existed) notes.push(`${e.path} no longer exists; it was left absent.`);
      else dirsToRemove.push(...e.createdDirs);
      ops.push({ path: e.path, action: 'unchanged', after: undefined, diff: '' });
      continue;
    }
    if (sha256(current) === e.written) {
      if (e.existed && e.original !== undefined) {
        const orig = fromBase64(e.original);
        ops.push({ path: e.path, action: 'restore', method: 'exact', after: orig, diff: unifiedDiff(e.path, show(current), show(orig)) });
      } else {
        ops.push({ path: e.path, action: 'delete', method: 'exact', after: undefined, diff: unifiedDiff(e.path, show(current), undefined) });
        dirsToRemove.push(...e.createdDirs);
      }
      continue;
    }
    const spec = specs.get(e.path);
    if (!spec) {
      notes.push(`${e.path} changed since install and mnemo no longer knows its format; it was left as it is.`);
      ops.push({ path: e.path, action: 'unchanged', after: undefined, diff: '' });
      continue;
    }
    const cur = decodeText(current, e.path);
    const text = spec.remove(cur.text, originalText(e));
    if (!e.existed && spec.isEmpty(text)) {
      ops.push({ path: e.path, action: 'delete', method: 'surgical', after: undefined, diff: unifiedDiff(e.path, cur.text, undefined) });
      dirsToRemove.push(...e.createdDirs);
    } else if (text === cur.text) {
      ops.push({ path: e.path, action: 'unchanged', after: undefined, diff: '' });
    } else {
      ops.push({ path: e.path, action: 'modify', method: 'surgical', after: encodeText(text, cur.bom), diff: unifiedDiff(e.path, cur.text, text) });
    }
  }
  return { ops, dirsToRemove, notes };
}
