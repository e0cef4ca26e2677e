/**
 * @module core/extract/compress/read
 * A file read keeps its path and the lines that matter: declarations (functions, classes, types,
 * exports), imports, headings and TODO/FIXME notes, each with its line number, then as much of
 * the top of the file as still fits. What was dropped is counted.
 */
import { countLines } from '../tools/files.ts';
import { declarationLines } from './declarations.ts';

// Tried where the line's own text starts (after a `  12→` number), so no line is copied to drop it.
// The arrow is escaped: the hook bundle stays ASCII (see hooks/code-cache).
const NUMBER_PREFIX_RE = /\s*\d+[\u2192\t]/y;
const NOTE_RE = /\s*.*\b(?:TODO|FIXME|HACK|XXX|NOTE)\b/y;
/** The note words anywhere: a forward scan, where NOTE_RE backtracks over every line. */
const NOTE_WORD_RE = /TODO|FIXME|HACK|XXX|NOTE/;

/** A line with a note word, from where its own text starts (when the file has any). */
function noteLine(line: string): boolean {
  if (!NOTE_WORD_RE.test(line)) return false;
  NUMBER_PREFIX_RE.lastIndex = 0;
  NOTE_RE.lastIndex = NUMBER_PREFIX_RE.test(line) ? NUMBER_PREFIX_RE.lastIndex : 0;
  return NOTE_RE.test(line);
}
const SCAN_CHARS = 400_000;
const NUMBERED_LINE_RE = /^\s*(\d+)[\u2192\t]/;

/**
 * Compress file content to about `maxChars`. Claude Code numbers lines (`  12→code`); those
 * numbers are kept when present, otherwise lines are numbered from `firstLine`.
 */
export function compressFile(path: string, content: string, maxChars: number, firstLine = 1): string {
  const header = `${path}`;
  if (content.length + header.length + 1 <= maxChars) return `${header}\n${content}`;
  // Huge files: declarations are looked for in the first 400 KB only.
  const scanned = content.length > SCAN_CHARS ? content.slice(0, SCAN_CHARS) : content;
  const lines = scanned.split('\n');
  const totalLines = content.length > SCAN_CHARS ? countLines(content) : lines.length;
  const numbered = lines.slice(0, 5).some((l) => NUMBERED_LINE_RE.test(l));
  const render = (i: number): string => {
    const l = lines[i]!;
    const text = l.length > 200 ? `${l.slice(0, 199)}…` : l;
    return numbered ? text : `${firstLine + i}\t${text}`;
  };
  const keep = new Set<number>();
  let size = header.length + 40;
  const mayHaveNotes = NOTE_WORD_RE.test(content);
  const declaration = declarationLines(scanned, lines);
  for (let i = 0; i < lines.length && size < maxChars * 0.7; i++) {
    if (declaration(i) || (mayHaveNotes && noteLine(lines[i]!))) {
      keep.add(i);
      size += Math.min(lines[i]!.length, 200) + 8;
    }
  }
  for (let i = 0; i < lines.length && size < maxChars; i++) {
    if (keep.has(i)) continue;
    const add = Math.min(lines[i]!.length, 200) + 8;
    if (size + add > maxChars) break;
    keep.add(i);
    size += add;
  }
  const out = [`${header} (${totalLines} lines, showing ${keep.size})`];
  let prev = -1;
  for (const i of [...keep].sort((a, b) => a - b)) {
    if (i > prev + 1) out.push(`… ${i - prev - 1} lines …`);
    out.push(render(i));
    prev = i;
  }
  if (prev < totalLines - 1) out.push(`… ${totalLines - 1 - prev} lines …`);
  return out.join('\n');
}
