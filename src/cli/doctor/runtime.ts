/**
 * @module cli/doctor/runtime
 * What this mnemo runs on and from: the SQLite driver (node:sqlite or better-sqlite3) and its SQLite,
 * where this install lives (a checkout, a global npm install, an npx cache, a Claude Code plugin copy),
 * and where the hosts' launchers point (install/launcher).
 */
import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { readLauncherTarget, launcherPaths } from '../../install/launcher.ts';
import { sqliteRuntime } from '../../store/sqlite/driver.ts';
import { check, reason, type Check } from './check.ts';

/** How this install came to be, read off its path. */
export function installKind(packageRoot: string): string {
  const p = packageRoot.split(sep).join('/');
  if (existsSync(join(packageRoot, 'src', 'cli', 'main.ts'))) return 'a source checkout';
  if (p.includes('/.claude/plugins/')) return 'a Claude Code plugin copy';
  if (p.includes('/_npx/')) return 'an npx cache';
  if (/\/lib\/node_modules\/mnemo$|\/node_modules\/mnemo$/.test(p)) return p.includes('/lib/node_modules/') ? 'a global npm install' : 'an npm install';
  return 'a copy of the package';
}

export function runtimeChecks(dataDir: string, dist: string | undefined): Check[] {
  const out: Check[] = [];
  try {
    const r = sqliteRuntime();
    out.push(check('sqlite driver', true, `${r.driver === 'node' ? 'node:sqlite' : 'better-sqlite3'} (SQLite ${r.sqliteVersion}, Node ${r.node}; ${r.why})`));
  } catch (err) {
    out.push(check('sqlite driver', false, reason(err)));
  }
  if (dist) {
    const root = dirname(dirname(dist));
    out.push(check('install', true, `${root} (${installKind(root)})`));
  }
  const target = readLauncherTarget(dataDir);
  if (target) {
    const here = dist !== undefined && target.dist === dist;
    const gone = !existsSync(join(target.dist, 'hook.cjs'));
    const detail = `${launcherPaths(dataDir).dir} starts ${target.dist} (mnemo ${target.version || '?'})`;
    if (gone) out.push(check('hooks', false, `${detail}, which is gone: run \`mnemo install <assistant>\` again`));
    else if (!here) out.push({ ...check('hooks', true, `${detail}, not this install: \`mnemo install <assistant>\` from here switches them`), warning: true });
    else out.push(check('hooks', true, detail));
  }
  return out;
}
