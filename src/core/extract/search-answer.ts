/**
 * @module core/extract/search-answer
 * What a search call says beyond its pattern, read alike by its title (core/titles) and its extracted
 * event (extract/tools/files): whether its folder is the project itself, and the count a host states
 * in a text answer. Pure: no I/O.
 */

const TRAILING_SEPARATORS_RE = /[\\/]+$/;

/** Whether a search's folder is `.` or the project itself: where every search looks by default, so naming it says nothing. */
export function isProjectRoot(folder: string, root: string | undefined): boolean {
  return folder === '.' || folder.replace(TRAILING_SEPARATORS_RE, '') === root?.replace(TRAILING_SEPARATORS_RE, '');
}

/** A count a host states, and what it counted when it says (files or matches). */
export interface StatedCount {
  readonly n: number;
  readonly of?: 'file' | 'match';
}

/** The count a host states in a text answer (Gemini: `Found 3 file(s) matching …`, `Found 4 matches …`, `No files found`). */
export function statedCount(response: unknown): StatedCount | undefined {
  const llm = response !== null && typeof response === 'object' ? (response as Record<string, unknown>).llmContent : undefined;
  const text = typeof response === 'string' ? response : typeof llm === 'string' ? llm : '';
  const m = /^(?:Found (\d+) (?:(?:matching )?(file|match))?|No files found)/m.exec(text.slice(0, 400));
  if (!m) return undefined;
  return m[1] === undefined ? { n: 0, of: 'file' } : { n: Number(m[1]), ...(m[2] ? { of: m[2] as 'file' | 'match' } : {}) };
}
