/**
 * Helpers for the end-to-end tests of mnemo as users install it (package-install.test.ts,
 * marketplace.test.ts): a PATH and environment without the checkout, the packed tarball, npm run
 * under a temporary HOME, and a two-session script whose memory is checked from the outside.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { REPO_ROOT, type RunClaudeResult } from './claude-harness.ts';
import { requestTexts, toolResults, type ScriptStep, type StepContext } from './fake-anthropic.ts';

/** Whether this Node has node:sqlite (22.16+, 24): without it an install from the package has no SQLite. */
export const NODE_HAS_SQLITE = (() => {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major >= 24 || (major === 23 && minor >= 11) || (major === 22 && minor >= 16);
})();

/** PATH with this Node first and nothing inside the checkout (npm test puts node_modules/.bin there). */
export function pathWithoutCheckout(extra: string[] = []): string {
  const entries = [...extra, dirname(process.execPath), ...(process.env.PATH ?? '').split(delimiter)];
  return [...new Set(entries.filter((p) => p && !p.startsWith(REPO_ROOT)))].join(delimiter);
}

/**
 * npm settings that decide whether npm reaches its registry at all (CA file, proxies) or builds natively.
 * They may live in the user's or the global npmrc, and `npm install -g --prefix X` reads X/etc/npmrc
 * instead of the global one: without them carried over, each registry fetch fails and npm retries it for
 * over a minute (seen on CI: 144 s for one install that then left its optional dependency out).
 */
const CARRIED_NPM_CONFIG = ['nodedir', 'cafile', 'registry', 'proxy', 'https-proxy', 'noproxy', 'strict-ssl'] as const;
let carriedNpmConfig: Record<string, string> | undefined;

/** The user's values of CARRIED_NPM_CONFIG, as npm_config_* variables (one `npm config get`, cached). */
function npmNetworkEnv(): Record<string, string> {
  if (carriedNpmConfig) return carriedNpmConfig;
  const r = spawnSync('npm', ['config', 'get', ...CARRIED_NPM_CONFIG], { encoding: 'utf8' });
  const out: Record<string, string> = {};
  for (const line of r.status === 0 ? r.stdout.split('\n') : []) {
    const m = /^([\w-]+)=(.*)$/.exec(line.trim());
    if (m && m[2] && m[2] !== 'null' && m[2] !== 'undefined') out[`npm_config_${m[1]!.replace(/-/g, '_')}`] = m[2];
  }
  // What the environment says wins over what npm read from files.
  for (const key of CARRIED_NPM_CONFIG) {
    const name = `npm_config_${key.replace(/-/g, '_')}`;
    if (process.env[name]) out[name] = process.env[name]!;
  }
  // No CA file in npm's config but one for every Node (the runner moved NODE_EXTRA_CA_CERTS aside: it slows
  // each node start): npm gets it back the same way.
  const extraCa = process.env.MNEMO_TEST_NODE_EXTRA_CA_CERTS;
  if (!out.npm_config_cafile && extraCa) out.NODE_EXTRA_CA_CERTS = extraCa;
  return (carriedNpmConfig = out);
}

/** The environment for npm and mnemo under a temporary HOME (npm's network and native-build settings carried over). */
export function userEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(npm_|NODE_PATH$|NODE_OPTIONS$|NODE_EXTRA_CA_CERTS$|MNEMO_|INIT_CWD$)/.test(k)) env[k] = v;
  return {
    ...env,
    HOME: home,
    USERPROFILE: home,
    PATH: pathWithoutCheckout(),
    npm_config_cache: join(home, '.npm'),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    // A registry that cannot be reached costs the install its optional dependency, not minutes of retries.
    npm_config_fetch_retry_maxtimeout: '10000',
    ...npmNetworkEnv(),
    ...extra,
  };
}

/** `npm pack` of the checkout (its plugin/dist as built by `npm test`), into `dir`. */
export function packTarball(dir: string): string {
  assert.ok(existsSync(join(REPO_ROOT, 'plugin', 'dist', 'hook.cjs')), 'plugin/dist is not built: run `npm run build`');
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], { cwd: REPO_ROOT, encoding: 'utf8' }).trim().split('\n').pop()!;
  return join(dir, out);
}

export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd?: string, timeoutMs = 240_000): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { env, cwd, encoding: 'utf8', timeout: timeoutMs });
}

export function ok(r: SpawnSyncReturns<string>, what: string): string {
  assert.equal(r.status, 0, `${what} failed (${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/**
 * Node 20 has no node:sqlite: the user installs better-sqlite3 beside mnemo (what mnemo's message says).
 * The test copies the checkout's build of it (what `npm install -g better-sqlite3@12` compiles) instead of
 * compiling it again for minutes: a copy, so nothing of the checkout is on any path mnemo resolves.
 */
export function addBetterSqlite3(nodeModules: string): void {
  for (const name of ['better-sqlite3', 'bindings', 'file-uri-to-path']) {
    const from = join(REPO_ROOT, 'node_modules', name);
    if (existsSync(from)) cpSync(from, join(nodeModules, name), { recursive: true });
  }
}

export const MARKER = 'heliotrope-ledger-5521';

/** Session 1: one Bash call whose command carries the marker, then an answer. */
export const SESSION_ONE: ScriptStep[] = [
  { tool_use: { id: 'toolu_i1_bash', name: 'Bash', input: { command: `echo ${MARKER} > notes.txt`, description: 'write notes' } } },
  { text: 'Wrote the notes.' },
];

/** Session 2: load the MCP search tool, call it for the marker, answer with what it said. */
export function sessionTwo(searchTool: string, seen: { result?: string }): ScriptStep[] {
  return [
    { tool_use: { id: 'toolu_i2_load', name: 'ToolSearch', input: { query: `select:${searchTool}` } } },
    { tool_use: { id: 'toolu_i2_search', name: searchTool, input: { query: MARKER, limit: 5 } } },
    (ctx: StepContext) => {
      seen.result = toolResults(ctx.request.body).find((r) => r.tool_use_id === 'toolu_i2_search')?.text ?? '(no tool_result)';
      return { text: 'Found it.' };
    },
  ];
}

/** The first request of a session carries the SessionStart index, which names the marker command. */
export function assertIndexInjected(s2: RunClaudeResult, why: string): void {
  const texts = requestTexts(s2.mainRequests[0]!.body);
  assert.ok(texts.some((t) => t.includes('# mnemo: memory of') && t.includes(MARKER)), `session 2 starts with mnemo's index naming the marker:\n${texts.map((t) => t.slice(0, 400)).join('\n---\n')}\n${why}`);
}

/** Files under `dir`, for messages. */
export function listTree(dir: string, depth = 3): string[] {
  if (!existsSync(dir) || depth === 0) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => [join(dir, e.name), ...(e.isDirectory() ? listTree(join(dir, e.name), depth - 1) : [])]);
}
