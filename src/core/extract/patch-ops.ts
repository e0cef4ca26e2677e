/**
 * @module core/extract/patch-ops
 * The files a patch touches (Codex `*** Update File:` patches and unified diffs), small enough for
 * the hook bundle: titles and the apply_patch extractor both read patches through it.
 */

const PATCH_OP_RE = /^\*\*\* (Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$|^\+\+\+ (?:b\/)?(.+)$|^--- (?:a\/)?(.+)$/gm;

export type PatchOp = { op: 'add' | 'update' | 'delete' | 'move'; path: string };

/** The patch text of an apply_patch input, whichever field the host put it in. */
export function patchTextOf(input: Record<string, unknown> | undefined): string {
  if (!input) return '';
  for (const k of ['input', 'patch', 'patchText', 'patch_text', 'command', 'diff']) {
    const v = input[k];
    if (typeof v === 'string' && v.length > 0) return v;
  }
  return '';
}

/** Files touched by a Codex-style (`*** Update File:`) or unified (`+++ b/…`) patch. */
export function patchOps(patch: string): PatchOp[] {
  const out: PatchOp[] = [];
  let minus: string | undefined;
  PATCH_OP_RE.lastIndex = 0;
  const text = patch.length > 200_000 ? patch.slice(0, 200_000) : patch;
  let m: RegExpExecArray | null;
  while ((m = PATCH_OP_RE.exec(text)) !== null && out.length < 50) {
    if (m[1]) out.push({ op: m[1].toLowerCase() as 'add' | 'update' | 'delete', path: m[2]!.trim() });
    else if (m[3]) out.push({ op: 'move', path: m[3].trim() });
    else if (m[5] !== undefined) minus = m[5].trim();
    else if (m[4] !== undefined) {
      const plus = m[4].trim();
      if (plus === '/dev/null' && minus) out.push({ op: 'delete', path: minus });
      else if (minus === '/dev/null') out.push({ op: 'add', path: plus });
      else out.push({ op: 'update', path: plus });
      minus = undefined;
    }
  }
  return out;
}
