/**
 * @module store/project-tag
 * A short tag of a project path (FNV-1a, 32 bits, 8 hex digits) for file names: spool files end with
 * their project's tag, and each project's generation token is named after it. Two projects sharing a
 * tag only ever cost a reader extra work (a fold, an index built anew), never a wrong answer.
 */
export function projectTag(project: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < project.length; i++) h = Math.imul(h ^ project.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}
