/**
 * @module hooks/launch
 * The hook entry as shipped (`plugin/dist/hook.cjs`, CommonJS: Node starts it faster than an ES
 * module). It runs the hook bundle (`hook-main.cjs`) and, for the events that need the database,
 * the store bundle (`hook-store.cjs`) through V8's code cache kept in `<data dir>/cache/`.
 * `MNEMO_CODE_CACHE=0` turns the cache off. Whatever goes wrong with the cache, the bundle runs
 * compiled from source.
 */
import { join } from 'node:path';
import { resolveDataDir } from '../config/config.ts';
import { compileCached, type CachedRun } from './code-cache.ts';
// This file only ever runs as the CommonJS bundle: `__dirname` and `require` are its own.

// Set by scripts/build.mjs: content hashes of the two bundles built with this entry.
declare const MNEMO_HOOK_MAIN_HASH: string;
declare const MNEMO_HOOK_STORE_HASH: string;

/** The module id under which hook-main.cjs loads the store bundle. */
const STORE_ID = './hook-store.cjs';

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

function load(name: string, buildHash: string): unknown {
  const file = join(__dirname, name);
  const run: CachedRun = {
    ...settings,
    file,
    buildHash,
    require,
    requireHook: (id) => (id === STORE_ID ? { handled: true, exports: load('hook-store.cjs', MNEMO_HOOK_STORE_HASH) } : { handled: false }),
  };
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
