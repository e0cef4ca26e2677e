/**
 * @module cli/commands/demo
 * `mnemo demo`: replays a recorded session through the real hook program into a temporary data
 * directory, starts a second session to show the injected index, then runs searches (English and
 * Chinese). Nothing outside the temporary folders is touched.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { resolveConfig } from '../../config/config.ts';
import { indexLine } from '../../core/format/records.ts';
import { resolvePlace } from '../../hooks/place.ts';
import { openStore } from '../../store/open-store.ts';
import { UsageError, type Command } from '../io.ts';

/** Walk up from this module to the package root (bundles live in plugin/dist or plugin/dist/chunks). */
function packageFile(...parts: string[]): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, ...parts);
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error(`cannot find ${parts.join('/')} in the mnemo package; run npm install first`);
}

export const demoCommand: Command = async (args, io) => {
  let keep = false;
  try {
    keep = !!parseArgs({ args, options: { keep: { type: 'boolean' } }, strict: true }).values.keep;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const fixture = packageFile('fixtures', 'demo-session.jsonl');
  const hook = packageFile('plugin', 'dist', 'hook.cjs');
  const root = mkdtempSync(join(tmpdir(), 'mnemo-demo-'));
  const dataDir = join(root, 'data');
  const project = join(root, 'demo-project');
  mkdirSync(join(project, '.git'), { recursive: true });
  writeFileSync(join(project, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  const env: NodeJS.ProcessEnv = { ...process.env, MNEMO_DATA_DIR: dataDir };
  delete env.NODE_EXTRA_CA_CERTS;

  const runHook = (payload: Record<string, unknown>): string => {
    const event = String(payload.hook_event_name);
    const r = spawnSync(process.execPath, [hook, event], { input: JSON.stringify(payload), env, encoding: 'utf8', timeout: 15_000 });
    if (r.status !== 0) throw new Error(`hook ${event} exited ${r.status}: ${r.stderr}`);
    return r.stdout;
  };

  try {
    const lines = readFileSync(fixture, 'utf8').split('\n').filter((l) => l.trim());
    io.out(`▶ Replaying a recorded Claude Code session (${lines.length} hook events) through the hook program`);
    io.out(`  project: ${project}\n  data:    ${dataDir}\n`);
    for (const line of lines) {
      // The recording was made in /work/demo-project; move it into this run's temporary project.
      const payload = JSON.parse(line.split('/work/demo-project').join(project.replace(/\\/g, '/'))) as Record<string, unknown>;
      runHook(payload);
    }

    io.out('▶ A new session starts in the same project. SessionStart injects:\n');
    const out = runHook({ session_id: 'demo-0002', cwd: project, hook_event_name: 'SessionStart', source: 'startup' });
    const injected = (JSON.parse(out) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput?.additionalContext ?? '';
    io.out(injected.split('\n').map((l) => `  │ ${l}`).join('\n'));
    io.out(`\n  (${injected.length} characters of a ${resolveConfig(env).contextBudget}-character budget)\n`);

    const cfg = resolveConfig(env);
    const store = await openStore(cfg);
    try {
      for (const query of ['connection pool ECONNRESET', '连接池', 'src/db/pool.ts']) {
        const hits = await store.search({ query, limit: 5, currentProject: resolvePlace(project).project });
        io.out(`▶ mnemo search ${JSON.stringify(query)}`);
        io.out(hits.length ? hits.map((h) => `  ${indexLine(h.observation)}`).join('\n') : '  (no results)');
        io.out('');
      }
      const leaked = ['hunter2-staging', 's3cr3tPass'].filter((secret) =>
        readFileSync(cfg.dbPath).includes(secret) || existsSync(cfg.logFile) && readFileSync(cfg.logFile, 'utf8').includes(secret),
      );
      io.out(`▶ Privacy: the <private> block and the database password in the session ${leaked.length ? `LEAKED: ${leaked.join(', ')}` : 'are nowhere in the store'}.`);
    } finally {
      await store.close();
    }
    io.out(keep ? `\nKept ${root} (MNEMO_DATA_DIR=${dataDir} mnemo search …)` : '\nTry it for real: claude --plugin-dir plugin');
    return 0;
  } finally {
    if (!keep) rmSync(root, { recursive: true, force: true });
  }
};
