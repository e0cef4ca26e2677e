/**
 * Whole-process CPU time (user + system, bench/lib/child-cpu) and wall time of each hook, as Claude
 * Code runs it (`node plugin/dist/hook.cjs <Event>`, payload on stdin, MNEMO_DATA_DIR set), against a
 * bare `node -e ""` of the same Node measured in the same rounds. Every round runs every case once, in
 * a shuffled order, so drift on the shared machine hits all cases alike; the figures that matter are
 * the ratios to bare node, and CPU time is the one that a busy machine does not inflate.
 *
 *   npm run bench -- hooks
 *   MNEMO_BENCH_ROUNDS=80          rounds (default 40, after 3 warm-up rounds)
 *   MNEMO_BENCH_FULL=1             also SessionStart with 1,000,000 observations (seeding takes minutes)
 *   MNEMO_BENCH_NODES=a,b          Node binaries to run the hooks with, each against its own bare start,
 *                                  interleaved in the same rounds (default: the Node running the bench).
 *                                  Node 22.16+/24 use node:sqlite, Node 20 better-sqlite3.
 *   MNEMO_BENCH_AGAINST=<git rev>  also the hooks of the plugin/dist committed at that revision, interleaved in the
 *                                  same rounds, each build with its own data folders (a build drops the other's
 *                                  code cache and kept index): before/after in one run.
 *   MNEMO_BENCH_CASES=bare,post-edit   only these cases (ids below; `bare` is always kept), for quick A/B runs;
 *                                  the 100,000-observation store is prepared only when a SessionStart case needs it.
 *
 * Measures the bundle in plugin/dist as built; run `npm run build` first after changing src/.
 */
import { spawnSync } from 'node:child_process';
import { measuresCpu, runChild } from './lib/child-cpu.ts';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { childEnv, machine, machineLine, ROOT, shouldWrite, writeSection } from './lib/report.ts';
import { benchProjectDir, seededStore } from './lib/seed.ts';
import { addSummaries } from './lib/summaries.ts';
import { type Ctx, PAYLOADS } from './lib/hook-payloads.ts';
import { int, median, ms, p95, ratio, rng, shuffle, table } from './lib/stats.ts';

const ROUNDS = Math.max(10, Number(process.env.MNEMO_BENCH_ROUNDS) || 40);
const WARMUP = 3;
const FULL = process.env.MNEMO_BENCH_FULL === '1';
const ONLY = new Set((process.env.MNEMO_BENCH_CASES ?? '').split(',').map((s) => s.trim()).filter(Boolean));
const chosen = (id: string) => ONLY.size === 0 || id === 'bare' || ONLY.has(id);
const DIST = join(ROOT, 'plugin', 'dist');
const BUILT_HOOK = join(DIST, 'hook.cjs');

/** A build of the hooks, with data folders of its own. */
interface Build {
  readonly tag: string;
  /** Appended to its cases' labels. */
  readonly note: string;
  readonly hook: string;
  readonly dirs: { readonly empty: string; readonly big: string; readonly huge: string; readonly hooks: string };
}

/** A Node to run hooks with: its binary, and a label naming its version and SQLite driver. */
interface NodeBin {
  readonly exe: string;
  readonly label: string;
}

