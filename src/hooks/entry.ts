/**
 * @module hooks/entry
 * The hook process: `node hook.js <Event> [--platform <name>]`, payload on stdin. The platform
 * (default claude-code) names the adapter that reads the host's payload and writes its answer.
 *
 * For a host (stdin piped) it always exits 0, prints exactly one JSON object (nothing where output
 * could keep the agent going), never writes anything else to stdout, and gives up after a hard
 * deadline; an unknown platform or event is a logged no-op. For a person (stdin a terminal, or
 * `mnemo hook` by hand) an unknown platform or event is a clear error on stderr and exit code 2.
 * Every event is first made durable in the spool; only SessionStart (unless its kept index is still
 * good: context/cache), PreCompact and SessionEnd open SQLite.
 */
import { newUid } from '../core/uid.ts';
import { resolveConfig, type ResolvedConfig } from '../config/config.ts';
import { captureFromPayload } from '../capture/from-payload.ts';
import { cacheEnabled, readKeptIndex } from '../context/cache.ts';
import type { HookEventName } from '../core/types.ts';
import { logTo } from '../log.ts';
import {
  DEFAULT_PLATFORM,
  PLATFORM_NAMES,
  UnknownEventError,
  platformNamed,
  safeName,
  type HookResult,
  type Platform,
} from '../platforms/index.ts';
import { spoolMarkBusy, spoolWrite } from '../store/spool.ts';
import { resolvePlace } from './place.ts';
import { hookStartedAt } from './started-at.ts';
import { readStdin } from './stdin.ts';
import { writeStdout } from './stdout.ts';
import { readLastAssistantMessage } from './transcript-tail.ts';

/**
 * Claude Code events that mnemo installs with `async: true` (install/assistants/claude-code, the plugin's
 * hooks.json): they answer nothing, so the host need not wait. Such a hook may finish after a later one:
 * it marks itself busy in the spool until its event is written (no drain folds a later event before it),
 * and finishes that write when the host ends the session and signals it (SIGTERM).
 */
