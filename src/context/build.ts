/**
 * @module context/build
 * Gathers what the SessionStart injection needs from the store — the compaction snapshot when the
 * session restarts compacted, the last session's brief summary, the index of recent observations —
 * and renders it within the budget, closing with how much raw history it stands for.
 * Shared by the hook, the `context` MCP tool and `mnemo context`.
 */
import type { ResolvedConfig } from '../config/config.ts';
import { renderContext } from '../core/context/render.ts';
import { phrasesFor } from '../core/summarize/phrases.ts';
import { projectName } from '../hooks/place.ts';
import type { Store } from '../store/store.ts';

export interface ContextOptions {
  /** SessionStart's source: `compact` brings the snapshot taken at PreCompact. */
  readonly source?: string;
  /** The session being started (its own summary is not "the last session"). */
  readonly platform?: string;
  readonly externalSessionId?: string;
}

/** 12,345 — by hand: the first toLocaleString in a process starts the locale library (10+ ms). */
const grouped = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
/** Rough tokens for a character count (≈4 characters a token for code and English). */
const tokens = (chars: number) => grouped(chars / 4);

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export async function buildContext(
  store: Store,
  cfg: Pick<ResolvedConfig, 'contextBudget' | 'contextWindow'>,
  project: string,
  opts: ContextOptions = {},
): Promise<string> {
  const current = opts.externalSessionId && opts.platform ? await store.getSessionByExternalId(opts.platform, opts.externalSessionId) : undefined;
  const preamble: string[] = [];
  if (opts.source === 'compact' && opts.platform && opts.externalSessionId) {
    const snapshot = await store.takeSnapshot(opts.platform, opts.externalSessionId);
    if (snapshot) preamble.push('', ...snapshot.split('\n'));
  }
  const last = await store.latestSummary(project, current?.id);
  if (last) {
    const when = day(last.session.endedAt ?? last.summary.createdAt);
    // In the user's language, the brief's own sections one level down so the block reads as one unit.
    const heading = phrasesFor(last.summary.language).lastSession;
    const brief = last.summary.brief.split('\n').map((l) => (l.startsWith('## ') ? `#${l}` : l));
    preamble.push('', `## ${heading} (${when} · ${last.session.observationCount} · ${last.summary.provider})`, ...brief);
  }
  const [observations, volume, teammates] = await Promise.all([
    store.recentForContext({ project, window: cfg.contextWindow }),
    store.projectVolume(project),
    store.recentFromTeammates({ project, window: cfg.contextWindow }),
  ]);
  return renderContext({
    projectName: projectName(project),
    observations,
    teammates,
    budget: cfg.contextBudget,
    preamble,
    footer: (_shown, chars) =>
      `This injection (≈${tokens(chars)} tokens) stands for ${grouped(volume.observations)} stored observations (≈${tokens(volume.chars)} tokens of raw history).`,
  }).text;
}
