/**
 * @module compress/session
 * Turning a finished session into its summaries, and keeping them current. The heuristic summary
 * is written synchronously (it is fast enough for SessionEnd's shared 1.5 s budget); an LLM summary,
 * when configured, runs later in a detached process and replaces it only when it succeeds.
 */
import { startCliInBackground } from '../background.ts';
import type { ResolvedConfig } from '../config/config.ts';
import type { SessionFacts } from '../core/summarize/facts.ts';
import { summarizeHeuristically } from '../core/summarize/heuristic.ts';
import { oneLine } from '../core/titles.ts';
import { hostMessageKind } from '../core/summarize/host-text.ts';
import type { Observation, Session, SessionSummary, StoredEvent } from '../core/types.ts';
import { logTo } from '../log.ts';
import type { Store } from '../store/store.ts';
import { resolveLlmSettings } from '../llm/settings.ts';

/** How far back a chain of resumes and compactions is followed (each link is a whole session). */
const MAX_CONTINUED = 3;
/** Observations a summary reads, over the whole chain (the newest, as sessionObservations keeps them). */
const OBSERVATIONS_PER_SESSION = 5000;

/**
 * True when the session carries on another one: it began as a resume or a compaction under a new
 * id (older Claude Code builds, the SDK), or its first words are the host's continuation preamble.
 * A session resumed under its own id is reopened instead and needs nothing of this.
 */
function continuesAnother(session: Session, observations: readonly Observation[]): boolean {
  if (session.source === 'resume' || session.source === 'compact') return true;
  const first = observations.find((o) => o.type === 'prompt' || o.type === 'compact');
  return first !== undefined && (first.type === 'compact' || hostMessageKind(first.body) === 'preamble');
}

/** The session this one continues: the latest earlier session of the same project and assistant. */
async function predecessorOf(store: Store, session: Session): Promise<Session | undefined> {
  const earlier = (await store.listSessions({ project: session.project, limit: 50 })).filter(
    (s) => s.id !== session.id && s.platform === session.platform && s.startedAt <= session.startedAt && (s.startedAt < session.startedAt || s.id < session.id),
  );
  return earlier.sort((a, b) => b.startedAt - a.startedAt || b.id - a.id)[0];
}

/**
 * What a summary of `session` is built from: its own observations and events, preceded by those of
 * the sessions it continues (a resume or compaction under a new id), so the continued session is
 * summarized as one piece of work.
 */
async function inputsFor(store: Store, session: Session) {
  let observations = await store.sessionObservations(session.id, OBSERVATIONS_PER_SESSION);
  const own = observations.length;
  let events: StoredEvent[] = await store.eventsFor({ sessionId: session.id });
  let current = session;
  const seen = new Set([session.id]);
  for (let depth = 0; depth < MAX_CONTINUED && continuesAnother(current, depth === 0 ? observations : await store.sessionObservations(current.id, 200)); depth++) {
    const before = await predecessorOf(store, current);
    if (!before || seen.has(before.id)) break;
    seen.add(before.id);
    // The whole chain stays within one session's bound: the newest of the earlier work fills what is left.
    const room = OBSERVATIONS_PER_SESSION - observations.length;
    if (room <= 0) break;
    observations = [...(await store.sessionObservations(before.id, room)), ...observations];
    events = [...(await store.eventsFor({ sessionId: before.id })), ...events];
    current = before;
  }
  return { observations, events, project: session.project, own };
}

/** The heuristic summary of a session from everything stored now, with what it was built from. */
async function buildHeuristic(store: Store, session: Session) {
  const input = await inputsFor(store, session);
  if (input.own === 0) return undefined;
  const h = summarizeHeuristically(input);
  const summary: SessionSummary = {
    brief: h.brief,
    detailed: h.detailed,
    language: h.language,
    provider: 'heuristic',
    inputTokens: 0,
    outputTokens: 0,
    // All of the session's rows now: a later, larger count means the summary is stale.
    observationCount: (await store.getSession(session.id))?.observationCount ?? input.own,
    createdAt: Date.now(),
  };
  return { summary, facts: h.facts, observations: input.observations };
}

/** Write (or refresh) the heuristic summary. Returns undefined for a session with nothing to say. */
export async function summarizeSessionHeuristically(store: Store, session: Session): Promise<SessionSummary | undefined> {
  const summary = (await buildHeuristic(store, session))?.summary;
  if (summary) await store.saveSummary(session.id, summary);
  return summary;
}

/** The heuristic summary of a session as stored now, not saved (undefined: nothing to say). */
export async function heuristicSummary(store: Store, session: Session): Promise<SessionSummary | undefined> {
  return (await buildHeuristic(store, session))?.summary;
}

/** True when a summary misses observations the session has gained since (a SessionEnd fold ran out of time). */
export function summaryIsStale(session: Session): boolean {
  return session.summary !== undefined && session.summary.observationCount < session.observationCount;
}

