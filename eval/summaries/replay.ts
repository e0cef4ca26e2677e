/**
 * @module eval/summaries/replay
 * Replays hook payloads through the hook path in this process: the Claude Code adapter reads each
 * payload, capture turns it into a record that is spooled (fsync'd, as a hook does), and
 * SessionStart, PreCompact and SessionEnd run the same store work as the hook process
 * (hooks/with-store: the bounded spool folds, the heuristic summary at SessionEnd). Only the process
 * boundary and stdin are skipped; a test replays a session through the real hook bundle and checks
 * that the summaries agree. What a user then reads is `mnemo sessions --json`, so `readSessions`
 * goes through that command.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sessionsCommand } from '../../src/cli/commands/read.ts';
import type { Io } from '../../src/cli/io.ts';
import { resolveConfig, type ResolvedConfig } from '../../src/config/config.ts';
import { captureEvent } from '../../src/core/capture.ts';
import type { Session } from '../../src/core/types.ts';
import { newUid } from '../../src/core/uid.ts';
import { resolvePlace } from '../../src/hooks/place.ts';
import { onPreCompact, onSessionEnd, onSessionStart } from '../../src/hooks/with-store.ts';
import { platformNamed } from '../../src/platforms/index.ts';
import { spoolWrite } from '../../src/store/spool.ts';
import type { Payload } from './payloads.ts';

/** The configuration a hook in `dataDir` would resolve (no config file, defaults otherwise). */
export function replayConfig(dataDir: string): { cfg: ResolvedConfig; env: NodeJS.ProcessEnv } {
  mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = { MNEMO_DATA_DIR: dataDir, HOME: dataDir, PATH: process.env.PATH ?? '' };
  return { cfg: resolveConfig(env), env };
}

/** Feed payloads, in order, through the hook path of the Claude Code plugin. */
export async function replayPayloads(cfg: ResolvedConfig, payloads: readonly Payload[]): Promise<void> {
  const platform = platformNamed('claude-code')!;
  for (const payload of payloads) {
    const parsed = platform.parse(undefined, payload);
    if (parsed.kind !== 'event') continue;
    const ev = parsed.event;
    const place = resolvePlace(ev.cwd);
    const captured = captureEvent(ev, {
      place,
      now: Date.now(),
      uid: newUid(),
      limits: { maxInputChars: cfg.maxInputChars, maxOutputChars: cfg.maxOutputChars },
    });
    const spooled = captured ? spoolWrite(cfg.spoolDir, captured) : undefined;
    if (ev.event === 'SessionStart') await onSessionStart(cfg, ev, place, spooled);
    else if (ev.event === 'PreCompact') await onPreCompact(cfg, ev);
    else if (ev.event === 'SessionEnd') await onSessionEnd(cfg, ev);
  }
}

/** What `mnemo sessions --json` prints for this data directory. */
export async function readSessions(cfg: ResolvedConfig, env: NodeJS.ProcessEnv): Promise<Session[]> {
  const lines: string[] = [];
  const io: Io = { out: (l: string) => void lines.push(l), err: () => {}, config: cfg, env, cwd: cfg.dataDir };
  const code = await sessionsCommand(['--json', '--limit', '1000'], io);
  if (code !== 0 && code !== undefined) throw new Error(`mnemo sessions exited ${code}`);
  return JSON.parse(lines.join('\n')) as Session[];
}

/** A fresh data directory under `root` for one replay. */
export function dataDirFor(root: string, name: string): string {
  return join(root, name.replace(/[^\w.-]+/g, '_'));
}