function nodeBins(): NodeBin[] {
  const list = (process.env.MNEMO_BENCH_NODES ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return (list.length ? list : [process.execPath]).map((exe) => {
    // The driver rule of src/store/sqlite/drivers/choose.ts: node:sqlite from Node 22.16 / 23.11 / 24.
    const r = spawnSync(exe, ['-p', 'process.versions.node'], { encoding: 'utf8', env: childEnv({}) });
    const version = r.status === 0 ? r.stdout.trim() : '';
    if (!version) {
      console.error(`hooks: ${exe} does not run (${(r.stderr ?? '').slice(0, 200)})`);
      process.exit(1);
    }
    const [maj = 0, min = 0] = version.split('.').map(Number);
    const nodeSqlite = maj >= 24 || (maj === 23 && min >= 11) || (maj === 22 && min >= 16);
    return { exe, label: `Node ${version} (${nodeSqlite ? 'node:sqlite' : 'better-sqlite3'})` };
  });
}

if (!existsSync(BUILT_HOOK)) {
  console.error(`hooks: ${BUILT_HOOK} is missing; run \`npm run build\` first`);
  process.exit(1);
}

/**
 * A private copy of the built bundle, so a rebuild by someone else during the run (which empties
 * plugin/dist) cannot break or change what is measured. It lives under the repository's .tmp/ so
 * that better-sqlite3 still resolves from node_modules, exactly as from plugin/dist.
 */
/** The plugin/dist committed at `rev`, unpacked under .tmp/ (beside node_modules, as plugin/dist is). */
function distAt(rev: string): { hook: string; dir: string; name: string } {
  const name = spawnSync('git', ['-C', ROOT, 'rev-parse', '--short', rev], { encoding: 'utf8' }).stdout.trim();
  if (!name) {
    console.error(`hooks: MNEMO_BENCH_AGAINST=${rev} is not a revision of this repository`);
    process.exit(1);
  }
  const dir = mkdtempSync(join(ROOT, '.tmp', `bench-dist-${name}-`));
  const tar = spawnSync('sh', ['-c', `git -C "${ROOT}" archive "${name}" plugin/dist | tar -x -C "${dir}"`], { encoding: 'utf8' });
  const hook = join(dir, 'plugin', 'dist', 'hook.cjs');
  if (tar.status !== 0 || !existsSync(hook)) {
    console.error(`hooks: revision ${name} has no committed plugin/dist/hook.cjs (${tar.stderr.slice(0, 200)})`);
    rmSync(dir, { recursive: true, force: true });
    process.exit(1);
  }
  return { hook, dir, name };
}

function snapshotDist(): { hook: string; dir: string } {
  for (let attempt = 0; attempt < 5; attempt++) {
    const dir = mkdtempSync(join(ROOT, '.tmp', 'bench-dist-'));
    try {
      cpSync(DIST, dir, { recursive: true });
      const hook = join(dir, 'hook.cjs');
      const probe = spawnSync(process.execPath, [hook, 'Nope'], { input: '{}', env: childEnv({ MNEMO_DATA_DIR: join(dir, '.probe') }), encoding: 'utf8' });
      if (probe.status === 0) return { hook, dir };
    } catch {
      /* a rebuild emptied plugin/dist under us: try again */
    }
    rmSync(dir, { recursive: true, force: true });
    spawnSync('sleep', ['1']);
  }
  console.error('hooks: could not take a consistent copy of plugin/dist (is someone rebuilding in a loop?)');
  process.exit(1);
}

/** Warn when the hook's sources changed since the bundle was built: the figures would describe old code. */
function staleness(): string | undefined {
  const built = statSync(BUILT_HOOK).mtimeMs;
  const notHookPath = new Set(['cli', 'mcp', 'install']);
  const walk = (dir: string): string | undefined => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (dir.endsWith('/src') && notHookPath.has(e.name)) continue;
        const hit = walk(p);
        if (hit) return hit;
      } else if (e.name.endsWith('.ts') && statSync(p).mtimeMs > built) return p;
    }
    return undefined;
  };
  return walk(join(ROOT, 'src'));
}

// ---------------------------------------------------------------------------------------------

interface Case {
  readonly id: string;
  readonly label: string;
  readonly node: NodeBin;
  readonly args: readonly string[];
  readonly dataDir?: string;
  /** Extra environment for the hook. */
  readonly env?: Record<string, string>;
  readonly payload?: () => object;
  /** Checks the hook's stdout once per run; returns a problem or undefined. */
  readonly check?: (stdout: string) => string | undefined;
  readonly goal?: number;
  /** After each timed run, end the session it started (untimed), as a host does: SessionEnd folds the spool and keeps the next index. */
  readonly thenEnd?: boolean;
}

function expectEmptyObject(out: string): string | undefined {
  return out.trim() === '{}' ? undefined : `expected {} on stdout, got ${JSON.stringify(out.slice(0, 200))}`;
}

