// Builds the shipped bundles into plugin/dist (hooks, CLI + MCP server, the viewer's page).
// Hooks are fresh processes on every tool call, so their files are CommonJS (Node starts a CommonJS
// file faster than an ES module) with no chunk graph to resolve:
// - hook.cjs, the entry: runs the bundles below through V8's code cache (src/hooks/launch.ts);
// - hook-main.cjs, the hook itself (src/hooks/main.ts);
// - hook-store.cjs, the store path (SQLite, summaries), required only by SessionStart, PreCompact and SessionEnd;
// - hook-hosts.cjs, hook-tokens.cjs, hook-failures.cjs and hook-commands.cjs: parts of hook-main most hooks never run (LAZY_PARTS below);
//   these are written inside the CommonJS module wrapper (see `wrapped` below), so requiring them runs nothing;
// - hook.js, the entry of earlier installs, kept as a one-line ES module that starts hook.cjs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative, resolve, sep } from 'node:path';

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
/**
 * Parts of hook-main that most hook runs never call, each a bundle of its own that hook-main.cjs
 * requires on the first call (through hook.cjs, so the code cache covers it as well). Every hook
 * process parses all of hook-main.cjs, and past 128 KB that costs each one more
 * (test/integration/plugin/hook-bundle-size.test.ts). In hook-main the part's entry module is a stub
 * with the same exported functions, each of which loads the part and calls its namesake. The part
 * gets the modules hook-main already holds (`shared`), not copies of its own: one instance of each
 * module per process, so a class (`instanceof UnknownEventError`), a cache or an adapter object is
 * the same on both sides. The build fails when a part would hold a copy of a module hook-main holds,
 * or when its entry exports other than the functions named here. How often real hooks need each
 * (the Claude Code transcripts under eval/data/transcripts replayed through the capture, 5,028 events):
 * - hook-hosts.cjs: the adapters of the hosts other than Claude Code (platforms/hosts), for a hook run
 *   for one of them, or a Claude Code hook that received one of their payloads (VS Code, Cursor and
 *   Copilot run Claude Code's hook files): never for Claude Code's own;
 * - hook-tokens.cjs: the catalogue of credential formats (core/privacy/token-formats), for a text
 *   where the hint scan found a format's prefix at the start of a word (core/privacy/tokens) or that
 *   ends in one (core/privacy/cut-tail); the scan itself works from tables made at build time: 0.7 %
 *   of hooks;
 * - hook-failures.cjs: what a failed call's text says (core/extract/failure-reading: the error line, the
 *   failed test, the verdict on a host's plain-text shell answer), for a failed call or a plain-text answer;
 * - hook-commands.cjs: the credentials in the arguments of the programs that take them
 *   (core/privacy/command-line), for a text in which the hint scan found one of their names (`curl`,
 *   `mysql`, `login`…): 5.6 % of hooks (9.6 % of Bash results).
 */
const LAZY_PARTS = [
  {
    file: 'hook-hosts.cjs',
    entry: 'src/platforms/hosts.ts',
    exports: ['otherHost'],
    shared: ['src/platforms/claude-code.ts', 'src/platforms/payload.ts', 'src/platforms/platform.ts'],
  },
  {
    file: 'hook-tokens.cjs',
    entry: 'src/core/privacy/token-formats.ts',
    exports: ['tokenFormats'],
    shared: ['src/core/privacy/char-class.ts', 'src/core/privacy/shape.ts'],
  },
  {
    file: 'hook-failures.cjs',
    entry: 'src/core/extract/failure-reading.ts',
    exports: ['failedTest', 'rankedErrorLine', 'textVerdict'],
    shared: [],
  },
  {
    file: 'hook-commands.cjs',
    entry: 'src/core/privacy/command-line.ts',
    exports: ['commandHints', 'redactCommandLines'],
    shared: ['src/core/privacy/placeholder.ts', 'src/core/privacy/secret-literal.ts', 'src/core/privacy/secret-names.ts', 'src/core/privacy/shape.ts'],
  },
];
const posix = (p) => p.split(sep).join('/');
/** The file (relative to the root, `/`-separated) that `args.path` names, if it is one of `files`. */
const sharedFile = (files, args) => {
  if (!args.path.startsWith('.')) return undefined;
  const file = posix(relative(root, resolve(args.resolveDir, args.path)));
  return files.includes(file) ? file : undefined;
};
/**
 * What a part imports of each shared module: its source bundled with the shared modules left out, as
 * ES module imports, which name what they take. hook-main hands the part those, not the modules'
 * namespaces (which would keep every export of them in hook-main, used or not).
 */
