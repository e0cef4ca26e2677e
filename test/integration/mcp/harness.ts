// Shared helpers for the MCP and CLI integration tests: temporary git repositories and data
// directories, the built hook and CLI bundles run as child processes, and a recorded-style Claude
// Code session (hook payloads as Claude Code sends them) to seed a store with.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const CLI = join(ROOT, 'plugin', 'dist', 'cli.js');
export const HOOK = join(ROOT, 'plugin', 'dist', 'hook.cjs');

/** Never skip: a missing build is a failure that says how to fix it. */
export function assertBuilt(): void {
  const missing = [CLI, HOOK].filter((p) => !existsSync(p));
  if (missing.length) throw new Error(`mnemo is not built (missing ${missing.join(', ')}). Run \`npm run build\`.`);
}

const temps: string[] = [];

export function tempDir(prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), `mnemo-it-${prefix}-`)));
  temps.push(dir);
  return dir;
}

export function cleanupTemps(): void {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** A real git repository (`git init`), canonical path. */
export function gitRepo(name: string): string {
  const dir = tempDir(name);
  const r = spawnSync('git', ['init', '-q', '-b', 'main', dir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git init failed: ${r.stderr}`);
  return dir;
}

/** The environment for a child: ours without NODE_EXTRA_CA_CERTS (slow node start) and without MNEMO_* leaking in. */
export function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || k === 'NODE_EXTRA_CA_CERTS' || k.startsWith('MNEMO_') || k === 'CLAUDE_PROJECT_DIR') continue;
    env[k] = v;
  }
  return { ...env, ...extra };
}

export type Payload = Record<string, unknown>;

/** Run the hook bundle the way Claude Code does: event on argv, payload on stdin. */
export function runHook(dataDir: string, payload: Payload, extraEnv: Record<string, string> = {}): SpawnSyncReturns<string> {
  const event = String(payload.hook_event_name);
  const r = spawnSync(process.execPath, [HOOK, event], {
    input: JSON.stringify(payload),
    env: childEnv({ MNEMO_DATA_DIR: dataDir, ...extraEnv }),
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`hook ${event} exited ${r.status}: ${r.stderr}`);
  return r;
}

export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `node plugin/dist/cli.js …` in a subprocess. */
export function runCliProc(args: readonly string[], opts: { dataDir: string; cwd: string; env?: Record<string, string> }): CliRun {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: opts.cwd,
    env: childEnv({ MNEMO_DATA_DIR: opts.dataDir, ...(opts.env ?? {}) }),
    encoding: 'utf8',
    timeout: 30_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// ---------------------------------------------------------------------------------------------
// The seeded session. Each distinctive word lives in exactly one record so that searches can be
// checked for the right record, not just for "some result".

export const MARK = {
  /** Only in the private block of the first prompt: must never be stored. */
  privateText: 'HUNTER2PRIVATEZEBRA',
  /** A prompt that is private from end to end: stored as [PRIVATE], flagged, never indexed. */
  allPrivate: 'ALLPRIVATEPROMPTMARK',
  /** Only in the body (file content) of the Read: searchable, never in a compact index line. */
  bodyOnly: 'QUOKKABODYMARKER',
  /** An identifier only in the Edit's new_string. */
  identifier: 'acquirePooledConnection',
  /** The secret in a Bash command's env, must be redacted. */
  ghToken: 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8',
} as const;

export const TOOL_IDS = {
  read: 'toolu_it_read_01',
  edit: 'toolu_it_edit_02',
  testFail: 'toolu_it_fail_03',
  build: 'toolu_it_build_04',
  push: 'toolu_it_push_05',
} as const;

export function sessionPayloads(sessionId: string, repo: string): Payload[] {
  const base = { session_id: sessionId, transcript_path: join(repo, '.no-transcript.jsonl'), cwd: repo };
  const pool = join(repo, 'src', 'db', 'pool.ts');
  return [
    { ...base, hook_event_name: 'SessionStart', source: 'startup' },
    {
      ...base,
      hook_event_name: 'UserPromptSubmit',
      prompt: `Checkout returns 5xx under load. 连接池好像在泄漏，请修复 src/db/pool.ts。<private>staging password is ${MARK.privateText}</private>`,
    },
    {
      ...base,
      hook_event_name: 'PostToolUse',
      tool_name: 'Read',
      tool_use_id: TOOL_IDS.read,
      tool_input: { file_path: pool },
      tool_response: {
        type: 'text',
        file: { filePath: pool, content: `// ${MARK.bodyOnly}\nexport async function getConn(p) {\n  return p.connect();\n}\n`, numLines: 4, startLine: 1, totalLines: 4 },
      },
    },
    {
      ...base,
      hook_event_name: 'PostToolUse',
      tool_name: 'Edit',
      tool_use_id: TOOL_IDS.edit,
      tool_input: { file_path: pool, old_string: 'export async function getConn(p) {', new_string: `export async function ${MARK.identifier}(p) {` },
      tool_response: { filePath: pool, oldString: 'export async function getConn(p) {', newString: `export async function ${MARK.identifier}(p) {`, structuredPatch: [], userModified: false, replaceAll: false },
    },
    {
      ...base,
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Bash',
      tool_use_id: TOOL_IDS.testFail,
      tool_input: { command: 'npm test -- checkout', description: 'Run checkout tests' },
      error: 'Exit code 1\nFAIL test/checkout.test.ts\n  Error: read ECONNRESET\n    at TCP.onStreamRead',
      is_interrupt: false,
    },
    {
      ...base,
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_use_id: TOOL_IDS.build,
      tool_input: { command: 'npx next build', description: 'Build the web app' },
      tool_response: { stdout: '   ▲ Next.js 14.2.3\n   Creating an optimized production build ...\n ✓ Compiled successfully', stderr: '', interrupted: false, isImage: false },
    },
    {
      ...base,
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_use_id: TOOL_IDS.push,
      tool_input: { command: `GITHUB_TOKEN=${MARK.ghToken} git push origin main`, description: 'Push' },
      tool_response: { stdout: 'To github.com:acme/shop.git\n   4f2a9c1..9e8d7c6  main -> main', stderr: '', interrupted: false, isImage: false },
    },
    { ...base, hook_event_name: 'UserPromptSubmit', prompt: '队列里按payload优先级处理，然后提交。' },
    { ...base, hook_event_name: 'UserPromptSubmit', prompt: `  <private>${MARK.allPrivate} and the prod password</private>\n` },
    { ...base, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: '已修复泄漏问题：released pooled connections on error; checkout tests pass.' },
    { ...base, hook_event_name: 'SessionEnd', reason: 'prompt_input_exit' },
  ];
}

