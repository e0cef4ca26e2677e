/**
 * @module cli/commands/install
 * `mnemo install|uninstall <assistant> [--project DIR] [--dry-run]`: writes (or removes) the
 * assistant's hook configuration and MCP registration. They run the launchers in the data directory
 * (install/launcher), which start this installation's bundles: the install can move or be upgraded.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { install, uninstall, supportedAssistants, InstallError, type InstallReport } from '../../install/index.ts';
import { launcherPaths, removeLauncherIfUnused, writeLauncher } from '../../install/launcher.ts';
import { claudeHookFeatures, installedClaudeVersion } from '../../install/host-features.ts';
import { VERSION } from '../main.ts';
import { UsageError, type Command, type Io } from '../io.ts';

/** plugin/dist of this installation (bundles run from plugin/dist or plugin/dist/chunks). */
export function distDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    if (existsSync(join(dir, 'hook.cjs')) && existsSync(join(dir, 'cli.js'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('cannot find the built hook.cjs/cli.js; run npm install (or npm run build) first');
}

function parse(args: string[]) {
  try {
    const { values, positionals } = parseArgs({ args, options: { project: { type: 'string' }, 'dry-run': { type: 'boolean' }, json: { type: 'boolean' } }, allowPositionals: true, strict: true });
    const assistant = positionals[0];
    if (!assistant || positionals.length > 1) throw new UsageError(`name one assistant: ${supportedAssistants().join(', ')}`);
    return { assistant, project: values.project, dryRun: values['dry-run'] ?? false, json: values.json ?? false };
  } catch (err) {
    throw err instanceof UsageError ? err : new UsageError((err as Error).message);
  }
}

function report(io: Io, r: InstallReport, json: boolean): number {
  if (json) io.out(JSON.stringify(r, null, 2));
  else {
    if (r.dryRun && r.diff) io.out(r.diff);
    io.out(r.message);
    for (const note of r.notes) io.out(`note: ${note}`);
  }
  return 0;
}

async function run(kind: 'install' | 'uninstall', args: string[], io: Io): Promise<number> {
  const a = parse(args);
  const home = io.env.HOME || io.env.USERPROFILE || homedir();
  const common = {
    assistant: a.assistant,
    home,
    dataDir: io.config.dataDir,
    dryRun: a.dryRun,
    ...(a.project !== undefined ? { projectDir: resolve(io.cwd, a.project) } : {}),
  };
  try {
    if (kind === 'uninstall') {
      const r = await uninstall(common);
      if (!a.dryRun) removeLauncherIfUnused(io.config.dataDir);
      return report(io, r, a.json);
    }
    const dist = distDir();
    const launcher = a.dryRun ? launcherPaths(io.config.dataDir) : writeLauncher(io.config.dataDir, dist, VERSION);
    const notes = [`hosts run ${launcher.dir} (hook.cjs, mnemo.cjs), which starts this mnemo (${dist}); upgrading it in place keeps every hook working`];
    let hookFeatures;
    if (a.assistant === 'claude-code') {
      const version = installedClaudeVersion(io.env);
      hookFeatures = claudeHookFeatures(version);
      notes.push(
        version === undefined
          ? 'Claude Code was not found on PATH (or MNEMO_CLAUDE_BIN): its hooks are shell commands it waits for; install again with claude on PATH to let them run in the background'
          : `Claude Code ${version}: hooks ${hookFeatures.execForm ? 'run without a shell' : 'run through the shell'}${hookFeatures.background ? ', and those that answer nothing run in the background' : ''}`,
      );
    }
    const r = await install({ ...common, hookCommand: [process.execPath, launcher.hook], mcpCommand: [process.execPath, launcher.cli, 'mcp'], ...(hookFeatures ? { hookFeatures } : {}) });
    return report(io, { ...r, notes: [...notes, ...r.notes] }, a.json);
  } catch (err) {
    if (err instanceof InstallError) {
      io.err(`mnemo ${kind}: ${err.message}`);
      return err.code === 'UNKNOWN_ASSISTANT' ? 2 : 1;
    }
    throw err;
  }
}

export const installCommand: Command = (args, io) => run('install', args, io);
export const uninstallCommand: Command = (args, io) => run('uninstall', args, io);
