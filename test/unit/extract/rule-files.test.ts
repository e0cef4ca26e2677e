import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isRuleFile } from '../../../src/core/extract/index.ts';

const RULES = [
  'CLAUDE.md', '/repo/CLAUDE.md', '/repo/pkg/CLAUDE.md', '/repo/CLAUDE.local.md', '/home/u/.claude/CLAUDE.md',
  '/repo/.claude/settings.json', '/repo/.claude/commands/review.md', '/repo/.claude/agents/tester.md', '/repo/.claude/rules/style.md',
  '/repo/AGENTS.md', '/repo/AGENTS.override.md', '/home/u/.codex/AGENTS.md', '/repo/GEMINI.md', '/home/u/.gemini/GEMINI.md',
  '/repo/QWEN.md', '/repo/KIRO.md', '/repo/.kiro/steering/product.md', '/repo/.github/copilot-instructions.md',
  '/repo/.github/instructions/tests.instructions.md', '/repo/.cursor/rules/python.mdc', '/repo/.cursor/rules/sub/ts.mdc',
  '/repo/.cursorrules', '/repo/.windsurf/rules/naming.md', '/repo/.windsurfrules', '/repo/.clinerules',
  'C:\\repo\\CLAUDE.md', 'C:\\repo\\.cursor\\rules\\a.mdc', '/repo/memory/decisions.md', '/repo/.cursor/context-mode.mdc',
];
const NOT_RULES = [
  '/repo/MYCLAUDE.md', '/repo/CLAUDE.md.bak', '/repo/docs/claude.txt', '/repo/NOTCLAUDE.md', '/repo/AGENTS.txt', '/repo/agents.mdx',
  '/repo/src/claude.ts', '/repo/README.md', '/repo/.github/workflows/ci.yml', '/repo/.github/instructions.md',
  '/repo/.cursor/rules.json', '/home/u/.claude/projects/x/session.jsonl', '/home/u/.claude/plans/plan.md',
  '/repo/.claude/todos/a.json', '/repo/cursorrules', '', 'GEMINI.md.orig',
];

for (const p of RULES) test(`rule file: ${p}`, () => assert.equal(isRuleFile(p), true));
for (const p of NOT_RULES) test(`not a rule file: ${p || '(empty)'}`, () => assert.equal(isRuleFile(p), false));
