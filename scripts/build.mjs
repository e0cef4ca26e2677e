// Builds the shipped bundles into plugin/dist (hooks, CLI + MCP server, the viewer's page).
// Hooks are fresh processes on every tool call, so their files are CommonJS (Node starts a CommonJS
// file faster than an ES module) with no chunk graph to resolve:
// - hook.cjs, the entry: runs the two bundles below through V8's code cache (src/hooks/launch.ts);
// - hook-main.cjs, the hook itself (src/hooks/main.ts);
// - hook-store.cjs, the store path (SQLite, summaries), required only by SessionStart, PreCompact and SessionEnd;
//   these two are written inside the CommonJS module wrapper (see `wrapped` below), so requiring them runs nothing;
// - hook.js, the entry of earlier installs, kept as a one-line ES module that starts hook.cjs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// MNEMO_BUILD_OUT builds elsewhere (test/integration/plugin/committed-build.test.ts compares that with git).
const outdir = process.env.MNEMO_BUILD_OUT ? resolve(process.env.MNEMO_BUILD_OUT) : join(root, 'plugin', 'dist');
// An installed package has no sources (and no esbuild): its plugin/dist is already built.
if (!existsSync(join(root, 'src', 'cli', 'main.ts'))) process.exit(0);
const { build } = await import('esbuild');
// The hint scan's tables are worked out from the secret catalogue here, not in every hook process
// (src/core/privacy/hint-scan.ts); the file is committed, and rewritten only when the catalogue changed.
const tables = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'hint-tables.ts')], { cwd: root, stdio: 'inherit' });
if (tables.status !== 0) {
  console.error('build: scripts/hint-tables.ts failed');
  process.exit(1);
}
rmSync(outdir, { recursive: true, force: true });

/** A hash of the sources: what a kept SessionStart index (src/context/cache.ts) is checked against. */
function sourcesHash(dir) {
  const h = createHash('sha256');
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else h.update(p.slice(dir.length)).update('\0').update(readFileSync(p)).update('\0');
    }
  };
  walk(dir);
  return h.digest('hex').slice(0, 16);
}
const buildId = { MNEMO_BUILD_ID: JSON.stringify(sourcesHash(join(root, 'src'))) };

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
  define: buildId,
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  logLevel: 'warning',
};

const hookCommon = {
  ...common,
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
  splitting: false,
  // `import()` becomes `require()`: the code cache runs the bundle as a script, which cannot import.
  supported: { 'dynamic-import': false },
  // The only `import.meta` use on the hook path finds cli.js from the bundle's own location; worked
  // out when asked (node:url costs every hook process about half a millisecond).
  define: { ...buildId, 'import.meta.url': '__mnemo_import_meta.url' },
  banner: { js: 'var __mnemo_import_meta={get url(){return require("node:url").pathToFileURL(__filename).href}};' },
};

/** Keeps `import('./with-store.ts')` out of the hook bundle: it becomes a lazy require of hook-store.cjs. */
const storeApart = {
  name: 'hook-store-apart',
  setup(b) {
    b.onResolve({ filter: /\/with-store\.ts$/ }, () => ({ path: './hook-store.cjs', external: true }));
  },
};
/**
 * Where Node has no node:sqlite (Node 20), better-sqlite3 is the store's driver; its JavaScript goes
 * into hook-store.cjs (one file to load instead of a dozen to resolve and read), run only when chosen. Its native addon stays where npm installed it; `bindings`, which better-sqlite3 asks for
 * the addon and which probes a dozen paths from the caller's stack, becomes a direct require of the
 * prebuilt file, with `bindings` itself (pointed at the package) as the fallback for other layouts.
 */
