/**
 * @module core/extract/compress/diff
 * A diff keeps its changed hunks: file headers, hunk headers and the added and removed lines;
 * unchanged context goes. Also renders an Edit's structured patch or old/new strings as a diff.
 */
import { asRecord, arr, str } from '../fields.ts';

const DIFF_START_RE = /^(?:diff --git |--- |\+\+\+ |@@ |Index: )/m;

/** True when the text contains a unified diff (a header and at least one `@@` hunk). */
export function looksLikeDiff(text: string): boolean {
  const m = DIFF_START_RE.exec(text.slice(0, 20_000));
  return m !== null && /^@@ .* @@/m.test(text.slice(0, 200_000));
}

/** Keep headers and +/- lines of a unified diff. */
export function changedHunks(diff: string): string {
  const out: string[] = [];
  for (const line of diff.split('\n')) {
    if (
      line.startsWith('diff --git') || line.startsWith('+++ ') || line.startsWith('--- ') || line.startsWith('@@') ||
      line.startsWith('rename ') || line.startsWith('new file') || line.startsWith('deleted file') ||
      ((line.startsWith('+') || line.startsWith('-')) && !line.startsWith('+++') && !line.startsWith('---'))
    ) {
      out.push(line);
    }
  }
  return out.join('\n');
}

/** A diff for an Edit/MultiEdit: from `structuredPatch` hunks when present, else old → new. */
export function editDiff(input: Record<string, unknown>, response: unknown): string {
  const hunks = arr(asRecord(response), 'structuredPatch');
  const lines: string[] = [];
  if (hunks && hunks.length > 0) {
    for (const h of hunks.slice(0, 50)) {
      const r = asRecord(h);
      if (!r) continue;
      lines.push(`@@ -${r['oldStart']},${r['oldLines']} +${r['newStart']},${r['newLines']} @@`);
      for (const l of arr(r, 'lines') ?? []) if (typeof l === 'string' && (l.startsWith('+') || l.startsWith('-'))) lines.push(l);
    }
    return lines.join('\n');
  }
  const edits = arr(input, 'edits') ?? [input];
  for (const e of edits.slice(0, 50)) {
    const r = asRecord(e);
    const oldS = str(r, 'old_string', 'oldString') ?? '';
    const newS = str(r, 'new_string', 'newString') ?? '';
    if (!oldS && !newS) continue;
    lines.push('@@');
    for (const l of oldS.split('\n')) lines.push(`-${l}`);
    for (const l of newS.split('\n')) lines.push(`+${l}`);
  }
  return lines.join('\n');
}
