/**
 * Shared helpers for the hook integration tests: they spawn the real, built hook bundle
 * (`plugin/dist/hook.cjs`) and the CLI bundle (`plugin/dist/cli.js`) as separate processes, exactly as
 * Claude Code does, each with its own MNEMO_DATA_DIR.
 *
 * The bundle is copied once per test file into `.tmp/` (git-ignored, inside the checkout so that
 * `better-sqlite3` still resolves from the repository's node_modules): a concurrent `npm run build`
 * deletes and rewrites plugin/dist, which would otherwise break processes spawned mid-build.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'hook-payloads');
const SOURCE_DIST = join(REPO_ROOT, 'plugin', 'dist');

/** The ten lifecycle events mnemo wires up for Claude Code. */
export const EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'Stop',
  'SubagentStop',
  'PreCompact',
  'PostCompact',
  'SessionEnd',
] as const;
export type EventName = (typeof EVENTS)[number];

/** Environment for every spawned process: NODE_EXTRA_CA_CERTS adds ~85 ms per node start here; no stray MNEMO_* settings. */
export function childEnv(dataDir: string, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (k === 'NODE_EXTRA_CA_CERTS' || k.startsWith('MNEMO_') || k === 'NODE_OPTIONS' || k === 'NODE_TEST_CONTEXT') continue;
    env[k] = v;
  }
  env.MNEMO_DATA_DIR = dataDir;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

function chunkRefs(dir: string): string[] {
  const refs: string[] = [];
  const scan = (file: string) => {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/["'](\.\.?\/[^"']*?\.js)["']/g)) refs.push(resolve(dirname(file), m[1]!));
  };
  for (const f of readdirSync(dir)) if (f.endsWith('.js')) scan(join(dir, f));
  const chunks = join(dir, 'chunks');
  if (existsSync(chunks)) for (const f of readdirSync(chunks)) if (f.endsWith('.js')) scan(join(chunks, f));
  return refs;
}

let snapshot: string | undefined;
const cleanup: string[] = [];
process.once('exit', () => {
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

/** A private, consistent copy of plugin/dist (built first if it is missing). */
export function dist(): string {
  if (snapshot) return snapshot;
  if (!existsSync(join(SOURCE_DIST, 'hook.cjs')) || !existsSync(join(SOURCE_DIST, 'cli.js'))) {
    const r = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'build.mjs')], { cwd: REPO_ROOT, env: childEnv(tmpdir()), encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`build failed: ${r.stderr}`);
  }
  const base = join(REPO_ROOT, '.tmp');
  mkdirSync(base, { recursive: true });
  for (let attempt = 0; attempt < 40; attempt++) {
    const target = mkdtempSync(join(base, 'hook-tests-dist-'));
    try {
      cpSync(SOURCE_DIST, target, { recursive: true });
      const missing = chunkRefs(target).filter((f) => !existsSync(f));
      if (existsSync(join(target, 'hook.cjs')) && existsSync(join(target, 'cli.js')) && missing.length === 0) {
        snapshot = target;
        cleanup.push(target);
        return target;
      }
    } catch {
      /* a build was rewriting plugin/dist while we copied: try again */
    }
    rmSync(target, { recursive: true, force: true });
    spawnSync(process.execPath, ['-e', 'setTimeout(()=>{},250)']);
  }
  throw new Error('could not take a consistent copy of plugin/dist (is a build running in a loop?)');
}

export const hookJs = () => join(dist(), 'hook.cjs');
export const cliJs = () => join(dist(), 'cli.js');

/** A fresh temporary folder, removed when the test process exits. */
export function tempDir(prefix = 'mnemo-hooks-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (!process.env.MNEMO_TEST_KEEP) cleanup.push(dir);
  return dir;
}

export interface ProcResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
  readonly pid: number;
}

export interface RunHookOptions {
  readonly dataDir: string;
  readonly cwd?: string;
  readonly env?: Record<string, string | undefined>;
  /** Write stdin in these pieces, pausing between them. */
  readonly pieces?: readonly Buffer[];
  readonly pauseMs?: number;
  /** Kill the process after this long (a hang must fail the test, not stall the suite). */
  readonly killAfterMs?: number;
  /** Extra argv after the event name (or instead of it when event is undefined). */
  readonly args?: readonly string[];
}

