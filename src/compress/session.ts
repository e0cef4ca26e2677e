/**
 * @module compress/session
 * Turning a finished session into its summaries, and keeping them current. The heuristic summary
 * is written synchronously (it is fast enough for SessionEnd's shared 1.5 s budget); an LLM summary,
 * when configured, runs later in a detached process and replaces it only when it succeeds.
 */
import { startCliInBackground } from '../background.ts';
import type { ResolvedConfig } from '../config/config.ts';
import { summarizeHeuristically } from '../core/summarize/heuristic.ts';
import { oneLine } from '../core/titles.ts';
import type { Observation, Session, SessionSummary } from '../core/types.ts';
import { logTo } from '../log.ts';
import type { Store } from '../store/store.ts';
import { resolveLlmSettings } from '../llm/settings.ts';

/** Failures the extraction state still holds open at the end of a session. */
function pendingErrors(state: unknown): string[] | undefined {
  const errors = (state as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return undefined;
  return errors.map((e) => (e && typeof e === 'object' && typeof (e as { d?: unknown }).d === 'string' ? (e as { d: string }).d : '')).filter(Boolean);
}

async function inputsFor(store: Store, session: Session) {
  const observations = await store.sessionObservations(session.id);
  const events = await store.eventsFor({ sessionId: session.id });
  const pending = pendingErrors(await store.sessionState(session.id));
  return { observations, events, ...(pending ? { pendingErrors: pending } : {}), project: session.project };
}

/** Write (or refresh) the heuristic summary. Returns undefined for a session with nothing to say. */
export async function summarizeSessionHeuristically(store: Store, session: Session): Promise<SessionSummary | undefined> {
  const summary = await heuristicSummary(store, session);
  if (summary) await store.saveSummary(session.id, summary);
  return summary;
}

/** The heuristic summary of a session as stored now, not saved (undefined: nothing to say). */
export async function heuristicSummary(store: Store, session: Session): Promise<SessionSummary | undefined> {
  const input = await inputsFor(store, session);
  if (input.observations.length === 0) return undefined;
  const h = summarizeHeuristically(input);
  const summary: SessionSummary = {
    brief: h.brief,
    detailed: h.detailed,
    language: h.language,
    provider: 'heuristic',
    inputTokens: 0,
    outputTokens: 0,
    observationCount: input.observations.length,
    createdAt: Date.now(),
  };
  return summary;
}

const DIGEST_CHARS = 24_000;

/** The session as text for an LLM: already redacted at capture, private rows excluded. */
export function digestOf(observations: readonly Observation[]): string {
  const lines: string[] = [];
  let used = 0;
  for (const o of observations) {
    const body = o.type === 'prompt' || o.type === 'conclusion' || o.type === 'compact' ? oneLine(o.body, 600) : oneLine(o.body, 200);
    const line = `[${o.type}] ${o.title}${body && body !== o.title ? ` :: ${body}` : ''}`;
    if (used + line.length > DIGEST_CHARS) break;
    lines.push(line);
    used += line.length + 1;
  }
  return lines.join('\n');
}

/**
 * Replace the heuristic summary with an LLM one when a provider is configured. Never throws;
 * on any failure the heuristic summary stays and the reason and tokens spent are recorded.
 */
export async function upgradeWithLlm(store: Store, cfg: ResolvedConfig, session: Session, env: NodeJS.ProcessEnv): Promise<SessionSummary | undefined> {
  const { resolveLlmSettings, summarizeWithLlm } = await import('../llm/index.ts');
  const settings = resolveLlmSettings(env, cfg.file);
  for (const w of settings.warnings ?? []) logTo(cfg.logFile, 'warn', `summarizer: ${w}`);
  const base = (await store.getSession(session.id))?.summary ?? (await summarizeSessionHeuristically(store, session));
  if (!base || settings.provider === 'heuristic') return base;
  const observations = await store.sessionObservations(session.id);
  const r = await summarizeWithLlm({ language: base.language, digest: digestOf(observations), heuristic: { brief: base.brief, detailed: base.detailed } }, settings, env);
  if (r.fallbackReason) logTo(cfg.logFile, 'warn', `summarizer fell back to heuristic for session ${session.id}: ${r.fallbackReason}`);
  const summary: SessionSummary = {
    brief: r.brief,
    detailed: r.detailed,
    language: base.language,
    provider: r.provider,
    ...(r.model ? { model: r.model } : {}),
    inputTokens: r.inputTokens,
    outputTokens: r.outputTokens,
    ...(r.fallbackReason ? { fallbackReason: r.fallbackReason } : {}),
    observationCount: observations.length,
    createdAt: Date.now(),
  };
  await store.saveSummary(session.id, summary);
  return summary;
}

/** True when an LLM summarizer is configured (so SessionEnd should start the background upgrade). */
export function llmConfigured(cfg: ResolvedConfig, env: NodeJS.ProcessEnv): boolean {
  // The settings module alone (no SDK): the same reading of MNEMO_SUMMARIZER / config.json as the upgrade uses.
  return resolveLlmSettings(env, cfg.file).provider !== 'heuristic';
}

/**
 * Start `mnemo summarize <id>` (with `--llm`: through the configured LLM) detached, so the host never
 * waits for it. Returns false when it could not start (running from source).
 */
export function spawnSummarizer(cfg: ResolvedConfig, sessionId: number, opts: { readonly llm: boolean }): Promise<boolean> {
  return startCliInBackground(cfg, ['summarize', String(sessionId), ...(opts.llm ? ['--llm'] : [])], 'could not start the background summarizer');
}

/** Start the LLM upgrade of a session's summary in the background (SessionEnd). */
export function spawnLlmUpgrade(cfg: ResolvedConfig, sessionId: number): Promise<boolean> {
  return spawnSummarizer(cfg, sessionId, { llm: true });
}

/**
 * Sessions whose host died without SessionEnd: close them (bounded per call), and summarize them in
 * a detached `mnemo summarize`, so the next session still gets their summary while SessionStart
 * stays fast whatever their size. Without the CLI bundle (running from source) they are summarized here.
 */
export async function closeAbandonedSessions(store: Store, cfg: ResolvedConfig, limit = 3): Promise<number> {
  const stale = await store.abandonedSessions(cfg.abandonAfterMs, limit);
  const llm = stale.length > 0 && llmConfigured(cfg, process.env);
  for (const s of stale) {
    await store.endSession(s.id, 'abandoned', Date.now());
    if (!(await spawnSummarizer(cfg, s.id, { llm }))) await summarizeSessionHeuristically(store, s);
  }
  return stale.length;
}
