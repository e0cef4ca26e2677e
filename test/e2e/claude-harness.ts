/**
 * Runs the real Claude Code CLI (`@anthropic-ai/claude-code`) in print mode, offline, against the
 * scripted stand-in for the Messages API in `fake-anthropic.ts`.
 *
 * Each run gets an isolated environment: its own HOME (so no user settings, plugins or credentials
 * leak in), its own MNEMO_DATA_DIR, no telemetry or auto-update, and none of the CLAUDE_* / ANTHROPIC_*
 * variables of whoever runs the tests (nested Claude Code sessions would otherwise change behaviour).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeAnthropic, type FakeAnthropic, type RecordedRequest, type ScriptStep } from './fake-anthropic.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLAUDE_BIN = join(REPO_ROOT, 'node_modules', '.bin', 'claude');
/** The plugin under test: the checkout's plugin/ unless MNEMO_E2E_PLUGIN_DIR points elsewhere (e.g. an installed copy). */
export const PLUGIN_DIR = process.env.MNEMO_E2E_PLUGIN_DIR || join(REPO_ROOT, 'plugin');

export const DEFAULT_ALLOWED_TOOLS = [
  'Bash',
  'Edit',
  'Write',
  'Read',
  'mcp__plugin_mnemo_mnemo__search',
  'mcp__plugin_mnemo_mnemo__get_observations',
];

/** Fails loudly (never skips) when the CLI is not installed. */
export function assertClaudeInstalled(): void {
  if (!existsSync(CLAUDE_BIN)) {
    throw new Error(
      `Claude Code CLI not found at ${CLAUDE_BIN}. Run \`npm install\` (the devDependency @anthropic-ai/claude-code ` +
        'must have its install script approved: `npm install-scripts approve @anthropic-ai/claude-code`).',
    );
  }
}

export interface RunClaudeOptions {
  prompt: string;
  /** Working directory of the session (the project). */
  cwd: string;
  /** Isolated HOME; a fresh temp dir when omitted. Reuse it across runs to share ~/.claude state. */
  home?: string;
  /** Script for the main loop; ignored when `api` is given (set the script on it yourself). */
  script?: ScriptStep[];
  /** An already running stand-in (e.g. shared between sessions). Otherwise one is started for this run. */
  api?: FakeAnthropic;
  /** Plugin directory passed as --plugin-dir; no plugin when omitted. */
  pluginDir?: string;
  allowedTools?: string[];
  /** Extra environment (e.g. MNEMO_DATA_DIR). Values `undefined` remove a variable. */
  env?: Record<string, string | undefined>;
  /** Extra CLI arguments, appended after the defaults. */
  args?: string[];
  /** `stream-json` adds `--verbose --include-hook-events` so hook lifecycle shows in stdout. */
  outputFormat?: 'text' | 'json' | 'stream-json';
  /** Write Claude Code's debug log here (`--debug-file`); read back into the result. */
  debugFile?: string;
  /** Hard limit for the whole run; the process group is killed after it. Default 60 s. */
  timeoutMs?: number;
  /** How long processes left behind by the CLI may keep its output open before they are killed. Default 3 s. */
  stragglerGraceMs?: number;
}

export interface RunClaudeResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** Some process (hook, MCP server) kept the CLI's stdout/stderr open after it exited and was killed. */
  stragglers: boolean;
  durationMs: number;
  stdout: string;
  stderr: string;
  /** Every request the stand-in received during this run. */
  requests: RecordedRequest[];
  /** Main-loop requests (tools include Bash) during this run. */
  mainRequests: RecordedRequest[];
  /** Problems the stand-in noticed (script exhausted, step threw). */
  apiErrors: string[];
  /** stream-json events, when outputFormat is `stream-json`. */
  events: any[];
  debugLog?: string;
  home: string;
  argv: string[];
}

/** Environment variables never passed through from the test runner's own environment. */
const STRIPPED_ENV = /^(CLAUDE|ANTHROPIC|MNEMO_|NODE_OPTIONS$|NODE_EXTRA_CA_CERTS$|NODE_TEST_CONTEXT$|NODE_V8_COVERAGE$|OTEL_|AWS_|GOOGLE_|VERTEX|DEBUG$)/;

const tempDirs: string[] = [];