/**
 * Bring stale heuristic summaries up to date (at most `limit` of them), for readers that have just
 * folded the spool (`mnemo sessions`): what they show then covers every stored observation. LLM
 * summaries are left alone; their refresh costs tokens and runs in the background.
 */
export async function refreshStaleSummaries(store: Store & { readonly readOnly?: boolean }, sessions: readonly Session[], limit = 20): Promise<Session[]> {
  const out: Session[] = [];
  let refreshed = 0;
  for (const s of sessions) {
    if (refreshed < limit && !store.readOnly && s.endedAt !== undefined && summaryIsStale(s) && s.summary!.provider === 'heuristic') {
      refreshed++;
      const summary = await summarizeSessionHeuristically(store, s);
      out.push(summary ? { ...s, summary } : s);
    } else out.push(s);
  }
  return out;
}

const DIGEST_CHARS = 24_000;
/** Of a log too long for the digest, this share comes from its start; the rest from its end, where the outcome is. */
const DIGEST_HEAD_SHARE = 0.3;

function factLines(title: string, lines: readonly { readonly text: string }[]): string[] {
  return lines.length ? [`${title}:`, ...lines.map((l) => `- ${l.text}`)] : [];
}

/**
 * The session as text for an LLM: the facts the heuristic summarizer settled (commits, what
 * succeeded in the end, what is still open), then the log of observations (already redacted at
 * capture, private rows excluded), its middle left out when it is too long.
 */
export function digestOf(observations: readonly Observation[], facts?: SessionFacts): string {
  const head: string[] = [];
  if (facts) {
    const settled = facts.settled.filter((s) => s.kind === 'command').map((s) => `\`${s.part.family}${s.part.args.length ? ' ' + s.part.args.join(' ') : ''}\``);
    head.push(
      '[facts computed from the whole session]',
      ...factLines('What the user asked for (the goal, main request first)', facts.goal.slice(0, 8)),
      ...factLines('Commits made (final subjects)', facts.commits.map((text) => ({ text }))),
      ...(settled.length ? [`Succeeded in the end (never open): ${settled.slice(0, 40).join(', ')}`] : []),
      ...factLines('Done', facts.done.filter((l) => !l.whole).slice(0, 12)),
      ...factLines('Still open', facts.open),
      ...factLines('Next', facts.next),
      '[log]',
    );
  }
  const log = observations.map((o) => {
    const body = o.type === 'prompt' || o.type === 'conclusion' || o.type === 'compact' ? oneLine(o.body, 600) : oneLine(o.body, 200);
    const kind = o.type === 'prompt' && hostMessageKind(o.body) ? 'host' : o.type;
    return `[${kind}] ${o.title}${body && body !== o.title ? ` :: ${body}` : ''}`;
  });
  const budget = DIGEST_CHARS - head.join('\n').length;
  const total = log.reduce((n, l) => n + l.length + 1, 0);
  if (total <= budget) return [...head, ...log].join('\n');
  const first: string[] = [];
  const last: string[] = [];
  let used = 0;
  for (const l of log) {
    if (used + l.length + 1 > budget * DIGEST_HEAD_SHARE) break;
    first.push(l);
    used += l.length + 1;
  }
  for (let i = log.length - 1; i >= first.length; i--) {
    if (used + log[i]!.length + 1 > budget) break;
    last.unshift(log[i]!);
    used += log[i]!.length + 1;
  }
  return [...head, ...first, `[… ${log.length - first.length - last.length} log lines left out …]`, ...last].join('\n');
}

/**
 * Replace the heuristic summary with an LLM one when a provider is configured. Never throws;
 * on any failure the heuristic summary stays and the reason and tokens spent are recorded.
 */
export async function upgradeWithLlm(store: Store, cfg: ResolvedConfig, session: Session, env: NodeJS.ProcessEnv): Promise<SessionSummary | undefined> {
  const { resolveLlmSettings, summarizeWithLlm } = await import('../llm/index.ts');
  const settings = resolveLlmSettings(env, cfg.file);
  for (const w of settings.warnings ?? []) logTo(cfg.logFile, 'warn', `summarizer: ${w}`);
  // The heuristic summary first, from everything stored now (SessionEnd may have summarized before its last events were folded).
  const built = await buildHeuristic(store, session);
  if (!built) return undefined;
  const base = built.summary;
  await store.saveSummary(session.id, base);
  if (settings.provider === 'heuristic') return base;
  const r = await summarizeWithLlm(
    { language: base.language, digest: digestOf(built.observations, built.facts), heuristic: { brief: base.brief, detailed: base.detailed }, checks: { settled: built.facts.settled, notGoals: built.facts.notGoals } },
    settings,
    env,
  );
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
    observationCount: base.observationCount,
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
