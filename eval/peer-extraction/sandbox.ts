/**
 * Runs one of their test files against mnemo: the file is transpiled (TypeScript's own
 * `transpileModule`) and run in a `vm` context whose `require` hands it stand-ins for `vitest`,
 * `node:assert` and their `src/session/extract.js`. The stand-in `extractEvents` / `extractUserEvents`
 * send each input through `mnemo extract`'s code path and give the test watched events
 * (observe.ts); the stand-in assertions never throw, they report to the Recorder. A test that
 * needs anything else of theirs (their database, snapshot builder, fixture files) fails when it
 * reaches for it, and only what it asserted before that counts.
 */
import { createRequire } from 'node:module';
import vm from 'node:vm';
import ts from 'typescript';
import { equalish, isWildcard, wildcard, type Call, type Judgement, type PlainEvent, type Recorder } from './observe.ts';

/** One `it`/`test` of their file. */
export interface PeerTest {
  readonly file: string;
  /** `describe > … > test` names. */
  readonly name: string;
  readonly skipped: boolean;
  readonly run: () => unknown;
  readonly hooks: { readonly before: ReadonlyArray<() => unknown>; readonly after: ReadonlyArray<() => unknown> };
}

/** What the stand-in extractor needs: one call → mnemo's events; a new session on their `reset…()`. */
export interface Engine {
  tool(input: unknown): readonly PlainEvent[];
  user(message: unknown): readonly PlainEvent[];
  newSession(): void;
}

/** Thrown by stand-ins for their modules: the test needs code of theirs that is not run here. */
export class NotEvaluable extends Error {}

const nodeRequire = createRequire(import.meta.url);
const NODE_OK = new Set(['node:fs', 'fs', 'node:path', 'path', 'node:url', 'url', 'node:os', 'os', 'node:crypto', 'crypto', 'node:util', 'util']);

function unavailable(what: string): unknown {
  const fail = (): never => {
    throw new NotEvaluable(`needs ${what}`);
  };
  return new Proxy(fail, { get: (_t, p) => (p === '__esModule' ? false : fail), apply: fail, construct: fail });
}

/** Their assertion library, reporting instead of throwing. */
function assertShim(rec: Recorder): Record<string, unknown> {
  const j = (op: Judgement['op'], actual: unknown, expected: unknown, negate: boolean, pass: boolean) => rec.judge({ op, actual, expected, negate, pass });
  const truthy = (v: unknown) => isWildcard(v) || Boolean(v);
  const ok = (v: unknown) => j('bool', v, undefined, false, truthy(v));
  const eq = (strict: boolean, deep: boolean, negate: boolean) => (a: unknown, b: unknown) => {
    const same = equalish(a, b, strict, deep);
    j('eq', a, b, negate, negate ? !same : same);
  };
  const api: Record<string, unknown> = {
    ok,
    equal: eq(false, false, false),
    strictEqual: eq(true, false, false),
    notEqual: eq(false, false, true),
    notStrictEqual: eq(true, false, true),
    deepEqual: eq(false, true, false),
    deepStrictEqual: eq(true, true, false),
    notDeepEqual: eq(false, true, true),
    notDeepStrictEqual: eq(true, true, true),
    match: (s: unknown, re: RegExp) => j('bool', s, undefined, false, isWildcard(s) || (typeof s === 'string' && re.test(s))),
    doesNotMatch: (s: unknown, re: RegExp) => j('bool', s, undefined, false, isWildcard(s) || (typeof s === 'string' && !re.test(s))),
    throws: () => j('bool', undefined, undefined, false, true),
    doesNotThrow: (fn: () => unknown) => {
      try {
        fn();
      } catch {
        /* reported as an assertion below */
      }
      j('bool', undefined, undefined, false, true);
    },
    fail: () => j('bool', undefined, undefined, false, false),
  };
  const fn = Object.assign((v: unknown) => ok(v), api);
  return { ...api, strict: fn, default: fn };
}

/** vitest's `expect`, reporting instead of throwing. */
function expectShim(rec: Recorder): (actual: unknown) => unknown {
  const make = (actual: unknown, negate: boolean): Record<string, unknown> => {
    const j = (op: Judgement['op'], expected: unknown, holds: boolean) => rec.judge({ op, actual, expected, negate, pass: negate ? !holds : holds });
    const num = (v: unknown) => (typeof v === 'number' ? v : Number.NaN);
    const m: Record<string, unknown> = {
      toBe: (x: unknown) => j('eq', x, equalish(actual, x, true, false)),
      toEqual: (x: unknown) => j('eq', x, equalish(actual, x, false, true)),
      toStrictEqual: (x: unknown) => j('eq', x, equalish(actual, x, true, true)),
      toHaveLength: (n: unknown) => {
        const len = actual !== null && actual !== undefined ? (actual as { length?: unknown }).length : undefined;
        j('eq', n, len === n);
      },
      toBeGreaterThan: (n: unknown) => j('gt', n, num(actual) > num(n)),
      toBeGreaterThanOrEqual: (n: unknown) => j('gte', n, num(actual) >= num(n)),
      toBeLessThan: (n: unknown) => j('lt', n, num(actual) < num(n)),
      toBeLessThanOrEqual: (n: unknown) => j('lte', n, num(actual) <= num(n)),
      toBeTruthy: () => j('bool', undefined, isWildcard(actual) || Boolean(actual)),
      toBeFalsy: () => j('bool', undefined, !actual),
      toBeDefined: () => j('bool', undefined, actual !== undefined),
      toBeUndefined: () => j('bool', undefined, actual === undefined),
      toBeNull: () => j('bool', undefined, actual === null),
      toContain: (x: unknown) => {
        const has = typeof actual === 'string' ? actual.includes(String(x)) : Array.isArray(actual) || (actual && typeof (actual as { includes?: unknown }).includes === 'function') ? Boolean((actual as { includes: (x: unknown) => unknown }).includes(x)) : false;
        j('bool', undefined, isWildcard(actual) || has);
      },
      toMatch: (re: unknown) => j('bool', undefined, isWildcard(actual) || (typeof actual === 'string' && (re instanceof RegExp ? re.test(actual) : actual.includes(String(re))))),
    };
    return new Proxy(m, {
      get: (t, p) => {
        if (p === 'not') return make(actual, !negate);
        if (typeof p === 'string' && p in t) return t[p];
        // Any other matcher: an assertion about something other than event types.
        return () => rec.judge({ op: 'bool', actual, negate, pass: true });
      },
    });
  };
  return (actual: unknown) => make(actual, false);
}