export const BACKGROUND_EVENTS = new Set(['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'Stop', 'SubagentStop']);


/** Payloads beyond this are not parsed (Claude Code itself caps tool output far below it). */
const MAX_PAYLOAD_BYTES = 64 * 1024 * 1024;

/** Payloads above this are stored truncated, and the log says so. */
const LARGE_PAYLOAD_BYTES = 1024 * 1024;

/** How the hook was started. */
export interface RunHookOptions {
  /** A person ran it (`mnemo hook`); default: stdin is a terminal. */
  readonly byHand?: boolean;
  /** Where a person's error messages go (default: stderr). */
  readonly tell?: (line: string) => void;
}

interface HookArgs {
  readonly eventArg?: string;
  readonly platformName?: string;
}

/** `<Event>` and `--platform <name>` / `--platform=<name>`, in any order; other flags are ignored. */
function parseHookArgs(argv: readonly string[]): HookArgs {
  let eventArg: string | undefined;
  let platformName: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--platform') platformName = argv[++i] ?? '';
    else if (a.startsWith('--platform=')) platformName = a.slice('--platform='.length);
    else if (!a.startsWith('-')) eventArg ??= a;
  }
  return { ...(eventArg !== undefined ? { eventArg } : {}), ...(platformName !== undefined ? { platformName } : {}) };
}

let answered = false;

function answer(platform: Platform | undefined, event: HookEventName | undefined, result: HookResult): void {
  if (answered) return;
  answered = true;
  const out = platform ? platform.format(event, result) : '{}';
  if (out) writeStdout(out + '\n');
}

/** The mnemo event a command-line event name stands for on `platform`, for answering when the payload is unreadable. */
function eventOfArg(platform: Platform, eventArg: string | undefined): HookEventName | undefined {
  return eventArg === undefined ? undefined : (platform.events.get(eventArg) ?? undefined);
}

/** Where JSON.parse stopped, without V8's message (it quotes the input, which may hold a secret). */
function parseFailure(err: unknown, bytes: number): string {
  const at = /position (\d+)/.exec(err instanceof Error ? err.message : '')?.[1];
  return `malformed JSON payload (${bytes} bytes${at ? `, error at position ${at}` : ', unexpected end or token'})`;
}

/** A payload arrived but mnemo records nothing for it (the host documents the event; mnemo does not map it). */
class IgnoredEvent {
  constructor(
    readonly platform: Platform,
    readonly hostEvent: string,
  ) {}
}

/** No payload on stdin: a host always sends one, so this is a person at a terminal. */
class NoPayload extends Error {}

interface Handled {
  readonly platform: Platform;
  readonly event?: HookEventName;
  readonly result: HookResult;
}

/** `waiting` is called before anything that waits (stdin the host keeps open, the store). */
async function handle(cfg: ResolvedConfig, args: HookArgs, declared: Platform, label: string, waiting: () => void, at: number): Promise<Handled | IgnoredEvent> {
  const warn = (message: string) => logTo(cfg.logFile, 'warn', `${label}: ${message}`);
  const input = await readStdin(MAX_PAYLOAD_BYTES, undefined, waiting);
  if (input.overflow) throw new Error(`payload of ${input.bytes} bytes exceeds ${MAX_PAYLOAD_BYTES}; skipped`);
  if (!input.text.trim()) throw new NoPayload('empty payload');
  if (input.invalidUtf8) warn(`payload is not valid UTF-8 (${input.bytes} bytes); invalid bytes were replaced with U+FFFD`);
  if (input.bytes > LARGE_PAYLOAD_BYTES) warn(`large payload (${input.bytes} bytes); fields are stored truncated`);
  let payload: unknown;
  try {
    payload = JSON.parse(input.text);
  } catch (err) {
    throw new Error(parseFailure(err, input.bytes));
  }
  const read = captureFromPayload(payload, {
    platform: declared,
    hostEvent: args.eventArg,
    limits: { maxInputChars: cfg.maxInputChars, maxOutputChars: cfg.maxOutputChars },
    now: at,
    uid: newUid(),
    place: (ev) => resolvePlace(ev.cwd),
    // Older Claude Code builds do not send the final answer; the transcript's tail has it.
    lastAssistantMessage: (ev) => (ev.transcriptPath ? readLastAssistantMessage(ev.transcriptPath) : undefined),
    warn,
  });
  if (read.kind === 'ignored') return new IgnoredEvent(read.platform, read.hostEvent);
  const { platform, event: ev, place, captured } = read;
  let spooled: string | undefined;
  if (captured) {
    try {
      // MNEMO_TEAM_LOCAL=1 where the assistant runs keeps the whole session off the team server.
      spooled = spoolWrite(cfg.spoolDir, process.env.MNEMO_TEAM_LOCAL === '1' ? { ...captured, local: true } : captured);
    } catch (err) {
      logTo(cfg.logFile, 'error', `could not spool ${ev.event}`, err);
    }
  }
  const done = (result: HookResult = {}): Handled => ({ platform, event: ev.event, result });
  if (ev.event === 'SessionStart' && ev.source !== 'compact' && cacheEnabled()) {
    // The common start: nothing changed since the index was last built, so SQLite need not load.
    const kept = readKeptIndex(cfg, place.project, { now: Date.now(), ...(spooled ? { ownSpoolFile: spooled } : {}) });
    if (kept !== undefined) return done({ context: ev.source === 'resume' ? '' : kept });
  }
  if (ev.event === 'SessionStart' || ev.event === 'SessionEnd' || ev.event === 'PreCompact') {
    // The store work below waits (SQLite's locks, the disk): the deadline holds from here.
    waiting();
    const { onSessionStart, onSessionEnd, onPreCompact } = await import('./with-store.ts');
    try {
      if (ev.event === 'SessionStart') return done({ context: await onSessionStart(cfg, ev, place, spooled) });
      if (ev.event === 'PreCompact') await onPreCompact(cfg, ev);
      else await onSessionEnd(cfg, ev, { place });
    } catch (err) {
      // A busy or broken store costs this session its index, never the event: it waits in the spool.
      // Busy is another mnemo process writing (it folds the spool as well): routine under load.
      const busy = (err as { code?: unknown })?.code === 'BUSY';
      if (busy) logTo(cfg.logFile, 'info', `${ev.event}: store busy (another mnemo process is writing)${spooled ? '; the event waits in the spool' : ''}`);
      else if ((err as { sqliteUnavailable?: unknown })?.sqliteUnavailable === true) {
        // No SQLite for this Node (no node:sqlite, no better-sqlite3): say so where the user looks, in one line.
        const line = `mnemo is not recording: ${(err as Error).message}`;
        logTo(cfg.logFile, 'error', `${ev.event}: ${line}${spooled ? ' (events wait in the spool)' : ''}`);
        if (ev.event === 'SessionStart') return done({ context: line });
      } else logTo(cfg.logFile, 'warn', `${ev.event}: store unavailable${spooled ? ' (event kept in spool)' : ''}`, err);
    }
  }
  return done();
}

function eventList(platform: Platform): string {
  return [...platform.events.entries()]
    .filter(([, mapped]) => mapped !== null)
    .map(([name]) => name)
    .join(', ');
}

/**
 * Run one hook: read stdin, store, answer. Never throws. Returns the exit code: 0, or 2 when a person
 * named a platform or event that does not exist (or piped no payload).
 */
export async function runHook(argv: readonly string[], opts: RunHookOptions = {}): Promise<number> {
  const args = parseHookArgs(argv);
  // Asked only on the paths that answer a person: `process.stdin` builds a stream a hook would pay for.
  const person = () => opts.byHand ?? Boolean(process.stdin.isTTY);
  const tell = opts.tell ?? ((line: string) => void process.stderr.write(line + '\n'));
  let cfg: ResolvedConfig | undefined;
  try {
    cfg = resolveConfig();
  } catch {
    cfg = undefined;
  }
  const log = (level: 'error' | 'warn' | 'info', message: string, err?: unknown) => {
    if (cfg) logTo(cfg.logFile, level, message, err);
  };

  const platformName = args.platformName ?? DEFAULT_PLATFORM;
  const declared = platformNamed(platformName);
  if (!declared) {
    const message = `unknown platform "${safeName(platformName)}" (known: ${PLATFORM_NAMES.join(', ')})`;
    if (person()) {
      tell(`mnemo hook: ${message}`);
      return 2;
    }
    log('warn', `hook: ${message}; ignored`);
    answer(undefined, undefined, {});
    return 0;
  }
  if (args.eventArg !== undefined && !declared.events.has(args.eventArg) && person()) {
    tell(`mnemo hook: unknown ${declared.name} event "${safeName(args.eventArg)}" (${declared.name} events mnemo records: ${eventList(declared)})`);
    return 2;
  }
  const argEvent = eventOfArg(declared, args.eventArg);
  const label = `${safeName(args.eventArg ?? 'hook')}${declared.name === DEFAULT_PLATFORM ? '' : ` (${declared.name})`}`;
  if (!cfg) {
    answer(declared, argEvent, {});
    return 0;
  }
  const config = cfg;
  // Events are ordered by when the host started their hooks, not by who wrote first.
  const at = hookStartedAt();
  let releaseBusy = (): void => {};
  if (declared.name === DEFAULT_PLATFORM && args.eventArg !== undefined && BACKGROUND_EVENTS.has(args.eventArg)) {
    // The host signals background hooks when the session ends: the event is written first, then we exit.
    // Listening before the busy mark: whoever sees the mark may count on the signal being survived.
    process.on('SIGTERM', () => {});
    releaseBusy = spoolMarkBusy(config.spoolDir, at);
  }

  // The hard deadline is armed only once the hook has to wait (for stdin or the store): until then it
  // runs straight through, where no timer could interrupt it, and the first timer costs a hook a third
  // of a millisecond. Armed late, it still falls due hookTimeoutMs after this point.
  const startedAt = Date.now();
  let deadline: ReturnType<typeof setTimeout> | undefined;
  const waiting = (): void => {
    if (deadline) return;
    deadline = setTimeout(() => {
      log('warn', `${label}: gave up after ${config.hookTimeoutMs} ms`);
      answer(declared, argEvent, {});
      releaseBusy();
      process.exit(0);
    }, Math.max(0, config.hookTimeoutMs - (Date.now() - startedAt)));
    deadline.unref();
  };
  try {
    const outcome = await handle(config, args, declared, label, waiting, at);
    if (outcome instanceof IgnoredEvent) {
      const name = safeName(outcome.hostEvent);
      log('info', `${label}: unknown hook event for mnemo: ${outcome.platform.name} ${name} is not recorded`);
      if (person()) tell(`mnemo hook: ${outcome.platform.name} event "${name}" is not one mnemo records; nothing stored`);
      answer(outcome.platform, undefined, {});
      return 0;
    }
    answer(outcome.platform, outcome.event, outcome.result);
    return 0;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if ((err instanceof UnknownEventError || err instanceof NoPayload) && person()) {
      tell(
        err instanceof NoPayload
          ? `mnemo hook: no payload on stdin; pipe the host's JSON, e.g. echo '{"session_id":"s1","prompt":"hi"}' | mnemo hook UserPromptSubmit`
          : `mnemo hook: ${message} for ${err.platform} (events mnemo records: ${eventList(platformNamed(err.platform) ?? declared)})`,
      );
      return 2;
    }
    log(err instanceof UnknownEventError ? 'warn' : 'error', `${label}: ${message}`);
    answer(declared, argEvent, {});
    return 0;
  } finally {
    releaseBusy();
    if (deadline) clearTimeout(deadline);
  }
}
