/**
 * Reading a type-level expectation out of a test written for another engine. Their tests call
 * `extractEvents(input)` and then assert on the events in many idioms (`filter(e => e.type === X)
 * .length`, `some(...)`, `events[0].type`, `map(e => e.type).includes(X)`, helpers that return a
 * boolean or a finding's data). Instead of parsing those idioms, the events handed to the test are
 * watched: a predicate given to `filter`/`some`/`find` is tried on one probe event per known type to
 * learn which type (or category) it selects; reading `.length`, an element, or a find/some result
 * records an observation; the next assertion consumes the observations made since the previous one
 * and turns them into expectations "type T present" or "type T absent" for that call.
 *
 * Only types are compared. Everything else an event carries (data, priority, byte counts) is handed
 * to the test as a wildcard that satisfies any comparison, so a test goes on after a data claim and
 * its later type claims still count. The one exception is `intent`, whose data is the class itself
 * (`investigate` / `implement`, as in the taxonomy), so it is compared as `intent:<mode>`.
 */
import { isDeepStrictEqual } from 'node:util';

/** An event as mnemo's extraction returned it. */
export interface PlainEvent {
  readonly type: string;
  readonly category: string;
  readonly priority: number;
  readonly data: string;
  readonly bytes_avoided?: number;
}

/** One `extractEvents` / `extractUserEvents` call of a test, with what mnemo answered. */
export interface Call {
  readonly id: number;
  readonly kind: 'tool' | 'user';
  readonly events: readonly PlainEvent[];
}

/** What a test expects of one call: a key (a type, `category:C`, `any:T1|T2`, `intent:M`, `*`) present or absent. */
export interface Expectation {
  readonly call: Call;
  readonly key: string;
  readonly present: boolean;
}

type Selector = { readonly kind: 'all' } | { readonly kind: 'key'; readonly key: string } | { readonly kind: 'none' };

type Observation =
  | { readonly kind: 'select'; readonly how: 'length' | 'index' | 'some' | 'find' | 'includes'; readonly call: Call; readonly selector: Selector; readonly present: boolean }
  | { readonly kind: 'typeRead' | 'categoryRead'; readonly call: Call; readonly value: unknown };

const WILD = Symbol('wildcard');

/** A value that stands for anything: every property and call is another wildcard; as a string it is empty. */
export function wildcard(): unknown {
  const target = function wild(): void {};
  return new Proxy(target, {
    get(_t, p) {
      if (p === WILD) return true;
      if (p === Symbol.toPrimitive || p === 'toString' || p === 'valueOf' || p === 'toJSON') return () => '';
      if (p === 'then') return undefined;
      if (p === Symbol.iterator) return function* empty(): Generator<never> {};
      return wildcard();
    },
    apply: () => wildcard(),
    has: () => true,
  });
}

export function isWildcard(v: unknown): boolean {
  return typeof v === 'function' && (v as unknown as Record<symbol, unknown>)[WILD] === true;
}

/** How an assertion judged a value, in the terms the expectation rules need. */
export interface Judgement {
  /** `eq`: equality with `expected`; `gt`/`gte`/`lt`/`lte`: a bound; `bool`: a truth test. */
  readonly op: 'eq' | 'gt' | 'gte' | 'lt' | 'lte' | 'bool';
  readonly actual: unknown;
  readonly expected?: unknown;
  readonly negate: boolean;
  /** Whether the assertion holds for mnemo's answer (only read for `bool`). */
  readonly pass: boolean;
}

interface ValuesInfo {
  readonly call: Call;
  readonly selector: Selector;
  /** The values are event types (`map(e => e.type)`), not data. */
  readonly types: boolean;
}

/** Watches one test at a time and collects its expectations. */
export class Recorder {
  #pending: Observation[] = [];
  #attr = false;
  #expectations: Expectation[] = [];
  #countClaims = 0;
  #otherAssertions = 0;
  readonly #values = new WeakMap<object, ValuesInfo>();
  readonly #typeProbes: ReadonlyArray<{ key: string; event: Record<string, unknown> }>;
  readonly #categoryProbes: ReadonlyArray<{ key: string; event: Record<string, unknown> }>;

  /**
   * `types` are every event type a predicate might name (mnemo's and theirs) with the category mnemo
   * gives it where it has one; `categories` every category name.
   */
  constructor(types: ReadonlyMap<string, { category?: string; priority?: number }>, categories: Iterable<string>) {
    this.#typeProbes = [...types].map(([type, t]) => ({ key: type, event: { type, category: t.category ?? '\u0000', priority: t.priority ?? wildcard(), data: wildcard() } }));
    this.#categoryProbes = [...new Set(categories)].map((c) => ({ key: `category:${c}`, event: { type: '\u0000', category: c, priority: wildcard(), data: wildcard() } }));
  }

  /** Start a test. */
  reset(): void {
    this.#pending = [];
    this.#attr = false;
    this.#expectations = [];
    this.#countClaims = 0;
    this.#otherAssertions = 0;
  }