async function sharedImports(part) {
  const r = await build({
    absWorkingDir: root,
    entryPoints: [part.entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    outdir,
    logLevel: 'warning',
    plugins: [{ name: 'shared-external', setup(b) {
      b.onResolve({ filter: /^\./ }, (args) => {
        const file = sharedFile(part.shared, args);
        return file ? { path: file, external: true } : undefined;
      });
    } }],
  });
  const text = r.outputFiles[0].text;
  const names = new Map(part.shared.map((f) => [f, new Set()]));
  for (const m of text.matchAll(/^import\s*([^;]*?)\s*from\s*"([^"]+)";$/gm)) {
    const got = names.get(m[2]);
    if (!got) continue;
    const list = /^\{([^}]*)\}$/.exec(m[1].trim());
    if (!list) throw new Error(`build: ${part.entry} imports ${m[2]} as ${m[1]}; a part can take only named imports of a shared module`);
    for (const item of list[1].split(',').map((x) => x.trim()).filter(Boolean)) got.add(item.split(/\s+as\s+/)[0]);
  }
  for (const [f, got] of names) if (got.size === 0) throw new Error(`build: ${part.entry} takes nothing of ${f}; drop it from the part's shared modules`);
  return names;
}
const partImports = new Map();
for (const part of LAZY_PARTS) partImports.set(part, await sharedImports(part));
/** In hook-main: each part's entry is a stub that loads the part on the first call of one of its functions. */
const partsApart = {
  name: 'hook-parts-apart',
  setup(b) {
    b.onResolve({ filter: /^\.\/hook-[a-z]+\.cjs$/ }, (args) => ({ path: args.path, external: true }));
    for (const part of LAZY_PARTS) {
      const file = join(root, part.entry);
      const filter = new RegExp(`[\\\\/]${part.entry.split('/').pop().replace(/[.]/g, '\\.')}$`);
      b.onLoad({ filter }, (args) => {
        if (args.path !== file) return undefined;
        const shared = [...partImports.get(part)];
        const imports = shared.map(([f, got], i) => `import { ${[...got].map((n) => `${n} as s${i}_${n}`).join(', ')} } from ${JSON.stringify(join(root, f))};\n`).join('');
        const given = `{${shared.map(([f, got], i) => `${JSON.stringify(f)}: {${[...got].map((n) => `${n}: s${i}_${n}`).join(', ')}}`).join(', ')}}`;
        const calls = part.exports.map((name) => `export function ${name}(...a) { return load().${name}(...a); }\n`).join('');
        return {
          contents: `${imports}let part;\nconst load = () => (part ??= require(${JSON.stringify(`./${part.file}`)})(${given}));\n${calls}`,
          loader: 'js',
        };
      });
    }
  },
};
/** In a part: the modules it shares with hook-main are what hook-main hands it (`__mnemo_shared`). */
const sharedFromMain = (files) => ({
  name: 'hook-part-shared',
  setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => {
      const file = sharedFile(files, args);
      return file ? { path: file, namespace: 'mnemo-shared' } : undefined;
    });
    b.onLoad({ filter: /.*/, namespace: 'mnemo-shared' }, (args) => ({ contents: `module.exports = __mnemo_shared[${JSON.stringify(args.path)}];\n`, loader: 'js' }));
  },
});
const hash = (file) => createHash('sha256').update(readFileSync(join(outdir, file))).digest('hex').slice(0, 16);
/**
 * The bundles that hook.cjs runs through the code cache are written inside the CommonJS module
 * wrapper that src/hooks/code-cache.ts would otherwise add (WRAP_HEAD, WRAP_TAIL there: the same
 * strings), so V8 compiles the file's text as read instead of a copy of it joined to the wrapper.
 */
