/**
 * Loads the platform payload fixtures (test/fixtures/platforms/*.json) with `$CWD` and `$TRANSCRIPT`
 * filled in.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PLATFORM_FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'platforms');

export interface FixtureEvent {
  readonly id: string;
  readonly argv: string;
  readonly payload: Record<string, unknown>;
  /** shared-settings.json only: the platform whose hook command received the payload, and the one that should read it. */
  readonly declared?: string;
  readonly expect?: string;
}

export interface Fixture {
  readonly $source: readonly string[];
  readonly platform?: string;
  readonly events: readonly FixtureEvent[];
}

function fill(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === 'string') return value.replace(/\$(CWD|TRANSCRIPT)\b/g, (_, k: string) => vars[k] ?? '');
  if (Array.isArray(value)) return value.map((v) => fill(v, vars));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars)]));
  return value;
}

/** A fixture file with placeholders replaced. */
export function loadFixture(name: string, cwd = '/work/demo-repo', transcript = join(cwd, '.no-transcript.jsonl')): Fixture {
  const raw = JSON.parse(readFileSync(join(PLATFORM_FIXTURES, `${name}.json`), 'utf8')) as Fixture;
  return fill(raw, { CWD: cwd, TRANSCRIPT: transcript }) as Fixture;
}

export function eventById(fixture: Fixture, id: string): FixtureEvent {
  const ev = fixture.events.find((e) => e.id === id);
  if (!ev) throw new Error(`fixture has no event ${id}`);
  return ev;
}
