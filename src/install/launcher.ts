/**
 * @module install/launcher
 * The stable place hosts run mnemo from: `<data dir>/bin/hook.cjs` and `<data dir>/bin/mnemo.cjs`,
 * two small files that start the hook and the CLI of the mnemo install named in `target.json` beside
 * them. Hosts' settings name these files, never an install: a global prefix, an npx cache folder or a
 * checkout can change or go away, and upgrading mnemo in place (npm install -g over it) is picked up by
 * the next hook with nothing to re-install. `mnemo install` (re)writes the target; the launchers stay.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LauncherPaths {
  readonly dir: string;
  /** What hooks run: `node <hook> <Event> [--platform p]`. */
  readonly hook: string;
  /** What MCP servers run: `node <cli> mcp`. */
  readonly cli: string;
  readonly target: string;
}

/** The install the launchers start. */
export interface LauncherTarget {
  /** The install's plugin/dist (hook.cjs, cli.js). */
  readonly dist: string;
  readonly version: string;
  readonly writtenAt: string;
}

export function launcherPaths(dataDir: string): LauncherPaths {
  const dir = join(dataDir, 'bin');
  return { dir, hook: join(dir, 'hook.cjs'), cli: join(dir, 'mnemo.cjs'), target: join(dir, 'target.json') };
}

/**
 * The hook launcher: CommonJS with nothing to resolve (a hook is a fresh process each time). When the
 * install it names is gone it answers `{}` (a host must never break on us) and logs one line with the fix.
 */
const HOOK_LAUNCHER = `// Written by \`mnemo install\`; hosts run this file for every hook. It starts the hook of the mnemo
// install named in target.json beside it, so an upgraded mnemo keeps every hook working.
'use strict';
const fs = require('fs');
const path = require('path');
let dist = '';
try { dist = JSON.parse(fs.readFileSync(path.join(__dirname, 'target.json'), 'utf8')).dist || ''; } catch {}
const entry = dist && path.join(dist, 'hook.cjs');
if (entry && fs.existsSync(entry)) {
  require(entry);
} else {
  try {
    fs.appendFileSync(path.join(__dirname, '..', 'mnemo.log'), new Date().toISOString() + ' error [' + process.pid + '] hook launcher: the mnemo install it points at is gone (' + (dist || 'no ' + path.join(__dirname, 'target.json')) + '); run \`mnemo install <assistant>\` again from your mnemo install (npm install -g mnemo, or npx mnemo install claude-code)\\n');
  } catch {}
  process.stdout.write('{}\\n');
}
`;

/** The CLI launcher (the MCP server and anything else hosts start): an ES module import of the target's cli.js. */
const CLI_LAUNCHER = `// Written by \`mnemo install\`; hosts start mnemo's MCP server through this file. It runs the CLI of
// the mnemo install named in target.json beside it.
'use strict';
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
let dist = '';
try { dist = JSON.parse(fs.readFileSync(path.join(__dirname, 'target.json'), 'utf8')).dist || ''; } catch {}
const entry = dist && path.join(dist, 'cli.js');
if (entry && fs.existsSync(entry)) {
  import(pathToFileURL(entry).href);
} else {
  process.stderr.write('mnemo: the install this launcher points at is gone (' + (dist || 'no target.json') + '); run \`mnemo install <assistant>\` again from your mnemo install\\n');
  process.exitCode = 1;
}
`;

function writeAtomic(file: string, text: string): void {
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, text, { mode: 0o644 });
  renameSync(tmp, file);
}

/** Write (or refresh) the launchers and point them at `dist`. Returns where they are. */
export function writeLauncher(dataDir: string, dist: string, version: string): LauncherPaths {
  const p = launcherPaths(dataDir);
  mkdirSync(p.dir, { recursive: true });
  for (const [file, text] of [[p.hook, HOOK_LAUNCHER], [p.cli, CLI_LAUNCHER]] as const) {
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeAtomic(file, text);
  }
  const target: LauncherTarget = { dist, version, writtenAt: new Date().toISOString() };
  writeAtomic(p.target, JSON.stringify(target, null, 2) + '\n');
  return p;
}

export function readLauncherTarget(dataDir: string): LauncherTarget | undefined {
  try {
    const t = JSON.parse(readFileSync(launcherPaths(dataDir).target, 'utf8')) as Partial<LauncherTarget>;
    return typeof t.dist === 'string' ? { dist: t.dist, version: String(t.version ?? ''), writtenAt: String(t.writtenAt ?? '') } : undefined;
  } catch {
    return undefined;
  }
}

/** After an uninstall: the launchers go too once no assistant's install record is left. */
export function removeLauncherIfUnused(dataDir: string): boolean {
  let records: string[] = [];
  try {
    records = readdirSync(join(dataDir, 'install')).filter((n) => n.endsWith('.json'));
  } catch {
    /* no install folder: nothing installed */
  }
  if (records.length > 0) return false;
  rmSync(launcherPaths(dataDir).dir, { recursive: true, force: true });
  return true;
}