/** Load a file: its tests are registered, none run yet. Throws what loading their file throws. */
export function loadTests(file: string, source: string, rec: Recorder, engine: Engine, calls: Call[], loadErrors: string[]): PeerTest[] {
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } }).outputText;
  const tests: PeerTest[] = [];
  const stack: Array<{ name: string; before: Array<() => unknown>; after: Array<() => unknown>; skip: boolean }> = [{ name: '', before: [], after: [], skip: false }];
  const register = (name: string, fn: unknown, skip: boolean) => {
    const scopes = stack.slice(1);
    tests.push({
      file,
      name: [...scopes.map((s) => s.name), name].join(' > '),
      skipped: skip || stack.some((s) => s.skip) || typeof fn !== 'function',
      run: fn as () => unknown,
      hooks: { before: stack.flatMap((s) => s.before), after: stack.flatMap((s) => s.after).reverse() },
    });
  };
  const describe = (name: string, fn: () => void, skip = false) => {
    stack.push({ name: String(name), before: [], after: [], skip });
    try {
      fn();
    } catch (err) {
      // vitest would fail the block; its tests registered so far still run.
      loadErrors.push(`${[...stack.slice(1).map((s) => s.name)].join(' > ')}: ${(err as Error).message}`);
    } finally {
      stack.pop();
    }
  };
  const each = (reg: (name: string, fn: unknown) => void) => (table: unknown[]) => (name: string, fn: (...a: unknown[]) => unknown) => {
    for (const row of table) {
      const args = Array.isArray(row) ? row : [row];
      let i = 0;
      const title = String(name).replace(/%[sdifjo]/g, () => String(args[i++]));
      reg(title, () => fn(...args));
    }
  };
  const test = Object.assign((n: string, fn: unknown) => register(String(n), fn, false), {
    skip: (n: string, fn: unknown) => register(String(n), fn, true),
    todo: (n: string) => register(String(n), undefined, true),
    only: (n: string, fn: unknown) => register(String(n), fn, false),
    concurrent: (n: string, fn: unknown) => register(String(n), fn, false),
    each: each((n, fn) => register(n, fn, false)),
  });
  const describeApi = Object.assign((n: string, fn: () => void) => describe(n, fn), {
    skip: (n: string, fn: () => void) => describe(n, fn, true),
    only: (n: string, fn: () => void) => describe(n, fn),
    each: each((n, fn) => describe(n, fn as () => void)),
  });
  const top = () => stack[stack.length - 1]!;
  const vitest = {
    describe: describeApi,
    test,
    it: test,
    expect: expectShim(rec),
    beforeEach: (fn: () => unknown) => top().before.push(fn),
    afterEach: (fn: () => unknown) => top().after.push(fn),
    beforeAll: (fn: () => unknown) => top().before.push(fn),
    afterAll: () => undefined,
    vi: unavailable('vitest mocks'),
  };
  const wrap = (events: readonly PlainEvent[], kind: Call['kind']) => {
    const call: Call = { id: calls.length, kind, events };
    calls.push(call);
    return rec.events(call);
  };
  const extractModule = new Proxy(
    {
      __esModule: true,
      extractEvents: (input: unknown) => wrap(engine.tool(input), 'tool'),
      extractUserEvents: (message: unknown) => wrap(engine.user(message), 'user'),
    } as Record<string, unknown>,
    {
      get: (t, p) => {
        if (typeof p !== 'string' || p in t) return t[p as string];
        // Their `reset…State()` clear in-memory state between tests: for mnemo, a new session.
        if (p.startsWith('reset')) return () => engine.newSession();
        return unavailable(`their ${p}`);
      },
    },
  );
  const requireShim = (id: string): unknown => {
    if (id === 'vitest') return vitest;
    if (id === 'node:assert' || id === 'assert' || id === 'node:assert/strict' || id === 'assert/strict') return assertShim(rec);
    if (/\/session\/extract(?:\.js|\.ts)?$/.test(id)) return extractModule;
    if (NODE_OK.has(id)) return nodeRequire(id);
    return unavailable(id);
  };
  const JSONShim = { parse: (s: unknown, r?: (k: string, v: unknown) => unknown) => (isWildcard(s) ? wildcard() : JSON.parse(String(s), r)), stringify: JSON.stringify };
  const context = vm.createContext({ console: { log() {}, warn() {}, error() {}, info() {}, debug() {} }, Buffer, JSON: JSONShim, setTimeout, clearTimeout, URL, TextEncoder, TextDecoder, structuredClone, process: { env: {}, platform: process.platform } });
  const module = { exports: {} as Record<string, unknown> };
  const fn = vm.runInContext(`(function (exports, require, module, __filename, __dirname) {${js}\n})`, context, { filename: file }) as (...a: unknown[]) => void;
  fn(module.exports, requireShim, module, `/peer/${file}`, `/peer/${file.slice(0, file.lastIndexOf('/'))}`);
  return tests;
}
