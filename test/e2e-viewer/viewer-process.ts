/** `mnemo viewer` (the built CLI) as a person starts it, on port 0, until it prints its address. */
import { spawn, type ChildProcess } from 'node:child_process';
import { childEnv, cliJs } from '../integration/hooks/helpers.ts';

export async function startViewerProcess(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [cliJs(), 'viewer', '--port', '0', '--poll-ms', '200'], { env: childEnv(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
    if (m) return { child, url: m[0] };
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`mnemo viewer did not start: ${out} ${err}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
