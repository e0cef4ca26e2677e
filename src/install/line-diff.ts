/**
 * @module install/line-diff
 * The unified diff a --dry-run prints, so a user can read exactly what would change in their files
 * before anything is written.
 */
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';

/**
 * A unified diff from `before` to `after` of the file at `path`; undefined sides stand for a file that
 * does not exist (shown as /dev/null). Empty when nothing changes.
 */
export function unifiedDiff(path: string, before: string | undefined, after: string | undefined): string {
  if (before === after) return '';
  return createTwoFilesPatch(
    before === undefined ? '/dev/null' : path,
    after === undefined ? '/dev/null' : path,
    before ?? '',
    after ?? '',
    undefined,
    undefined,
    { context: 3, headerOptions: FILE_HEADERS_ONLY },
  );
}
