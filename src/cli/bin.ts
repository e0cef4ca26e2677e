/**
 * @module cli/bin
 * Entry of the CLI bundle (`plugin/dist/cli.js`, the package's `mnemo` bin).
 */
import { resolveConfig, type ResolvedConfig } from '../config/config.ts';
import type { Io } from './io.ts';
import { runCli } from './main.ts';

// `mnemo search … | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

let config: ResolvedConfig | undefined;
const io: Io = {
  out: (t) => process.stdout.write(t.endsWith('\n') ? t : t + '\n'),
  err: (t) => process.stderr.write(t.endsWith('\n') ? t : t + '\n'),
  env: process.env,
  cwd: process.cwd(),
  get config() {
    return (config ??= resolveConfig(process.env));
  },
};
const code = await runCli(process.argv.slice(2), io);
// `mcp` keeps serving on its own handles; every other command is done.
if (process.argv[2] !== 'mcp') process.exitCode = code;