const WRAP_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
const WRAP_TAIL = '\n});';
const wrapped = (file) => writeFileSync(join(outdir, file), WRAP_HEAD + readFileSync(join(outdir, file), 'utf8') + WRAP_TAIL);
const mainBuild = await build({ ...hookCommon, entryPoints: { 'hook-main': 'src/hooks/main.ts' }, outdir, plugins: [storeApart, partsApart, osOnDemand], metafile: true });
wrapped('hook-main.cjs');
const inMain = new Set(Object.keys(mainBuild.metafile.inputs));
for (const part of LAZY_PARTS) {
  const name = part.file.replace(/\.cjs$/, '');
  // A part is one function: hook-main hands it the shared modules and gets its exports back.
  const built = await build({
    ...hookCommon,
    entryPoints: { [name]: part.entry },
    outdir,
    plugins: [sharedFromMain(part.shared), osOnDemand],
    banner: { js: 'module.exports=function(__mnemo_shared){var module={exports:{}},exports=module.exports;' },
    footer: { js: 'return module.exports};' },
    metafile: true,
  });
  wrapped(part.file);
  const copies = Object.keys(built.metafile.inputs).filter((f) => f !== part.entry && inMain.has(f));
  if (copies.length) throw new Error(`build: ${part.file} would hold its own copy of ${copies.join(', ')}, which hook-main.cjs holds: add them to its \`shared\``);
  const text = readFileSync(join(outdir, part.file), 'utf8');
  if (text.includes('__mnemo_import_meta')) throw new Error(`build: ${part.file} uses import.meta, which a part has no banner for`);
  // The exports of the entry, as esbuild sees them (types are gone): the stub forwards exactly these.
  const shape = await build({ absWorkingDir: root, entryPoints: [part.entry], format: 'esm', write: false, metafile: true, outdir, logLevel: 'warning' });
  const exported = Object.values(shape.metafile.outputs)[0].exports.sort();
  if (exported.join() !== [...part.exports].sort().join()) throw new Error(`build: ${part.entry} exports ${exported.join(', ')}; its stub in hook-main.cjs forwards ${part.exports.join(', ')}`);
}
// V8 keeps an ASCII bundle as one byte per character, and compiles it faster; esbuild escapes strings
// but not regex literals, so a `→` in one makes the whole source two bytes per character.
for (const file of ['hook-main.cjs', ...LAZY_PARTS.map((p) => p.file)]) {
  const nonAscii = /[^\x00-\x7f].{0,40}/.exec(readFileSync(join(outdir, file), 'utf8'));
  if (nonAscii) console.warn(`build: ${file} is not ASCII (escape it in the source): ${JSON.stringify(nonAscii[0])}`);
}
// Past 128 KB every hook process reads its bundle into freshly mapped memory (test/integration/plugin/hook-bundle-size.test.ts).
const mainSize = readFileSync(join(outdir, 'hook-main.cjs')).length;
if (mainSize >= 128 * 1024) console.warn(`build: hook-main.cjs is ${mainSize} bytes, past the 128 KB test/integration/plugin/hook-bundle-size.test.ts allows`);
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
  define: {
    MNEMO_HOOK_MAIN_HASH: JSON.stringify(hash('hook-main.cjs')),
    // What hook-main.cjs may require of its own: the store and the lazy parts, each with its hash.
    MNEMO_HOOK_PARTS: JSON.stringify(Object.fromEntries(['hook-store.cjs', ...LAZY_PARTS.map((p) => p.file)].map((f) => [f, hash(f)]))),
  },
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
