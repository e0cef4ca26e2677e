// Builds the shipped bundles into plugin/dist (hooks, CLI + MCP server).
// Hooks are fresh processes on every tool call, so their entry is a small ESM bundle whose heavy parts
// (SQLite, the MCP SDK) sit in chunks that load only for the events that need them.
import { build } from 'esbuild';
import { rmSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'plugin', 'dist');
if (!existsSync(join(root, 'src', 'cli', 'main.ts'))) process.exit(0);
rmSync(outdir, { recursive: true, force: true });

await build({
  absWorkingDir: root,
  entryPoints: { hook: 'src/hooks/main.ts', cli: 'src/cli/bin.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  // Prefer ES module builds: some packages' UMD mains use dynamic requires esbuild cannot follow.
  mainFields: ['module', 'main'],
  target: 'node20',
  minify: true,
  legalComments: 'none',
  // Native addons cannot be bundled; they resolve from the package's node_modules.
  external: ['better-sqlite3', 'sqlite-vec'],
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});
