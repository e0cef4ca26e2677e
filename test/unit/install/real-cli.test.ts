/**
 * The configuration `mnemo install` writes, loaded by the assistants' own CLIs, offline. Runs when the
 * CLI is found (MNEMO_CODEX_BIN / MNEMO_GEMINI_BIN, the project's node_modules/.bin, or PATH) and is
 * skipped otherwise, so a fresh clone without them still passes.
 * - Codex: `codex app-server` answers `hooks/list` with every hook it parsed from hooks.json, and
 *   `codex mcp list` shows the server from config.toml.
 * - Gemini CLI: `gemini mcp list` validates settings.json against its schema first and prints
 *   "Invalid configuration" for anything it rejects.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { install } from '../../../src/install/index.ts';
import { CODEX_EVENTS } from '../../../src/install/assistants/codex.ts';
import { HOOK, MCP, sandbox } from './helpers.ts';

function findBin(name: string, env: string): string | undefined {
  const fromEnv = process.env[env];
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const local = join(process.cwd(), 'node_modules', '.bin', name);
  if (existsSync(local)) return local;
  const which = spawnSync('which', [name], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() || undefined : undefined;
}

const CODEX = findBin('codex', 'MNEMO_CODEX_BIN');
const GEMINI = findBin('gemini', 'MNEMO_GEMINI_BIN');

/** Asks a Codex app-server (JSON-RPC over stdio) for the hooks it loaded. */
function codexHooks(bin: string, env: NodeJS.ProcessEnv, cwd: string): Promise<{ events: string[]; warnings: string[]; errors: unknown[] }> {
  return new Promise((resolve, reject) => {
    const p = spawn(bin, ['app-server'], { cwd, env, stdio: ['pipe', 'pipe', 'ignore'] });
    const timer = setTimeout(() => {
      p.kill();
      reject(new Error('codex app-server did not answer'));
    }, 30000);
    let buf = '';
    const send = (m: unknown): void => void p.stdin.write(JSON.stringify(m) + '\n');
    p.stdout.setEncoding('utf8').on('data', (d: string) => {
      buf += d;
      for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
        const m = JSON.parse(buf.slice(0, i));
        buf = buf.slice(i + 1);
        if (m.id === 1) {
          send({ method: 'initialized' });
          send({ id: 2, method: 'hooks/list', params: { cwds: [cwd] } });
        } else if (m.id === 2) {
          clearTimeout(timer);
          p.kill();
          const d0 = m.result?.data?.[0];
          if (!d0) return reject(new Error(JSON.stringify(m)));
          resolve({ events: d0.hooks.filter((h: any) => /mnemo/.test(h.command)).map((h: any) => h.eventName), warnings: d0.warnings, errors: d0.errors });
        }
      }
    });
    p.on('error', reject);
    send({ id: 1, method: 'initialize', params: { clientInfo: { name: 'mnemo-test', version: '0' } } });
  });
}

test('the real Codex CLI loads every hook and the server mnemo wrote', { skip: CODEX ? false : 'codex CLI not installed' }, async () => {
  const sb = sandbox();
  try {
    await install({ assistant: 'codex', home: sb.home, dataDir: sb.dataDir, hookCommand: HOOK, mcpCommand: MCP });
    const env = { ...process.env, HOME: sb.home, CODEX_HOME: join(sb.home, '.codex') };
    const work = join(sb.root, 'work');
    mkdirSync(work);
    const listed = await codexHooks(CODEX!, env, work);
    assert.deepEqual(listed.errors, []);
    assert.deepEqual(listed.warnings, []);
    const expected = CODEX_EVENTS.map(([e]) => e[0]!.toLowerCase() + e.slice(1));
    assert.deepEqual([...listed.events].sort(), [...expected].sort());
    const mcp = spawnSync(CODEX!, ['mcp', 'list'], { cwd: work, env, encoding: 'utf8', timeout: 30000 });
    assert.match(mcp.stdout, /mnemo\s+node\s+\/opt\/mnemo\/plugin\/dist\/cli\.js mcp/);
  } finally {
    sb.cleanup();
  }
});

test('the real Gemini CLI accepts the settings.json mnemo wrote', { skip: GEMINI ? false : 'gemini CLI not installed' }, async () => {
  const sb = sandbox();
  try {
    sb.write('.gemini/settings.json', '{\n  // mine\n  "ui": { "theme": "GitHub" }\n}\n');
    await install({ assistant: 'gemini', home: sb.home, dataDir: sb.dataDir, hookCommand: HOOK, mcpCommand: MCP });
    const work = join(sb.root, 'work');
    mkdirSync(work);
    const out = spawnSync(GEMINI!, ['mcp', 'list'], { cwd: work, env: { ...process.env, HOME: sb.home }, encoding: 'utf8', timeout: 60000 });
    const text = out.stdout + out.stderr;
    assert.doesNotMatch(text, /Invalid configuration/);
    assert.match(text, /mnemo: node \/opt\/mnemo\/plugin\/dist\/cli\.js mcp \(stdio\)/);
  } finally {
    sb.cleanup();
  }
});