function collect(child: ReturnType<typeof spawn>, started: number, killAfterMs: number): Promise<ProcResult> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout!.on('data', (b: Buffer) => out.push(b));
  child.stderr!.on('data', (b: Buffer) => err.push(b));
  const killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  return new Promise((res, rej) => {
    child.on('error', rej);
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      res({
        code,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        ms: Date.now() - started,
        pid: child.pid ?? -1,
      });
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Run `node hook.cjs <event>` with `input` on stdin (a string, bytes, or an object to JSON-encode). */
export async function runHook(event: string | undefined, input: string | Buffer | object, opts: RunHookOptions): Promise<ProcResult> {
  const argv = [hookJs(), ...(event !== undefined ? [event] : []), ...(opts.args ?? [])];
  const started = Date.now();
  const child = spawn(process.execPath, argv, { cwd: opts.cwd ?? opts.dataDir, env: childEnv(opts.dataDir, opts.env), stdio: ['pipe', 'pipe', 'pipe'] });
  const done = collect(child, started, opts.killAfterMs ?? 20_000);
  child.stdin!.on('error', () => {
    /* the hook may stop reading early; that is its right */
  });
  const bytes = Buffer.isBuffer(input) ? input : Buffer.from(typeof input === 'string' ? input : JSON.stringify(input), 'utf8');
  const pieces = opts.pieces ?? [bytes];
  for (let i = 0; i < pieces.length; i++) {
    if (i > 0) await sleep(opts.pauseMs ?? 50);
    await new Promise<void>((res) => {
      if (child.stdin!.write(pieces[i]!)) res();
      else child.stdin!.once('drain', () => res());
      child.stdin!.once('error', () => res());
    });
  }
  child.stdin!.end();
  return done;
}

/** Run the CLI bundle: `node cli.js <args>` with the given data dir. */
export async function runCli(args: readonly string[], dataDir: string, cwd?: string): Promise<ProcResult> {
  const started = Date.now();
  const child = spawn(process.execPath, [cliJs(), ...args], { cwd: cwd ?? dataDir, env: childEnv(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
  return collect(child, started, 60_000);
}

export async function cliJson<T = unknown>(args: readonly string[], dataDir: string, cwd?: string): Promise<T> {
  const r = await runCli(args, dataDir, cwd);
  assert.equal(r.code, 0, `mnemo ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  try {
    return JSON.parse(r.stdout) as T;
  } catch {
    throw new Error(`mnemo ${args.join(' ')} printed no JSON: ${r.stdout.slice(0, 500)}`);
  }
}

export interface ExportedSession {
  record: 'session';
  id: number;
  platform: string;
  externalId: string;
  project: string;
  branch?: string;
  startedAt: number;
  endedAt?: number;
  endReason?: string;
  observationCount: number;
}
export interface ExportedObservation {
  record: 'observation';
  id: number;
  sessionId: number;
  project: string;
  platform: string;
  kind: string;
  type: string;
  title: string;
  body: string;
  files: string[];
  tags: string;
  toolName?: string;
  toolUseId?: string;
  private: boolean;
  createdAt: number;
}

/** `mnemo export`, parsed. */
export async function exportAll(dataDir: string): Promise<{ sessions: ExportedSession[]; observations: ExportedObservation[] }> {
  const r = await runCli(['export'], dataDir);
  assert.equal(r.code, 0, `mnemo export exited ${r.code}: ${r.stderr}`);
  const sessions: ExportedSession[] = [];
  const observations: ExportedObservation[] = [];
  for (const line of r.stdout.split('\n')) {
    if (!line.trim()) continue;
    const rec = JSON.parse(line) as ExportedSession | ExportedObservation;
    if (rec.record === 'session') sessions.push(rec);
    else if (rec.record === 'observation') observations.push(rec);
  }
  return { sessions, observations };
}

export function readLog(dataDir: string): string {
  try {
    return readFileSync(join(dataDir, 'mnemo.log'), 'utf8');
  } catch {
    return '';
  }
}

/** Log lines written by one process (every line carries `[pid]`). */
export function logLinesOf(dataDir: string, pid: number): string[] {
  return readLog(dataDir)
    .split('\n')
    .filter((l) => l.includes(` [${pid}] `));
}

export function spoolFiles(dataDir: string): string[] {
  try {
    return readdirSync(join(dataDir, 'spool')).filter((f) => f.endsWith('.json') && !f.startsWith('.'));
  } catch {
    return [];
  }
}

/** Every file under `dir` (recursively) whose bytes contain `needle`. */
export function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = [];
  const pattern = Buffer.from(needle, 'utf8');
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else if (st.isFile() && readFileSync(p).includes(pattern)) hits.push(p);
    }
  };
  walk(dir);
  return hits;
}

/** stderr a host would consider alarming: anything at all except blank lines. */
export function alarmingStderr(stderr: string): string | undefined {
  const text = stderr.trim();
  return text ? text.slice(0, 400) : undefined;
}

/**
 * The contract of a hook towards its host: exit 0, no signal, exactly one JSON object on stdout
 * (nothing for Stop), nothing on stderr. Returns the problems found (empty when fine).
 */
export function hookContractProblems(event: string | undefined, r: ProcResult, maxMs = 5000): string[] {
  const problems: string[] = [];
  if (r.signal) problems.push(`killed by ${r.signal} after ${r.ms} ms`);
  if (r.code !== 0) problems.push(`exit code ${r.code}`);
  if (r.ms > maxMs) problems.push(`took ${r.ms} ms (> ${maxMs})`);
  if (event === 'Stop') {
    if (r.stdout !== '') problems.push(`Stop printed ${JSON.stringify(r.stdout.slice(0, 200))}`);
  } else {
    const lines = r.stdout.split('\n').filter((l) => l.trim() !== '');
    if (lines.length !== 1) problems.push(`stdout has ${lines.length} non-empty lines: ${JSON.stringify(r.stdout.slice(0, 200))}`);
    else {
      try {
        const v: unknown = JSON.parse(lines[0]!);
        if (!v || typeof v !== 'object' || Array.isArray(v)) problems.push(`stdout is not a JSON object: ${lines[0]!.slice(0, 200)}`);
      } catch {
        problems.push(`stdout is not JSON: ${JSON.stringify(r.stdout.slice(0, 200))}`);
      }
    }
  }
  const alarm = alarmingStderr(r.stderr);
  if (alarm) problems.push(`stderr: ${alarm}`);
  return problems;
}

export function assertHookOk(event: string | undefined, r: ProcResult, maxMs = 5000): void {
  const problems = hookContractProblems(event, r, maxMs);
  assert.deepEqual(problems, [], `${event ?? '(no event)'} hook broke its contract`);
}

/** Run async jobs with at most `limit` in flight. */
export async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** `git` in `cwd` with a fixed identity; throws on failure. */
export function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', ['-c', 'user.email=test@example.invalid', '-c', 'user.name=mnemo test', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...childEnv(cwd), GIT_CONFIG_NOSYSTEM: '1', HOME: cwd },
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout.trim();
}

/** A well-formed Claude Code payload for `event` (the shape Claude Code 2.x sends). */
export function validPayload(event: EventName, sessionId: string, cwd: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const base = { session_id: sessionId, transcript_path: join(cwd, '.no-such-transcript.jsonl'), cwd, permission_mode: 'default', hook_event_name: event };
  const byEvent: Record<EventName, Record<string, unknown>> = {
    SessionStart: { source: 'startup', model: 'claude-sonnet-4-5' },
    UserPromptSubmit: { prompt: 'Add retry with backoff to the HTTP client' },
    PreToolUse: { tool_name: 'Bash', tool_input: { command: 'npm test', description: 'Run tests' }, tool_use_id: `toolu_pre_${sessionId}` },
    PostToolUse: {
      tool_name: 'Bash',
      tool_input: { command: 'npm test', description: 'Run tests' },
      tool_response: { stdout: '12 passing', stderr: '', interrupted: false, isImage: false },
      tool_use_id: `toolu_post_${sessionId}`,
    },
    PostToolUseFailure: { tool_name: 'Bash', tool_input: { command: 'npm run lint' }, tool_use_id: `toolu_fail_${sessionId}`, error: 'Exit code 1\nError: lint failed', is_interrupt: false },
    Stop: { stop_hook_active: false, last_assistant_message: 'Added retries; all tests pass.' },
    SubagentStop: { stop_hook_active: false, agent_id: 'a1b2c3', agent_type: 'Explore', last_assistant_message: 'Found 3 call sites of fetchJson.' },
    PreCompact: { trigger: 'manual', custom_instructions: 'keep the API decisions' },
    PostCompact: { trigger: 'manual', compact_summary: 'We added retries to the HTTP client and fixed the flaky test.' },
    SessionEnd: { reason: 'other' },
  };
  return { ...base, ...byEvent[event], ...extra };
}
