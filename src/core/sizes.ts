/**
 * @module core/sizes
 * A byte count as a reader wants it beside a binary part (an image, a PDF, bytes printed to stdout):
 * whole kilobytes, at least 1, so a small image never reads as "0 KB".
 */
export function kilobytes(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
