/**
 * @module bench/lib/child-cpu
 * Runs a child process and reports its wall time and its own CPU time (user + system), with
 * microsecond resolution. On a shared machine wall time also counts the time the child waited for a
 * core; CPU time is what the child itself cost. Node cannot read a child's rusage, and
 * `/usr/bin/time` prints it in hundredths of a second (a bare Node start is ~20 ms), so a few lines
 * of Python fork the child and read `wait4`'s rusage; the wrapper's own start is not counted. The
 * figures go back on fd 3, so the child's stdout and stderr stay its own. Without python3 the CPU
 * figure is missing and the wall time is Node's own measure.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/** fork, exec, wait4; writes "wall_ns user_us sys_us exitcode" to fd 3. */
const WRAPPER = `import os, sys, time
argv = sys.argv[1:]
t = time.perf_counter_ns()
pid = os.fork()
if pid == 0:
    os.close(3)
    try:
        os.execv(argv[0], argv)
    finally:
        os._exit(127)
_, status, ru = os.wait4(pid, 0)
wall = time.perf_counter_ns() - t
os.write(3, ('%d %d %d %d' % (wall, round(ru.ru_utime * 1e6), round(ru.ru_stime * 1e6), os.waitstatus_to_exitcode(status))).encode())
`;

/** The real interpreter (a pyenv shim is a shell script that would run on every call), or undefined. */
function findPython(): string | undefined {
  const r = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
  const exe = r.status === 0 ? r.stdout.trim() : '';
  return exe || undefined;
}

let python: string | undefined | null = null;

export interface ChildRun {
  readonly status: number | null;
  /** The signal that ended it (`SIG<n>` when the wrapper measured it). */
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly wallMs: number;
  /** User + system CPU time of the child alone; undefined without python3. */
  readonly cpuMs: number | undefined;
}

export interface ChildOptions {
  readonly input: string;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
}

/** Whether CPU times will be measured (python3 found). */
export function measuresCpu(): boolean {
  if (python === null) python = findPython();
  return python !== undefined;
}

export function runChild(exe: string, args: readonly string[], opts: ChildOptions): ChildRun {
  const common = { input: opts.input, env: opts.env, cwd: opts.cwd, encoding: 'utf8' as const, maxBuffer: 64 * 1024 * 1024 };
  if (!measuresCpu()) {
    const start = performance.now();
    const r = spawnSync(exe, args, common);
    return { status: r.status, signal: r.signal, stdout: r.stdout ?? '', stderr: r.stderr ?? '', wallMs: performance.now() - start, cpuMs: undefined };
  }
  const r = spawnSync(python!, ['-E', '-S', '-c', WRAPPER, exe, ...args], { ...common, stdio: ['pipe', 'pipe', 'pipe', 'pipe'] });
  const fields = String(r.output?.[3] ?? '')
    .trim()
    .split(' ')
    .map(Number);
  if (fields.length !== 4 || fields.some((n) => !Number.isFinite(n))) {
    throw new Error(`child-cpu: the wrapper reported nothing (exit ${r.status ?? r.signal}): ${(r.stderr ?? '').slice(0, 300)}`);
  }
  const [wallNs, userUs, sysUs, code] = fields as [number, number, number, number];
  return {
    status: code >= 0 ? code : null,
    signal: code < 0 ? `SIG${-code}` : null,
    stdout: r.stdout ?? '',
    stderr: r.stderr ?? '',
    wallMs: wallNs / 1e6,
    cpuMs: (userUs + sysUs) / 1000,
  };
}