const ADDON = 'better-sqlite3/build/Release/better_sqlite3.node';
const sqliteInside = {
  name: 'better-sqlite3-inside',
  setup(b) {
    // The driver loads better-sqlite3 through createRequire (src/store/sqlite/drivers/better-sqlite3-module.ts),
    // which esbuild cannot follow; here it is a plain require, bundled, and still run only when that driver is chosen.
    b.onLoad({ filter: /drivers[\\/]better-sqlite3-module\.ts$/ }, () => ({
      contents: "export function requireBetterSqlite3() { return require('better-sqlite3'); }\n",
      loader: 'ts',
    }));
    b.onResolve({ filter: /^bindings$/ }, (args) =>
      args.importer.includes(`${'node_modules'}/better-sqlite3/`) ? { path: 'bindings', namespace: 'mnemo-bindings' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'mnemo-bindings' }, () => ({
      contents:
        `module.exports = function (name) {\n` +
        `  if (name === 'better_sqlite3.node') { try { return require(${JSON.stringify(ADDON)}); } catch {} }\n` +
        `  const root = require('node:path').dirname(require.resolve('better-sqlite3/package.json'));\n` +
        `  return require(require.resolve('bindings', { paths: [root] }))({ bindings: name, module_root: root });\n` +
        `};\n`,
      loader: 'js',
    }));
  },
};
/**
 * Hooks use node:os for one thing, the home folder when MNEMO_DATA_DIR is not set, and loading it
 * costs every hook process 0.2 ms and 90 KB of young heap (towards a garbage collection). In the hook
 * bundles it is a homedir() that answers $HOME, which os.homedir() reads first on POSIX, and loads
 * node:os only without one (or on Windows). Any other use of node:os fails the build.
 */
const osOnDemand = {
  name: 'os-on-demand',
  setup(b) {
    b.onResolve({ filter: /^node:os$/ }, () => ({ path: 'node:os', namespace: 'mnemo-os' }));
    b.onLoad({ filter: /.*/, namespace: 'mnemo-os' }, () => ({
      contents: "export function homedir() { const home = process.platform === 'win32' ? undefined : process.env.HOME; return home ?? require('os').homedir(); }\n",
      loader: 'js',
    }));
  },
};
const hash = (file) => createHash('sha256').update(readFileSync(join(outdir, file))).digest('hex').slice(0, 16);
/**
 * The two bundles that hook.cjs runs through the code cache are written inside the CommonJS module
 * wrapper that src/hooks/code-cache.ts would otherwise add (WRAP_HEAD, WRAP_TAIL there: the same
 * strings), so V8 compiles the file's text as read instead of a copy of it joined to the wrapper.
 */
const WRAP_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
const WRAP_TAIL = '\n});';
const wrapped = (file) => writeFileSync(join(outdir, file), WRAP_HEAD + readFileSync(join(outdir, file), 'utf8') + WRAP_TAIL);
await build({ ...hookCommon, entryPoints: { 'hook-main': 'src/hooks/main.ts' }, outdir, plugins: [storeApart, osOnDemand] });
wrapped('hook-main.cjs');
// V8 keeps an ASCII bundle as one byte per character, and compiles it faster; esbuild escapes strings
// but not regex literals, so a `→` in one makes the whole source two bytes per character.
const nonAscii = /[^\x00-\x7f].{0,40}/.exec(readFileSync(join(outdir, 'hook-main.cjs'), 'utf8'));
if (nonAscii) console.warn(`build: hook-main.cjs is not ASCII (escape it in the source): ${JSON.stringify(nonAscii[0])}`);
// Past 128 KB every hook process reads its bundle into freshly mapped memory (test/integration/plugin/hook-bundle-size.test.ts).
const mainSize = readFileSync(join(outdir, 'hook-main.cjs')).length;
if (mainSize > 152 * 1024) console.warn(`build: hook-main.cjs is ${mainSize} bytes, past the 152 KB test/integration/plugin/hook-bundle-size.test.ts allows`);
await build({
  ...hookCommon,
  entryPoints: { 'hook-store': 'src/hooks/with-store.ts' },
  outdir,
  external: ['sqlite-vec', ADDON, 'bindings', 'better-sqlite3/package.json'],
  plugins: [sqliteInside],
});
wrapped('hook-store.cjs');
await build({
  ...hookCommon,
  entryPoints: { hook: 'src/hooks/launch.ts' },
  outdir,
  plugins: [osOnDemand],
  banner: {},
  define: { MNEMO_HOOK_MAIN_HASH: JSON.stringify(hash('hook-main.cjs')), MNEMO_HOOK_STORE_HASH: JSON.stringify(hash('hook-store.cjs')) },
});
writeFileSync(
  join(outdir, 'hook.js'),
  "// The hook entry of earlier installs: the hook is hook.cjs now (CommonJS starts faster). Re-run `mnemo install` to call it directly.\n" +
    "import{createRequire}from'node:module';createRequire(import.meta.url)('./hook.cjs');\n",
);
// import-worker.js: the capture threads of `mnemo import claude-code` (src/import/claude-code/capture-pool.ts finds it next to cli.js).
await build({
  ...common,
  entryPoints: { cli: 'src/cli/bin.ts', 'import-worker': 'src/import/claude-code/capture-worker.ts' },
  outdir,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
});

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