function expectContext(minChars: number) {
  return (out: string): string | undefined => {
    try {
      const ctx = (JSON.parse(out) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput?.additionalContext ?? '';
      return ctx.length >= minChars ? undefined : `expected an index of ≥ ${minChars} chars, got ${ctx.length}`;
    } catch {
      return `stdout is not one JSON object: ${JSON.stringify(out.slice(0, 200))}`;
    }
  };
}

function expectNothingOrEmpty(out: string): string | undefined {
  return out.trim() === '' || out.trim() === '{}' ? undefined : `expected {} or nothing, got ${JSON.stringify(out.slice(0, 200))}`;
}

interface Timing {
  /** Wall time of each timed run. */
  readonly ms: number[];
  /** CPU time (user + system) of each timed run; empty without python3 (bench/lib/child-cpu). */
  readonly cpu: number[];
  problems: Set<string>;
  lastStdout: string;
}

function runOnce(c: Case, t: Timing): void {
  const payload = c.payload?.();
  const input = payload ? JSON.stringify(payload) : '';
  const env = childEnv({ ...(c.dataDir ? { MNEMO_DATA_DIR: c.dataDir } : {}), ...c.env });
  const r = runChild(c.node.exe, c.args, { input, env, cwd: ROOT });
  t.ms.push(r.wallMs);
  if (r.cpuMs !== undefined) t.cpu.push(r.cpuMs);
  t.lastStdout = r.stdout;
  if (r.status !== 0) t.problems.add(`exit ${r.status ?? r.signal}: ${r.stderr.slice(0, 300)}`);
  else if (r.stderr.trim()) t.problems.add(`stderr: ${r.stderr.slice(0, 300)}`);
  const p = c.check?.(t.lastStdout);
  if (p) t.problems.add(p);
  if (c.thenEnd && payload) {
    const end = { ...payload, hook_event_name: 'SessionEnd', reason: 'prompt_input_exit' };
    const r2 = spawnSync(c.node.exe, [c.args[0]!, 'SessionEnd'], { input: JSON.stringify(end), env: childEnv({ ...(c.dataDir ? { MNEMO_DATA_DIR: c.dataDir } : {}) }), cwd: ROOT, encoding: 'utf8' });
    if (r2.status !== 0) t.problems.add(`its SessionEnd exited ${r2.status ?? r2.signal}: ${(r2.stderr ?? '').slice(0, 300)}`);
  }
}

function logErrors(dataDir: string | undefined): string[] {
  if (!dataDir) return [];
  const file = join(dataDir, 'mnemo.log');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => /error|warn/i.test(l))
    .slice(0, 5);
}

