/**
 * @module core/extract/rule-files
 * Which files are instructions to an assistant. Anchored on the file name (and, for folders of
 * rules, the folder), so `MYCLAUDE.md` or `docs/claude.md.bak` are not rules while every
 * assistant's real instruction files are: Claude Code, Codex, Gemini, Qwen, Kiro, Copilot,
 * Cursor, Windsurf, Cline and the generic `memory/` notes.
 */

/** Instruction files recognised by exact base name, wherever they sit. */
const RULE_FILE_NAMES: ReadonlySet<string> = new Set([
  'claude.md', 'claude.local.md', 'agents.md', 'agents.override.md', 'gemini.md', 'qwen.md',
  'kiro.md', '.cursorrules', '.windsurfrules', '.clinerules',
]);

/** Whole folders of rule files: `<dir>/…/<name>.<ext>`. */
const RULE_DIR_RE = new RegExp(
  [
    '(?:^|/)\\.claude/(?:[^/]+/)*[^/]+\\.(?:md|mdc|json|txt)$', // .claude/ settings, commands, agents, rules
    '(?:^|/)\\.github/instructions/(?:[^/]+/)*[^/]+\\.md$',
    '(?:^|/)\\.github/copilot-instructions\\.md$',
    '(?:^|/)\\.cursor/rules/(?:[^/]+/)*[^/]+\\.mdc?$',
    '(?:^|/)\\.cursor/[^/]+\\.mdc$',
    '(?:^|/)\\.windsurf/rules/(?:[^/]+/)*[^/]+\\.md$',
    '(?:^|/)\\.clinerules/(?:[^/]+/)*[^/]+\\.md$',
    '(?:^|/)\\.kiro/steering/(?:[^/]+/)*[^/]+\\.md$',
    '(?:^|/)\\.(?:codex|gemini|qwen|kiro)/(?:[^/]+/)*[^/]+\\.md$',
    '(?:^|/)memory/[^/]+\\.md$',
  ].join('|'),
);
const BACKSLASH_RE = /\\/g;
/** Things under `.claude/` that are state, not instructions. */
const NOT_RULE_RE = /(?:^|\/)\.claude\/(?:projects|plans|todos|shell-snapshots|statsig|ide|logs|cache|plugins\/cache|local)\//;

/** True when `path` is an instruction file of some assistant. `CLAUDE.md` yes, `MYCLAUDE.md` no. */
export function isRuleFile(path: string): boolean {
  if (typeof path !== 'string' || path.length === 0 || path.length > 4096) return false;
  const p = path.replace(BACKSLASH_RE, '/');
  const slash = p.lastIndexOf('/');
  const base = (slash >= 0 ? p.slice(slash + 1) : p).toLowerCase();
  if (RULE_FILE_NAMES.has(base)) return true;
  if (NOT_RULE_RE.test(p)) return false;
  return RULE_DIR_RE.test(p);
}