  get expectations(): readonly Expectation[] {
    return this.#expectations;
  }

  get countClaims(): number {
    return this.#countClaims;
  }

  get otherAssertions(): number {
    return this.#otherAssertions;
  }

  /** The events of a call as the test sees them. */
  events(call: Call): unknown[] {
    return this.#tracked(call.events, call, { kind: 'all' });
  }

  #fire(o: Observation): void {
    this.#pending.push(o);
  }

  /** What a predicate selects, tried on one probe event per type and per category. */
  #probe(pred: unknown): Selector {
    if (typeof pred !== 'function') return { kind: 'none' };
    const test = (e: Record<string, unknown>): boolean => {
      try {
        return Boolean((pred as (e: unknown, i: number) => unknown)(e, 0));
      } catch {
        return false;
      }
    };
    const types = this.#typeProbes.filter((p) => test(p.event)).map((p) => p.key);
    const cats = this.#categoryProbes.filter((p) => test(p.event)).map((p) => p.key);
    if (types.length === this.#typeProbes.length && cats.length === this.#categoryProbes.length) return { kind: 'all' };
    if (cats.length === 1) return { kind: 'key', key: cats[0]! };
    if (cats.length === 0 && types.length === 1) return { kind: 'key', key: types[0]! };
    if (cats.length === 0 && types.length > 1) return { kind: 'key', key: `any:${types.sort().join('|')}` };
    return { kind: 'none' };
  }

  #view(e: PlainEvent, call: Call): unknown {
    return new Proxy(e, {
      get: (t, p) => {
        if (p === 'type' || p === 'category') {
          this.#fire({ kind: p === 'type' ? 'typeRead' : 'categoryRead', call, value: t[p] });
          return t[p];
        }
        if (typeof p === 'symbol') return (t as unknown as Record<symbol, unknown>)[p];
        if (p === 'toJSON') return undefined;
        this.#attr = true;
        if (p === 'data' && t.type === 'intent') return t.data;
        return wildcard();
      },
    });
  }

  /** An element past the end: any read is a claim that it exists. */
  #phantom(call: Call): unknown {
    return new Proxy(
      {},
      {
        get: (_t, p) => {
          if (p === 'type' || p === 'category') {
            const value = wildcard();
            this.#fire({ kind: p === 'type' ? 'typeRead' : 'categoryRead', call, value });
            return value;
          }
          if (typeof p === 'symbol' || p === 'toJSON') return undefined;
          this.#attr = true;
          return wildcard();
        },
      },
    );
  }

  #tracked(items: readonly PlainEvent[], call: Call, selector: Selector): unknown[] {
    const views = items.map((e) => this.#view(e, call));
    const select = (how: 'length' | 'index' | 'some' | 'find', sel: Selector, present: boolean) => this.#fire({ kind: 'select', how, call, selector: sel, present });
    const raw = (pred: unknown) => (e: PlainEvent, i: number) => {
      try {
        return Boolean((pred as (e: unknown, i: number) => unknown)(e, i));
      } catch {
        return false;
      }
    };
    const narrowed = (sel: Selector): Selector => (sel.kind === 'all' ? selector : sel);
    return new Proxy(views, {
      get: (t, p, receiver) => {
        if (p === 'length') {
          select('length', selector, t.length > 0);
          return t.length;
        }
        if (typeof p === 'string' && /^\d+$/.test(p)) {
          const i = Number(p);
          select('index', selector, i < t.length);
          return i < t.length ? t[i] : this.#phantom(call);
        }
        switch (p) {
          case 'filter':
            return (pred: unknown) => this.#tracked(items.filter(raw(pred)), call, narrowed(this.#probe(pred)));
          case 'some':
            return (pred: unknown) => {
              const r = items.some(raw(pred));
              select('some', narrowed(this.#probe(pred)), r);
              return r;
            };
          case 'find':
          case 'findLast':
            return (pred: unknown) => {
              const r = p === 'find' ? items.find(raw(pred)) : [...items].reverse().find(raw(pred));
              select('find', narrowed(this.#probe(pred)), r !== undefined);
              return r === undefined ? undefined : this.#view(r, call);
            };
          case 'findIndex':
            return (pred: unknown) => {
              const r = items.findIndex(raw(pred));
              select('find', narrowed(this.#probe(pred)), r >= 0);
              return r;
            };
          case 'map':
            return (fn: unknown) => this.#mapped(items, call, selector, fn);
          default: {
            const v = Reflect.get(t, p, receiver) as unknown;
            return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
          }
        }
      },
    });
  }

  /** `events.map(fn)`: event types stay queryable (`types.includes("rule")`); data becomes wildcards. */
  #mapped(items: readonly PlainEvent[], call: Call, selector: Selector, fn: unknown): unknown[] {
    if (typeof fn !== 'function') return [];
    let readData = false;
    const values = items.map((e, i) => {
      const reader = new Proxy(e, {
        get: (t, p) => {
          if (p === 'type' || p === 'category') return t[p];
          if (typeof p === 'symbol') return undefined;
          readData = true;
          return p === 'data' && t.type === 'intent' ? t.data : wildcard();
        },
      });
      try {
        return (fn as (e: unknown, i: number) => unknown)(reader, i);
      } catch {
        return wildcard();
      }
    });
    const types = !readData && values.every((v) => typeof v === 'string');
    const info: ValuesInfo = { call, selector, types };
    const proxy = new Proxy(values, {
      get: (t, p, receiver) => {
        if (p === 'includes' || p === 'indexOf') {
          return (x: unknown) => {
            const found = t.includes(x);
            if (types && typeof x === 'string') this.#fire({ kind: 'select', how: 'includes', call, selector: { kind: 'key', key: x }, present: found });
            else {
              this.#attr = true;
              this.#fire({ kind: 'select', how: 'index', call, selector, present: t.length > 0 });
            }
            if (!types) return p === 'includes' ? true : 0;
            return p === 'includes' ? found : t.indexOf(x);
          };
        }
        if (p === 'length') {
          this.#fire({ kind: 'select', how: 'length', call, selector, present: t.length > 0 });
          return t.length;
        }
        const v = Reflect.get(t, p, receiver) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
      },
    });
    this.#values.set(proxy, info);
    return proxy;
  }

  #expect(call: Call, key: string, present: boolean): void {
    if (!this.#expectations.some((e) => e.call === call && e.key === key && e.present === present)) this.#expectations.push({ call, key, present });
  }

  /** An assertion was made: turn what was observed since the previous one into expectations. */
  judge(j: Judgement): void {
    const seen = this.#pending;
    const attr = this.#attr;
    this.#pending = [];
    this.#attr = false;
    let used = false;
    // `events[0].type === "x"`, `events.map(e => e.type)` deep-equal to a list of types.
    for (const o of seen) {
      if (o.kind !== 'typeRead' && o.kind !== 'categoryRead') continue;
      // Only the value read is compared (`typeof events[0].type` reads the type but compares "string").
      if (j.op !== 'eq' || typeof j.expected !== 'string' || !Object.is(j.actual, o.value)) continue;
      this.#expect(o.call, o.kind === 'typeRead' ? j.expected : `category:${j.expected}`, !j.negate);
      used = true;
    }
    const info = j.actual !== null && typeof j.actual === 'object' ? this.#values.get(j.actual) : undefined;
    if (info?.types && j.op === 'eq' && Array.isArray(j.expected) && !j.negate) {
      for (const t of j.expected) if (typeof t === 'string') this.#expect(info.call, t, true);
      return;
    }
    if (used) return;
    let any = false;
    for (const o of seen) {
      if (o.kind !== 'select') continue;
      any = true;
      if (o.selector.kind === 'none') continue;
      if (o.selector.kind === 'all') {
        if (o.how === 'length' && j.op === 'eq' && j.expected === 0 && !j.negate) this.#expect(o.call, '*', false);
        else this.#countClaims++;
        continue;
      }
      const key = o.selector.key;
      if (attr || o.how === 'index') {
        if (key === 'intent' && attr && j.op === 'eq' && typeof j.expected === 'string') this.#expect(o.call, `intent:${j.expected}`, !j.negate);
        else if (!j.negate || j.op !== 'eq' || typeof j.expected !== 'number') this.#expect(o.call, key, true);
        continue;
      }
      const polarity = this.#polarity(j, o.present);
      if (polarity !== undefined) this.#expect(o.call, key, polarity);
    }
    if (!any) this.#otherAssertions++;
  }

  /** Present (true) or absent (false) wanted, or undefined when the assertion says nothing of it. */
  #polarity(j: Judgement, present: boolean): boolean | undefined {
    const n = typeof j.expected === 'number' ? j.expected : undefined;
    switch (j.op) {
      case 'eq':
        if (n !== undefined) return j.negate ? (n === 0 ? true : undefined) : n > 0;
        if (typeof j.expected === 'boolean') return j.pass === present;
        return undefined;
      case 'gt':
        return j.negate ? undefined : n !== undefined && n >= 0 ? true : undefined;
      case 'gte':
        return j.negate ? undefined : n !== undefined && n >= 1 ? true : undefined;
      case 'lt':
        return j.negate ? undefined : n !== undefined && n <= 1 ? false : undefined;
      case 'lte':
        return j.negate ? undefined : n === 0 ? false : undefined;
      case 'bool':
        return j.pass === present;
    }
  }
}

/** Loose or strict equality as node:assert means it; wildcards equal anything. */
export function equalish(a: unknown, b: unknown, strict: boolean, deep: boolean): boolean {
  if (isWildcard(a) || isWildcard(b)) return true;
  if (deep) return isDeepStrictEqual(a, b);
  // eslint-disable-next-line eqeqeq
  return strict ? Object.is(a, b) : a == b;
}
