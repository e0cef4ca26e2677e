/**
 * @module cli/commands/summarize
 * `mnemo summarize <session> [--llm] [--json]`: (re)write a session's summaries. The session is our
 * id or the assistant's external id. `--llm` upgrades through the configured LLM provider (this is
 * what SessionEnd starts in the background); the heuristic summary stays if the LLM fails.
 */
import { parseArgs } from 'node:util';
import { summarizeSessionHeuristically, upgradeWithLlm } from '../../compress/session.ts';
import type { Session } from '../../core/types.ts';
import { openStore } from '../../store/open-store.ts';
import type { Store } from '../../store/store.ts';
import { UsageError, type Command } from '../io.ts';

async function findSession(store: Store, ref: string): Promise<Session | undefined> {
  if (/^\d+$/.test(ref)) {
    const s = await store.getSession(Number(ref));
    if (s) return s;
  }
  for (const s of await store.listSessions({ limit: 10_000 })) if (s.externalId === ref) return s;
  return undefined;
}

export const summarizeCommand: Command = async (args, io) => {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { llm: { type: 'boolean' }, json: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const ref = parsed.positionals[0];
  if (!ref) throw new UsageError('usage: mnemo summarize <session-id|external-id> [--llm] [--json]');
  const store = await openStore(io.config);
  try {
    const session = await findSession(store, ref);
    if (!session) {
      io.err(`mnemo summarize: no session ${JSON.stringify(ref)}`);
      return 1;
    }
    const summary = parsed.values.llm
      ? await upgradeWithLlm(store, io.config, session, io.env as NodeJS.ProcessEnv)
      : await summarizeSessionHeuristically(store, session);
    if (!summary) {
      io.err(`mnemo summarize: session ${session.id} has no observations to summarize`);
      return 1;
    }
    if (parsed.values.json) io.out(JSON.stringify({ sessionId: session.id, externalId: session.externalId, ...summary }, null, 2));
    else io.out(`${summary.detailed}\n\n(session ${session.id}; ${summary.provider}${summary.model ? ` ${summary.model}` : ''}; ${summary.inputTokens + summary.outputTokens} tokens${summary.fallbackReason ? `; fell back: ${summary.fallbackReason}` : ''})`);
    return 0;
  } finally {
    await store.close();
  }
};
