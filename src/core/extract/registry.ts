/**
 * @module core/extract/registry
 * The ordered list of tool extractors. Order is the order events come out in: what the call
 * did first (rules before the read that carried them), then failures, then references.
 */
import type { Extractor } from './context.ts';
import { editExtractor, globExtractor, grepExtractor, patchExtractor, readExtractor, writeExtractor } from './tools/files.ts';
import { shellExtractor } from './tools/shell.ts';
import { taskCreateExtractor, taskUpdateExtractor, todoExtractor } from './tools/tasks.ts';
import { planExtractor } from './tools/plan.ts';
import { agentExtractor, skillExtractor } from './tools/agents.ts';
import { mcpExtractor } from './tools/mcp.ts';
import { askExtractor, worktreeExtractor } from './tools/misc.ts';
import { failureExtractor } from './tools/failures.ts';
import { refsExtractor } from './tools/refs.ts';

/** Every tool extractor, in output order; a new tool means one new entry here. */
export const TOOL_EXTRACTORS: readonly Extractor[] = [
  readExtractor,
  editExtractor,
  writeExtractor,
  patchExtractor,
  globExtractor,
  grepExtractor,
  shellExtractor,
  todoExtractor,
  taskCreateExtractor,
  taskUpdateExtractor,
  planExtractor,
  skillExtractor,
  agentExtractor,
  mcpExtractor,
  askExtractor,
  worktreeExtractor,
  failureExtractor,
  refsExtractor,
];
