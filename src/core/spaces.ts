/**
 * @module core/spaces
 * Whitespace runs collapsed to single spaces, exactly as `s.replace(/\s+/g, ' ')`, but several times
 * cheaper on ordinary text: that pattern matches (and rebuilds the string around) every lone space,
 * which already is what it becomes. Only runs of two or more whitespace characters and lone
 * whitespace other than a space are matched here; a longer run matches from its first character,
 * so each run is still replaced whole.
 */
const SPACE_RUN_RE = /\s{2,}|[^\S ]/g;

export function collapseSpaces(s: string): string {
  return s.replace(SPACE_RUN_RE, ' ');
}
