/**
 * @module core/extract/text
 * String helpers shared by the extractors: bounded, redacted, single-line gists. Every piece of
 * text that ends up in an event goes through `gist`, which redacts before it clips, so a clip can
 * never cut a secret in half and leave an unrecognizable (and so unredacted) fragment.
 */
import { redactText } from '../privacy/redact.ts';
import { collapseSpaces } from '../spaces.ts';
import { MAX_DATA_CHARS } from './types.ts';

const PLACEHOLDER_OPEN = '[REDACTED:';

/** Collapse whitespace runs (newlines included) into single spaces. */
export function oneLine(s: string): string {
  return collapseSpaces(s).trim();
}

/**
 * Cut to at most `max` UTF-16 units, ending with `…` when cut. Never splits a surrogate pair or a
 * `[REDACTED:…]` placeholder.
 */
export function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  if (max <= 1) return '…'.slice(0, max);
  let cut = max - 1;
  const code = s.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut--;
  const open = s.lastIndexOf(PLACEHOLDER_OPEN, cut);
  if (open >= 0 && open > cut - 40 && s.indexOf(']', open) >= cut) cut = open;
  return s.slice(0, cut).trimEnd() + '…';
}

/**
 * A redacted one-line excerpt of at most `max` chars. Only a bounded window of a long input is
 * redacted (a 100 KB file written by Write needs 300 chars, not a full scan); the window is cut
 * back to a whitespace boundary so no partial token reaches the redactor.
 */
export function gist(s: string, max = MAX_DATA_CHARS): string {
  const window = Math.max(max * 4, 1200);
  let part = s;
  if (part.length > window) {
    part = part.slice(0, window);
    const ws = Math.max(part.lastIndexOf(' '), part.lastIndexOf('\n'), part.lastIndexOf('\t'));
    if (ws > window / 2) part = part.slice(0, ws);
  }
  // NUL bytes (a binary file's name or output) would be mangled or rejected by a store.
  return clip(oneLine(redactText(part.includes('\u0000') ? part.replaceAll('\u0000', '') : part)), max);
}

/** Number of code points (what a reader counts as characters, emoji and CJK included). */
export function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

/** The last path segment: `/a/b/c.ts` → `c.ts` (both separators). */
export function baseName(path: string): string {
  const i = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return i >= 0 ? path.slice(i + 1) : path;
}

/** Make an absolute path relative to `cwd` when it lies inside it; shorter events, same meaning. */
export function shortPath(path: string, cwd?: string): string {
  if (!cwd || cwd.length < 2) return path;
  const base = cwd.endsWith('/') || cwd.endsWith('\\') ? cwd : cwd + (cwd.includes('\\') && !cwd.includes('/') ? '\\' : '/');
  return path.startsWith(base) && path.length > base.length ? path.slice(base.length) : path;
}
