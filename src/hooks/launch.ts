/**
 * @module hooks/launch
 * The hook entry as shipped (`plugin/dist/hook.cjs`, CommonJS: Node starts it faster than an ES
 * module). It runs the hook bundle (`hook-main.cjs`) and what that requires when needed (the store
 * bundle `hook-store.cjs` for the events that need the database, and the parts of the hook most runs
 * never call, see LAZY_PARTS in scripts/build.mjs) through V8's code cache kept in `<data dir>/cache/`.
 * `MNEMO_CODE_CACHE=0` turns the cache off. Whatever goes wrong with the cache, the bundle runs
 * compiled from source.
 */
import { join } from 'node:path';
import { resolveDataDir } from '../config/config.ts';
import { compileCached, type CachedRun } from './code-cache.ts';
// This file only ever runs as the CommonJS bundle: `__dirname` and `require` are its own.

// Set by scripts/build.mjs: the content hash of hook-main.cjs, and of each bundle it may require
// (by file name: the store, the lazy parts), built with this entry.
declare const MNEMO_HOOK_MAIN_HASH: string;
declare const MNEMO_HOOK_PARTS: Readonly<Record<string, string>>;

/** A letter, then up to 39 letters, digits or `_` (checked by code: a regex costs a hook its compilation). */
function isName(a: string): boolean {
  if (a.length === 0 || a.length > 40) return false;
  for (let i = 0; i < a.length; i++) {
    const c = a.charCodeAt(i);
    const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (!letter && (i === 0 || !((c >= 48 && c <= 57) || c === 95))) return false;
  }
  return true;
}

/** Cache variant: the event and platform words of the command line (a bounded, tidy set of names). */
function variantOf(argv: readonly string[]): string {
  const words = argv.filter(isName).slice(0, 2);
  return words.join('_') || 'none';
}

function cacheDir(env: NodeJS.ProcessEnv): string | undefined {
  if (env.MNEMO_CODE_CACHE === '0') return undefined;
  try {
    return join(resolveDataDir(env), 'cache');
  } catch {
    return undefined;
  }
}

const settings = { cacheDir: cacheDir(process.env), variant: variantOf(process.argv.slice(2)) };

/** The bundles required so far, by module id (`./hook-store.cjs`): each runs once, as `require` would. */
const required = new Map<string, unknown>();

/** `require(id)` inside a bundle: a bundle of this build (`./<file>`) through the code cache, once. */
function requireHook(id: string): { readonly handled: boolean; readonly exports?: unknown } {
  if (required.has(id)) return { handled: true, exports: required.get(id) };
  const name = id.startsWith('./') ? id.slice(2) : '';
  if (!name || !Object.hasOwn(MNEMO_HOOK_PARTS, name)) return { handled: false };
  const exports = load(name, MNEMO_HOOK_PARTS[name]!);
  required.set(id, exports);
  return { handled: true, exports };
}

function load(name: string, buildHash: string): unknown {
  const file = join(__dirname, name);
  const run: CachedRun = { ...settings, file, buildHash, require, requireHook };
  let start: () => unknown;
  try {
    start = compileCached(run);
  } catch {
    // Whatever the cache did, compiled from source alone (this throws if the bundle itself cannot be read).
    start = compileCached({ ...run, cacheDir: undefined });
  }
  return start();
}

load('hook-main.cjs', MNEMO_HOOK_MAIN_HASH);
