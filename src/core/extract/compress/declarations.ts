/**
 * @module core/extract/compress/declarations
 * Which lines of a file are declarations, imports or headings (compress/read keeps them first).
 */

/**
 * A declaration, import or heading at the start of a line (after its number, if any). One global
 * search over the whole text rather than a sticky test of each line: V8 runs a regex on a short
 * string through its bytecode interpreter first, and compiling this alternation to bytecode cost
 * a hook process 1.5 ms; a long text gets machine code at once. It finds exactly the lines a test of
 * each line with `\s*\d+[→\t]` then `\s*(?:export\s|…)` finds: a match starts only at a line's start
 * (`(?<![^\n])`, not `^` with `m`, which a `\r` would also satisfy), and `[^\S\n]` is `\s` that
 * cannot run on into the next line. Lines are numbered by their start: a number cannot also be a
 * declaration, so trying the declaration at the line's start after a numbered one fails as it should.
 */
const DECLARATION_LINE_RE =
  /(?<![^\n])(?:[^\S\n]*\d+[\u2192\t])?[^\S\n]*(?:export[^\S\n]|import[^\S\n]|from[^\S\n]\S+[^\S\n]import|(?:pub(?:\([^)\n]*\))?[^\S\n]+)?(?:async[^\S\n]+)?(?:function|def|class|interface|type|struct|enum|trait|impl|fn|func|module|defmodule|defp?|package|const[^\S\n]+[A-Z_]{2,}|public|private|protected|@\w+)\b|#{1,6}[^\S\n])/g;

/**
 * Whether line `i` of `text` is a declaration line, for `i` asked in ascending order; `lines` is
 * `text.split('\n')`. The search goes only as far as the lines asked about.
 */
export function declarationLines(text: string, lines: readonly string[]): (i: number) => boolean {
  let line = 0;
  let lineStart = 0;
  /** The line of the last match; Infinity once there are no more. */
  let found = -1;
  DECLARATION_LINE_RE.lastIndex = 0;
  return (i) => {
    while (found < i) {
      const m = DECLARATION_LINE_RE.exec(text);
      if (!m) {
        found = Infinity;
        break;
      }
      while (lineStart < m.index) lineStart += lines[line++]!.length + 1;
      found = line;
    }
    return found === i;
  };
}