/** A fresh temp dir, removed by `cleanupTempDirs()` (kept when MNEMO_E2E_KEEP=1, for debugging). */
export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `mnemo-e2e-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}

/** Removes every dir made by `makeTempDir` in this process; call from `after()`. */
export function cleanupTempDirs(): void {
  if (process.env.MNEMO_E2E_KEEP === '1') {
    if (tempDirs.length > 0) process.stderr.write(`[e2e] kept temp dirs:\n  ${tempDirs.join('\n  ')}\n`);
    return;
  }
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** An isolated HOME where Claude Code believes onboarding is done. */
export function makeHome(): string {
  const home = makeTempDir('home');
  mkdirSync(join(home, '.claude'), { recursive: true });
  writeFileSync(
    join(home, '.claude.json'),
    JSON.stringify({ hasCompletedOnboarding: true, bypassPermissionsModeAccepted: true, autoUpdates: false }, null, 2),
  );
  return home;
}

export async function runClaude(options: RunClaudeOptions): Promise<RunClaudeResult> {
  assertClaudeInstalled();
  const ownApi = options.api === undefined;
  const api = options.api ?? (await startFakeAnthropic({ script: options.script ?? [] }));
  const firstRequest = api.requests.length;
  const firstError = api.errors.length;
  const home = options.home ?? makeHome();

  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !STRIPPED_ENV.test(key)) env[key] = value;
  }
  Object.assign(env, {
    HOME: home,
    USERPROFILE: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    ANTHROPIC_BASE_URL: api.url,
    ANTHROPIC_API_KEY: 'sk-ant-e2e-fake-key',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY: '1',
    // Offline: nothing may try to reach the internet through a proxy either.
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
  });
  for (const key of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy', 'ALL_PROXY', 'all_proxy']) delete env[key];
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }

  const outputFormat = options.outputFormat ?? 'text';
  const argv = ['-p', options.prompt, '--allowedTools', (options.allowedTools ?? DEFAULT_ALLOWED_TOOLS).join(',')];
  argv.push('--output-format', outputFormat);
  if (outputFormat === 'stream-json') argv.push('--verbose', '--include-hook-events');
  if (options.pluginDir) argv.push('--plugin-dir', options.pluginDir);
  if (options.debugFile) argv.push('--debug-file', options.debugFile);
  argv.push(...(options.args ?? []));

  const started = Date.now();
  const child = spawn(CLAUDE_BIN, argv, {
    cwd: options.cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group: on timeout the CLI, its hooks and MCP servers are killed together
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));

  const killGroup = (signal: NodeJS.Signals): void => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  let timedOut = false;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup('SIGTERM');
    setTimeout(() => killGroup('SIGKILL'), 2_000).unref();
  }, timeoutMs);

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit, reject) => {
    child.once('error', reject);
    child.once('exit', (c, s) => resolveExit({ code: c, signal: s }));
  });
  const closed = new Promise<void>((resolveClose) => child.once('close', () => resolveClose()));
  const { code, signal } = await exited.finally(() => clearTimeout(timer));
  const durationMs = Date.now() - started;
  // Output pipes close when every process holding them is gone. A process still holding them a while after
  // the CLI exited (a hook or server that outlived the session) is a straggler: note it, then kill the group.
  const stragglerGraceMs = options.stragglerGraceMs ?? 3_000;
  const stragglers = !(await Promise.race([
    closed.then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), stragglerGraceMs).unref()),
  ]));
  if (stragglers) {
    killGroup('SIGKILL');
    await closed;
  }

  const requests = api.requests.slice(firstRequest);
  const apiErrors = api.errors.slice(firstError);
  if (ownApi) await api.close();

  const events: any[] = [];
  if (outputFormat === 'stream-json') {
    for (const line of stdout.split('\n')) {
      if (!line.trim()) continue;
      try {
        events.push(JSON.parse(line));
      } catch {
        // not JSON: leave it in stdout
      }
    }
  }
  let debugLog: string | undefined;
  if (options.debugFile && existsSync(options.debugFile)) debugLog = readFileSync(options.debugFile, 'utf8');

  return {
    code,
    signal,
    timedOut,
    stragglers,
    durationMs,
    stdout,
    stderr,
    requests,
    mainRequests: requests.filter((r) => r.kind === 'main'),
    apiErrors,
    events,
    debugLog,
    home,
    argv,
  };
}

/** A compact description of a run, for assertion messages. */
export function describeRun(run: RunClaudeResult): string {
  const calls = run.requests.map((r) => `${r.method} ${r.url} [${r.kind}]`).join('\n    ');
  return [
    `exit=${run.code} signal=${run.signal} timedOut=${run.timedOut} stragglers=${run.stragglers} in ${run.durationMs} ms`,
    `requests:\n    ${calls || '(none)'}`,
    `api errors: ${run.apiErrors.join('; ') || '(none)'}`,
    `stdout: ${run.stdout.slice(-3000)}`,
    `stderr: ${run.stderr.slice(-3000)}`,
  ].join('\n  ');
}
