/**
 * @module viewer/insights
 * The numbers behind the Insights screen: activity per day, where the memory comes from, what it is
 * made of, the most-touched files, and how much raw history the SessionStart index stands for.
 * Each query is index-only or bounded to the newest rows, and the answer is cached for a few
 * seconds, so a store of millions of observations keeps the page interactive.
 */
import type { ResolvedConfig } from '../config/config.ts';
import { buildContext } from '../context/build.ts';
import type { Store } from '../store/store.ts';
import type { InsightsResponse, StatsResponse } from './api-types.ts';

/** Newest observations sampled for the type mix and the most-touched files. */
export const INSIGHT_SAMPLE = 50_000;
/** Projects whose history is weighed against their injection. */
const CONTEXT_PROJECTS = 6;
const CACHE_MS = 10_000;

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Computes the Insights answer on demand and keeps it for a few seconds per range. */
export class Insights {
  readonly #store: Store;
  readonly #config: Pick<ResolvedConfig, 'contextBudget' | 'contextWindow'>;
  readonly #stats: () => Promise<StatsResponse>;
  readonly #cache = new Map<string, { at: number; value: Promise<InsightsResponse> }>();

  constructor(store: Store, config: Pick<ResolvedConfig, 'contextBudget' | 'contextWindow'>, stats: () => Promise<StatsResponse>) {
    this.#store = store;
    this.#config = config;
    this.#stats = stats;
  }

  /** Forget cached answers (after records were forgotten). */
  invalidate(): void {
    this.#cache.clear();
  }

  get(days: number, utcOffsetMinutes: number, now = Date.now()): Promise<InsightsResponse> {
    const key = `${days}:${utcOffsetMinutes}`;
    const hit = this.#cache.get(key);
    if (hit && now - hit.at < CACHE_MS) return hit.value;
    const value = this.#compute(days, utcOffsetMinutes, now);
    this.#cache.set(key, { at: now, value });
    value.catch(() => this.#cache.delete(key));
    return value;
  }

  async #compute(days: number, utcOffsetMinutes: number, now: number): Promise<InsightsResponse> {
    const t0 = performance.now();
    const store = this.#store;
    // Local midnight `days - 1` days ago, so the first bar is a whole day.
    const offsetMs = utcOffsetMinutes * 60_000;
    const since = Math.floor((now + offsetMs) / 86_400_000 - (days - 1)) * 86_400_000 - offsetMs;
    // One query at a time with a turn of the event loop between them: the store is synchronous
    // underneath, and the feed, search and live stream must not wait for all of this at once.
    const activity = await store.activity({ since, utcOffsetMinutes });
    await yieldTurn();
    const breakdown = await store.breakdown();
    await yieldTurn();
    const types = await store.typeMix({ scan: INSIGHT_SAMPLE });
    await yieldTurn();
    const files = await store.topFiles({ limit: 15, scan: INSIGHT_SAMPLE });
    await yieldTurn();
    const db = await this.#stats();
    const context = [];
    for (const p of breakdown.projects.slice(0, CONTEXT_PROJECTS)) {
      await yieldTurn();
      const [volume, injected] = await Promise.all([store.projectVolume(p.project), buildContext(store, this.#config, p.project)]);
      context.push({ project: p.project, observations: volume.observations, historyChars: volume.chars, injectedChars: injected.length });
    }
    return {
      days,
      activity,
      projects: breakdown.projects,
      platforms: breakdown.platforms,
      types,
      typeSample: Math.min(INSIGHT_SAMPLE, db.observations),
      files,
      fileSample: Math.min(INSIGHT_SAMPLE, db.observations),
      context,
      db,
      computedAt: now,
      tookMs: Math.round(performance.now() - t0),
    };
  }
}
