/**
 * @module team/search
 * Searching the team server, for what is not mirrored here (`mnemo search --team`, the MCP `search`
 * with `server: true`): the projects a large team shares that this machine does not. Local project
 * paths become project keys (a shared project's own key, else its git remote), so `--project` and the
 * current project mean the same as in a local search.
 */
import type { TeamScope, TeamSearchHit, TeamSearchQuery, TeamServer } from '../core/team/contract.ts';
import type { ObsType } from '../core/types.ts';
import type { TeamLedger } from '../store/sqlite/team/ledger.ts';
import { projectKeyOf } from './remote.ts';

export interface TeamSearchInput {
  readonly query: string;
  readonly scope?: TeamScope;
  readonly limit?: number;
  /** Local project paths (canonical). */
  readonly project?: string;
  readonly currentProject?: string;
  readonly types?: readonly ObsType[];
  readonly platform?: string;
  readonly since?: number;
  readonly until?: number;
}

/** The project key of a local project: its share's, else its git remote's. */
export function keyOfProject(ledger: TeamLedger, project: string): string | undefined {
  return ledger.shares().find((s) => s.project === project)?.identity ?? projectKeyOf(project)?.key;
}

/** What a search of the server reads of this machine's store: its team ledger, and its vocabulary for katakana words. */
export interface SearchingStore {
  readonly team: TeamLedger;
  loanwordsFor(query: string): Promise<Readonly<Record<string, readonly string[]>>>;
}

export async function searchServer(server: TeamServer, local: SearchingStore, q: TeamSearchInput): Promise<TeamSearchHit[]> {
  const ledger = local.team;
  const project = q.project === undefined ? undefined : keyOfProject(ledger, q.project);
  if (q.project !== undefined && project === undefined) return []; // a project with no key has nothing on the server
  const current = q.currentProject === undefined ? undefined : keyOfProject(ledger, q.currentProject);
  const loanwords = await local.loanwordsFor(q.query);
  const query: TeamSearchQuery = {
    query: q.query,
    scope: q.scope ?? 'all',
    limit: Math.min(Math.max(q.limit ?? 20, 1), 100),
    ...(project ? { projects: [project] } : {}),
    ...(current ? { currentProject: current } : {}),
    ...(q.types?.length ? { types: q.types } : {}),
    ...(q.platform ? { assistant: q.platform } : {}),
    ...(q.since !== undefined ? { since: q.since } : {}),
    ...(q.until !== undefined ? { until: q.until } : {}),
    ...(Object.keys(loanwords).length ? { loanwords } : {}),
  };
  return server.search(query);
}
