/**
 * What the redaction suites assert, in one place: a secret gone (and every 12-character stretch of it)
 * with its neighbours kept, or a text left as it was; and the alphabets fake secrets are drawn from.
 */
import assert from 'node:assert/strict';
import { redactText } from '../../../src/core/privacy/redact.ts';
import { chars } from './fake-secrets.ts';

export const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const URLSAFE = ALNUM + '-_';
export const B64 = ALNUM + '+/';
export const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** Hex digits (chars() would slip a `q` into a run that happened to hold no letter). */
export const hex = (n: number): string => chars(n, '0123456789abcdef').replace(/q/g, 'e');
/** Joined at run time, so the repository holds no string a secret scanner would flag. */
export const p = (...parts: string[]): string => parts.join('');
/** A password of four kinds of character. */
export const PW = p('Tr', 'ou7$', 'bad', 'Or!k');

/** Redacts `text`, asserts `secret` (and every 12-character stretch of it) is gone and `kept` is all still there. */
export function hidden(text: string, secret: string, ...kept: string[]): string {
  const out = redactText(text);
  for (let i = 0; i + 12 <= secret.length; i += 6) assert.ok(!out.includes(secret.slice(i, i + 12)), `survived: ${out}`);
  assert.ok(!out.includes(secret), `survived: ${out}`);
  assert.match(out, /\[REDACTED:[a-z_]+:[0-9a-f]{6}\]/);
  for (const k of kept) assert.ok(out.includes(k), `lost ${JSON.stringify(k)}: ${out}`);
  return out;
}

export function unchanged(text: string): void {
  assert.equal(redactText(text), text);
}