/** A second project with one record, to check ranking and per-project context. */
export function otherProjectPayloads(sessionId: string, repo: string): Payload[] {
  const base = { session_id: sessionId, transcript_path: join(repo, '.t.jsonl'), cwd: repo };
  return [
    { ...base, hook_event_name: 'SessionStart', source: 'startup' },
    {
      ...base,
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_use_id: 'toolu_other_01',
      tool_input: { command: 'psql -c "show max_connections"' },
      tool_response: { stdout: 'max_connections: 100 (checkout connection pool sizing, OTHERPROJECTMARK)', stderr: '', interrupted: false, isImage: false },
    },
    { ...base, hook_event_name: 'SessionEnd', reason: 'other' },
  ];
}

export function seed(dataDir: string, payloads: readonly Payload[]): void {
  for (const p of payloads) runHook(dataDir, p);
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
  toolName?: string;
  toolUseId?: string;
  private: boolean;
  createdAt: number;
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
  observationCount: number;
}

export function parseJsonl(text: string): Array<ExportedObservation | ExportedSession> {
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      try {
        return JSON.parse(l) as ExportedObservation | ExportedSession;
      } catch (err) {
        throw new Error(`export line ${i + 1} is not JSON: ${(err as Error).message}\n${l.slice(0, 300)}`);
      }
    });
}

/** Every file under a folder (the whole data dir: db, WAL, spool, logs, backups). */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(p);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

/** Files under `dir` whose bytes contain `needle` (UTF-8). */
export function filesContaining(dir: string, needle: string): string[] {
  const bytes = Buffer.from(needle, 'utf8');
  return filesUnder(dir).filter((f) => readFileSync(f).includes(bytes));
}

export function spoolFiles(dataDir: string): string[] {
  const dir = join(dataDir, 'spool');
  return existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.json') && !n.startsWith('.')) : [];
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** `mnemo mcp` (the built bundle) with the SDK's own client over stdio. */
export interface McpConnection {
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** What the server wrote on stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

export async function connectMcp(opts: { readonly cwd: string; readonly env: Record<string, string>; readonly name: string }): Promise<McpConnection> {
  let stderr = '';
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], cwd: opts.cwd, env: childEnv(opts.env), stderr: 'pipe' });
  transport.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
  const client = new Client({ name: opts.name, version: '0.0.0' });
  await client.connect(transport, { timeout: 15_000 });
  return {
    call: async (name, args) => (await client.callTool({ name, arguments: args }, undefined, { timeout: 15_000 })) as CallToolResult,
    stderr: () => stderr,
    close: () => client.close().catch(() => undefined),
  };
}

/** A tool result's text blocks, joined. */
export const textOf = (r: CallToolResult): string => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
