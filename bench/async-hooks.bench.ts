/**
 * What the user waits for: the real Claude Code CLI (test/e2e harness, offline against the scripted API)
 * runs the same session — a prompt and N Bash calls — with mnemo's plugin as shipped (exec form,
 * background hooks for the events that answer nothing) and with the same plugin in the synchronous shell
 * form of before, interleaved round by round in one run. Reported: the session's wall time and the ratio
 * (async ÷ sync), and that both stored the same events.
 *
 *   node --import tsx bench/async-hooks.bench.ts
 *   MNEMO_BENCH_ROUNDS=5      rounds (default 4)   MNEMO_BENCH_CALLS=8   tool calls per session (default 8)
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { cleanupTempDirs, makeTempDir, runClaude } from '../test/e2e/claude-harness.ts';
import type { ScriptStep } from '../test/e2e/fake-anthropic.ts';
import { ROOT } from './lib/report.ts';
import { median, ratio } from './lib/stats.ts';

const ROUNDS = Math.max(1, Number(process.env.MNEMO_BENCH_ROUNDS) || 4);
const CALLS = Math.max(1, Number(process.env.MNEMO_BENCH_CALLS) || 8);

/** The plugin as it shipped before: every hook a shell command line that Claude Code waits for. */
function syncCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-bench-sync-plugin-'));
  cpSync(join(ROOT, 'plugin'), dir, { recursive: true });
  const hooksFile = join(dir, 'hooks', 'hooks.json');
  const hooks = JSON.parse(readFileSync(hooksFile, 'utf8'));
  for (const groups of Object.values(hooks.hooks) as { hooks: Record<string, unknown>[] }[][]) {
    for (const g of groups) for (const h of g.hooks) {
      const [entry, event] = h.args as string[];
      h.command = `node "${entry}" ${event}`;
      delete h.args;
      delete h.async;
    }
  }
  writeFileSync(hooksFile, JSON.stringify(hooks, null, 2));
  return dir;
}

const script = (): ScriptStep[] => [
  ...Array.from({ length: CALLS }, (_, i) => ({ tool_use: { id: `toolu_b${i}`, name: 'Bash', input: { command: `echo step-${i}`, description: `step ${i}` } } })),
  { text: 'Done.' },
];

function storedCommands(dataDir: string): number {
  const out = execFileSync(process.execPath, [join(ROOT, 'plugin', 'dist', 'cli.js'), 'export'], { env: { ...process.env, MNEMO_DATA_DIR: dataDir }, encoding: 'utf8' });
  return out.split('\n').filter((l) => l.includes('"type":"command"')).length;
}

const sync = syncCopy();
const plugins = { async: join(ROOT, 'plugin'), sync };
const wall: Record<keyof typeof plugins, number[]> = { async: [], sync: [] };
const stored: Record<keyof typeof plugins, number[]> = { async: [], sync: [] };
for (let r = 0; r < ROUNDS; r++) {
  for (const kind of (r % 2 === 0 ? ['async', 'sync'] : ['sync', 'async']) as (keyof typeof plugins)[]) {
    const project = makeTempDir('bench-async');
    const dataDir = makeTempDir('bench-async-data');
    const run = await runClaude({ prompt: 'Run the steps', cwd: project, pluginDir: plugins[kind], env: { MNEMO_DATA_DIR: dataDir }, script: script(), timeoutMs: 180_000 });
    if (run.code !== 0 || run.apiErrors.length) throw new Error(`${kind} run failed: ${run.code} ${run.apiErrors.join('; ')}`);
    wall[kind].push(run.durationMs);
    stored[kind].push(storedCommands(dataDir));
  }
}
cleanupTempDirs();
rmSync(sync, { recursive: true, force: true });
const m = { async: median(wall.async), sync: median(wall.sync) };
console.log(`async hooks: ${ROUNDS} rounds, ${CALLS} Bash calls a session, Node ${process.version}`);
console.log(`session wall time, median: background hooks (exec form) ${m.async.toFixed(0)} ms, synchronous shell hooks ${m.sync.toFixed(0)} ms: ${ratio(m.async / m.sync)}`);
console.log(`per tool call: ${((m.sync - m.async) / CALLS).toFixed(1)} ms less waiting`);
console.log(`commands stored per session: background ${stored.async.join(',')}; synchronous ${stored.sync.join(',')} (expected ${CALLS})`);
