/**
 * @module context/build
 * Gathers what the SessionStart index needs from the store and renders it within the budget.
 * Shared by the hook, the `context` MCP tool and `mnemo context`.
 */
import type { ResolvedConfig } from '../config/config.ts';
import { renderContext } from '../core/context/render.ts';
import { projectName } from '../hooks/place.ts';
import type { Store } from '../store/store.ts';

export async function buildContext(store: Store, cfg: Pick<ResolvedConfig, 'contextBudget' | 'contextWindow'>, project: string): Promise<string> {
  const observations = await store.recentForContext({ project, window: cfg.contextWindow });
  return renderContext({ projectName: projectName(project), observations, budget: cfg.contextBudget }).text;
}
