/**
 * @module hooks/code-cache
 * Runs a CommonJS bundle through V8's code cache. Every hook is a fresh process, and parsing and
 * compiling the bundle is a large share of what it costs over a bare `node`; the cache holds the
 * compiled code of the functions a previous run of the same event needed (Node 20 has no built-in
 * compile cache for user code: `module.enableCompileCache` arrived in 22.1).
 *
 * The cache is an optimisation that must never change behaviour: a cache file is named after the
 * bundle's build hash, size and mtime, the Node version and the event, so a rebuilt or edited bundle
 * never meets an old cache; V8 itself rejects data from another V8 version or flag set, and then the
 * file is rewritten. Any failure to read or write the cache is silent: the bundle just compiles.
 */
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { removeFile } from '../store/remove-file.ts';

/**
 * The CommonJS module wrapper, as Node's loader applies it (keeps line numbers of the first line).
 * The hook bundles are built already wrapped (scripts/build.mjs writes the same two strings): joined
 * here, the 130 KB source would be copied once more when V8 flattens it to compile, which cost every
 * hook process about 35 page faults. A bundle that is not wrapped is wrapped here.
 */
export const WRAP_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
export const WRAP_TAIL = '\n});';

export interface CachedRun {
  /** Absolute path of the CommonJS bundle. */
  readonly file: string;
  /** Content hash of the bundle, recorded by the build. */
  readonly buildHash: string;
  /** Where cache files live; undefined: compile without a cache. */
  readonly cacheDir: string | undefined;
  /** What the run will do (an event name): each gets its own cache of the functions it compiles. */
  readonly variant: string;
  /**
   * `require` as seen from the bundle's folder: the caller's own when it lives there (the hook entry
   * does), which spares every hook loading node:module for `createRequire`.
   */
  readonly require: NodeJS.Require;
  /** What `require(id)` means inside the bundle for ids the caller handles itself (another cached bundle). */
  readonly requireHook?: (id: string) => { readonly handled: boolean; readonly exports?: unknown };
}

interface Source {
  readonly text: string;
  readonly size: number;
  readonly mtimeMs: number;
}

function readSource(file: string): Source {
  const fd = openSync(file, 'r');
  try {
    const st = fstatSync(fd);
    // A UTF-8 read is one call into Node's native fast path (the module loader's own), which costs a
    // hook a third of the separate allocate, read and decode steps.
    return { text: readFileSync(fd, 'utf8'), size: st.size, mtimeMs: Math.trunc(st.mtimeMs) };
  } finally {
    closeSync(fd);
  }
}

function readCache(path: string | undefined): Buffer | undefined {
  if (!path) return undefined;
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const size = fstatSync(fd).size;
    if (size === 0) return undefined;
    const buf = Buffer.allocUnsafe(size);
    return readSync(fd, buf, 0, size, 0) === size ? buf : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * `s` with each run of characters other than `[A-Za-z0-9._-]` made one `_` (by code: a regex costs
 * every hook its compilation).
 */
function tidy(s: string): string {
  let out = '';
  let inRun = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ok = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 46 || c === 95 || c === 45;
    if (ok) out += s[i];
    else if (!inRun) out += '_';
    inRun = !ok;
  }
  return out;
}

/** The cache file for this bundle, build, Node and variant; undefined without a cache directory. */
function cacheFileFor(run: Pick<CachedRun, 'file' | 'buildHash' | 'cacheDir' | 'variant'>, src: Pick<Source, 'size' | 'mtimeMs'>): string | undefined {
  if (!run.cacheDir) return undefined;
  const name = [basename(run.file), run.buildHash, src.size.toString(36), src.mtimeMs.toString(36), process.version, process.arch, run.variant]
    .map(tidy)
    .join('-');
  return join(run.cacheDir, `${name.slice(0, 200)}.v8`);
}

/** Write atomically (a reader never sees half a file) and drop caches of other builds of the same bundle. */
function writeCache(path: string, data: Buffer, bundleName: string, buildHash: string): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data, { mode: 0o600 });
  renameSync(tmp, path);
  const own = `${tidy(bundleName)}-`;
  for (const f of readdirSync(dir)) {
    if (f.startsWith(own) && !f.startsWith(`${own}${tidy(buildHash)}-`)) removeFile(join(dir, f));
  }
}

/**
 * Read and compile the bundle, using the code cache when it fits; the returned function runs it
 * (like `require(file)`) and returns its exports. Compiling throws only when the bundle cannot be
 * read or compiled, before any of it ran; the caller can then try once more without the cache (not
 * with a plain `require`: a wrapped bundle, required, only defines its function).
 * A missing or rejected cache is written at process exit, after the hook has answered, so it holds
 * every function the run compiled.
 */
export function compileCached(run: CachedRun): () => unknown {
  const src = readSource(run.file);
  const cachePath = cacheFileFor(run, src);
  const cached = readCache(cachePath);
  const wrapped = src.text.startsWith(WRAP_HEAD) ? src.text : WRAP_HEAD + src.text + WRAP_TAIL;
  const script = new Script(wrapped, { filename: run.file, ...(cached ? { cachedData: cached } : {}) });
  const fn = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: unknown, filename: string, dirname: string) => void;
  if (cachePath && (!cached || script.cachedDataRejected)) {
    process.once('exit', () => {
      try {
        writeCache(cachePath, script.createCachedData(), basename(run.file), run.buildHash);
      } catch {
        /* read-only or full disk: the next run compiles again */
      }
    });
  }
  return () => {
    const nodeRequire = run.require;
    const hook = run.requireHook;
    const req = hook
      ? (Object.assign((id: string) => {
          const r = hook(id);
          return r.handled ? r.exports : nodeRequire(id);
        }, nodeRequire) as NodeJS.Require)
      : nodeRequire;
    const mod = { exports: {} as unknown, id: run.file, filename: run.file, loaded: false };
    fn.call(mod.exports, mod.exports, req, mod, run.file, dirname(run.file));
    mod.loaded = true;
    return mod.exports;
  };
}
