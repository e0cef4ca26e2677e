// Builds the shipped bundles into plugin/dist (hooks, CLI + MCP server, the viewer's page).
// Hooks are fresh processes on every tool call, so the hook is one self-contained ESM file with no
// chunk graph for the loader to resolve; the store path (SQLite, summaries) is a second file,
// hook-store.js, imported only by the events that need it (SessionStart, PreCompact, SessionEnd).
import { build } from 'esbuild';
import { rmSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'plugin', 'dist');
if (!existsSync(join(root, 'src', 'cli', 'main.ts'))) process.exit(0);
rmSync(outdir, { recursive: true, force: true });

const common = {
  absWorkingDir: root,
  bundle: true,
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
  logLevel: 'warning',
};

/** Keeps `import('./with-store.ts')` out of the hook bundle: it becomes a lazy import of hook-store.js. */
const storeApart = {
  name: 'hook-store-apart',
  setup(b) {
    b.onResolve({ filter: /\/with-store\.ts$/ }, () => ({ path: './hook-store.js', external: true }));
  },
};
await build({ ...common, entryPoints: { hook: 'src/hooks/main.ts' }, outdir, splitting: false, plugins: [storeApart] });
await build({ ...common, entryPoints: { 'hook-store': 'src/hooks/with-store.ts' }, outdir, splitting: false });
await build({ ...common, entryPoints: { cli: 'src/cli/bin.ts' }, outdir, splitting: true, chunkNames: 'chunks/[name]-[hash]' });

// The viewer's page (src/viewer/client, Preact + TypeScript) is bundled by Vite into plugin/dist/viewer,
// which `mnemo viewer` serves as is. Vite is a dev dependency: without it (an install that skips dev
// dependencies) the page is not rebuilt and the viewer says so; the JSON API still works.
let vite;
try {
  vite = await import('vite');
} catch {
  console.warn('build: vite is not installed; the viewer page was not built');
}
if (vite) {
  await vite.build({
    configFile: false,
    root: join(root, 'src', 'viewer', 'client'),
    base: '/',
    logLevel: 'warn',
    clearScreen: false,
    // Preact's automatic JSX runtime, no framework plugin needed.
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    build: {
      outDir: join(outdir, 'viewer'),
      emptyOutDir: true,
      target: 'es2022',
      // The page's CSP allows no inline script, so no inline module-preload polyfill.
      modulePreload: { polyfill: false },
      assetsInlineLimit: 0,
      reportCompressedSize: false,
      // A slow machine is no reason to print timing advice on every install.
      rolldownOptions: { checks: { bundlerTimings: false } },
    },
  });
}
