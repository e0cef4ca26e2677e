/**
 * Shared set-up for the installer tests: isolated temporary HOMEs, byte-exact snapshots of folder
 * trees, and a realistic, big ~/.claude.json.
 */
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'install');

export const HOOK = ['node', '/opt/mnemo/plugin/dist/hook.js'];
export const MCP = ['node', '/opt/mnemo/plugin/dist/cli.js', 'mcp'];

export interface Sandbox {
  readonly root: string;
  readonly home: string;
  readonly dataDir: string;
  write(rel: string, content: string | Uint8Array): string;
  read(rel: string): string;
  cleanup(): void;
}

/** A fresh root with `home/` and `data/` inside. */
export function sandbox(): Sandbox {
  const root = mkdtempSync(join(tmpdir(), 'mnemo-install-'));
  const home = join(root, 'home');
  const dataDir = join(root, 'data');
  mkdirSync(home);
  return {
    root,
    home,
    dataDir,
    write(rel, content) {
      const p = join(home, rel);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, content);
      return p;
    },
    read: (rel) => readFileSync(join(home, rel), 'utf8'),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Every file and folder under `dir` with its bytes (folders as null): equal snapshots mean byte-identical trees. */
export function tree(dir: string): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  const walk = (d: string, rel: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const r = rel ? `${rel}/${name}` : name;
      if (statSync(p).isDirectory()) {
        out[r] = null;
        walk(p, r);
      } else out[r] = readFileSync(p).toString('base64');
    }
  };
  walk(dir, '');
  return out;
}

/** A ~/.claude.json shaped like Claude Code's own state file, about `projects` × 1 KB big. */
export function bigClaudeJson(projects = 2000): string {
  const state: Record<string, unknown> = {
    numStartups: 412,
    installMethod: 'npm-global',
    autoUpdates: true,
    theme: 'dark',
    tipsHistory: { 'new-user-warmup': 7, 'memory-command': 12 },
    userID: 'a'.repeat(64),
    oauthAccount: { accountUuid: '00000000-0000-0000-0000-000000000000', emailAddress: 'dev@example.com' },
    mcpServers: {
      github: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_TOKEN: 'x' } },
      docs: { type: 'http', url: 'https://docs.example.com/mcp' },
    },
    projects: {} as Record<string, unknown>,
  };
  const ps = state.projects as Record<string, unknown>;
  for (let i = 0; i < projects; i++) {
    ps[`/home/dev/src/project-${i}`] = {
      allowedTools: [],
      history: [{ display: `fix the flaky test number ${i} — 修复测试`, pastedContents: {} }],
      mcpContextUris: [],
      mcpServers: {},
      enabledMcpjsonServers: [],
      disabledMcpjsonServers: [],
      hasTrustDialogAccepted: i % 2 === 0,
      projectOnboardingSeenCount: 1,
      lastCost: i / 7,
      lastSessionId: `${i}`.padStart(8, '0') + '-aaaa-bbbb-cccc-dddddddddddd',
    };
  }
  return JSON.stringify(state, null, 2);
}