async function main(): Promise<void> {
  const facts = machine();
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const stale = staleness();
  const { hook: HOOK, dir: distCopy } = snapshotDist();
  if (stale) console.warn(`hooks: warning: ${stale} is newer than plugin/dist/hook.cjs; run \`npm run build\` to measure current code`);
  const project = benchProjectDir();
  const base = mkdtempSync(join(tmpdir(), 'mnemo-bench-hooks-'));
  const against = process.env.MNEMO_BENCH_AGAINST ? distAt(process.env.MNEMO_BENCH_AGAINST) : undefined;
  const dirsOf = (tag: string) => ({ empty: join(base, tag, 'empty'), big: join(base, tag, '100k'), huge: join(base, tag, '1m'), hooks: join(base, tag, 'hooks') });
  const builds: Build[] = [
    { tag: 'new', note: '', hook: HOOK, dirs: dirsOf('new') },
    ...(against ? [{ tag: against.name, note: ` — build ${against.name}`, hook: against.hook, dirs: dirsOf(against.name) }] : []),
  ];
  for (const b of builds) for (const d of Object.values(b.dirs)) mkdirSync(d, { recursive: true });
  const seedNotes: string[] = [];
  try {
    const wants = (prefix: string) => ONLY.size === 0 || [...ONLY].some((id) => id.startsWith(prefix));
    const sizes: [string, number][] = builds.flatMap((b) => [
      ...(wants('start-100k') ? ([[b.dirs.big, 100_000]] as [string, number][]) : []),
      ...(FULL && wants('start-1m') ? ([[b.dirs.huge, 1_000_000]] as [string, number][]) : []),
    ]);
    for (const [dir, n] of sizes) {
      process.stderr.write(`hooks: preparing a store of ${int(n)} observations…\n`);
      const t = performance.now();
      const { seeded, corpus } = await seededStore(join(dir, 'mnemo.db'), n, ROOT);
      const secs = (performance.now() - t) / 1000;
      const t2 = performance.now();
      const summaries = await addSummaries(join(dir, 'mnemo.db'), corpus);
      const sumSecs = (performance.now() - t2) / 1000;
      seedNotes.push(
        (seeded
          ? `${int(n)} observations seeded in ${secs.toFixed(1)} s (${int(seeded.rate)} observations/s of ingest time)`
          : `${int(n)} observations copied from the seed cache in ${secs.toFixed(1)} s`) +
          `, plus ${int(summaries)} session summaries in ${sumSecs.toFixed(1)} s`,
      );
      process.stderr.write(`  ${seedNotes[seedNotes.length - 1]}\n`);
    }

    // Reference floors: what any hook written as an ESM/CJS file pays before doing anything, and the
    // least a spool-first PostToolUse can do (read stdin, parse, write + fsync + rename one file, answer {}).
    const ref = join(base, 'ref');
    mkdirSync(join(ref, 'spool'), { recursive: true });
    writeFileSync(join(ref, 'empty.mjs'), '');
    writeFileSync(join(ref, 'empty.cjs'), '');
    const floor = (imports: string) => `${imports}
const ev = JSON.parse(new TextDecoder().decode(readFileSync(0)));
const name = ${JSON.stringify(join(ref, 'spool'))} + '/' + Date.now() + '-' + process.pid + '.json';
const fd = openSync(name + '.tmp', 'wx', 0o600);
writeSync(fd, JSON.stringify({ at: Date.now(), ev }));
fsyncSync(fd);
closeSync(fd);
renameSync(name + '.tmp', name);
process.stdout.write('{}\\n');
`;
    writeFileSync(join(ref, 'spool-floor.mjs'), floor("import { readFileSync, openSync, writeSync, fsyncSync, closeSync, renameSync } from 'node:fs';"));
    writeFileSync(join(ref, 'spool-floor.cjs'), floor("const { readFileSync, openSync, writeSync, fsyncSync, closeSync, renameSync } = require('node:fs');"));

    const ctx: Ctx = { cwd: project };
    const kb = (o: object) => `${(Buffer.byteLength(JSON.stringify(o)) / 1024).toFixed(0)} KB`;
    const nodes = nodeBins();
    const casesFor = (node: NodeBin, n: number, build: Build): Case[] => {
      const { hook: HOOK, dirs } = build;
      const hook = (event: string) => [HOOK, event] as const;
      const cs: Omit<Case, 'node'>[] = [
        { id: 'bare', label: 'bare `node -e ""` (baseline)', args: ['-e', ''] },
        { id: 'ref-mjs', label: 'reference: empty ESM file (`node empty.mjs`)', args: [join(ref, 'empty.mjs')] },
        { id: 'ref-cjs', label: 'reference: empty CommonJS file', args: [join(ref, 'empty.cjs')] },
        { id: 'ref-spool', label: 'reference: minimal spool writer, ESM (Edit payload; read, parse, write + fsync + rename)', args: [join(ref, 'spool-floor.mjs')], payload: () => PAYLOADS.edit(ctx), check: expectEmptyObject },
        { id: 'ref-spool-cjs', label: 'reference: the same as CommonJS', args: [join(ref, 'spool-floor.cjs')], payload: () => PAYLOADS.edit(ctx), check: expectEmptyObject },
        { id: 'post-edit', label: `PostToolUse (Edit, ${kb(PAYLOADS.edit(ctx))} payload)`, args: hook('PostToolUse'), dataDir: dirs.hooks, payload: () => PAYLOADS.edit(ctx), check: expectEmptyObject, goal: 1.3 },
        { id: 'post-edit-nocache', label: 'PostToolUse (Edit), without the code cache (`MNEMO_CODE_CACHE=0`)', args: hook('PostToolUse'), dataDir: dirs.hooks, env: { MNEMO_CODE_CACHE: '0' }, payload: () => PAYLOADS.edit(ctx), check: expectEmptyObject },
        { id: 'post-edit-legacy', label: 'PostToolUse (Edit), through `hook.js` (the ES-module entry of earlier installs)', args: [join(dirname(HOOK), 'hook.js'), 'PostToolUse'], dataDir: dirs.hooks, payload: () => PAYLOADS.edit(ctx), check: expectEmptyObject },
        { id: 'post-bash', label: `PostToolUse (Bash, ${kb(PAYLOADS.bash(ctx))} payload)`, args: hook('PostToolUse'), dataDir: dirs.hooks, payload: () => PAYLOADS.bash(ctx), check: expectEmptyObject, goal: 1.3 },
        { id: 'post-read', label: `PostToolUse (Read of 2,000 lines, ${kb(PAYLOADS.read(ctx))} payload)`, args: hook('PostToolUse'), dataDir: dirs.hooks, payload: () => PAYLOADS.read(ctx), check: expectEmptyObject, goal: 1.3 },
        { id: 'prompt', label: 'UserPromptSubmit', args: hook('UserPromptSubmit'), dataDir: dirs.hooks, payload: () => PAYLOADS.prompt(ctx), check: expectEmptyObject },
        { id: 'pre', label: 'PreToolUse (Bash)', args: hook('PreToolUse'), dataDir: dirs.hooks, payload: () => PAYLOADS.pre(ctx), check: expectEmptyObject },
        { id: 'stop', label: 'Stop', args: hook('Stop'), dataDir: dirs.hooks, payload: () => PAYLOADS.stop(ctx), check: (o) => (o === '' ? undefined : `Stop must print nothing, got ${JSON.stringify(o.slice(0, 100))}`) },
        { id: 'start-empty', label: 'SessionStart, empty store (previous session ended: kept index)', args: hook('SessionStart'), dataDir: dirs.empty, payload: () => PAYLOADS.start(ctx), check: expectNothingOrEmpty, thenEnd: true },
        { id: 'start-100k', label: 'SessionStart, 100,000 observations (previous session ended: kept index)', args: hook('SessionStart'), dataDir: dirs.big, payload: () => PAYLOADS.start(ctx), check: expectContext(2000), goal: 1.5, thenEnd: true },
        { id: 'start-100k-store', label: 'SessionStart, 100,000 observations, built from the store (as with events in the spool; `MNEMO_CONTEXT_CACHE=0`)', args: hook('SessionStart'), dataDir: dirs.big, env: { MNEMO_CONTEXT_CACHE: '0' }, payload: () => PAYLOADS.start(ctx), check: expectContext(2000), thenEnd: true },
        ...(FULL
          ? ([
              { id: 'start-1m', label: 'SessionStart, 1,000,000 observations (previous session ended: kept index)', args: hook('SessionStart'), dataDir: dirs.huge, payload: () => PAYLOADS.start(ctx), check: expectContext(2000), goal: 1.5, thenEnd: true },
              { id: 'start-1m-store', label: 'SessionStart, 1,000,000 observations, built from the store (`MNEMO_CONTEXT_CACHE=0`)', args: hook('SessionStart'), dataDir: dirs.huge, env: { MNEMO_CONTEXT_CACHE: '0' }, payload: () => PAYLOADS.start(ctx), check: expectContext(2000), thenEnd: true },
            ] satisfies Omit<Case, 'node'>[])
          : []),
        { id: 'end', label: 'SessionEnd (folds the spool: ~5 events a round)', args: hook('SessionEnd'), dataDir: dirs.hooks, payload: () => PAYLOADS.end(ctx), check: expectNothingOrEmpty },
      ];
      const primary = build === builds[0];
      // The other build: its hook cases only (the floors and the bare start are the same for both).
      const own = cs.filter((c) => chosen(c.id) && (primary || c.args[0] === HOOK));
      return own.map((c) => ({ ...c, id: primary ? `${n}:${c.id}` : `${n}:${build.tag}:${c.id}`, label: c.label + build.note, node }));
    };
    const cases = nodes.flatMap((node, n) => builds.flatMap((b) => casesFor(node, n, b)));
    const timings = new Map<string, Timing>(cases.map((c) => [c.id, { ms: [], cpu: [], problems: new Set<string>(), lastStdout: '' }]));
    const order = rng(7);
    const started = performance.now();
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      for (const c of shuffle([...cases], order)) runOnce(c, timings.get(c.id)!);
      if (round === WARMUP - 1) for (const t of timings.values()) t.ms.length = t.cpu.length = 0;
      if ((round + 1) % 10 === 0) process.stderr.write(`  round ${round + 1} / ${WARMUP + ROUNDS}\n`);
    }
    const totalSecs = (performance.now() - started) / 1000;
    const cpu = measuresCpu();

    /** One table per Node, every ratio against that Node's own bare start. */
    const tableFor = (node: NodeBin, n: number): string => {
      // Each case of this build, followed by the same case of the other build.
      const baseId = (c: Case) => c.id.slice(c.id.lastIndexOf(':') + 1);
      const mine = cases.filter((c) => c.node === node);
      const own = mine.filter((c) => c.id === `${n}:${baseId(c)}`).flatMap((c) => mine.filter((o) => baseId(o) === baseId(c)));
      const bare = timings.get(`${n}:bare`)!;
      const rows = own.map((c) => {
        const t = timings.get(c.id)!;
        const wallRound = median(t.ms.map((v, i) => v / bare.ms[i]!));
        const cpuRatio = cpu ? median(t.cpu) / median(bare.cpu) : NaN;
        const cpuRound = cpu ? median(t.cpu.map((v, i) => v / bare.cpu[i]!)) : NaN;
        // The verdict is on CPU time where it was measured: wall time also counts waiting for a core.
        const judged = cpu ? cpuRatio : median(t.ms) / median(bare.ms);
        const verdict = c.goal === undefined ? '' : `${judged <= c.goal ? '✓' : '✗'} ≤ ${c.goal}×`;
        return [c.label, ms(median(t.cpu)), ms(p95(t.cpu)), ratio(cpuRatio), ratio(cpuRound), ms(median(t.ms)), ratio(median(t.ms) / median(bare.ms)), ratio(wallRound), verdict];
      });
      return [
        `### ${node.label}`,
        '',
        table(['case', 'CPU median ms', 'CPU p95 ms', 'CPU × bare', 'CPU × bare, per round', 'wall median ms', 'wall × bare', 'wall × bare, per round', 'goal'], rows),
      ].join('\n');
    };
    const problems = cases.flatMap((c) => [...timings.get(c.id)!.problems].map((p) => `- ${c.node.label}, ${c.label}: ${p}`));
    const logs = [...new Set(builds.flatMap((b) => Object.values(b.dirs)).flatMap(logErrors))].map((l) => `- log: ${l}`);
    const indexChars = (() => {
      try {
        const out = timings.get('0:start-100k')!.lastStdout;
        return (JSON.parse(out) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput?.additionalContext?.length ?? 0;
      } catch {
        return 0;
      }
    })();

    const md = [
      '## Hooks (bench/hooks.bench.ts)',
      '',
      machineLine(facts),
      '',
      `Whole-process ${cpu ? 'CPU time (user + system of the hook process alone, from `wait4`) and wall time' : 'wall time (python3 was not found, so no CPU time)'} ` +
        `of \`node plugin/dist/hook.cjs <Event>\` with a Claude Code payload on stdin, ${ROUNDS} rounds ` +
        `(after ${WARMUP} warm-up rounds), every case of every Node${against ? ` and of both builds (this one and ${against.name}'s committed plugin/dist)` : ''} once per round in shuffled order; ${totalSecs.toFixed(0)} s in all. ` +
        `Ratios are to the bare start of the same Node; "per round" is the median of each round's case ÷ bare; the goal is judged on ${cpu ? 'CPU' : 'wall'} median × bare. ` +
        (seedNotes.length ? `Store sizes: ${seedNotes.join('; ')}. SessionStart at 100,000 printed an index of ${int(indexChars)} characters.` : ''),
      '',
      nodes.map(tableFor).join('\n\n'),
      '',
      problems.length || logs.length ? ['Problems seen:', '', ...problems, ...logs].join('\n') : 'Every run exited 0 with the expected stdout; no errors or warnings in the hook logs.',
      ...(stale ? ['', `_Warning: ${stale.slice(ROOT.length + 1)} was newer than the bundle measured; rebuild and rerun._`] : []),
    ].join('\n');
    console.log(`\n${md}\n`);
    if (shouldWrite()) {
      writeSection('hooks', md);
      console.log('hooks: wrote bench/RESULTS.md');
    }
  } finally {
    rmSync(distCopy, { recursive: true, force: true });
    if (against) rmSync(against.dir, { recursive: true, force: true });
    if (process.env.MNEMO_BENCH_KEEP !== '1') rmSync(base, { recursive: true, force: true });
    else process.stderr.write(`hooks: kept ${base}\n`);
  }
}

await main();
